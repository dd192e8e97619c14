// A run: the orchestration of discovery, configs, dispatch, the site checks and the report's order.
import fs from 'node:fs'
import {gitIgnores} from '../site/ignore.js'
import path from 'node:path'
import {VFile as VFileClass, type VFile} from 'vfile'
import {compareMessage} from 'vfile-sort'
import {ConfigError, type ResolvedConfig} from '../config/resolve.js'
import {NOTICE_SOURCE, type RuleSetting, type UserConfig} from '../contract.js'
import {builtinMessage} from '../page/messages.js'
import {ResultCache} from './cache.js'
import {contentHash} from '../shared/stamp.js'
import {PagePool} from './pool.js'
import {runSiteChecks} from './site-checks.js'
import type {ChangeSet} from './git.js'
import {collectGarbage} from './memory.js'
import {discoverySignature, extendedUnchanged, type DiscoveryInputs} from './snapshot.js'
import {inShard, literalPage, mintignorePatterns, pageExtensions, screenFolders, skipOf, type Screened} from './discover.js'
import {startStyleRun, styleNotices} from '../styles/registry.js'
import {RunConfigs, codeConfigs, configFinder, configRouter, notRegularFile, readGivenConfig} from './configs.js'
import {autoJobs, collectAfterPages, dispatchPlugin, localPages, replay, snapshotOf, type DispatchSettings} from './dispatch.js'
import {linearQueue, relabelEngineMessages, runUnifiedEngine} from './unified-engine-shims.js'
import {absolutePath, relativeTo} from '../shared/relative-path.js'
import type {GivenResults, ResultRecorder} from './results.js'
import type {SiteMemo} from '../site/memo.js'

export interface LintOptions {
  /** Files, folders or globs; default `.`. */
  patterns?: string[]
  /** In-memory pages (an editor's unsaved text): linted as if they were on disk at their path. */
  files?: VFile[]
  cwd?: string
  /** Use this config file for every page instead of searching for `.docs-lintrc*`. */
  configPath?: string | undefined
  /** Leave out the pages `.gitignore` files list, as git does (default true; `--no-gitignore`). */
  gitignore?: boolean | undefined
  /** Lint only these pages (absolute paths) among those the patterns match (`--changed-since`). */
  only?: ReadonlySet<string> | undefined
  /**
   * What changed (`--changed-since`): links in pages that are not linted are still checked when they
   * point into a changed or removed page, so a renamed heading or page is reported where it breaks.
   */
  changes?: ChangeSet | undefined
  /** Lint only the pages of shard `index` (1-based) of `count` (`--shard`), a stable partition by path. */
  shard?: {index: number; count: number} | undefined
  /** Pages larger than this many bytes get one message and are skipped (default 5 MB). */
  maxFileSize?: number | undefined
  /**
   * Worker threads that parse and lint pages; 0 lints in this thread (default: 0 here). `'auto'` (the
   * CLI's default) uses the available cores when the pages to lint hold at least `workerThresholdBytes`.
   */
  jobs?: number | 'auto' | undefined
  /** With workers: a page that takes longer than this many milliseconds becomes a message (default 30 s). */
  fileTimeoutMs?: number | undefined
  /**
   * Worker threads the caller keeps from run to run (the language server), used instead of `jobs` new
   * ones and left running: a worker's start (about half a second) is paid once, not on every run.
   */
  pool?: PagePool | undefined
  /** Called as pages start and finish (for a progress line). */
  onProgress?: ((done: number, started: number) => void) | undefined
  /** Record each page's result for a mergeable result file (`--write-result`); the site checks are then left to the merge. */
  record?: ResultRecorder | undefined
  /** Take these pages' results instead of linting them, where their text and config are unchanged (`docs-lint merge`). */
  given?: GivenResults | undefined
  /** What the site checks read from pages not linted, kept by a caller that lints page after page (the language server). */
  siteMemo?: SiteMemo | undefined
  /** Reuse per-page results of unchanged pages from this cache file (`--cache`). */
  cacheLocation?: string | undefined
  /** Rule settings that win over every config file (`--rule`). */
  overrides?: Record<string, RuleSetting>
  /** Warn about docs-lint comments that turn nothing off (`--report-unused-disable-directives`). */
  reportUnusedDisableDirectives?: boolean | undefined
  /**
   * False in an editor's untrusted workspace: a config written in JavaScript (`.docs-lintrc.cjs`, an
   * `extends` of a `.js` file) is not run but reported as a config error. Default true.
   */
  trusted?: boolean | undefined
}

export interface LintResult {
  files: VFile[]
  /** Things the user should know that are not problems in pages (an ignored cache file, ...). */
  notices: string[]
  /** Problems in configuration; when present, the run is a usage error (exit code 2). */
  configErrors: string[]
  /** The real paths of the folders linted: `--fix` writes only to files whose real path lies inside one. */
  roots?: string[]
}

/** Lint pages with unified-engine: file discovery, ignore files, config cascade and per-file fault containment. */
export async function lint(options: LintOptions = {}): Promise<LintResult> {
  const cwd = path.resolve(options.cwd ?? process.cwd())
  const patterns = options.patterns && options.patterns.length > 0 ? options.patterns : options.files ? [] : ['.']
  const overrides = options.overrides ?? {}
  startStyleRun()
  const configs = new RunConfigs(cwd, {overrides, reportUnusedDisableDirectives: options.reportUnusedDisableDirectives, trusted: options.trusted !== false})
  const resolveFor = configs.resolve.bind(configs)

  if (options.trusted === false) {
    const code = codeConfigs(cwd, patterns, options.files ?? [], options.configPath)
    if (code.length > 0) {
      const refused = code.map((file) => 'Not running config `' + path.relative(cwd, file) + '`: it is JavaScript, which runs only in a trusted workspace')
      return {files: [], configErrors: refused, notices: []}
    }
  }

  const only = options.only
  const shard = options.shard

  if (options.cacheLocation !== undefined) {
    // A cache that is a device, a named pipe or a folder would be read forever or overwritten: refused.
    const problem = notRegularFile(path.resolve(cwd, options.cacheLocation))
    if (problem) return {files: [], configErrors: ['Cannot use cache `' + options.cacheLocation + '`: it ' + problem], notices: []}
  }
  const rcPath = options.configPath === undefined ? undefined : path.resolve(cwd, options.configPath)
  const givenConfig = rcPath ? readGivenConfig(rcPath, options.configPath!, cwd) : undefined
  if (typeof givenConfig === 'string') return {files: [], configErrors: [givenConfig], notices: []}
  // A `.mintignore` that cannot be read (a device, a named pipe) is a config error, said before any page is read.
  try {
    mintignorePatterns(cwd, patterns)
  } catch (error) {
    if (error instanceof ConfigError) return {files: [], configErrors: [error.message], notices: []}
    throw error
  }
  const cache = options.cacheLocation ? new ResultCache(path.resolve(cwd, options.cacheLocation)) : undefined
  const newCache = options.cacheLocation && !fs.existsSync(path.resolve(cwd, options.cacheLocation)) ? path.resolve(cwd, options.cacheLocation) : undefined
  // A run over whole folders with a cache may replay the discovery of the last such run.
  const replayable = cache !== undefined && !options.files && !only && !shard && !options.changes && !options.record && !options.given
  const inputs: DiscoveryInputs | undefined = replayable ? {pages: [], configFiles: [], stats: new Map()} : undefined
  const screened = screenFolders(
    cwd,
    patterns,
    pageExtensions,
    options.jobs === 'auto' ? (absolute) => !only || only.has(absolute) : undefined,
    inputs,
    options.gitignore ?? true
  )
  const skip = skipOf(cwd, screened, only, shard)
  let jobs = options.jobs ?? 0
  if (jobs === 'auto') {
    const bytes = screened.pageBytes / (shard?.count ?? 1) + (options.files ?? []).reduce((sum, file) => sum + String(file.value ?? '').length, 0)
    jobs = autoJobs(bytes)
  }
  if (inputs && rcPath) inputs.configFiles.push(rcPath)
  const settingsKey = contentHash(JSON.stringify([cwd, patterns, rcPath ?? null, overrides, options.maxFileSize ?? null, options.reportUnusedDisableDirectives ?? null, options.gitignore ?? true]))
  const signature = inputs ? discoverySignature(inputs, [settingsKey, screened.ignore, screened.unreadable, screened.outside]) : undefined
  const pool = options.pool ?? (jobs > 0 ? new PagePool(jobs, options.fileTimeoutMs ?? 30_000) : undefined)
  const deferred = pool !== undefined || cache !== undefined || options.onProgress !== undefined || options.record !== undefined || options.given !== undefined
  const progress = {done: 0, started: 0, report: options.onProgress}
  const inMemory = new WeakSet<VFile>(options.files ?? [])
  const local = {left: cache && !cache.empty ? localPages : 0}
  const pending: Array<Promise<void>> = []
  const dispatch = (config: ResolvedConfig): DispatchSettings => ({config, pool, cache, maxFileSize: options.maxFileSize, progress, inMemory, local, pending, record: options.record, given: options.given})
  // Without workers, a cache or progress, unified-engine lints each page in its pipeline.
  const docsLintPlugin = deferred ? undefined : (await import('../linter/processor.js')).docsLintPlugin
  const pagePlugin = (config: ResolvedConfig): [never, unknown] =>
    docsLintPlugin ? [docsLintPlugin as never, {config, keepTree: false}] : [dispatchPlugin as never, dispatch(config)]
  const pagePlugins = (config: ResolvedConfig): Array<[never, unknown]> => [[linearQueue as never, undefined], pagePlugin(config)]
  // Without `--config`, each page's config is found by docs-lint (a JavaScript `--config` is left to unified-engine).
  const detect = givenConfig === undefined && rcPath === undefined

  let defaultConfig: ResolvedConfig
  try {
    defaultConfig = givenConfig ? resolveFor(givenConfig.config, rcPath) : resolveFor(undefined, undefined)
  } catch (error) {
    if (error instanceof ConfigError) return {files: [], configErrors: [...configs.errors], notices: []}
    throw error
  }

  const snapshot = signature === undefined ? undefined : cache!.snapshot(settingsKey)
  let files: VFile[] | undefined
  try {
    if (snapshot && snapshot.signature === signature && extendedUnchanged(snapshot)) {
      files = await replay(snapshot, dispatch(defaultConfig), inputs!.stats)
    }
    // Only a replay reads the walk's stats; a run through unified-engine should not hold one per page.
    inputs?.stats.clear()
    // A page the caller keeps comes back from a run with its path relative to its `cwd` (unified-engine
    // makes it so): made absolute again, it is found where it is, whatever this process's directory.
    for (const file of options.files ?? []) if (file.path && !path.isAbsolute(file.path)) file.path = absolutePath(file)
    const given = [...screened.patterns.map((pattern) => literalPage(cwd, pattern)), ...(options.files ?? [])]
    // Folders with no page in them: unified-engine, given nothing, would read standard input.
    if (!files && given.length === 0) files = []
    if (!files) {
      const processed = await runUnifiedEngine({
        cwd, patterns, screened, given, skip, maxFileSize: options.maxFileSize, deferred, rcPath,
        configGiven: givenConfig !== undefined, resolve: resolveFor, pagePlugins, configError: (message) => configs.errors.add(message),
        defaultPlugins: detect
          ? [
              [linearQueue as never, undefined],
              [configRouter as never, {find: configFinder(cwd), plugin: pagePlugin, resolve: (config: UserConfig | undefined, filePath: string | undefined) => filePath === undefined ? defaultConfig : resolveFor(config, filePath)}]
            ]
          : pagePlugins(defaultConfig)
      })
      // What unified-engine held while it handed out pages is garbage now; the workers take a while yet.
      if (pending.length >= collectAfterPages) collectGarbage()
      await Promise.all(pending)
      files = processed.filter((file) => !file.data['docsLintSkipped'])
      if (signature !== undefined) cache!.setSnapshot(settingsKey, snapshotOf(signature, files, configs.extendedFiles, configs.errors.size > 0))
    }
  } finally {
    if (pool !== options.pool) await pool?.close()
  }
  return finish(files, {cwd, screened, inMemory, cache, newCache, defaultConfig, shard, configErrors: configs.errors, options})
}

/** Files that are never read, the site checks, the run's notices, the shard's part and the report's order. */
async function finish(
  found: VFile[],
  run: {
    cwd: string
    screened: Screened
    inMemory: WeakSet<VFile>
    cache: ResultCache | undefined
    /** The cache file, when this run makes it: a hint to leave it out of git. */
    newCache: string | undefined
    defaultConfig: ResolvedConfig
    shard: {index: number; count: number} | undefined
    configErrors: Set<string>
    /** What else of the run's options the site checks and notices need (changes, shard results, the site memo). */
    options: LintOptions
  }
): Promise<LintResult> {
  const {cwd, screened, inMemory, cache, defaultConfig, shard, configErrors} = run
  let files = found

  for (const relative of screened.unreadable) {
    const file = new VFileClass({path: relative, cwd})
    builtinMessage(file, 'read-error', 'Cannot read file: not a regular file', {place: {line: 1, column: 1}, fatal: true})
    files.push(file)
  }
  for (const relative of screened.outside) {
    const file = new VFileClass({path: relative, cwd})
    builtinMessage(file, 'read-error', 'Not read: the page is a symbolic link to a file outside the folder linted, expected a file inside it', {
      place: {line: 1, column: 1},
      fatal: true
    })
    files.push(file)
  }
  // Whole-site checks (docs.json, navigation, links) need every page's facts: they run once, now.
  const byPath = new Map(files.map((file) => [absolutePath(file), file]))
  // Each page's messages come sorted from its processor; only what the site checks add needs sorting.
  // A file the caller passed in may have held messages before its page's were added.
  const sortedCounts = new Map(files.filter((file) => !inMemory.has(file)).map((file) => [file, file.messages.length]))
  // A shard that records its result for `docs-lint merge` leaves the site checks to the merge, which runs them once.
  const siteFiles = run.options.record ? [] : await runSiteChecks(files, {changes: run.options.changes, cwd, defaultConfig, cache, memo: run.options.siteMemo})
  for (const file of siteFiles) {
    const absolute = absolutePath(file)
    // A page that `$ref` includes as JSON gets one entry in the report, not two.
    const page = byPath.get(absolute)
    if (page) {
      page.messages.push(...file.messages)
      continue
    }
    // Config files are named like pages: relative to the folder linted.
    file.cwd = cwd
    file.history = [path.relative(cwd, absolute)]
    files.push(file)
  }
  // What the site checks could not look at (remote files) is a notice of the run, once, not a finding.
  const notices: string[] = []
  files = files.filter((file) => {
    if (!file.messages.some((message) => message.source === NOTICE_SOURCE)) return true
    const relative = relativeTo(cwd, absolutePath(file))
    for (const message of file.messages) {
      if (message.source === NOTICE_SOURCE) notices.push(relative + ':' + (message.line ?? 1) + ':' + (message.column ?? 1) + ': ' + message.reason)
    }
    file.messages = file.messages.filter((message) => message.source !== NOTICE_SOURCE)
    return file.messages.length > 0 || byPath.has(absolutePath(file))
  })
  if (shard) {
    // Each page's problems belong to its own shard; the config files' problems to shard 1 alone.
    files = files.filter((file) => inShard(file, cwd, shard))
  }
  for (const file of files) {
    const relabelled = relabelEngineMessages(file, cwd, configErrors)
    if (file.messages.length > 1 && (relabelled || sortedCounts.get(file) !== file.messages.length)) file.messages.sort(compareMessage)
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  notices.push(...screened.outsideFolders.map(
    (relative) => 'not walked: `' + relative + '` is a symbolic link to a folder outside the folder linted'
  ))
  if (cache) {
    cache.save()
    notices.push(...cache.notices)
    if (run.newCache && fs.existsSync(run.newCache) && !gitIgnores(run.newCache)) notices.push('made the cache `' + relativeTo(cwd, run.newCache) + '`: add it to `.gitignore`, it belongs to this machine')
  }
  if (run.options.given) notices.push(...run.options.given.notices())
  // A style docs-lint cannot run in full says so once: its missing styles and the rules it does not check.
  notices.push(...styleNotices(cwd))
  // So does a rule that left pages alone because of their language.
  // The rules' languages are read from their definitions, loaded only when a page is in a language some rule may not read.
  if (files.some((file) => typeof file.data['language'] === 'string' && file.data['language'] !== 'en') || defaultConfig.language !== 'en') {
    const {languageNotices} = await import('./language-notices.js')
    notices.push(...languageNotices(files, defaultConfig))
  }
  return {files, configErrors: [...configErrors], notices, roots: screened.roots}
}
