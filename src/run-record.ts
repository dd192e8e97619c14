import fs from 'node:fs'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

/**
 * A run replayed whole. With a cache, a run whose every input is as it was when the same command last
 * ran prints what that run printed and exits with its code, before docs-lint itself loads: a run of a
 * 405-page site in 0.03 s instead of 0.09 s, most of it Node.js starting.
 *
 * The record sits beside the cache (`<cache>.run`) and holds, for each of the last few commands, the
 * command (its arguments, folder, environment, terminal and the docs-lint build), every path the run
 * looked at through `node:fs` with what `stat` said of it at the end (absent ones too: a config file
 * that appears above the site changes the run), and what it printed. Any difference, and docs-lint
 * runs as usual.
 *
 * A run is recorded only when nothing in it could make a replay wrong: the command line says it is
 * eligible (a cache, a report on standard output only and not HTML, no fixes, no git, no timings, no
 * page that failed; see `replayableRun` in src/cli.ts), it wrote no file but its own cache (a fix or a
 * summary changes what the next run sees or leaves undone), it loaded no JavaScript of the user's (a
 * config module, and what it requires, is read by Node's loader, not through `node:fs`), and no path
 * it looked at changed in the `settleMs` before it started or while it ran (git's "racily clean" rule,
 * on both modification and change time).
 */

/**
 * docs-lint's own files, beside this one once built (dist/bundle/): a run recorded under another build
 * of them is not replayed. bin/docs-lint.js loads this file (`replay.cjs`) alone first: a replayed run
 * loads neither docs-lint nor the loader of its bundle.
 */
const folder = path.dirname(fileURLToPath(import.meta.url))
export const programFiles: readonly string[] = ['docs-lint.cjs', 'load.cjs', 'replay.cjs'].map((name) => path.join(folder, name))

/** Bumped when the record's layout or meaning changes: a record of another layout is never used. */
const layout = 2
/**
 * How many commands a record file keeps, the most recent first: one run of each (its arguments and
 * folder), the last. A command whose environment differs every time (a CI job's run id) keeps one run,
 * not four, to read and write again.
 */
const keptRuns = 4
/** A record file larger than this is not read (a run's report of several thousand findings is some MB). */
const maxRecordBytes = 256 * 1024 * 1024
/** The longest output (in characters) a record keeps: a larger report is printed as it is made, never held whole. */
export const maxOutputLength = 32 * 1024 * 1024
/** As src/stamp.ts: a path changed this recently may have changed again within its timestamp's tick. */
const settleMs = 2000

/** What `stat` says of a path: size, modification and change time (ms), inode, kind; 0 when absent. */
type Stamp = [size: number, mtimeMs: number, ctimeMs: number, ino: number, kind: 'f' | 'd' | 'o'] | 0

/** What a run printed, in order: 1 standard output, 2 standard error. */
export type RunOutput = Array<[1 | 2, string | Buffer]>

/** A run as the record's index keeps it: its stamps and the chunks of its output are byte lengths of what follows. */
interface IndexedRun {
  key: string
  /** The arguments and folder: a record keeps one run of each. */
  command: string
  code: number
  stamps: number
  chunks: Array<[1 | 2, number]>
}

/** A run read back: its stamps (JSON, parsed only for the run asked for) and its chunks are slices of the file. */
interface ReadRun extends IndexedRun {
  stampBytes: Buffer
  bytes: Buffer[]
}

/** The command as the process sees it: what, besides the files, decides what a run prints. */
export interface RunCommand {
  argv: readonly string[]
  cwd: string
  stdoutIsTTY: boolean
  columns: number | undefined
  stderrIsTTY: boolean
}

function stampOf(file: string): Stamp {
  let stats: fs.Stats | undefined
  try {
    stats = fs.statSync(file, {throwIfNoEntry: false})
  } catch {
    // ENOTDIR, EACCES and the like: as good as absent, and the same again next time.
    return 0
  }
  if (!stats) return 0
  return [stats.size, stats.mtimeMs, stats.ctimeMs, stats.ino, stats.isFile() ? 'f' : stats.isDirectory() ? 'd' : 'o']
}

const sameStamp = (a: Stamp, b: unknown): boolean =>
  a === 0 ? b === 0 : Array.isArray(b) && b.length === 5 && a.every((value, index) => value === b[index])

/**
 * A digest of the environment, so that the record keeps no variable's value (a token among them).
 * FNV-1a in two lanes: it tells environments apart; nothing depends on it being hard to reverse or
 * to collide on purpose, since whoever can write the record can write its output too.
 */
function environmentDigest(env: NodeJS.ProcessEnv): string {
  let a = 0x811c9dc5
  let b = 0x01000193 ^ 0x5bd1e995
  for (const name of Object.keys(env).sort()) {
    // What the shell sets for its own use, which changes with each `cd` or command and which neither
    // docs-lint nor Node.js reads: counting them would keep a replay from ever serving a terminal.
    if (name === 'OLDPWD' || name === '_') continue
    const entry = name + '=' + env[name] + '\0'
    for (let index = 0; index < entry.length; index++) {
      const code = entry.charCodeAt(index)
      a = Math.imul(a ^ code, 0x01000193)
      b = Math.imul(b ^ code, 0x5bd1e995) ^ (b >>> 15)
    }
  }
  return (a >>> 0).toString(36) + '.' + (b >>> 0).toString(36)
}

/** The key a run is recorded and looked up by. */
export function runKey(command: RunCommand): string {
  return JSON.stringify([
    layout,
    process.version,
    process.platform,
    process.arch,
    process.execArgv,
    programFiles.map((file) => [file, stampOf(file)]),
    command.argv,
    command.cwd,
    environmentDigest(process.env),
    command.stdoutIsTTY,
    command.stdoutIsTTY ? command.columns ?? null : null,
    command.stderrIsTTY
  ])
}

/**
 * Where the record of this command would be: beside the cache its arguments name. Found by reading
 * the arguments as the command line does (the last `--cache-location` wins, `--cache` alone means
 * `.docs-lint-cache`). Where this reads them otherwise than the command line, it looks in a file
 * no run of this command writes (a run records where its own cache is), and finds nothing.
 */
export function recordLocation(argv: readonly string[], cwd: string): string | undefined {
  let location: string | undefined
  let cache = false
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!
    if (argument === '--') break
    if (argument === '--cache') cache = true
    else if (argument === '--cache-location' && index + 1 < argv.length) location = argv[++index]
    else if (argument.startsWith('--cache-location=')) location = argument.slice('--cache-location='.length)
  }
  if (location === undefined && !cache) return undefined
  return path.resolve(cwd, location ?? '.docs-lint-cache') + '.run'
}

const isChunk = (chunk: unknown): chunk is [1 | 2, number] =>
  Array.isArray(chunk) && chunk.length === 2 && (chunk[0] === 1 || chunk[0] === 2) && Number.isSafeInteger(chunk[1]) && chunk[1] >= 0

/**
 * The record file: a line naming it, a line with the byte length of the index and a random tag, the
 * index (JSON: each run's key, command, code, and the byte lengths of its stamps and of its output's
 * chunks), then each run's stamps (JSON) and output as printed, and the tag again. Only the index and
 * the stamps of the run asked for are parsed; output is copied out as it is. Two runs that save at
 * once write over each other in place: the tags at both ends tell a record that one run wrote whole
 * from one cut short or padded by the other.
 */
const magic = 'docs-lint run record ' + layout + '\n'
const tagLength = 8

const commandOf = (command: RunCommand): string => JSON.stringify([command.argv, command.cwd])

function readRecord(file: string): ReadRun[] {
  let bytes: Buffer
  try {
    const stats = fs.statSync(file, {throwIfNoEntry: false})
    if (!stats || !stats.isFile() || stats.size > maxRecordBytes) return []
    bytes = fs.readFileSync(file)
  } catch {
    return []
  }
  if (bytes.toString('latin1', 0, magic.length) !== magic) return []
  const newline = bytes.indexOf(10, magic.length)
  const [lengthField, tag] = bytes.toString('latin1', magic.length, newline).split(' ')
  const indexLength = Number(lengthField)
  if (newline === -1 || !Number.isSafeInteger(indexLength) || newline + 1 + indexLength > bytes.length) return []
  if (!tag || tag.length !== tagLength || bytes.toString('latin1', bytes.length - tagLength) !== tag) return []
  let runs: unknown
  try {
    runs = JSON.parse(bytes.toString('utf8', newline + 1, newline + 1 + indexLength))
  } catch {
    return []
  }
  if (!Array.isArray(runs)) return []
  const read: ReadRun[] = []
  let at = newline + 1 + indexLength
  for (const run of runs as IndexedRun[]) {
    if (run === null || typeof run !== 'object' || typeof run.key !== 'string' || typeof run.command !== 'string' ||
      !Number.isSafeInteger(run.stamps) || run.stamps < 0 || !Array.isArray(run.chunks) || !run.chunks.every(isChunk) ||
      (run.code !== 0 && run.code !== 1)) return []
    const stampBytes = bytes.subarray(at, at + run.stamps)
    at += run.stamps
    const chunks: Buffer[] = []
    for (const [, length] of run.chunks) {
      chunks.push(bytes.subarray(at, at + length))
      at += length
    }
    read.push({...run, stampBytes, bytes: chunks})
  }
  // A record cut short, or written over by two runs at once, is no record.
  return at + tagLength === bytes.length ? read : []
}

/**
 * What the last run of this command printed, when every path it looked at is as it was then; else
 * undefined, and docs-lint runs.
 */
export function replayRun(command: RunCommand): {output: RunOutput; code: number} | undefined {
  const location = recordLocation(command.argv, command.cwd)
  if (!location) return undefined
  const runs = readRecord(location)
  if (runs.length === 0) return undefined
  const key = runKey(command)
  const run = runs.find((candidate) => candidate.key === key)
  if (!run) return undefined
  let stamps: unknown
  try {
    stamps = JSON.parse(run.stampBytes.toString('utf8'))
  } catch {
    return undefined
  }
  if (!Array.isArray(stamps)) return undefined
  for (const entry of stamps) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'string' || !sameStamp(stampOf(entry[0]), entry[1])) return undefined
  }
  return {output: run.chunks.map(([stream], index) => [stream, run.bytes[index]!]), code: run.code}
}

/**
 * The path an `fs` call names, absolute; undefined for a file descriptor. Not normalized: `a/link/..`
 * is where the system resolves it, which need not be `a`.
 */
function pathArgument(value: unknown, cwd: string): string | undefined {
  if (typeof value === 'string') return path.isAbsolute(value) ? value : cwd + path.sep + value
  if (value instanceof URL) return value.protocol === 'file:' ? fileURLToPath(value) : undefined
  if (Buffer.isBuffer(value)) return pathArgument(value.toString(), cwd)
  return undefined
}

/** `fs` functions that look at a path (their first argument). */
const lookingNames = [
  'access', 'accessSync', 'createReadStream', 'exists', 'existsSync', 'lstat', 'lstatSync', 'open', 'openSync', 'openAsBlob',
  'opendir', 'opendirSync', 'readdir', 'readdirSync', 'readFile', 'readFileSync', 'readlink', 'readlinkSync', 'realpath',
  'realpathSync', 'stat', 'statSync', 'statfs', 'statfsSync', 'watch', 'watchFile'
]
/**
 * `fs` functions that change the disk by path: a run that calls one on anything but its own cache
 * (`ownCacheWrite`) is not recorded. Writes through a descriptor (`writeSync`, `ftruncate`…) count
 * where the descriptor was opened for writing, not when standard output, which Node writes with
 * `fs.writeSync` when it is a file, is written.
 */
const writingNames = [
  'appendFile', 'appendFileSync', 'chmod', 'chmodSync', 'chown', 'chownSync', 'copyFile', 'copyFileSync', 'cp', 'cpSync',
  'createWriteStream', 'lchmod', 'lchmodSync', 'lchown', 'lchownSync', 'link', 'linkSync', 'lutimes', 'lutimesSync', 'mkdir',
  'mkdirSync', 'mkdtemp', 'mkdtempSync', 'rename', 'renameSync', 'rm', 'rmSync', 'rmdir', 'rmdirSync', 'symlink', 'symlinkSync',
  'truncate', 'truncateSync', 'unlink', 'unlinkSync', 'utimes', 'utimesSync', 'writeFile', 'writeFileSync'
]
/** The same in `fs.promises`. */
const promiseLookingNames = ['access', 'lstat', 'open', 'opendir', 'readdir', 'readFile', 'readlink', 'realpath', 'stat', 'statfs', 'watch']
const promiseWritingNames = [
  'appendFile', 'chmod', 'chown', 'copyFile', 'cp', 'lchmod', 'lchown', 'link', 'lutimes', 'mkdir', 'mkdtemp', 'rename', 'rm',
  'rmdir', 'symlink', 'truncate', 'unlink', 'utimes', 'writeFile'
]

/** Whether `open`'s flags write: anything but plain reading. */
function opensForWriting(flags: unknown): boolean {
  if (flags === undefined || flags === null || flags === 'r' || flags === 'rs' || flags === 'sr') return false
  if (typeof flags === 'number') return (flags & (fs.constants.O_WRONLY | fs.constants.O_RDWR | fs.constants.O_CREAT | fs.constants.O_TRUNC | fs.constants.O_APPEND)) !== 0
  return true
}

type AnyFunction = (...parameters: unknown[]) => unknown

/**
 * Notes every path this thread's `node:fs` looks at, and whether anything was written, from now to
 * `stop`. Started before docs-lint loads, so that a module that keeps `fs` functions of its own keeps
 * these. Only the command line's own process starts one.
 */
export class RunRecorder {
  readonly paths = new Set<string>()
  /** Paths written to, renamed or made; `null`: written through a descriptor or path this cannot tell. */
  readonly written = new Set<string | null>()
  /** Set when something read files past `node:fs` (a config module through Node's loader). */
  blind = false
  readonly started = Date.now()
  private readonly restore: Array<() => void> = []

  constructor(private readonly cwd: string) {
    this.patch(fs as unknown as Record<string, unknown>, lookingNames, writingNames)
    this.patch(fs.promises as unknown as Record<string, unknown>, promiseLookingNames, promiseWritingNames)
  }

  private patch(target: Record<string, unknown>, looking: readonly string[], writing: readonly string[]): void {
    for (const name of looking) {
      const original = target[name]
      if (typeof original !== 'function') continue
      const recorder = this
      const wrapped = function (this: unknown, ...parameters: unknown[]) {
        const file = pathArgument(parameters[0], recorder.cwd)
        if (file === undefined) {
          if (typeof parameters[0] !== 'number') recorder.blind = true
        } else {
          recorder.paths.add(file)
        }
        if ((name === 'open' || name === 'openSync') && opensForWriting(parameters[1])) recorder.written.add(file ?? null)
        return (original as AnyFunction).apply(this, parameters)
      }
      // `realpathSync.native` and the like.
      for (const key of Object.keys(original)) {
        const inner = (original as unknown as Record<string, unknown>)[key]
        ;(wrapped as unknown as Record<string, unknown>)[key] = typeof inner === 'function'
          ? function (this: unknown, ...parameters: unknown[]) {
            const file = pathArgument(parameters[0], recorder.cwd)
            if (file === undefined) recorder.blind = true
            else recorder.paths.add(file)
            return (inner as AnyFunction).apply(this, parameters)
          }
          : inner
      }
      target[name] = wrapped
      this.restore.push(() => {
        target[name] = original
      })
    }
    for (const name of writing) {
      const original = target[name]
      if (typeof original !== 'function') continue
      const recorder = this
      target[name] = function (this: unknown, ...parameters: unknown[]) {
        recorder.written.add(pathArgument(parameters[0], recorder.cwd) ?? null)
        // `rename`, `copyFile`, `link`, `symlink`, `cp`: the second path is written too.
        if (/^(rename|copyFile|link|symlink|cp)/.test(name)) recorder.written.add(pathArgument(parameters[1], recorder.cwd) ?? null)
        return (original as AnyFunction).apply(this, parameters)
      }
      this.restore.push(() => {
        target[name] = original
      })
    }
  }

  /** Put `fs` back as it was. */
  stop(): void {
    for (const undo of this.restore.splice(0).reverse()) undo()
  }

  /**
   * Keep this run in the record beside `cacheLocation`, if nothing in it forbids (see the top of this
   * file). Written in place, not renamed: a record beside the pages changes no folder's listing, which
   * the next run compares. Never throws: a record that cannot be kept is only a slower next run.
   */
  save(cacheLocation: string, command: RunCommand, output: RunOutput, code: number): boolean {
    this.stop()
    if (this.blind || (code !== 0 && code !== 1) || ![...this.written].every((file) => ownCacheWrite(file, cacheLocation))) return false
    const location = cacheLocation + '.run'
    // A place no record can go costs no stat of the run's paths (checked again when written).
    if (!recordCanGo(location)) return false
    // A record made now changes its folder, which the run may have listed (a cache in the docs root):
    // made before the stamps are taken, it leaves that folder as the next run finds it, so that run is
    // recorded and the one after it replayed. Until then it is a record of no runs.
    if (!fs.existsSync(location)) {
      try {
        fs.writeFileSync(location, magic, {flag: 'wx'})
      } catch {
        return false
      }
    }
    const stamps: Array<[string, Stamp]> = []
    const settled = this.started - settleMs
    for (const file of [...this.paths].sort()) {
      if (file === location) continue
      const stamp = stampOf(file)
      // The cache itself may be fresh: docs-lint writes it whole and renames it into place, so any
      // later write is another inode with another time, however soon it comes.
      if (stamp !== 0 && file !== cacheLocation && (stamp[1] >= settled || stamp[2] >= settled)) return false
      stamps.push([file, stamp])
    }
    const key = runKey(command)
    const identity = commandOf(command)
    const kept = readRecord(location).filter((run) => run.command !== identity).slice(0, keptRuns - 1)
    const stampBytes = Buffer.from(JSON.stringify(stamps), 'utf8')
    const outputs = output.map(([, text]) => (typeof text === 'string' ? Buffer.from(text, 'utf8') : text))
    const index: IndexedRun[] = [
      {key, command: identity, code, stamps: stampBytes.length, chunks: output.map(([stream], at) => [stream, outputs[at]!.length])},
      ...kept.map(({key, command, code, stamps, chunks}) => ({key, command, code, stamps, chunks}))
    ]
    const indexBytes = Buffer.from(JSON.stringify(index), 'utf8')
    const tag = Math.random().toString(36).slice(2, 2 + tagLength).padEnd(tagLength, '0')
    const bytes = Buffer.concat([
      Buffer.from(magic + indexBytes.length + ' ' + tag + '\n', 'latin1'),
      indexBytes,
      stampBytes,
      ...outputs,
      ...kept.flatMap((run) => [run.stampBytes, ...run.bytes]),
      Buffer.from(tag, 'latin1')
    ])
    let descriptor: number | undefined
    let created = false
    try {
      try {
        // Never through a symbolic link, never over a file that is not a record.
        descriptor = fs.openSync(location, fs.constants.O_RDWR | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return false
        descriptor = fs.openSync(location, 'wx+')
        created = true
      }
      if (!fs.fstatSync(descriptor).isFile() || (!created && !isRecordFile(descriptor))) return false
      fs.writeSync(descriptor, bytes, 0, bytes.length, 0)
      fs.ftruncateSync(descriptor, bytes.length)
      return true
    } catch {
      return false
    } finally {
      if (descriptor !== undefined) fs.closeSync(descriptor)
    }
  }
}

/** Whether a record may be written at `location`: nothing there, or a record (not a link to one, not a pipe). */
function recordCanGo(location: string): boolean {
  let descriptor: number | undefined
  try {
    // Without blocking: a named pipe there would wait for a writer forever.
    descriptor = fs.openSync(location, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK)
    return fs.fstatSync(descriptor).isFile() && isRecordFile(descriptor)
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT'
  } finally {
    if (descriptor !== undefined) fs.closeSync(descriptor)
  }
}

/** Whether an open file is a record (of any layout): an empty file, or any other, is someone else's. */
function isRecordFile(descriptor: number): boolean {
  const head = Buffer.alloc(32)
  const read = fs.readSync(descriptor, head, 0, head.length, 0)
  return head.toString('latin1', 0, read).startsWith(magic.slice(0, -2))
}

/**
 * Whether a write was the cache's own (src/cache.ts): a temporary file beside it renamed over it, in
 * its folder, made if missing. The cache is docs-lint's memo of the run, not an input of it: a run
 * that only wrote it printed what a run that found it whole prints, and may be recorded.
 */
function ownCacheWrite(file: string | null, cacheLocation: string): boolean {
  if (file === null) return false
  if (file === cacheLocation || file === path.dirname(cacheLocation)) return true
  return file.startsWith(cacheLocation + '.') && file.endsWith('.tmp') && !file.slice(cacheLocation.length + 1, -4).includes(path.sep)
}
