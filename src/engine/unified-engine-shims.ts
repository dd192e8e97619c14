// Every dependency of docs-lint on unified-engine's internals (not its documented options): its file
// set's `valueOf` and `complete`. The messages it adds itself (a missing or unreadable file) are told
// apart by the file and the error's code, never by their English. Each was checked
// against the version below; a test fails when the installed version changes, to check them again.
import fs from 'node:fs'
import path from 'node:path'
import type {VFile} from 'vfile'
import {BoundedReadError} from '../shared/bounded-read.js'
import {ConfigError} from '../config/resolve.js'
import {SOURCE} from '../contract.js'
import {builtinMessageUrl} from '../page/messages.js'
import type {ResolvedConfig} from '../config/resolve.js'
import type {UserConfig} from '../contract.js'
import {withReadQueue} from './read-queue.js'
import {discoveryOptions, type Screened} from './discover.js'

/** The unified-engine version these shims were checked against. */
export const checkedUnifiedEngineVersion = '11.2.2'

/** The part of unified-engine's `FileSet` that its queue step reads. */
interface EngineFileSet {
  files: VFile[]
  complete: Record<string, unknown>
  valueOf(): VFile[]
}

const linearFileSets = new WeakSet<object>()

/**
 * unified-engine's queue step (which holds every file until the last one is done) scans all files each
 * time one arrives: quadratic, about 4 s of main-thread time on 3,500 pages and 35 s on 10,000. Its
 * only reads of `fileSet.valueOf()` are that scan and `add`'s push, so the file set here answers the
 * scan with just the first file that has not arrived (nor failed), found by a cursor that only moves
 * forward: the same decision in constant time. `add` still pushes onto the real list.
 */
export function linearQueue(this: unknown, _options: unknown, fileSet?: EngineFileSet): void {
  if (!fileSet || linearFileSets.has(fileSet) || !Array.isArray(fileSet.files)) return
  linearFileSets.add(fileSet)
  const files = fileSet.files
  let cursor = 0
  const settled = (file: VFile): boolean =>
    typeof fileSet.complete[file.history[0] ?? ''] === 'function' ||
    Boolean(file.data['unifiedEngineIgnored']) ||
    file.messages.some((message) => message.fatal === true)
  fileSet.valueOf = () => {
    while (cursor < files.length && settled(files[cursor]!)) cursor++
    const view = cursor < files.length ? [files[cursor]!] : []
    view.push = (...added: VFile[]) => files.push(...added)
    return view
  }
}

/**
 * Messages unified-engine adds itself (a missing file, an unreadable one) get docs-lint ids; a config
 * file that fails to load goes to `configErrors` instead. True when there were any.
 */
/** Whether a path names anything, a dangling link being nothing. */
function pathExists(file: string): boolean {
  try {
    fs.statSync(file)
    return true
  } catch {
    return false
  }
}

export function relabelEngineMessages(file: VFile, cwd: string, configErrors: Set<string>): boolean {
  let relabelled = false
  for (const message of file.messages) {
    if (message.source === SOURCE) continue
    relabelled = true
    const configProblem = configLoadError(message.cause, cwd)
    if (configProblem) {
      configErrors.add(configProblem)
      continue
    }
    // Which file the message is about, not its English wording, says what went wrong.
    if (message.fatal && !pathExists(path.resolve(file.cwd, file.history[0] ?? file.path))) {
      message.reason = 'No such file or folder: nothing matched `' + (file.history[0] ?? file.path) + '`'
    } else if (message.fatal && message.cause) {
      const cause = message.cause as NodeJS.ErrnoException
      if (cause.code === 'EACCES' || cause.code === 'EPERM') message.reason = 'Cannot read file: permission denied'
      else if (cause.code === 'EISDIR') message.reason = 'Cannot read file: it is a folder'
      else if (cause.code === 'ELOOP') message.reason = 'Cannot read file: too many levels of symbolic links'
      else if (cause.code) message.reason = 'Cannot read file: ' + cause.code
    }
    message.ruleId ??= 'read-error'
    message.source = SOURCE
    message.url ??= builtinMessageUrl('read-error')
    delete message.cause
    delete message.stack
  }
  return relabelled
}

/** unified-engine wraps config load failures as `Cannot parse file` / `Cannot import` causes. */
function configLoadError(cause: unknown, cwd: string): string | undefined {
  if (!(cause instanceof Error)) return undefined
  if (cause instanceof ConfigError) return cause.message
  // Our own config errors, wrapped by unified-engine: already recorded where they were thrown.
  if (cause.cause instanceof ConfigError) return cause.cause.message
  const match = /^Cannot (parse|import|read) (?:given )?(?:file )?`([^`]+)`/.exec(cause.message)
  if (!match) return undefined
  const inner = cause.cause instanceof Error ? cause.cause.message : ''
  const detail = inner
    .split('\n')[0]!
    .replace(/ while parsing .*$/, '')
    .replace(/ in "?\/[^"]*"?$/, '')
    .trim()
  const name = path.relative(cwd, path.resolve(cwd, match[2]!)) || match[2]!
  if (match[1] === 'read') return 'Cannot read config `' + name + '`: ' + (cause.cause instanceof BoundedReadError ? 'it ' + detail : (cause.cause as NodeJS.ErrnoException | undefined)?.code ?? detail)
  return 'Cannot ' + (match[1] === 'import' ? 'load' : 'parse') + ' config `' + name + '`' + (detail ? ': ' + detail : '')
}

/** unified-engine writes its own report to a stream; docs-lint reports itself. */
export function nullStream(): NodeJS.WritableStream {
  const {Writable} = process.getBuiltinModule('node:stream')
  return new Writable({write: (_chunk, _encoding, callback) => callback()})
}

/** What a run through unified-engine is given: the pages found, the configs, the plugins of a page. */
export interface EngineRun {
  cwd: string
  patterns: readonly string[]
  screened: Screened
  /** The pages found and the caller's in-memory files. */
  given: Array<string | VFile>
  skip: ((file: VFile) => boolean) | undefined
  maxFileSize: number | undefined
  deferred: boolean
  rcPath: string | undefined
  /** A config read before the run applies to every page, and none is searched for. */
  configGiven: boolean
  resolve(user: UserConfig | undefined, filePath: string | undefined): ResolvedConfig
  pagePlugins(config: ResolvedConfig): Array<[never, unknown]>
  /** The plugins of a page no config file applies to (all pages, when docs-lint finds the configs itself). */
  defaultPlugins: Array<[never, unknown]>
  /** Record a config error the run meets (an ignore file or `package.json` that cannot be read). */
  configError(message: string): void
}

/** Run unified-engine over the pages found: config cascade, ignore files and per-file fault containment. */
export async function runUnifiedEngine(run: EngineRun): Promise<VFile[]> {
  // Loaded only here: a replayed run never pays for them (0.2 s).
  const {engine} = await import('unified-engine')
  const {unified} = await import('unified')
  const {docsLintParse} = await import('../page/parse.js')
  // An ignore file or `package.json` that cannot be read leaves unknown what to ignore or which config applies.
  const refused = (file: string, error: BoundedReadError) => run.configError('Cannot read `' + (path.relative(run.cwd, file) || file) + '`: it ' + error.message)
  return withReadQueue(() => new Promise<VFile[]>((resolve, reject) => {
    engine(
      {
        processor: () => unified().use(docsLintParse, {skip: run.skip, maxFileSize: run.maxFileSize, deferred: run.deferred}),
        ...discoveryOptions(run.cwd, run.patterns, run.screened.ignore),
        files: run.given,
        rcPath: run.configGiven ? undefined : run.rcPath,
        detectConfig: false,
        configTransform(value, filePath) {
          return {plugins: run.pagePlugins(run.resolve(value as UserConfig, filePath))}
        },
        defaultConfig: {plugins: run.defaultPlugins},
        out: false,
        output: false,
        reporter: () => '',
        streamError: nullStream(),
        streamOut: nullStream()
      },
      (error, _code, context) => {
        if (error) reject(error)
        else resolve(context?.files ?? [])
      }
    )
  }), refused)
}
