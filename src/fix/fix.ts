import fs from 'node:fs'
import path from 'node:path'
import {randomBytes} from 'node:crypto'
import {VFile} from 'vfile'
import type {VFileMessage} from 'vfile-message'
import type {ResolvedConfig} from '../config/resolve.js'
import type {MessageExtras, TextEdit} from '../contract.js'

const maxPasses = 10

export interface FixOptions {
  /** Only apply fixes of these rules (`--fix-rule`); all fixable rules when absent. */
  rules?: ReadonlySet<string> | undefined
  /**
   * Findings that do not hold in this file (by their `holds`), as the site checks found: a snippet gets
   * no front matter. Their fixes are not applied and they are not among the messages that remain.
   */
  withheld?: ReadonlySet<string> | undefined
}

export interface FixResult {
  /** The fixed text (with the original byte order mark and line endings). */
  output: string
  changed: boolean
  /** How many problems the fixes solved (messages whose fix was applied). */
  fixed: number
  passes: number
  /** The messages that remain after fixing. */
  messages: VFileMessage[]
}

/**
 * Apply the fixes of non-overlapping messages: a message's edits go in all together or not at all.
 * Inserted line breaks follow the file's own line endings.
 */
export function applyFixes(
  source: string,
  messages: readonly VFileMessage[],
  options: FixOptions = {}
): {output: string; applied: number} {
  const crlf = source.includes('\r\n') && source.split('\r\n').length > source.split(/(?<!\r)\n/).length
  const candidates = messages
    .map((message) => ({message, edits: (message as VFileMessage & MessageExtras).fix}))
    .filter((entry): entry is {message: VFileMessage; edits: TextEdit[]} =>
      Array.isArray(entry.edits) && entry.edits.length > 0 && (!options.rules || options.rules.has(entry.message.ruleId ?? '')) && !isWithheld(entry.message, options))
    .sort((a, b) => Math.min(...a.edits.map((e) => e.start)) - Math.min(...b.edits.map((e) => e.start)))
  const accepted: TextEdit[] = []
  let applied = 0
  for (const {edits} of candidates) {
    const valid = edits.every((edit) => edit.start >= 0 && edit.end >= edit.start && edit.end <= source.length)
    if (!valid) continue
    if (edits.some((edit) => accepted.some((other) => overlaps(edit, other)))) continue
    accepted.push(...edits)
    applied++
  }
  if (accepted.length === 0) return {output: source, applied: 0}
  accepted.sort((a, b) => b.start - a.start || b.end - a.end)
  let output = source
  for (const edit of accepted) {
    const text = crlf ? edit.text.replace(/\r?\n/g, '\r\n') : edit.text
    output = output.slice(0, edit.start) + text + output.slice(edit.end)
  }
  return {output, applied}
}

function overlaps(a: TextEdit, b: TextEdit): boolean {
  // Two insertions at one point would be applied in an arbitrary order: treat them as a conflict.
  if (a.start === a.end || b.start === b.end) return a.start <= b.end && b.start <= a.end
  return a.start < b.end && b.start < a.end
}

async function lintSource(source: string, filePath: string, config: ResolvedConfig): Promise<VFile> {
  const file = new VFile({value: source, path: filePath})
  // Loaded here: a run that reports without fixing needs no rule.
  const {createProcessor} = await import('../linter/processor.js')
  // The real text of the fixes: they are applied to the page, never printed from here.
  const processor = createProcessor(config, {redact: false})
  await processor.run(processor.parse(file), file)
  return file
}

/** Lint, apply fixes, re-lint, until nothing changes (at most 10 passes). Never re-stringifies the tree. */
export async function fixText(text: string, filePath: string, config: ResolvedConfig, options: FixOptions = {}): Promise<FixResult> {
  const bom = text.charCodeAt(0) === 0xfeff
  let source = bom ? text.slice(1) : text
  let fixed = 0
  let passes = 0
  // The parser drops the mark, as for the page on disk; a second one (a file saved twice with one)
  // stays text, and the fixes' offsets count it.
  const mark = bom ? '\uFEFF' : ''
  let file = await lintSource(mark + source, filePath, config)
  while (passes < maxPasses) {
    const {output, applied} = applyFixes(source, file.messages, options)
    if (applied === 0 || output === source) break
    passes++
    fixed += applied
    source = output
    file = await lintSource(mark + source, filePath, config)
  }
  const output = (bom ? '\uFEFF' : '') + source
  return {output, changed: output !== text, fixed, passes, messages: file.messages.filter((message) => !isWithheld(message, options))}
}

function isWithheld(message: VFileMessage, options: FixOptions): boolean {
  const holds = (message as VFileMessage & MessageExtras).holds
  return holds !== undefined && (options.withheld?.has(holds) ?? false)
}

export class FixWriteError extends Error {
  /** True when the fixes were left out because the file changed, not because it cannot be written. */
  changed = false
}

/** Whether the real path `real` is `root` or lies inside it. */
function inside(real: string, root: string): boolean {
  return real === root || real.startsWith(root.endsWith(path.sep) ? root : root + path.sep)
}

/**
 * The file `--fix` reads and writes for the page at `filePath`: the page itself, or the target of a
 * symbolic link when that lies inside one of `roots` (the real paths of the folders linted). A link
 * is written through, never replaced by a copy; a file with more than one hard link is left alone,
 * since a rename over it would split its names. Throws `FixWriteError` with the reason otherwise.
 */
export function fixTarget(filePath: string, roots: readonly string[] | undefined): string {
  let real: string
  let stats: fs.Stats
  try {
    real = fs.realpathSync(filePath)
    stats = fs.statSync(real)
  } catch (error) {
    throw new FixWriteError('Cannot write fixes: ' + ((error as NodeJS.ErrnoException).code ?? (error as Error).message))
  }
  if (roots && !roots.some((root) => inside(real, root))) {
    throw new FixWriteError('Cannot write fixes: the page is a symbolic link to a file outside the folder linted')
  }
  if (!stats.isFile()) throw new FixWriteError('Cannot write fixes: not a regular file')
  if (stats.nlink > 1) {
    throw new FixWriteError('Cannot write fixes: the file has ' + stats.nlink + ' hard links, and replacing it would split them; fix it by hand')
  }
  return real
}

/**
 * Write through a temporary file in the same folder and a rename: a reader sees the old or the new
 * text, never a part. With `expected` (the bytes the fixes were computed from), the file is renamed
 * over only if it still holds them: an edit saved while `--fix` ran is never lost.
 */
export function writeFileAtomic(filePath: string, content: string, expected?: Buffer): void {
  const stat = fs.statSync(filePath)
  if ((stat.mode & 0o222) === 0) throw new FixWriteError('Cannot write fixes: the file is read-only')
  const folder = path.dirname(filePath)
  removeStaleTemporaries(folder, path.basename(filePath))
  const temp = path.join(folder, '.' + path.basename(filePath) + '.' + process.pid + '-' + randomBytes(4).toString('hex') + '.docs-lint-tmp')
  let fd: number | undefined
  // Held open across the rename: a write that lands in the old file after the check is seen, and undone.
  let originalFd: number | undefined
  try {
    fd = fs.openSync(temp, 'wx', stat.mode & 0o7777)
    fs.writeFileSync(fd, content)
    fs.fsyncSync(fd)
    fs.closeSync(fd)
    fd = undefined
    fs.chmodSync(temp, stat.mode & 0o7777)
    if (expected) {
      originalFd = fs.openSync(filePath, 'r')
      // Checked last, right before the rename, so the window for an edit to slip in is as short as it can be.
      const checked = fs.fstatSync(originalFd)
      if (!readWhole(originalFd).equals(expected)) throw changedWhileFixing()
      fs.renameSync(temp, filePath)
      const after = fs.fstatSync(originalFd)
      if (after.size !== checked.size || after.mtimeMs !== checked.mtimeMs) {
        // An editor wrote to the file between the check and the rename: put its text back.
        writeFileAtomic(filePath, readWhole(originalFd).toString('utf8'))
        throw changedWhileFixing()
      }
    } else {
      fs.renameSync(temp, filePath)
    }
  } catch (error) {
    if (fd !== undefined) fs.closeSync(fd)
    fs.rmSync(temp, {force: true})
    if (error instanceof FixWriteError) throw error
    throw new FixWriteError('Cannot write fixes: ' + ((error as NodeJS.ErrnoException).code ?? (error as Error).message))
  } finally {
    if (originalFd !== undefined) fs.closeSync(originalFd)
  }
}

/**
 * The temporary files a write of `name` left in `folder` when its process was killed (`kill -9`
 * between the write and the rename): removed when their process is gone. One whose process runs is
 * another docs-lint's write in progress, and is left alone.
 */
function removeStaleTemporaries(folder: string, name: string): void {
  let entries: string[]
  try {
    entries = fs.readdirSync(folder)
  } catch {
    return
  }
  const prefix = '.' + name + '.'
  for (const entry of entries) {
    if (!entry.startsWith(prefix) || !entry.endsWith('.docs-lint-tmp')) continue
    const match = /^(\d{1,10})-[\da-f]{8}\.docs-lint-tmp$/.exec(entry.slice(prefix.length))
    if (!match || isRunning(Number(match[1]))) continue
    try {
      const stale = path.join(folder, entry)
      if (fs.lstatSync(stale).isFile()) fs.rmSync(stale)
    } catch {
      // Gone already, or not ours to remove: the write goes on.
    }
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: a process of another user runs under that id.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function changedWhileFixing(): FixWriteError {
  const changed = new FixWriteError('Not fixed: the file changed while docs-lint was fixing it; run `--fix` again')
  changed.changed = true
  return changed
}

/** The whole content of an open file, read from its start whatever the descriptor's position. */
function readWhole(fd: number): Buffer {
  const chunks: Buffer[] = []
  let position = 0
  for (;;) {
    const chunk = Buffer.allocUnsafe(64 * 1024)
    const read = fs.readSync(fd, chunk, 0, chunk.length, position)
    if (read === 0) break
    chunks.push(chunk.subarray(0, read))
    position += read
  }
  return Buffer.concat(chunks, position)
}
