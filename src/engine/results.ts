// Mergeable results: what one shard of a CI matrix linted (`--write-result`), and how `docs-lint merge`
// takes those pages' results back instead of linting them again, so that the site checks run once over
// the whole site and the merged report is the one a single run gives.
import fs from 'node:fs'
import path from 'node:path'
import type {RuleSetting} from '../contract.js'
import {BoundedReadError, readBounded} from '../shared/bounded-read.js'
import {resultJson} from './cache-format.js'
import type {PageResult} from './remote.js'
import {siteFactsKey, StoredFacts} from '../site/facts.js'
import {contentHash} from '../shared/stamp.js'
import {relativeTo, resolvePath} from '../shared/relative-path.js'
import {version} from '../shared/version.js'
import {shardOf} from './shard.js'

/** The first field of every result file, so that another JSON file given by mistake is named as such. */
const kind = 'docs-lint result'

/** A result file holds one shard's pages: 2 GB is far past any real site, and bounds a wrong file. */
const maxResultBytes = 2 ** 31 - 1

/** What decides a page's result apart from its text and config: every shard and the merge must agree. */
export interface ResultSettings {
  patterns: string[]
  configPath: string | null
  overrides: Record<string, RuleSetting>
  gitignore: boolean
  maxFileSize: number | null
  reportUnusedDisableDirectives: boolean
}

interface PageEntry {
  /** Relative to the folder docs-lint ran in, `/`-separated. */
  path: string
  hash: string
  config: string
  result: PageResult
}

/** A page as the recorder keeps it: its result as JSON at once, before the site checks touch its facts. */
interface RecordedPage {
  path: string
  hash: string
  config: string
  json: string
}

/** The results a run records, page by page, as the pages are linted (see `dispatch.ts`). */
export class ResultRecorder {
  private readonly entries: RecordedPage[] = []

  constructor(readonly cwd: string) {}

  add(absolute: string, hash: string, config: string, result: PageResult): void {
    this.entries.push({path: relativeTo(this.cwd, absolute), hash, config, json: resultJson(result)})
  }

  /**
   * Write the result file (`file`, from the folder docs-lint runs in): written beside its place and
   * renamed over it, a megabyte at a time (on 5,000 pages the text is tens of megabytes; one string of
   * it would double the run's peak). A string says why it could not be written.
   */
  write(file: string, shard: {index: number; count: number}, settings: ResultSettings): string | undefined {
    try {
      this.writeFile(path.resolve(this.cwd, file), shard, settings)
      return undefined
    } catch (error) {
      return 'cannot write `' + file + '`: ' + ((error as NodeJS.ErrnoException).code ?? (error as Error).message)
    }
  }

  private writeFile(destination: string, shard: {index: number; count: number}, settings: ResultSettings): void {
    const temporary = destination + '.' + process.pid + '.docs-lint-tmp'
    const fd = fs.openSync(temporary, 'w')
    try {
      let chunk = '{"kind":' + JSON.stringify(kind) + ',"version":' + JSON.stringify(version) + ',"shard":' + JSON.stringify(shard) + ',"settings":' + JSON.stringify(settings) + ',"pages":['
      this.entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
      this.entries.forEach((entry, index) => {
        chunk += (index === 0 ? '' : ',') + '{"path":' + JSON.stringify(entry.path) + ',"hash":' + JSON.stringify(entry.hash) + ',"config":' + JSON.stringify(entry.config) + ',"result":' + entry.json + '}'
        if (chunk.length >= 1 << 20) {
          fs.writeSync(fd, chunk)
          chunk = ''
        }
      })
      fs.writeSync(fd, chunk + ']}\n')
      fs.closeSync(fd)
      fs.renameSync(temporary, destination)
    } catch (error) {
      fs.closeSync(fd)
      fs.rmSync(temporary, {force: true})
      throw error
    }
  }
}

/** The shards' pages by absolute path, taken instead of linting the page when its text and config are those the shard linted. */
export class GivenResults {
  /** Pages linted again here: their text or config is not the one their shard linted, or no shard had them. */
  readonly relinted = new Set<string>()
  private readonly taken = new Set<string>()

  constructor(
    readonly cwd: string,
    private readonly pages: Map<string, {hash: string; config: string; result: PageResult}>
  ) {}

  /** The shard's result for this page, when `value` and `config` are what the shard linted. */
  take(absolute: string, value: string, config: string): PageResult | undefined {
    const entry = this.pages.get(absolute)
    if (entry && entry.hash === contentHash(value) && entry.config === config) {
      this.taken.add(absolute)
      return entry.result
    }
    this.relinted.add(absolute)
    return undefined
  }

  /** What the user should know of the merge: pages linted here, pages the results hold that the site no longer has. */
  notices(): string[] {
    const notices: string[] = []
    if (this.relinted.size > 0) {
      const sorted = [...this.relinted].map((absolute) => relativeTo(this.cwd, absolute)).sort()
      notices.push('merge: linted ' + sorted.length + (sorted.length === 1 ? ' page' : ' pages') + ' again, whose text or config differs from what the shards linted, or that no shard had (' + sorted.slice(0, 3).map((page) => '`' + page + '`').join(', ') + (sorted.length > 3 ? ', …' : '') + ')')
    }
    const gone = [...this.pages.keys()].filter((absolute) => !this.taken.has(absolute) && !this.relinted.has(absolute))
    if (gone.length > 0) notices.push('merge: ' + gone.length + (gone.length === 1 ? ' page' : ' pages') + ' of the results not linted here (gone from the site, or outside the folders linted): `' + relativeTo(this.cwd, gone[0]!) + '`' + (gone.length > 1 ? ', …' : ''))
    return notices
  }
}

/** What a run adds for a CI matrix: the shards' results it reports (`merge`), or a recorder of its own (`--write-result`). */
export interface ResultsOfRun {
  merged?: {settings: ResultSettings; given: GivenResults}
  recorder?: ResultRecorder
}

/**
 * The results of `docs-lint merge <files>` (`merging`), or a recorder for `--write-result`; a string
 * says why the run cannot go on (an option that does not fit, a result file that is wrong).
 */
export function resultsOfRun(merging: boolean, values: Record<string, unknown>, files: readonly string[], cwd: string): ResultsOfRun | string {
  const refused = merging ? mergeConflicts(values) : resultConflicts(values)
  if (refused) return refused
  if (!merging) return {recorder: new ResultRecorder(cwd)}
  const merged = readResults(files, cwd)
  return typeof merged === 'string' ? merged : {merged}
}

/** Options of a lint that make its result unfit to merge, named as the user wrote them. */
export function resultConflicts(values: Record<string, unknown>): string | undefined {
  const given = ['changed-since', 'stdin', 'fix', 'fix-dry-run', 'fix-rule'].filter((flag) => values[flag] !== undefined && values[flag] !== false)
  if (given.length === 0) return undefined
  return '`--write-result` records the pages as they are for `docs-lint merge`, so it cannot be used with ' + given.map((flag) => '`--' + flag + '`').join(', ')
}

/** Options `docs-lint merge` cannot take: the shards decided what was linted, and how. */
export function mergeConflicts(values: Record<string, unknown>): string | undefined {
  const flags = ['config', 'rule', 'changed-since', 'shard', 'write-result', 'stdin', 'stdin-filename', 'fix', 'fix-dry-run', 'fix-rule', 'cache', 'cache-location', 'max-file-size', 'no-gitignore', 'report-unused-disable-directives']
  const given = flags.filter((flag) => values[flag] !== undefined && values[flag] !== false)
  if (given.length === 0) return undefined
  return '`docs-lint merge` lints what the shards linted, with their options, so it cannot take ' + given.map((flag) => '`--' + flag + '`').join(', ') + ': give them to the shards'
}

/** Read the result files of every shard of one run; a string says what is wrong with them. */
export function readResults(files: readonly string[], cwd: string): {settings: ResultSettings; given: GivenResults} | string {
  if (files.length === 0) return '`docs-lint merge` expects the result files the shards wrote with `--write-result`'
  const pages = new Map<string, {hash: string; config: string; result: PageResult}>()
  let settings: ResultSettings | undefined
  let settingsText: string | undefined
  let count: number | undefined
  const seen = new Map<number, string>()
  for (const file of files) {
    let parsed: unknown
    try {
      parsed = JSON.parse(readBounded(path.resolve(cwd, file), maxResultBytes).toString('utf8'))
    } catch (error) {
      const reason = error instanceof BoundedReadError ? error.message : error instanceof SyntaxError ? 'is not JSON (' + error.message + ')' : 'cannot be read (' + ((error as NodeJS.ErrnoException).code ?? (error as Error).message) + ')'
      return 'result file `' + file + '` ' + reason
    }
    const problem = shapeProblem(parsed)
    if (problem) return 'result file `' + file + '` ' + problem
    const result = parsed as {version: string; shard: {index: number; count: number}; settings: ResultSettings; pages: PageEntry[]}
    if (result.version !== version) return 'result file `' + file + '` was written by docs-lint ' + result.version + ', this is ' + version + ': every shard and the merge must run the same version'
    const text = JSON.stringify(result.settings)
    if (settingsText !== undefined && text !== settingsText) return 'result file `' + file + '` was linted with other paths or options than `' + files[0] + '` (' + text + ')'
    settingsText = text
    settings = result.settings
    if (count !== undefined && result.shard.count !== count) return 'result file `' + file + '` is shard ' + result.shard.index + ' of ' + result.shard.count + ', the others are of ' + count
    count = result.shard.count
    const twin = seen.get(result.shard.index)
    if (twin !== undefined) return 'result files `' + twin + '` and `' + file + '` are both shard ' + result.shard.index + ' of ' + count
    seen.set(result.shard.index, file)
    for (const page of result.pages) {
      if (count > 1 && shardOf(page.path, count) !== result.shard.index) return 'result file `' + file + '` holds `' + page.path + '`, which belongs to shard ' + shardOf(page.path, count) + ', not ' + result.shard.index
      const data = page.result.data
      // The facts stay JSON until the site checks read them, as in the cache.
      if (typeof data[siteFactsKey] === 'string') data[siteFactsKey] = new StoredFacts(data[siteFactsKey])
      pages.set(resolvePath(cwd, page.path), {hash: page.hash, config: page.config, result: page.result})
    }
  }
  const missing: number[] = []
  for (let index = 1; index <= count!; index++) if (!seen.has(index)) missing.push(index)
  if (missing.length > 0) return 'shard ' + missing.join(', ') + ' of ' + count + (missing.length === 1 ? ' is' : ' are') + ' missing: give the result file of every shard'
  return {settings: settings!, given: new GivenResults(cwd, pages)}
}

/** What is wrong with a parsed result file's shape, or undefined. */
function shapeProblem(value: unknown): string | undefined {
  if (!isRecord(value) || value['kind'] !== kind) return 'is not a docs-lint result (write one with `--write-result`)'
  const shard = value['shard']
  if (typeof value['version'] !== 'string' || !isRecord(shard) || !Number.isInteger(shard['index']) || !Number.isInteger(shard['count'])) return 'has no version or shard'
  if ((shard['index'] as number) < 1 || (shard['index'] as number) > (shard['count'] as number)) return 'names shard ' + String(shard['index']) + ' of ' + String(shard['count'])
  const settings = value['settings']
  if (!isRecord(settings) || !Array.isArray(settings['patterns']) || !isRecord(settings['overrides'])) return 'has no settings'
  const pages = value['pages']
  if (!Array.isArray(pages)) return 'has no pages'
  for (const page of pages) {
    if (!isRecord(page) || typeof page['path'] !== 'string' || typeof page['hash'] !== 'string' || typeof page['config'] !== 'string') return 'holds a page without path, hash or config'
    const result = page['result']
    if (!isRecord(result) || !Array.isArray(result['messages']) || !isRecord(result['data'])) return 'holds a page without messages (`' + page['path'] + '`)'
    if (path.isAbsolute(page['path']) || page['path'].split('/').includes('..')) return 'holds a page outside the folder linted (`' + page['path'] + '`)'
  }
  return undefined
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
