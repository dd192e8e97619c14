import {createHmac, randomBytes} from 'node:crypto'
import fs from 'node:fs'
import {isAscii} from 'node:buffer'
import path from 'node:path'
import type {PageResult} from './remote.js'
import type {Snapshot} from './snapshot.js'
import {siteFactsDigestKey, siteFactsKey, StoredFacts} from '../site/facts.js'
import {version} from '../shared/version.js'
import {BoundedReadError, readBounded} from '../shared/bounded-read.js'
import {isSettled, stampHolds, type FileStamp, type PageStat} from '../shared/stamp.js'
import {cacheKey} from './cache-key.js'
import {entrySum, escapeNonAscii, isWhole, layout, magic, resultJson, siteSum, snapshotSum, sumDigits, sumField, type CacheFile, type Entry, type SiteEntry} from './cache-format.js'

export type {SiteEntry} from './cache-format.js'
import {relativeTo} from '../shared/relative-path.js'

/** A cache larger than this is not read (V8's longest string is about 512 MB; 20,000 pages take some 100 MB). */
const maxCacheBytes = 400 * 1024 * 1024

/** Snapshots kept: one per way of running docs-lint on the folder (whole site, one section, ...). */
const maxSnapshots = 8

/** Characters of cache text written at a time. */
const writeChunk = 1 << 20

/** Keep the `count` entries of `record` set last (insertion order). */
function keepLast(record: Record<string, unknown>, count: number): void {
  const keys = Object.keys(record)
  for (const key of keys.slice(0, Math.max(0, keys.length - count))) delete record[key]
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value)

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

  /** The folder the cache file is in: a page's key is its path from there. */
  private readonly folder: string

  /** The key its checksums are made with (see `src/engine/cache-key.ts`). */
  private readonly key: Buffer

  constructor(private readonly location: string) {
    this.folder = path.dirname(location)
    const found = cacheKey()
    this.key = found.key ?? Buffer.alloc(0)
    if (found.problem !== undefined) {
      // A cache no one can check is neither read nor written: the run lints every page.
      this.notices.push('Not using cache `' + location + '`: ' + found.problem)
      this.writable = false
      return
    }
    let text: string
    let whole: boolean
    try {
      // Written as ASCII (see `write`): read so, V8 keeps it one byte a character and decodes it 5 to 10
      // times faster than UTF-8 (20 ms of a 0.35 s warm run on 1,000 pages).
      const bytes = readBounded(location, maxCacheBytes)
      text = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8')
      whole = isWhole(bytes, this.key)
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
      if (!isRecord(data) || data.version !== version || data.layout !== layout) {
        this.dirty = true
        return
      }
      if (!isRecord(data.entries) || (data.snapshots !== undefined && !isRecord(data.snapshots)) || (data.sites !== undefined && !isRecord(data.sites))) {
        this.notices.push('Ignoring cache `' + location + '`: it is corrupt; it will be rebuilt')
        this.dirty = true
        return
      }
      const entries = Object.values(data.entries)
      if (entries.length > 0 && !entries.some((entry) => isRecord(entry) && typeof entry.sum === 'string')) {
        // Written before entries had checksums: stale, like a cache of another version, not corrupt.
        this.dirty = true
        return
      }
      // Each page's facts stay JSON until the site checks read them.
      for (const entry of entries) {
        const data = isRecord(entry) && isRecord(entry.result) && isRecord(entry.result.data) ? entry.result.data : undefined
        if (typeof data?.[siteFactsKey] === 'string') data[siteFactsKey] = new StoredFacts(data[siteFactsKey])
      }
      this.entries = data.entries
      this.loadedEntries = Object.keys(data.entries).length
      if (data.snapshots) this.snapshots = data.snapshots
      if (data.sites) this.sites = data.sites
      this.loadedItems = this.loadedEntries + Object.keys(this.snapshots).length + Object.keys(this.sites).length
      if (!whole) {
        // Written again with its checksum at the end of the run, so that the next run trusts it whole.
        this.dirty = true
        for (const key of Object.keys(data.entries)) this.unchecked.add(key)
        for (const key of Object.keys(this.snapshots)) this.uncheckedSnapshots.add(key)
        for (const key of Object.keys(this.sites)) this.uncheckedSites.add(key)
      }
    } catch {
      this.notices.push('Ignoring cache `' + location + '`: it is corrupt; it will be rebuilt')
      this.dirty = true
    }
  }

  /** Entries, snapshots and sites read from the file whose checksum was not compared yet (done when first asked for). */
  private readonly unchecked = new Set<string>()
  private readonly uncheckedSnapshots = new Set<string>()
  private readonly uncheckedSites = new Set<string>()
  /** How many stored items were malformed and dropped: one notice says so. */
  private dropped = 0

  /** The entry of a page, if it is whole: an entry whose checksum does not hold is dropped. */
  private entry(key: string): Entry | undefined {
    const entry = this.entries[key]
    if (!this.unchecked.has(key)) return entry
    this.unchecked.delete(key)
    let whole: boolean
    try {
      whole = isRecord(entry) && typeof entry.sum === 'string' && entry.sum === entrySum(this.key, entry) &&
        typeof entry.hash === 'string' && typeof entry.config === 'string' && isRecord(entry.result) &&
        Array.isArray(entry.result.messages) && entry.result.messages.every(isRecord) && isRecord(entry.result.data)
    } catch {
      whole = false
    }
    if (whole) return entry
    delete this.entries[key]
    this.drop()
    return undefined
  }

  private drop(): void {
    this.dropped++
    this.dirty = true
  }

  get(key: string, hash: string, config: string): PageResult | undefined {
    const entry = this.entry(key)
    if (entry && entry.hash === hash && entry.config === config && entry.result && Array.isArray(entry.result.messages)) {
      this.hits++
      return entry.result
    }
    this.misses++
    return undefined
  }

  set(key: string, hash: string, config: string, result: PageResult, stamp?: FileStamp): void {
    this.unchecked.delete(key)
    this.entries[key] = stamp ? {hash, config, result, stamp} : {hash, config, result}
    this.dirty = true
  }

  /** The result of a page whose stat vouches that its text is the one hashed (see `FileStamp`). */
  getByStamp(key: string, stats: PageStat, config: string): PageResult | undefined {
    const entry = this.entry(key)
    const stamp = entry?.stamp
    if (
      !entry || !Array.isArray(stamp) || entry.config !== config || !entry.result || !Array.isArray(entry.result.messages) || !stampHolds(stamp, stats)
    ) {
      return undefined
    }
    this.hits++
    return entry.result
  }

  /**
   * Keep the hash of a page's site facts with its stored result, so that a run the cache serves reads
   * it instead of hashing the facts again: only when the result stored holds these very facts.
   */
  keepFactsDigest(absolutePath: string, facts: unknown, digest: string): void {
    const data = this.entry(this.keyOf(absolutePath))?.result?.data
    if (!isRecord(data) || data[siteFactsKey] !== facts || data[siteFactsDigestKey] === digest) return
    data[siteFactsDigestKey] = digest
    this.dirty = true
  }

  /** Record the stat of a page read and found unchanged, so the next run need not read it. */
  restamp(key: string, stamp: FileStamp): void {
    const entry = this.entry(key)
    // A page written just before the read gets no stamp: it could never vouch (see `FileStamp`).
    if (!entry || !isSettled(stamp)) return
    entry.stamp = stamp
    this.dirty = true
  }

  /** Whether the cache held no page when it was loaded (a first run, or a new docs-lint version). */
  get empty(): boolean {
    return this.loadedEntries === 0
  }

  private loadedEntries = 0
  /** Entries, snapshots and sites read from the file. */
  private loadedItems = 0

  /** The discovery of the last run with these settings, if it looks like one. */
  snapshot(settingsKey: string): Snapshot | undefined {
    const snapshot = this.snapshots[settingsKey]
    if (this.uncheckedSnapshots.delete(settingsKey) && snapshot && !this.holds(() => (snapshot as Snapshot & {sum?: string}).sum === snapshotSum(this.key, snapshot))) {
      delete this.snapshots[settingsKey]
      this.drop()
      return undefined
    }
    const valid =
      snapshot &&
      typeof snapshot.signature === 'string' &&
      Array.isArray(snapshot.extended) &&
      Array.isArray(snapshot.configs) &&
      Array.isArray(snapshot.files) &&
      snapshot.files.every((file) => Array.isArray(file) && typeof file[0] === 'string' && typeof file[1] === 'string' && snapshot.configs[file[2]] !== undefined)
    return valid ? snapshot : undefined
  }

  /** Whether a check holds, a check that throws on a malformed value (a string where an object was) counting as not. */
  private holds(check: () => boolean): boolean {
    try {
      return check()
    } catch {
      return false
    }
  }

  setSnapshot(settingsKey: string, snapshot: Snapshot | undefined): void {
    this.uncheckedSnapshots.delete(settingsKey)
    const before = this.snapshots[settingsKey]
    if (before === undefined && snapshot === undefined) return
    delete this.snapshots[settingsKey]
    if (snapshot) this.snapshots[settingsKey] = snapshot
    keepLast(this.snapshots, maxSnapshots)
    if (!before || !snapshot || JSON.stringify(before) !== JSON.stringify(snapshot)) this.dirty = true
  }

  /** The site checks' results stored for a site root, if they look like some. */
  site(root: string): SiteEntry | undefined {
    return this.siteByKey(this.keyOf(root))
  }

  private siteByKey(key: string): SiteEntry | undefined {
    const entry = this.sites[key]
    if (this.uncheckedSites.delete(key) && entry && !this.holds(() => isRecord(entry) && entry.sum === siteSum(this.key, entry))) {
      delete this.sites[key]
      this.drop()
      return undefined
    }
    const pairs = (list: unknown) => Array.isArray(list) && list.every((item) => Array.isArray(item) && typeof item[0] === 'string' && Array.isArray(item[1]))
    const valid =
      entry &&
      typeof entry.key === 'string' &&
      Array.isArray(entry.reads) &&
      entry.reads.every((read) => Array.isArray(read) && typeof read[0] === 'string' && (typeof read[1] === 'string' || read[1] === null)) &&
      pairs(entry.pages) &&
      pairs(entry.documents) &&
      (entry.withdrawn === undefined ||
        (Array.isArray(entry.withdrawn) && entry.withdrawn.every((item) => Array.isArray(item) && typeof item[0] === 'string' && (item[1] === 'snippet' || item[1] === 'unserved' || item[1] === 'app-rendered'))))
    return valid ? entry : undefined
  }

  setSite(root: string, entry: SiteEntry): void {
    const key = this.keyOf(root)
    this.uncheckedSites.delete(key)
    delete this.sites[key]
    this.sites[key] = entry
    keepLast(this.sites, maxSnapshots)
    this.dirty = true
  }

  /** Drop entries of pages that no longer exist, then write atomically if anything changed. */
  save(seen?: ReadonlySet<string>): void {
    // The file written carries a checksum of itself, which makes the next run trust every item in it:
    // the items this run did not need are checked first (only for a file whose own checksum did not hold).
    if (this.writable && this.dirty) {
      for (const key of [...this.unchecked]) this.entry(key)
      for (const key of [...this.uncheckedSnapshots]) this.snapshot(key)
      for (const key of [...this.uncheckedSites]) this.siteByKey(key)
    }
    if (this.dropped > 0) {
      this.notices.push(
        this.dropped === this.loadedItems && this.dropped > 1
          ? 'Ignoring cache `' + this.location + '`: none of its ' + this.dropped + ' items verifies with this cache key (written by another user or machine, or edited); every page is linted again'
          : 'Cache `' + this.location + '`: dropped ' + this.dropped + ' malformed ' + (this.dropped === 1 ? 'entry' : 'entries') + ' (edited or cut short); what they held is linted again'
      )
      this.dropped = 0
    }
    if (!this.writable || !this.dirty) return
    if (seen) {
      for (const key of Object.keys(this.entries)) {
        if (!seen.has(key) && !fs.existsSync(path.resolve(this.folder, key))) delete this.entries[key]
      }
    }
    const temp = this.location + '.' + process.pid + '-' + randomBytes(4).toString('hex') + '.tmp'
    let fd: number | undefined
    try {
      fs.mkdirSync(this.folder, {recursive: true})
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
    const snapshots: Record<string, Snapshot> = {}
    for (const [key, snapshot] of Object.entries(this.snapshots)) {
      // Every item was checked before (see `save`): each gets its checksum anew.
      const {sum: _sum, ...rest} = snapshot as Snapshot & {sum?: string}
      snapshots[key] = {...rest, sum: snapshotSum(this.key, rest)} as Snapshot
    }
    const sites: Record<string, SiteEntry> = {}
    for (const [key, site] of Object.entries(this.sites)) {
      sites[key] = {key: site.key, reads: site.reads, pages: site.pages, documents: site.documents, ...(site.withdrawn?.length ? {withdrawn: site.withdrawn} : {}), sum: siteSum(this.key, site)}
    }
    // The header's checksum is written last, over the bytes after it (see `sumField`).
    fs.writeSync(fd, magic + sumField + '0'.repeat(sumDigits) + '",')
    const sum = createHmac('sha256', this.key)
    const put = (text: string) => {
      const bytes = Buffer.from(escapeNonAscii(text), 'latin1')
      sum.update(bytes)
      fs.writeSync(fd, bytes)
    }
    let chunk = '"version":' + JSON.stringify(version) + ',"layout":' + layout + ',"snapshots":' + JSON.stringify(snapshots) + ',"sites":' + JSON.stringify(sites) + ',"entries":{'
    let first = true
    for (const key in this.entries) {
      const entry = this.entries[key]!
      const result = resultJson(entry.result)
      const head = JSON.stringify({hash: entry.hash, config: entry.config, ...(entry.stamp ? {stamp: entry.stamp} : {}), sum: entrySum(this.key, entry, result)})
      chunk += (first ? '' : ',') + JSON.stringify(key) + ':' + head.slice(0, -1) + ',"result":' + result + '}'
      first = false
      if (chunk.length >= writeChunk) {
        put(chunk)
        chunk = ''
      }
    }
    put(chunk + '}}')
    fs.writeSync(fd, sum.digest('hex').slice(0, sumDigits), magic.length + sumField.length, 'latin1')
  }

  keyOf(absolutePath: string): string {
    return relativeTo(this.folder, absolutePath)
  }
}
