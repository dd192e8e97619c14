// The cache file's layout and its keyed checksums (see `src/engine/cache-key.ts`): what `ResultCache` writes
// and what it checks before it trusts an item.
import {createHmac} from 'node:crypto'
import type {PageResult} from './remote.js'
import type {Snapshot} from './snapshot.js'
import {factsJson, siteFactsKey} from '../site/facts.js'
import type {SiteReads} from '../site/reads.js'
import type {FileStamp} from '../shared/stamp.js'
import type {SerializedMessage} from './remote.js'
import {keyedHash} from './cache-key.js'

export const magic = '{"docsLintCache":1,'

/**
 * After the magic, a keyed hash of every byte after this field (HMAC-SHA-256 with the cache key, see
 * `src/engine/cache-key.ts`; 32 hex digits): a file as docs-lint wrote it with this key is trusted whole,
 * without checking each entry's own keyed checksum. A file edited anywhere falls back to the entries'
 * checksums, item by item; one written with another key holds none that verify.
 */
export const sumField = '"sum":"'
export const sumDigits = 32
export const headerLength = magic.length + sumField.length + sumDigits + 2

/**
 * How the file lays out a page's result: 2 keeps its facts for the site checks as a JSON string, 3 has
 * keyed checksums. A file of another layout is stale, like one of another docs-lint version: its pages
 * are linted again.
 */
export const layout = 3

export interface Entry {
  hash: string
  config: string
  result: PageResult
  stamp?: FileStamp
  /** Checksum of the rest, written with the entry: an entry edited or cut short is dropped, never trusted. */
  sum?: string
}

/** The site checks' messages for one site, and what they read from the disk (see `src/site/reads.ts`). */
export interface SiteEntry {
  /** Hash of everything else they depend on: the pages' facts and configs (see `src/engine/site-checks.ts`). */
  key: string
  reads: SiteReads
  /** Messages by file, relative to the site root: pages, then config files. */
  pages: Array<[string, SerializedMessage[]]>
  documents: Array<[string, SerializedMessage[]]>
  /** Linted files that are no page of their own, whose page findings the checks withdrew (see `src/engine/withheld.ts`). */
  withdrawn?: Array<[string, 'snippet' | 'unserved' | 'app-rendered']>
  /** Checksum of the rest (see `Entry`). */
  sum?: string
}

export interface CacheFile {
  docsLintCache: 1
  version: string
  layout?: number
  entries: Record<string, Entry>
  /** The last runs' discoveries, by the settings of the run (see `src/engine/snapshot.ts`). */
  snapshots?: Record<string, Snapshot>
  /** The last site checks' results, by site root. */
  sites?: Record<string, SiteEntry>
}

/** JSON text with every character past ASCII written as a `\\u` escape: the same value, in ASCII. */
export function escapeNonAscii(json: string): string {
  return json.replace(/[\u0080-\uffff]/g, (character) => '\\u' + character.charCodeAt(0).toString(16).padStart(4, '0'))
}

/**
 * A page's result as the file holds it: its facts for the site checks as one JSON string (see
 * `StoredFacts`), which a run the cache serves whole never parses.
 */
export function resultJson(result: PageResult): string {
  const facts = result.data[siteFactsKey]
  return JSON.stringify(facts === undefined ? result : {...result, data: {...result.data, [siteFactsKey]: factsJson(facts)}})
}

/** The checksum of a page entry: of its fields as written, the stamp included. */
export function entrySum(key: Buffer, entry: Entry, json = resultJson(entry.result)): string {
  return keyedHash(key, JSON.stringify([entry.hash, entry.config, entry.stamp ?? null]) + json)
}

export function siteSum(key: Buffer, entry: SiteEntry): string {
  return keyedHash(key, JSON.stringify([entry.key, entry.reads, entry.pages, entry.documents, entry.withdrawn ?? []]))
}

export function snapshotSum(key: Buffer, snapshot: Snapshot): string {
  const {sum: _sum, ...rest} = snapshot as Snapshot & {sum?: string}
  return keyedHash(key, JSON.stringify(rest))
}

/** The keyed hash of a cache file's bytes after its header, in hex (see `sumField`). */
function fileSum(key: Buffer, chunks: Iterable<Buffer>): string {
  const hmac = createHmac('sha256', key)
  for (const chunk of chunks) hmac.update(chunk)
  return hmac.digest('hex').slice(0, sumDigits)
}

/** Whether a cache file holds the keyed hash of its own bytes: written with this key and not changed since. */
export function isWhole(bytes: Buffer, key: Buffer): boolean {
  if (bytes.length < headerLength || bytes.toString('latin1', 0, magic.length + sumField.length) !== magic + sumField) return false
  const sum = bytes.toString('latin1', magic.length + sumField.length, headerLength - 2)
  return bytes.toString('latin1', headerLength - 2, headerLength) === '",' && sum === fileSum(key, [bytes.subarray(headerLength)])
}
