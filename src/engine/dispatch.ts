// Where each page is linted: from the cache, in this thread or in a worker; and the replay of a run
// whose discovery is unchanged, which lints the same pages without unified-engine.
import fs from 'node:fs'
import {VFile as VFileClass, type VFile} from 'vfile'
import type {Root} from 'mdast'
import type {ResolvedConfig} from '../config/resolve.js'
import {SOURCE} from '../contract.js'
import {builtinMessage} from '../page/messages.js'
import type {ResultCache} from './cache.js'
import {contentHash, stampOf, type FileStamp, type PageStat} from '../shared/stamp.js'
import {defaultMaxFileSize} from '../shared/limits.js'
import {PageTimeoutError, availableCores, type PagePool} from './pool.js'
import type {PageTask, TaskOutcome} from './worker.js'
import {stylesKeyFor} from '../styles/registry.js'
import {applyPageResult, deserializeConfig, serializeConfig, type PageResult, type SerializedConfig} from './remote.js'
import {tookInPage} from './memory.js'
import {hashExtended, type Snapshot} from './snapshot.js'
import {absolutePath, resolvePath} from '../shared/relative-path.js'
import type {GivenResults, ResultRecorder} from './results.js'

export interface DispatchSettings {
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
  /** Each page's result is recorded here for a mergeable result file (`--write-result`). */
  record?: ResultRecorder | undefined
  /** The shards' results (`docs-lint merge`): a page they hold unchanged is not linted again. */
  given?: GivenResults | undefined
}

/**
 * A run served from the cache with a page or two changed should not pay for starting workers (each
 * loads docs-lint again, about half a second): the first few pages the cache cannot answer are linted
 * in this thread. Only small pages, which parse in milliseconds, since a page here cannot be stopped
 * by `--file-timeout`; the rest go to the workers. Not when the cache is empty, where every page is
 * new: the workers start anyway, and this thread would load the parsers for four pages (some 40 MB).
 */
export const localPages = 4
const localPageSize = 16 * 1024

/**
 * Each worker loads docs-lint again (about 0.7 s of CPU) and warms up its own JIT: below about 1 MB of
 * page text (some 2.5 s of single-thread linting) that costs more than a second core gives back, so
 * `jobs: 'auto'` lints such a site in this thread. On the corpora here, jobs 0 against 2: 68 to 149
 * pages (0.3 to 0.9 MB) took 2.7 to 3.8 s against 3.5 to 4.7 s; 405 pages (1.45 MB), 6.7 to 7.6 s
 * against 7.3 to 7.6 s. One worker with this thread taking small pages beside it did no better on
 * such sites (2026-11-27, without inlining, see src/engine/memory.ts): 1.18 to 1.26 times the wall time of
 * this thread alone, and 1.5 to 1.6 times the CPU.
 */
export const workerThresholdBytes = 1024 * 1024

/** Pages handed to workers from which a full collection after unified-engine is worth its 40 ms. */
export const collectAfterPages = 1000

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
export function dispatchPlugin(settings: DispatchSettings) {
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
  const absolute = absolutePath(file)
  const key = settings.cache?.keyOf(absolute)
  const record = settings.record
  const hash = missed ?? (settings.cache || record ? contentHash(value) : '')
  // A page's result depends on its Vale styles too: a changed rule file lints it again.
  const configKey = config.key + stylesKeyFor(absolute, resolved.vale)
  const cached = settings.given?.take(absolute, value, configKey) ?? (key === undefined || missed !== undefined ? undefined : settings.cache!.get(key, hash, configKey))
  if (cached) {
    record?.add(absolute, hash, configKey, cached)
    applyResult(file, cached, resolved, inMemory ? value : undefined)
    return undefined
  }
  // Too large to be worth a copy to a worker: this thread reports it without parsing it.
  // A plugin given as an object in code, not as a module a worker can load, runs in this thread too.
  let local = !settings.pool || (value.length > maxFileSize / 3 && Buffer.byteLength(value) > maxFileSize) || resolved.plugins.some((plugin) => !plugin.path)
  if (!local && settings.cache && settings.local.left > 0 && value.length < localPageSize) {
    settings.local.left--
    local = true
  }
  const task = {path: file.path, cwd: file.cwd, config, maxFileSize: settings.maxFileSize}
  // No closure here holds `value`: a page from disk waits for its worker without its text.
  const inMemoryValue = inMemory ? value : undefined
  const done = (result: PageResult, linted: string, stamp?: FileStamp): void => {
    if (key !== undefined) settings.cache!.set(key, linted, configKey, result, stamp)
    record?.add(absolute, linted, configKey, result)
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
  return settings.pool!.run({...task, value: inMemoryValue, size: value.length, hashContent: settings.cache !== undefined || record !== undefined}).then(
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
  const reason = timeout ? error.message : 'Cannot lint page: ' + String((error as Error).message).split('\n')[0]
  builtinMessage(file, timeout ? 'file-timeout' : 'rule-error', reason, {fatal: true})
}

/**
 * What a run through unified-engine found, for the next run to replay: only when every page was
 * linted with a known config and unified-engine had nothing to say of any file (a missing or
 * unreadable file, a config that failed to load), and no config is JavaScript.
 */
export function snapshotOf(signature: string, files: readonly VFile[], extendedFiles: Set<string>, configFailed: boolean): Snapshot | undefined {
  const extended = hashExtended(extendedFiles)
  if (configFailed || !extended) return undefined
  const configs: SerializedConfig[] = []
  const configIndex = new Map<string, number>()
  const entries: Snapshot['files'] = []
  for (const file of files) {
    const config = file.data['docsLintConfig'] as ResolvedConfig | undefined
    if (!config || file.messages.some((message) => message.source !== SOURCE) || config.plugins.some((plugin) => !plugin.path)) return undefined
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
export async function replay(snapshot: Snapshot, settings: DispatchSettings, walked: ReadonlyMap<string, PageStat>): Promise<VFile[] | undefined> {
  const cache = settings.cache!
  const configs = snapshot.configs.map((config) => deserializeConfig(config))
  const files: VFile[] = []
  // Pages the cache cannot answer, with their text: linted once every page is known to be readable.
  const misses: Array<{file: VFile; value: string; hash: string; config: ResolvedConfig}> = []
  for (const [filePath, fileCwd, configIndex] of snapshot.files) {
    const file = new VFileClass({path: filePath, cwd: fileCwd})
    const config = configs[configIndex]!
    const absolute = resolvePath(fileCwd, filePath)
    const key = cache.keyOf(absolute)
    const configKey = serializeConfig(config).key + stylesKeyFor(absolute, config.vale)
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
