// The configs of a run: the one given (`--config`), those found beside the pages, each resolved once,
// and what refuses a run before it starts (a JavaScript config in an untrusted workspace, a cache that
// is not a file).
import fs from 'node:fs'
import path from 'node:path'
import type {Root} from 'mdast'
import type {VFile} from 'vfile'
import {BoundedReadError, maxConfigBytes, readBounded, readBoundedText} from '../shared/bounded-read.js'
import {ConfigError, loadConfigFile, resolveConfig, type ResolvedConfig} from '../config/resolve.js'
import type {RuleSetting, UserConfig} from '../contract.js'
import {importFile} from '../shared/import-file.js'
import {absolutePath} from '../shared/relative-path.js'
import {configFileNames} from './snapshot.js'

/** Each config file resolved once; its problems collected as the run's config errors. */
export class RunConfigs {
  readonly errors = new Set<string>()
  /** The files that configs `extends`: a replay of this run checks them too. */
  readonly extendedFiles = new Set<string>()
  private readonly resolvedByFile = new Map<string, ResolvedConfig>()

  constructor(
    private readonly cwd: string,
    private readonly settings: {overrides: Record<string, RuleSetting>; reportUnusedDisableDirectives: boolean | undefined; trusted: boolean}
  ) {}

  /** The config of `filePath` (the default one when undefined); throws `ConfigError`, recorded in `errors`. */
  resolve(user: UserConfig | undefined, filePath: string | undefined): ResolvedConfig {
    const key = filePath ?? '(default)'
    let resolved = this.resolvedByFile.get(key)
    if (!resolved) {
      try {
        resolved = resolveConfig(user, {
          filePath,
          overrides: this.settings.overrides,
          cwd: this.cwd,
          extendedFiles: this.extendedFiles,
          reportUnusedDisableDirectives: this.settings.reportUnusedDisableDirectives,
          trusted: this.settings.trusted
        })
      } catch (error) {
        if (error instanceof ConfigError) this.errors.add(error.message)
        throw error
      }
      this.resolvedByFile.set(key, resolved)
    }
    return resolved
  }
}

/**
 * The config given (`--config`, the editor's setting), read here, bounded, so that a broken one is one
 * config error and exit code 2; a JavaScript module is left to unified-engine to import (`config`
 * absent). A string is the error.
 */
export function readGivenConfig(rcPath: string, configPath: string, cwd: string): {config: UserConfig | undefined} | undefined | string {
  try {
    if (/\.m?js$/.test(rcPath)) {
      readBounded(rcPath, maxConfigBytes)
      return undefined
    }
    return {config: loadConfigFile(rcPath, cwd)}
  } catch (error) {
    return error instanceof ConfigError ? error.message
      : error instanceof BoundedReadError ? 'Cannot read config `' + configPath + '`: it ' + error.message
      : 'Cannot read config `' + configPath + '`: ' + ((error as NodeJS.ErrnoException).code ?? (error as Error).message)
  }
}

/** Why `file` cannot serve as a file docs-lint reads and writes (`is a named pipe`); undefined when it can or does not exist. */
export function notRegularFile(file: string): string | undefined {
  let stats: fs.Stats
  try {
    stats = fs.statSync(file)
  } catch {
    return undefined
  }
  if (stats.isFile()) return undefined
  return 'is not a regular file (' + (stats.isDirectory() ? 'a folder' : stats.isFIFO() ? 'a named pipe' : stats.isCharacterDevice() || stats.isBlockDevice() ? 'a device' : 'not a file') + ')'
}

const codeConfig = /\.(?:c|m)?js$/

/** The configs written in JavaScript that linting these paths would run: `--config`, or the nearest config of each. */
export function codeConfigs(cwd: string, patterns: readonly string[], files: readonly VFile[], configPath: string | undefined): string[] {
  if (configPath !== undefined) {
    const absolute = path.resolve(cwd, configPath)
    return codeConfig.test(absolute) ? [absolute] : []
  }
  const folders = new Set<string>()
  for (const file of files) folders.add(path.dirname(absolutePath(file)))
  for (const pattern of patterns) {
    const absolute = path.resolve(cwd, pattern.replace(/[*{[].*$/, ''))
    folders.add(fs.existsSync(absolute) && !fs.statSync(absolute).isDirectory() ? path.dirname(absolute) : absolute)
  }
  const found = new Set<string>()
  const nearest = nearestConfigFinder()
  for (const folder of folders) {
    const file = nearest(folder)
    if (file && codeConfig.test(file)) found.add(file)
  }
  return [...found]
}

/**
 * The config file that applies to pages in a folder: in the folder or the nearest above it, the first of
 * `configFileNames` that exists, else a `package.json` with a `docs-lint` field. Remembers each folder.
 */
function nearestConfigFinder(): (folder: string) => string | undefined {
  const known = new Map<string, string | undefined>()
  const nearest = (folder: string): string | undefined => {
    if (known.has(folder)) return known.get(folder)
    const name = configFileNames.find((candidate) => fs.existsSync(path.join(folder, candidate)))
    let result: string | undefined
    if (name) result = path.join(folder, name)
    else if (hasPackageConfig(path.join(folder, 'package.json'))) result = path.join(folder, 'package.json')
    else if (path.dirname(folder) !== folder) result = nearest(path.dirname(folder))
    known.set(folder, result)
    return result
  }
  return nearest
}

/**
 * docs-lint finds each page's config itself rather than through unified-engine: its reads are bounded
 * (a config that is `/dev/zero` or a pipe is refused), `.docs-lintrc.json` may hold comments, and a
 * mistake is reported with its line and column. A config file is loaded once, however many pages use it.
 */
export function configFinder(cwd: string): (page: string) => {config: UserConfig | undefined; filePath: string | undefined} | Promise<{config: UserConfig | undefined; filePath: string | undefined}> {
  const nearest = nearestConfigFinder()
  const loaded = new Map<string, UserConfig | undefined | Promise<UserConfig | undefined>>()
  return (page) => {
    const filePath = nearest(path.dirname(page))
    if (!filePath) return {config: undefined, filePath}
    let config = loaded.get(filePath)
    if (!loaded.has(filePath)) {
      try {
        config = codeConfig.test(filePath) ? importConfig(filePath, cwd) : loadConfigFile(filePath, cwd)
      } catch (error) {
        // Every page of the folder meets the same mistake: the file is read once all the same.
        config = Promise.reject(error)
        config.catch(() => {})
      }
      loaded.set(filePath, config)
    }
    return config instanceof Promise ? config.then((value) => ({config: value, filePath})) : {config, filePath}
  }
}

/** How long a config module may take to load: its top-level code is the user's, and may wait forever. */
const configLoadLimitMs = 10_000

/**
 * `promise`, or an error after `limit` ms. The timer also keeps the process alive: a top-level `await`
 * on a promise nothing will settle would otherwise end the run with nothing left to wait for.
 */
function settleWithin<T>(promise: Promise<T>, limit: number, reason: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(reason)), limit)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/** A config written in JavaScript: its default export. */
async function importConfig(filePath: string, cwd: string): Promise<UserConfig | undefined> {
  const name = path.relative(cwd, filePath) || filePath
  try {
    readBounded(filePath, maxConfigBytes)
  } catch (error) {
    throw new ConfigError('Cannot read config `' + name + '`: ' + (error instanceof BoundedReadError ? 'it ' + error.message : (error as NodeJS.ErrnoException).code ?? (error as Error).message))
  }
  try {
    const module = (await settleWithin(importFile(filePath), configLoadLimitMs, 'it did not finish loading within ' + configLoadLimitMs / 1000 + ' s (a top-level `await` that never settles?)')) as {default?: UserConfig}
    if (!('default' in module)) throw new Error('expected the config as the default export')
    return module.default
  } catch (error) {
    throw new ConfigError('Cannot load config `' + name + '`: ' + (error as Error).message.split('\n')[0])
  }
}

/** Runs the page plugin of the config that applies to each page (see `configFinder`). */
export function configRouter(
  this: unknown,
  settings: {find: ReturnType<typeof configFinder>; resolve: (config: UserConfig | undefined, filePath: string | undefined) => ResolvedConfig; plugin: (config: ResolvedConfig) => [never, unknown]}
) {
  const processor = this
  return function (tree: Root, file: VFile): Root | Promise<Root> {
    const run = (found: {config: UserConfig | undefined; filePath: string | undefined}): Root => {
      const [plugin, options] = settings.plugin(settings.resolve(found.config, found.filePath))
      const transform = (plugin as unknown as (this: unknown, options: unknown) => (tree: Root, file: VFile) => Root).call(processor, options)
      return transform(tree, file)
    }
    const found = settings.find(absolutePath(file))
    return found instanceof Promise ? found.then(run) : run(found)
  }
}

/**
 * Whether a `package.json` holds a `docs-lint` field. One that cannot be read (a device, a named pipe,
 * too large) may: it is taken as the config, whose loading then says why it cannot be read.
 */
function hasPackageConfig(file: string): boolean {
  try {
    return Object.hasOwn(JSON.parse(readBoundedText(file, maxConfigBytes)) as object, 'docs-lint')
  } catch (error) {
    return error instanceof BoundedReadError
  }
}
