import fs from 'node:fs'
import path from 'node:path'
import {pathToFileURL} from 'node:url'
import {VFile as VFileClass, type VFile} from 'vfile'
import {compareMessage} from 'vfile-sort'
import {BoundedReadError, maxConfigBytes, readBounded} from './bounded-read.js'
import {ConfigError, loadConfigFile, resolveConfig, type ResolvedConfig, type RuleSetting, type UserConfig} from './config.js'
import type {Root} from 'mdast'
import {MESSAGES_URL, NOTICE_SOURCE} from './rule-info.js'
import {ResultCache, contentHash, pageStat, stampOf, type FileStamp, type PageStat} from './cache.js'
import {defaultMaxFileSize} from './limits.js'
import {PagePool, PageTimeoutError, availableCores} from './pool.js'
import type {PageTask, TaskOutcome} from './worker.js'
import {applyPageResult, deserializeConfig, serializeConfig, type PageResult, type SerializedConfig} from './remote.js'
import {runSiteChecks} from './site/run.js'
import {withReadQueue} from './read-queue.js'
import type {ChangeSet} from './git.js'
import {collectGarbage, tookInPage} from './memory.js'
import {discoveryFileName, discoveryFilesAbove, discoverySignature, extendedUnchanged, hashExtended, type DiscoveryInputs, type Snapshot} from './snapshot.js'

export interface LintOptions {
  /** Files, folders or globs; default `.`. */
  patterns?: string[]
  /** In-memory pages (an editor's unsaved text): linted as if they were on disk at their path. */
  files?: VFile[]
  cwd?: string
  /** Use this config file for every page instead of searching for `.docs-lintrc*`. */
  configPath?: string | undefined
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

interface DispatchSettings {
  config: ResolvedConfig
  pool: PagePool | undefined
  cache: ResultCache | undefined
  maxFileSize: number | undefined
  progress: {done: number; started: number; report: ((done: number, started: number) => void) | undefined}
  /** Files the caller passed in memory: their text stays theirs. */
  inMemory: WeakSet<VFile>
  /** Pages the cache could not answer that this thread lints before the workers start (see below). */
  local: {left: number}
  /** Pages being linted; the run waits for them after unified-engine is done. */
  pending: Array<Promise<void>>
}

/**
 * A run served from the cache with a page or two changed should not pay for starting workers (each
 * loads docs-lint again, about half a second): the first few pages the cache cannot answer are linted
 * in this thread. Only small pages, which parse in milliseconds, since a page here cannot be stopped
 * by `--file-timeout`; the rest go to the workers. Not when the cache is empty, where every page is
 * new: the workers start anyway, and this thread would load the parsers for four pages (some 40 MB).
 */
const localPages = 4
const localPageSize = 16 * 1024

/**
 * Each worker loads docs-lint again (about 0.7 s of CPU) and warms up its own JIT: below about 1 MB of
 * page text (some 2.5 s of single-thread linting) that costs more than a second core gives back, so
 * `jobs: 'auto'` lints such a site in this thread. On the corpora here, jobs 0 against 2: 68 to 149
 * pages (0.3 to 0.9 MB) took 2.7 to 3.8 s against 3.5 to 4.7 s; 405 pages (1.45 MB), 6.7 to 7.6 s
 * against 7.3 to 7.6 s.
 */
export const workerThresholdBytes = 1024 * 1024

/** Pages handed to workers from which a full collection after unified-engine is worth its 40 ms. */
const collectAfterPages = 1000

/** The worker count `jobs: 'auto'` picks for this much page text. */
export function autoJobs(pageBytes: number): number {
  return pageBytes >= workerThresholdBytes ? availableCores() : 0
}

/**
 * Lint a page where it is cheapest: from the cache when its text and config are unchanged, else in a
 * worker thread (or this one). The engine's step returns at once and the run waits for the page at the
 * end (`settings.pending`): a page waiting for a worker would otherwise hold its pipeline in
 * unified-engine (a processor, closures, the read text), some 10 KB a page, 100 MB on 10,000 pages.
 */
function dispatchPlugin(settings: DispatchSettings) {
  const progress = settings.progress
  return function (tree: Root, file: VFile): Root {
    if (file.data['docsLintSkipped']) return tree
    progress.started++
    const inMemory = settings.inMemory.has(file)
    const pending = startPage(settings, settings.config, file, String(file.value ?? ''), inMemory)
    // The engine keeps every file to the end: on a large site the pages' text would be most of the memory.
    if (!inMemory) file.value = ''
    if (pending) settings.pending.push(pending.then(() => progress.report?.(++progress.done, progress.started)))
    else progress.report?.(++progress.done, progress.started)
    return tree
  }
}

/**
 * Start linting a page: from the cache when its text and config are unchanged, else in a worker (or
 * this thread). Its messages and facts are on `file` when the promise returned settles, or at once
 * when none is returned. A page that cannot be linted gets one fatal message instead; the promise
 * never rejects. `missed`: the hash of `value`, which the cache was already asked for and lacks.
 */
function startPage(settings: DispatchSettings, resolved: ResolvedConfig, file: VFile, value: string, inMemory: boolean, missed?: string): Promise<void> | undefined {
  const config = serializeConfig(resolved)
  const maxFileSize = settings.maxFileSize ?? defaultMaxFileSize
  const key = settings.cache?.keyOf(path.resolve(file.cwd, file.path))
  const hash = missed ?? (settings.cache ? contentHash(value) : '')
  const cached = key === undefined || missed !== undefined ? undefined : settings.cache!.get(key, hash, config.key)
  if (cached) {
    applyResult(file, cached, resolved, inMemory ? value : undefined)
    return undefined
  }
  // Too large to be worth a copy to a worker: this thread reports it without parsing it.
  let local = !settings.pool || (value.length > maxFileSize / 3 && Buffer.byteLength(value) > maxFileSize)
  if (!local && settings.cache && settings.local.left > 0 && value.length < localPageSize) {
    settings.local.left--
    local = true
  }
  const task = {path: file.path, cwd: file.cwd, config, maxFileSize: settings.maxFileSize}
  // No closure here holds `value`: a page from disk waits for its worker without its text.
  const inMemoryValue = inMemory ? value : undefined
  const done = (result: PageResult, linted: string, stamp?: FileStamp): void => {
    if (key !== undefined) settings.cache!.set(key, linted, config.key, result, stamp)
    applyResult(file, result, resolved, inMemoryValue)
  }
  if (local) {
    return lintInThisThread({id: 0, ...task, value}).then(
      (outcome) => done(outcome.result, hash),
      (error: unknown) => failed(file, error)
    )
  }
  // A page from disk goes as its path and the worker reads it again (from the system's file cache):
  // this thread holds no page text while pages wait for a worker (some 60 MB on 10,000 pages).
  // Nothing after linting reads the text of a page from disk (`--fix` reads the file again).
  return settings.pool!.run({...task, value: inMemoryValue, size: value.length, hashContent: settings.cache !== undefined}).then(
    // The text the worker linted, which is the one to cache even if the page changed in between.
    (outcome) => {
      done(outcome.result, outcome.hash ?? hash, outcome.stamp)
      tookInPage()
    },
    (error: unknown) => failed(file, error)
  )
}

/**
 * The rules load on the first page linted in this thread: a run served from the cache loads none.
 * A function of its own, so that no closure in `startPage` holds the page's text (see there).
 */
function lintInThisThread(task: PageTask): Promise<TaskOutcome> {
  return import('./worker.js').then(({lintTask}) => lintTask(task))
}

function applyResult(file: VFile, result: PageResult, config: ResolvedConfig, inMemoryValue: string | undefined): void {
  applyPageResult(file, result, config)
  if (inMemoryValue !== undefined && result.data['bom']) file.value = inMemoryValue.slice(1)
}

/** A page that could not be linted (a worker error, a timeout) becomes one fatal message on it. */
function failed(file: VFile, error: unknown): void {
  const timeout = error instanceof PageTimeoutError
  const message = file.message(timeout ? error.message : 'Cannot lint page: ' + String((error as Error).message).split('\n')[0], {
    ruleId: timeout ? 'file-timeout' : 'rule-error',
    source: 'docs-lint'
  })
  message.fatal = true
  message.url = MESSAGES_URL + '#' + (timeout ? 'file-timeout' : 'rule-error')
}

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

/** The shard (1-based) a page belongs to: FNV-1a of its `/`-separated path, so every runner agrees. */
export function shardOf(relativePath: string, count: number): number {
  let hash = 0x811c9dc5
  const key = relativePath.split(path.sep).join('/')
  for (let index = 0; index < key.length; index++) {
    hash ^= key.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return (hash % count) + 1
}

const pageExtensions = ['md', 'mdx'] as const

/** What the platform never publishes, so docs-lint never lints it either. */
const platformIgnores = [
  '.git/', '.github/', '.claude/', '.agents/', '.idea/', 'node_modules/',
  'README.md', 'LICENSE.md', 'CHANGELOG.md', 'CONTRIBUTING.md'
]

/**
 * Instructions for AI assistants, not pages for readers. The platform would serve them at their path
 * unless `.mintignore` lists them, but their headings and prose follow no page convention, so no rule
 * (orphan-pages neither) reads them. Only `.md`: an `agents.mdx` is a page about agents.
 */
const assistantInstructions = [
  '.cursor/', '.windsurf/', '.clinerules/', 'CLAUDE.md', 'CLAUDE.local.md', 'AGENTS.md', 'AGENT.md', 'GEMINI.md', 'SKILL.md', 'skill.md'
]

/**
 * How unified-engine finds the pages to lint and their config and ignore files. `lint` and
 * `bench/engine-floor.mjs` (unified-engine alone, the floor of a cached run) share it.
 */
export function discoveryOptions(cwd: string, patterns: readonly string[], ignore: readonly string[] = []) {
  return {
    cwd,
    extensions: [...pageExtensions],
    rcName: '.docs-lintrc',
    packageField: 'docs-lint',
    detectConfig: true,
    ignoreName: '.docs-lintignore',
    detectIgnore: true,
    ignorePatterns: [...platformIgnores, ...assistantInstructions, ...mintignorePatterns(cwd, patterns), ...ignore],
    silentlyIgnore: true
  }
}

/** Translate `.mintignore` patterns (gitignore syntax, relative to their folder) into cwd-relative ones. */
export function mintignorePatterns(cwd: string, patterns: readonly string[]): string[] {
  const folders = new Set<string>([cwd])
  for (const pattern of patterns) {
    let folder = path.resolve(cwd, pattern.replace(/[*{[].*$/, ''))
    if (fs.existsSync(folder) && !fs.statSync(folder).isDirectory()) folder = path.dirname(folder)
    // The ignore file may sit in the folder given or any folder above it.
    for (let current = folder; ; current = path.dirname(current)) {
      folders.add(current)
      if (path.dirname(current) === current) break
    }
  }
  const result: string[] = []
  for (const folder of folders) {
    const ignoreFile = path.join(folder, '.mintignore')
    let text: string
    try {
      text = fs.readFileSync(ignoreFile, 'utf8')
    } catch {
      continue
    }
    const prefix = path.relative(cwd, folder).split(path.sep).join('/')
    for (const raw of text.split(/\r?\n/)) {
      const line = raw.trim()
      if (!line || line.startsWith('#')) continue
      const negated = line.startsWith('!')
      let pattern = negated ? line.slice(1) : line
      // gitignore: a pattern with no inner slash matches at any depth below its folder.
      if (prefix.startsWith('..')) continue
      const anchored = pattern.startsWith('/') || pattern.replace(/\/$/, '').includes('/')
      pattern = pattern.replace(/^\//, '')
      pattern = anchored ? '/' + (prefix ? prefix + '/' : '') + pattern : (prefix ? '/' + prefix + '/**/' : '') + pattern
      result.push((negated ? '!' : '') + pattern)
    }
  }
  return result
}

export interface Screened {
  /** Ignore patterns (cwd-relative) for links that loop back to a folder above them, and for unreadable files. */
  ignore: string[]
  /** Pages (cwd-relative) that are not regular files: named pipes, sockets, devices. */
  unreadable: string[]
  /** Pages (cwd-relative) that are symbolic links to a file outside the folder linted: never read. */
  outside: string[]
  /** Symbolic links (cwd-relative) to a folder outside the folder linted: never walked. */
  outsideFolders: string[]
  /** Total size in bytes of the regular page files found (ignore files not applied). */
  pageBytes: number
  /**
   * What unified-engine is given: each pattern that names a folder becomes the pages found under it
   * (cwd-relative), so unified-engine walks no folder itself and follows no link out of it or into a loop.
   */
  patterns: string[]
  /** The real paths of the folders linted: a page, or a file `--fix` writes, lies inside one of them. */
  roots: string[]
}

/** Folders docs-lint never lints, so never walks. */
const unwalkedFolders: ReadonlySet<string> = new Set(['.git', 'node_modules'])

/** Whether the real path `real` is `root` or lies inside it. */
export function isInside(real: string, root: string): boolean {
  return real === root || real.startsWith(root.endsWith(path.sep) ? root : root + path.sep)
}

/**
 * unified-engine follows every symbolic link and reads every page it finds. A link to a folder
 * above it is a loop (a copy of every page per level, up to the system's 40 nested links; two such
 * links make 2^40 paths), a link may lead out of the site (to `/etc/passwd`), and reading a named
 * pipe waits forever. So docs-lint walks the folders the patterns name itself: a link is followed
 * only to a real path inside the folder linted and never into a folder above it, a page that is not
 * a regular file is reported, never read, and unified-engine gets the list of pages found.
 */
export function screenFolders(
  cwd: string,
  patterns: readonly string[],
  extensions: readonly string[],
  /** Which pages count towards `pageBytes` (absolute paths); none when absent, which saves a stat per page. */
  measure?: (absolute: string) => boolean,
  /** Receives the pages and the config and ignore files found, for a cached run's replay. */
  inputs?: DiscoveryInputs
): Screened {
  const screened: Screened = {ignore: [], unreadable: [], outside: [], outsideFolders: [], pageBytes: 0, patterns: [], roots: []}
  const isPage = (name: string) => extensions.includes(path.extname(name).slice(1))
  const count = (absolute: string, stats?: fs.Stats) => {
    if (!measure?.(absolute)) return
    try {
      const found = stats ?? fs.statSync(absolute)
      screened.pageBytes += found.size
      inputs?.stats.set(absolute, pageStat(found))
    } catch {
      // Gone or unreadable since the folder was read: unified-engine reports it.
    }
  }
  const leaveOut = (absolute: string, list?: string[]) => {
    const relative = path.relative(cwd, absolute)
    list?.push(relative)
    // unified-engine applies ignore patterns only inside cwd (they matter for globs, which it expands).
    if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return
    const posix = relative.split(path.sep).join('/')
    screened.ignore.push('/' + posix.replace(/[\\*?[\]!#]/g, '\\$&').replace(/ $/, '\\ '))
  }
  // `ancestors`: the real paths of the folder being walked and of every folder above it; `found`: the pages.
  const walk = (start: string, startAncestors: readonly string[], root: string, found: string[]) => {
    // Iterative: a site nested thousands of folders deep cannot overflow the stack.
    const folders: Array<{folder: string; ancestors: readonly string[]}> = [{folder: start, ancestors: startAncestors}]
    while (folders.length > 0) {
      const {folder, ancestors} = folders.pop()!
      let entries: fs.Dirent[]
      try {
        entries = fs.readdirSync(folder, {withFileTypes: true})
      } catch {
        continue
      }
      const below: typeof folders = []
      for (const entry of entries) {
        const full = path.join(folder, entry.name)
        if (inputs && discoveryFileName.test(entry.name)) inputs.configFiles.push(full)
        if (entry.isDirectory()) {
          if (!unwalkedFolders.has(entry.name)) below.push({folder: full, ancestors: [...ancestors, path.join(ancestors.at(-1)!, entry.name)]})
        } else if (entry.isSymbolicLink()) {
          const target = statReal(full)
          if (!target) {
            // A dangling link: unified-engine reports it when it is a page.
            if (isPage(entry.name)) {
              inputs?.pages.push(full + ' (dangling)')
              found.push(full)
            }
            continue
          }
          const {stats, real} = target
          if (stats.isDirectory()) {
            if (unwalkedFolders.has(entry.name)) continue
            if (ancestors.includes(real)) leaveOut(full)
            else if (!isInside(real, root)) leaveOut(full, screened.outsideFolders)
            else below.push({folder: full, ancestors: [...ancestors, real]})
          } else if (isPage(entry.name)) {
            inputs?.pages.push(full + (stats.isFile() ? '' : ' (not a file)') + (isInside(real, root) ? '' : ' (outside)'))
            if (!isInside(real, root)) leaveOut(full, screened.outside)
            else if (!stats.isFile()) leaveOut(full, screened.unreadable)
            else {
              count(full, stats)
              found.push(full)
            }
          }
        } else if (isPage(entry.name)) {
          inputs?.pages.push(full + (entry.isFile() ? '' : ' (not a file)'))
          if (entry.isFile()) {
            count(full)
            found.push(full)
          } else leaveOut(full, screened.unreadable)
        }
      }
      // Walked in the order of the listing, as before: the stack takes them last first.
      folders.push(...below.reverse())
    }
  }
  for (const pattern of patterns) {
    // A glob is walked from the folder before its first wildcard.
    const magic = pattern.search(/[*?{[]/)
    const before = pattern.slice(0, Math.max(0, magic))
    const folder = before.slice(0, Math.max(before.lastIndexOf('/'), before.lastIndexOf(path.sep)) + 1)
    const base = path.resolve(cwd, magic === -1 ? pattern : folder || '.')
    if (inputs) discoveryFilesAbove(path.dirname(base), inputs.configFiles)
    const target = statReal(base)
    if (!target) {
      inputs?.pages.push(base + ' (missing)')
      screened.patterns.push(pattern)
      continue
    }
    const {stats, real} = target
    if (stats.isDirectory()) {
      screened.roots.push(real)
      const found: string[] = []
      walk(base, ancestorsOf(real), real, found)
      if (magic === -1) screened.patterns.push(...found.map((page) => path.relative(cwd, page)))
      else screened.patterns.push(pattern)
      continue
    }
    // A page named on the command line: its folder is the one linted, and the page must lie inside it.
    const root = realOrSelf(path.dirname(base))
    screened.roots.push(root)
    if (!isInside(real, root)) leaveOut(base, screened.outside)
    else if (!stats.isFile()) leaveOut(base, isPage(base) || magic === -1 ? screened.unreadable : undefined)
    else if (magic === -1) {
      inputs?.pages.push(base)
      count(base, stats)
      screened.patterns.push(pattern)
    } else screened.patterns.push(pattern)
  }
  return screened
}

function realOrSelf(file: string): string {
  try {
    return fs.realpathSync(file)
  } catch {
    return file
  }
}

/** Why `file` cannot serve as a file docs-lint reads and writes (`is a named pipe`); undefined when it can or does not exist. */
function notRegularFile(file: string): string | undefined {
  let stats: fs.Stats
  try {
    stats = fs.statSync(file)
  } catch {
    return undefined
  }
  if (stats.isFile()) return undefined
  return 'is not a regular file (' + (stats.isDirectory() ? 'a folder' : stats.isFIFO() ? 'a named pipe' : stats.isCharacterDevice() || stats.isBlockDevice() ? 'a device' : 'not a file') + ')'
}

/** What a path leads to and its real path, or undefined when it leads nowhere (dangling, unreadable). */
function statReal(file: string): {stats: fs.Stats; real: string} | undefined {
  try {
    return {stats: fs.statSync(file), real: fs.realpathSync(file)}
  } catch {
    return undefined
  }
}

/** Every folder above `folder`, then the folder itself. */
function ancestorsOf(folder: string): string[] {
  const folders = [folder]
  for (let current = folder; path.dirname(current) !== current; current = path.dirname(current)) folders.unshift(path.dirname(current))
  return folders
}

/** Config file names in the order unified-engine looks for them in a folder: the first found applies. */
const configNames = ['.docs-lintrc', '.docs-lintrc.json', '.docs-lintrc.cjs', '.docs-lintrc.mjs', '.docs-lintrc.js', '.docs-lintrc.yaml', '.docs-lintrc.yml']
const codeConfig = /\.(?:c|m)?js$/

/** The configs written in JavaScript that linting these paths would run: `--config`, or the nearest config of each. */
function codeConfigs(cwd: string, patterns: readonly string[], files: readonly VFile[], configPath: string | undefined): string[] {
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
  const nearest = nearestConfigFinder()
  for (const folder of folders) {
    const file = nearest(folder)
    if (file && codeConfig.test(file)) found.add(file)
  }
  return [...found]
}

/**
 * The config file that applies to pages in a folder: in the folder or the nearest above it, the first of
 * `configNames` that exists, else a `package.json` with a `docs-lint` field. Remembers each folder.
 */
function nearestConfigFinder(): (folder: string) => string | undefined {
  const known = new Map<string, string | undefined>()
  const nearest = (folder: string): string | undefined => {
    if (known.has(folder)) return known.get(folder)
    const name = configNames.find((candidate) => fs.existsSync(path.join(folder, candidate)))
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
function configFinder(cwd: string): (page: string) => {config: UserConfig | undefined; filePath: string | undefined} | Promise<{config: UserConfig | undefined; filePath: string | undefined}> {
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

/** A config written in JavaScript: its default export. */
async function importConfig(filePath: string, cwd: string): Promise<UserConfig | undefined> {
  const name = path.relative(cwd, filePath) || filePath
  try {
    readBounded(filePath, maxConfigBytes)
  } catch (error) {
    throw new ConfigError('Cannot read config `' + name + '`: ' + (error instanceof BoundedReadError ? 'it ' + error.message : (error as NodeJS.ErrnoException).code ?? (error as Error).message))
  }
  try {
    const module = (await import(pathToFileURL(filePath).href)) as {default?: UserConfig}
    if (!('default' in module)) throw new Error('expected the config as the default export')
    return module.default
  } catch (error) {
    throw new ConfigError('Cannot load config `' + name + '`: ' + (error as Error).message.split('\n')[0])
  }
}

/** Runs the page plugin of the config that applies to each page (see `configFinder`). */
function configRouter(
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
    const found = settings.find(path.resolve(file.cwd, file.path))
    return found instanceof Promise ? found.then(run) : run(found)
  }
}

function hasPackageConfig(file: string): boolean {
  try {
    return Object.hasOwn(JSON.parse(fs.readFileSync(file, 'utf8')) as object, 'docs-lint')
  } catch {
    return false
  }
}

/** Lint pages with unified-engine: file discovery, ignore files, config cascade and per-file fault containment. */
export async function lint(options: LintOptions = {}): Promise<LintResult> {
  const cwd = path.resolve(options.cwd ?? process.cwd())
  const patterns = options.patterns && options.patterns.length > 0 ? options.patterns : options.files ? [] : ['.']
  const configErrors = new Set<string>()
  const overrides = options.overrides ?? {}
  const resolvedByFile = new Map<string, ResolvedConfig>()
  // The files that configs `extends`: a replay of this run checks them too.
  const extendedFiles = new Set<string>()

  if (options.trusted === false) {
    const code = codeConfigs(cwd, patterns, options.files ?? [], options.configPath)
    if (code.length > 0) {
      const refused = code.map((file) => 'Not running config `' + path.relative(cwd, file) + '`: it is JavaScript, which runs only in a trusted workspace')
      return {files: [], configErrors: refused, notices: []}
    }
  }

  function resolveFor(user: UserConfig | undefined, filePath: string | undefined): ResolvedConfig {
    const key = filePath ?? '(default)'
    let resolved = resolvedByFile.get(key)
    if (!resolved) {
      try {
        resolved = resolveConfig(user, {
          filePath,
          overrides,
          cwd,
          extendedFiles,
          reportUnusedDisableDirectives: options.reportUnusedDisableDirectives,
          trusted: options.trusted !== false
        })
      } catch (error) {
        if (error instanceof ConfigError) configErrors.add(error.message)
        throw error
      }
      resolvedByFile.set(key, resolved)
    }
    return resolved
  }

  const only = options.only
  const shard = options.shard

  if (options.cacheLocation !== undefined) {
    // A cache that is a device, a named pipe or a folder would be read forever or overwritten: refused.
    const problem = notRegularFile(path.resolve(cwd, options.cacheLocation))
    if (problem) return {files: [], configErrors: ['Cannot use cache `' + options.cacheLocation + '`: it ' + problem], notices: []}
  }
  const rcPath = options.configPath === undefined ? undefined : path.resolve(cwd, options.configPath)
  // The config given (`--config`, the editor's setting) is read here, bounded, so that a broken one is
  // one config error and exit code 2; a JavaScript module is left to unified-engine to import.
  let givenConfig: {config: UserConfig | undefined} | undefined
  if (rcPath) {
    try {
      if (/\.m?js$/.test(rcPath)) readBounded(rcPath, maxConfigBytes)
      else givenConfig = {config: loadConfigFile(rcPath, cwd)}
    } catch (error) {
      const reason =
        error instanceof ConfigError ? error.message
        : error instanceof BoundedReadError ? 'Cannot read config `' + options.configPath + '`: it ' + error.message
        : 'Cannot read config `' + options.configPath + '`: ' + ((error as NodeJS.ErrnoException).code ?? (error as Error).message)
      return {files: [], configErrors: [reason], notices: []}
    }
  }
  const cache = options.cacheLocation ? new ResultCache(path.resolve(cwd, options.cacheLocation)) : undefined
  // A run over whole folders with a cache may replay the discovery of the last such run.
  const replayable = cache !== undefined && !options.files && !only && !shard && !options.changes
  const inputs: DiscoveryInputs | undefined = replayable ? {pages: [], configFiles: [], stats: new Map()} : undefined
  const screened = screenFolders(
    cwd,
    patterns,
    pageExtensions,
    options.jobs === 'auto' ? (absolute) => !only || only.has(absolute) : undefined,
    inputs
  )
  // A glob unified-engine expands may still name a page that links out of the site: it is never linted.
  const outside = new Set(screened.outside.map((relative) => path.resolve(cwd, relative)))
  const skip = only || shard || outside.size > 0
    ? (file: VFile) => {
        const absolute = path.resolve(file.cwd, file.path)
        if (outside.has(absolute)) return true
        if (only && !only.has(absolute)) return true
        return shard !== undefined && shardOf(path.relative(cwd, absolute), shard.count) !== shard.index
      }
    : undefined
  let jobs = options.jobs ?? 0
  if (jobs === 'auto') {
    const bytes = screened.pageBytes / (shard?.count ?? 1) + (options.files ?? []).reduce((sum, file) => sum + String(file.value ?? '').length, 0)
    jobs = autoJobs(bytes)
  }
  if (inputs && rcPath) inputs.configFiles.push(rcPath)
  const settingsKey = contentHash(JSON.stringify([cwd, patterns, rcPath ?? null, overrides, options.maxFileSize ?? null, options.reportUnusedDisableDirectives ?? null]))
  const signature = inputs ? discoverySignature(inputs, [settingsKey, screened.ignore, screened.unreadable, screened.outside]) : undefined
  const pool = options.pool ?? (jobs > 0 ? new PagePool(jobs, options.fileTimeoutMs ?? 30_000) : undefined)
  const deferred = pool !== undefined || cache !== undefined || options.onProgress !== undefined
  const progress = {done: 0, started: 0, report: options.onProgress}
  const inMemory = new WeakSet<VFile>(options.files ?? [])
  const local = {left: cache && !cache.empty ? localPages : 0}
  const pending: Array<Promise<void>> = []
  const dispatch = (config: ResolvedConfig): DispatchSettings => ({config, pool, cache, maxFileSize: options.maxFileSize, progress, inMemory, local, pending})
  // Without workers, a cache or progress, unified-engine lints each page in its pipeline.
  const docsLintPlugin = deferred ? undefined : (await import('./processor.js')).docsLintPlugin
  const pagePlugin = (config: ResolvedConfig): [never, unknown] =>
    docsLintPlugin ? [docsLintPlugin as never, {config, keepTree: false}] : [dispatchPlugin as never, dispatch(config)]
  const pagePlugins = (config: ResolvedConfig): Array<[never, unknown]> => [[linearQueue as never, undefined], pagePlugin(config)]
  // Without `--config`, each page's config is found by docs-lint (a JavaScript `--config` is left to unified-engine).
  const detect = givenConfig === undefined && rcPath === undefined

  let defaultConfig: ResolvedConfig
  try {
    defaultConfig = givenConfig ? resolveFor(givenConfig.config, rcPath) : resolveFor(undefined, undefined)
  } catch (error) {
    if (error instanceof ConfigError) return {files: [], configErrors: [...configErrors], notices: []}
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
    const given = [...screened.patterns, ...(options.files ?? [])]
    // Folders with no page in them: unified-engine, given nothing, would read standard input.
    if (!files && given.length === 0) files = []
    if (!files) {
      // Loaded only here: a replayed run never pays for them (0.2 s).
      const {engine} = await import('unified-engine')
      const {unified} = await import('unified')
      const {docsLintParse} = await import('./parse.js')
      const processed = await withReadQueue(() => new Promise<VFile[]>((resolve, reject) => {
        engine(
          {
            processor: () => unified().use(docsLintParse, {skip, maxFileSize: options.maxFileSize, deferred}),
            ...discoveryOptions(cwd, patterns, screened.ignore),
            files: given,
            // A config read above applies to every page as the default, and none is searched for.
            rcPath: givenConfig ? undefined : rcPath,
            detectConfig: false,
            configTransform(value, filePath) {
              return {plugins: pagePlugins(resolveFor(value as UserConfig, filePath))}
            },
            defaultConfig: {
              plugins: detect
                ? [
                    [linearQueue as never, undefined],
                    [configRouter as never, {find: configFinder(cwd), plugin: pagePlugin, resolve: (config: UserConfig | undefined, filePath: string | undefined) => filePath === undefined ? defaultConfig : resolveFor(config, filePath)}]
                  ]
                : pagePlugins(defaultConfig)
            },
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
      }))
      // What unified-engine held while it handed out pages is garbage now; the workers take a while yet.
      if (pending.length >= collectAfterPages) collectGarbage()
      await Promise.all(pending)
      files = processed.filter((file) => !file.data['docsLintSkipped'])
      if (signature !== undefined) cache!.setSnapshot(settingsKey, snapshotOf(signature, files, extendedFiles, configErrors.size > 0))
    }
  } finally {
    if (pool !== options.pool) await pool?.close()
  }

  for (const relative of screened.unreadable) {
    const file = new VFileClass({path: relative, cwd})
    const message = file.message('Cannot read file: not a regular file', {place: {line: 1, column: 1}, ruleId: 'read-error', source: 'docs-lint'})
    message.fatal = true
    message.url = MESSAGES_URL + '#read-error'
    files.push(file)
  }
  for (const relative of screened.outside) {
    const file = new VFileClass({path: relative, cwd})
    const message = file.message('Not read: the page is a symbolic link to a file outside the folder linted, expected a file inside it', {
      place: {line: 1, column: 1},
      ruleId: 'read-error',
      source: 'docs-lint'
    })
    message.fatal = true
    message.url = MESSAGES_URL + '#read-error'
    files.push(file)
  }
  // Whole-site checks (docs.json, navigation, links) need every page's facts: they run once, now.
  const byPath = new Map(files.map((file) => [path.resolve(file.cwd, file.path), file]))
  // Each page's messages come sorted from its processor; only what the site checks add needs sorting.
  // A file the caller passed in may have held messages before its page's were added.
  const sortedCounts = new Map(files.filter((file) => !inMemory.has(file)).map((file) => [file, file.messages.length]))
  for (const file of await runSiteChecks(files, {changes: options.changes, cwd, defaultConfig, cache})) {
    const absolute = path.resolve(file.cwd, file.path)
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
    const relative = path.relative(cwd, path.resolve(file.cwd, file.path)).split(path.sep).join('/')
    for (const message of file.messages) {
      if (message.source === NOTICE_SOURCE) notices.push(relative + ':' + (message.line ?? 1) + ':' + (message.column ?? 1) + ': ' + message.reason)
    }
    file.messages = file.messages.filter((message) => message.source !== NOTICE_SOURCE)
    return file.messages.length > 0 || byPath.has(path.resolve(file.cwd, file.path))
  })
  if (shard) {
    // Each page's problems belong to its own shard; the config files' problems to shard 1 alone.
    files = files.filter((file) => {
      const relative = path.relative(cwd, path.resolve(file.cwd, file.path))
      return /\.(md|mdx|markdown)$/i.test(file.path) ? shardOf(relative, shard.count) === shard.index : shard.index === 1
    })
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
  }
  return {files, configErrors: [...configErrors], notices, roots: screened.roots}
}

/**
 * What a run through unified-engine found, for the next run to replay: only when every page was
 * linted with a known config and unified-engine had nothing to say of any file (a missing or
 * unreadable file, a config that failed to load), and no config is JavaScript.
 */
function snapshotOf(signature: string, files: readonly VFile[], extendedFiles: Set<string>, configFailed: boolean): Snapshot | undefined {
  const extended = hashExtended(extendedFiles)
  if (configFailed || !extended) return undefined
  const configs: SerializedConfig[] = []
  const configIndex = new Map<string, number>()
  const entries: Snapshot['files'] = []
  for (const file of files) {
    const config = file.data['docsLintConfig'] as ResolvedConfig | undefined
    if (!config || file.messages.some((message) => message.source !== 'docs-lint')) return undefined
    const serialized = serializeConfig(config)
    let index = configIndex.get(serialized.key)
    if (index === undefined) {
      index = configs.push(serialized) - 1
      configIndex.set(serialized.key, index)
    }
    entries.push([file.history[0] ?? file.path, file.cwd, index])
  }
  return {signature, extended, configs, files: entries}
}

/**
 * Lint the pages of a snapshot, in its order, as unified-engine would: each from the cache when it is
 * unchanged, else in a worker or this thread. Undefined when a page cannot be read any more, for
 * unified-engine to report.
 */
async function replay(snapshot: Snapshot, settings: DispatchSettings, walked: ReadonlyMap<string, PageStat>): Promise<VFile[] | undefined> {
  const cache = settings.cache!
  const configs = snapshot.configs.map((config) => deserializeConfig(config))
  const files: VFile[] = []
  // Pages the cache cannot answer, with their text: linted once every page is known to be readable.
  const misses: Array<{file: VFile; value: string; hash: string; config: ResolvedConfig}> = []
  for (const [filePath, fileCwd, configIndex] of snapshot.files) {
    const file = new VFileClass({path: filePath, cwd: fileCwd})
    const config = configs[configIndex]!
    const absolute = path.resolve(fileCwd, filePath)
    const key = cache.keyOf(absolute)
    const configKey = serializeConfig(config).key
    let value: string
    let stats: PageStat
    let readAt: number
    try {
      stats = walked.get(absolute) ?? fs.statSync(absolute)
      // A page whose stat is the one recorded when it was hashed need not be read (see `FileStamp`).
      const stamped = cache.getByStamp(key, stats, configKey)
      if (stamped) {
        applyPageResult(file, stamped, config)
        files.push(file)
        continue
      }
      readAt = Date.now()
      value = fs.readFileSync(absolute, 'utf8')
    } catch {
      return undefined
    }
    const hash = contentHash(value)
    const result = cache.get(key, hash, configKey)
    if (result) {
      cache.restamp(key, stampOf(stats, readAt))
      applyPageResult(file, result, config)
    } else {
      misses.push({file, value, hash, config})
    }
    files.push(file)
  }
  // Many changed pages (a branch switched): all go to the workers.
  if (misses.length > localPages) settings.local.left = 0
  const progress = settings.progress
  progress.started = progress.done = files.length - misses.length
  progress.report?.(progress.done, progress.started)
  const pending: Array<Promise<void>> = []
  for (const miss of misses) {
    progress.started++
    const page = startPage(settings, miss.config, miss.file, miss.value, false, miss.hash)
    miss.value = ''
    if (page) pending.push(page.then(() => progress.report?.(++progress.done, progress.started)))
    else progress.report?.(++progress.done, progress.started)
  }
  await Promise.all(pending)
  return files
}

/**
 * Messages unified-engine adds itself (a missing file, an unreadable one) get docs-lint ids; a config
 * file that fails to load goes to `configErrors` instead. True when there were any.
 */
function relabelEngineMessages(file: VFile, cwd: string, configErrors: Set<string>): boolean {
  let relabelled = false
  for (const message of file.messages) {
    if (message.source === 'docs-lint') continue
    relabelled = true
    const configProblem = configLoadError(message.cause, cwd)
    if (configProblem) {
      configErrors.add(configProblem)
      continue
    }
    if (/No such file or folder/.test(message.reason)) {
      message.reason = 'No such file or folder: nothing matched `' + (file.history[0] ?? file.path) + '`'
    } else if (message.fatal && message.cause) {
      const cause = message.cause as NodeJS.ErrnoException
      if (cause.code === 'EACCES' || cause.code === 'EPERM') message.reason = 'Cannot read file: permission denied'
      else if (cause.code === 'EISDIR') message.reason = 'Cannot read file: it is a folder'
      else if (cause.code === 'ELOOP') message.reason = 'Cannot read file: too many levels of symbolic links'
      else if (cause.code) message.reason = 'Cannot read file: ' + cause.code
    }
    message.ruleId ??= 'read-error'
    message.source = 'docs-lint'
    message.url ??= MESSAGES_URL + '#read-error'
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
function nullStream(): NodeJS.WritableStream {
  const {Writable} = process.getBuiltinModule('node:stream')
  return new Writable({write: (_chunk, _encoding, callback) => callback()})
}
