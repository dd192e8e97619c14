// The configs of a run: the one given (`--config`), those found beside the pages, each resolved once,
// and what refuses a run before it starts (a JavaScript config in an untrusted workspace, a cache that
// is not a file).
import fs from 'node:fs'
import path from 'node:path'
import type {VFile} from 'vfile'
import {BoundedReadError, maxConfigBytes, readBounded} from '../bounded-read.js'
import {ConfigError, loadConfigFile, resolveConfig, type ResolvedConfig} from '../config.js'
import type {RuleSetting, UserConfig} from '../contract.js'

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

/** Config file names in the order unified-engine looks for them in a folder: the first found applies. */
const configNames = ['.docs-lintrc', '.docs-lintrc.json', '.docs-lintrc.cjs', '.docs-lintrc.mjs', '.docs-lintrc.js', '.docs-lintrc.yaml', '.docs-lintrc.yml']
const codeConfig = /\.(?:c|m)?js$/

/** The configs written in JavaScript that linting these paths would run: `--config`, or the nearest config of each. */
export function codeConfigs(cwd: string, patterns: readonly string[], files: readonly VFile[], configPath: string | undefined): string[] {
  if (configPath !== undefined) {
    const absolute = path.resolve(cwd, configPath)
    return codeConfig.test(absolute) ? [absolute] : []
  }
  const folders = new Set<string>()
  for (const file of files) folders.add(path.dirname(path.resolve(file.cwd, file.path)))
  for (const pattern of patterns) {
    const absolute = path.resolve(cwd, pattern.replace(/[*{[].*$/, ''))
    folders.add(fs.existsSync(absolute) && !fs.statSync(absolute).isDirectory() ? path.dirname(absolute) : absolute)
  }
  const found = new Set<string>()
  for (const folder of folders) {
    for (let current = folder; ; current = path.dirname(current)) {
      const name = configNames.find((candidate) => fs.existsSync(path.join(current, candidate)))
      if (name) {
        if (codeConfig.test(name)) found.add(path.join(current, name))
        break
      }
      if (hasPackageConfig(path.join(current, 'package.json'))) break
      if (path.dirname(current) === current) break
    }
  }
  return [...found]
}

function hasPackageConfig(file: string): boolean {
  try {
    return Object.hasOwn(JSON.parse(fs.readFileSync(file, 'utf8')) as object, 'docs-lint')
  } catch {
    return false
  }
}
