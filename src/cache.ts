import {createHash, randomBytes} from 'node:crypto'
import fs from 'node:fs'
import {isAscii} from 'node:buffer'
import path from 'node:path'
import type {PageResult, SerializedMessage} from './remote.js'
import type {Snapshot} from './snapshot.js'
import type {SiteReads} from './site/reads.js'
import {version} from './version.js'
import {BoundedReadError, readBounded} from './bounded-read.js'

const magic = '{"docsLintCache":1,'

/** A cache larger than this is not read (V8's longest string is about 512 MB; 20,000 pages take some 100 MB). */
const maxCacheBytes = 400 * 1024 * 1024

/**
 * What `stat` said of a page just before it was read and hashed, and when: size, mtime (ms), inode,
 * time of the read. A page whose stat still says the same was not written since, unless it was
 * written in the same instant as the read; so a stamp vouches for the text only when the page had
 * not been written for `settleMs` before the read (git's "racily clean" rule).
 */
export type FileStamp = [size: number, mtimeMs: number, ino: number, readAt: number]

const settleMs = 2000

/** What a stamp compares: a page's size, mtime and inode (a `fs.Stats` will do). */
export interface PageStat {
  size: number
  mtimeMs: number
  ino: number
}

/** The fields of a stat a stamp needs, without the rest of `fs.Stats` (four `Date`s): walks keep one per page. */
export function pageStat(stats: PageStat): PageStat {
  return {size: stats.size, mtimeMs: stats.mtimeMs, ino: stats.ino}
}

export function stampOf(stats: PageStat, readAt: number): FileStamp {
  return [stats.size, stats.mtimeMs, stats.ino, readAt]
}

interface Entry {
  hash: string
  config: string
  result: PageResult
  stamp?: FileStamp
}

/** The site checks' messages for one site, and what they read from the disk (see `src/site/reads.ts`). */
export interface SiteEntry {
  /** Hash of everything else they depend on: the pages' facts and configs (see `src/site/run.ts`). */
  key: string
  reads: SiteReads
  /** Messages by file, relative to the site root: pages, then config files. */
  pages: Array<[string, SerializedMessage[]]>
  documents: Array<[string, SerializedMessage[]]>
}

interface CacheFile {
  docsLintCache: 1
  version: string
  entries: Record<string, Entry>
  /** The last runs' discoveries, by the settings of the run (see `src/snapshot.ts`). */
  snapshots?: Record<string, Snapshot>
  /** The last site checks' results, by site root. */
  sites?: Record<string, SiteEntry>
}

/** Snapshots kept: one per way of running docs-lint on the folder (whole site, one section, ...). */
const maxSnapshots = 8

/** Characters of cache text written at a time. */
const writeChunk = 1 << 20

/** Keep the `count` entries of `record` set last (insertion order). */
function keepLast(record: Record<string, unknown>, count: number): void {
  const keys = Object.keys(record)
  for (const key of keys.slice(0, Math.max(0, keys.length - count))) delete record[key]
}

export function contentHash(value: string): string {
  return createHash('sha256').update(value).digest('base64url').slice(0, 22)
}

// Facts hold sets (a page's anchors); JSON keeps them as tagged arrays.
export function replacer(_key: string, value: unknown): unknown {
  return value instanceof Set ? {$set: [...value]} : value
}

/** JSON text with every character past ASCII written as a `\\u` escape: the same value, in ASCII. */
function escapeNonAscii(json: string): string {
  return json.replace(/[\u0080-\uffff]/g, (character) => '\\u' + character.charCodeAt(0).toString(16).padStart(4, '0'))
}

/** Turn tagged arrays back into sets, in place. A walk after `JSON.parse` is several times faster than a reviver. */
function reviveSets(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) value[index] = reviveSets(value[index])
    return value
  }
  const record = value as Record<string, unknown>
  if (Array.isArray(record['$set']) && Object.keys(record).length === 1) return new Set(record['$set'])
  for (const key in record) record[key] = reviveSets(record[key])
  return record
}

/**
 * Per-page results keyed by the page's content, the effective config and the docs-lint version.
 * A file that is not a docs-lint cache is never trusted, and never overwritten.
 */
export class ResultCache {
  private entries: Record<string, Entry> = {}
  private snapshots: Record<string, Snapshot> = {}
  private sites: Record<string, SiteEntry> = {}
  private dirty = false
  private writable = true
  readonly notices: string[] = []
  hits = 0
  misses = 0

  constructor(private readonly location: string) {
    let text: string
    try {
      // Written as ASCII (see `write`): read so, V8 keeps it one byte a character and decodes it 5 to 10
      // times faster than UTF-8 (20 ms of a 0.35 s warm run on 1,000 pages).
      const bytes = readBounded(location, maxCacheBytes)
      text = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        const reason = error instanceof BoundedReadError ? 'it ' + error.message : (error as NodeJS.ErrnoException).code ?? 'unreadable'
        this.notices.push('Ignoring cache `' + location + '`: ' + reason)
        this.writable = false
      }
      return
    }
    if (!text.startsWith(magic)) {
      this.notices.push('Ignoring cache `' + location + '`: it is not a docs-lint cache (it is left as it is; pass another --cache-location)')
      this.writable = false
      return
    }
    try {
      const data = JSON.parse(text) as CacheFile
      if (data.version !== version || !data.entries || typeof data.entries !== 'object') {
        this.dirty = true
        return
      }
      // Only facts hold sets; messages are plain.
      for (const entry of Object.values(data.entries)) {
        if (entry?.result?.data) entry.result.data = reviveSets(entry.result.data) as Record<string, unknown>
      }
      this.entries = data.entries
      this.loadedEntries = Object.keys(data.entries).length
      if (data.snapshots && typeof data.snapshots === 'object') this.snapshots = data.snapshots
      if (data.sites && typeof data.sites === 'object') this.sites = data.sites
    } catch {
      this.notices.push('Ignoring cache `' + location + '`: it is corrupt; it will be rebuilt')
      this.dirty = true
    }
  }

  get(key: string, hash: string, config: string): PageResult | undefined {
    const entry = this.entries[key]
    if (entry && entry.hash === hash && entry.config === config && entry.result && Array.isArray(entry.result.messages)) {
      this.hits++
      return entry.result
    }
    this.misses++
    return undefined
  }

  set(key: string, hash: string, config: string, result: PageResult, stamp?: FileStamp): void {
    this.entries[key] = stamp ? {hash, config, result, stamp} : {hash, config, result}
    this.dirty = true
  }

  /** The result of a page whose stat vouches that its text is the one hashed (see `FileStamp`). */
  getByStamp(key: string, stats: PageStat, config: string): PageResult | undefined {
    const entry = this.entries[key]
    const stamp = entry?.stamp
    if (
      !entry || !stamp || entry.config !== config || !entry.result || !Array.isArray(entry.result.messages) ||
      stamp[0] !== stats.size || stamp[1] !== stats.mtimeMs || stamp[2] !== stats.ino || !(stats.mtimeMs < stamp[3] - settleMs)
    ) {
      return undefined
    }
    this.hits++
    return entry.result
  }

  /** Record the stat of a page read and found unchanged, so the next run need not read it. */
  restamp(key: string, stamp: FileStamp): void {
    const entry = this.entries[key]
    // A page written just before the read gets no stamp: it could never vouch (see `FileStamp`).
    if (!entry || !(stamp[1] < stamp[3] - settleMs)) return
    entry.stamp = stamp
    this.dirty = true
  }

  /** Whether the cache held no page when it was loaded (a first run, or a new docs-lint version). */
  get empty(): boolean {
    return this.loadedEntries === 0
  }

  private loadedEntries = 0

  /** The discovery of the last run with these settings, if it looks like one. */
  snapshot(settingsKey: string): Snapshot | undefined {
    const snapshot = this.snapshots[settingsKey]
    const valid =
      snapshot &&
      typeof snapshot.signature === 'string' &&
      Array.isArray(snapshot.extended) &&
      Array.isArray(snapshot.configs) &&
      Array.isArray(snapshot.files) &&
      snapshot.files.every((file) => Array.isArray(file) && typeof file[0] === 'string' && typeof file[1] === 'string' && snapshot.configs[file[2]] !== undefined)
    return valid ? snapshot : undefined
  }

  setSnapshot(settingsKey: string, snapshot: Snapshot | undefined): void {
    const before = this.snapshots[settingsKey]
    if (before === undefined && snapshot === undefined) return
    delete this.snapshots[settingsKey]
    if (snapshot) this.snapshots[settingsKey] = snapshot
    keepLast(this.snapshots, maxSnapshots)
    if (!before || !snapshot || JSON.stringify(before) !== JSON.stringify(snapshot)) this.dirty = true
  }

  /** The site checks' results stored for a site root, if they look like some. */
  site(root: string): SiteEntry | undefined {
    const entry = this.sites[this.keyOf(root)]
    const pairs = (list: unknown) => Array.isArray(list) && list.every((item) => Array.isArray(item) && typeof item[0] === 'string' && Array.isArray(item[1]))
    const valid =
      entry &&
      typeof entry.key === 'string' &&
      Array.isArray(entry.reads) &&
      entry.reads.every((read) => Array.isArray(read) && typeof read[0] === 'string' && (typeof read[1] === 'string' || read[1] === null)) &&
      pairs(entry.pages) &&
      pairs(entry.documents)
    return valid ? entry : undefined
  }

  setSite(root: string, entry: SiteEntry): void {
    const key = this.keyOf(root)
    delete this.sites[key]
    this.sites[key] = entry
    keepLast(this.sites, maxSnapshots)
    this.dirty = true
  }

  /** Drop entries of pages that no longer exist, then write atomically if anything changed. */
  save(seen?: ReadonlySet<string>): void {
    if (!this.writable || !this.dirty) return
    if (seen) {
      for (const key of Object.keys(this.entries)) {
        if (!seen.has(key) && !fs.existsSync(path.resolve(path.dirname(this.location), key))) delete this.entries[key]
      }
    }
    const temp = this.location + '.' + process.pid + '-' + randomBytes(4).toString('hex') + '.tmp'
    let fd: number | undefined
    try {
      fs.mkdirSync(path.dirname(this.location), {recursive: true})
      fd = fs.openSync(temp, 'w')
      this.write(fd)
      fs.closeSync(fd)
      fd = undefined
      fs.renameSync(temp, this.location)
    } catch (error) {
      if (fd !== undefined) fs.closeSync(fd)
      fs.rmSync(temp, {force: true})
      this.notices.push('Cannot write cache `' + this.location + '`: ' + ((error as NodeJS.ErrnoException).code ?? (error as Error).message))
    }
  }

  /**
   * The cache as one JSON document, written a few hundred entries at a time: on 10,000 pages the
   * whole text is 15 MB, and one string of it (then its bytes) would add some 40 MB to the run's peak.
   */
  private write(fd: number): void {
    let chunk = magic + '"version":' + JSON.stringify(version) + ',"snapshots":' + JSON.stringify(this.snapshots) + ',"sites":' + JSON.stringify(this.sites) + ',"entries":{'
    let first = true
    for (const key in this.entries) {
      chunk += (first ? '' : ',') + JSON.stringify(key) + ':' + JSON.stringify(this.entries[key], replacer)
      first = false
      if (chunk.length >= writeChunk) {
        fs.writeSync(fd, escapeNonAscii(chunk))
        chunk = ''
      }
    }
    fs.writeSync(fd, escapeNonAscii(chunk + '}}'))
  }

  keyOf(absolutePath: string): string {
    return path.relative(path.dirname(this.location), absolutePath).split(path.sep).join('/')
  }
}
