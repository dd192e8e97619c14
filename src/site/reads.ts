import fs from 'node:fs'
import {contentHash} from '../stamp.js'

/**
 * What the site checks learned from the disk, one entry each, so that a cached run can tell whether
 * their results still hold without running them:
 * - `r:<path>`: a file read, with the hash of its text, or null when it could not be read;
 * - `e:<path>`: whether a path exists (`1` or `0`);
 * - `l:<folder>`: the hash of a folder's listing (every file and folder under it, see `listing`).
 */
export type SiteReads = Array<[key: string, value: string | null]>

let recording: Map<string, string | null> | undefined

/** Run `checks`, noting every read that goes through this module while they run. */
export function recordReads<T>(checks: () => T): {result: T; reads: SiteReads} {
  const outer = recording
  const reads = new Map<string, string | null>()
  recording = reads
  try {
    return {result: checks(), reads: [...reads]}
  } finally {
    recording = outer
  }
}

/** `fs.readFileSync(absolute, 'utf8')`, noted. Throws as it does. */
export function readSiteFile(absolute: string): string {
  let text: string
  try {
    text = fs.readFileSync(absolute, 'utf8')
  } catch (error) {
    recording?.set('r:' + absolute, null)
    throw error
  }
  recording?.set('r:' + absolute, contentHash(text))
  return text
}

/** `fs.existsSync(absolute)`, noted. */
export function siteFileExists(absolute: string): boolean {
  const exists = fs.existsSync(absolute)
  recording?.set('e:' + absolute, exists ? '1' : '0')
  return exists
}

/** Note a folder's listing: the files and folders under it, as `list` finds them. */
export function noteListing(folder: string, files: ReadonlySet<string>, folders: ReadonlySet<string>): void {
  if (recording) recording.set('l:' + folder, listingHash(files, folders))
}

export function listingHash(files: ReadonlySet<string>, folders: ReadonlySet<string>): string {
  return contentHash(JSON.stringify([[...files].sort(), [...folders].sort()]))
}

/**
 * Whether every read in `reads` would give the same answer now. The texts of the files read again
 * come back by path (a cached run puts them on the config files it reports on); undefined when
 * anything changed.
 */
export function readsHold(
  reads: SiteReads,
  list: (folder: string) => {files: ReadonlySet<string>; folders: ReadonlySet<string>}
): Map<string, string> | undefined {
  const texts = new Map<string, string>()
  for (const [key, value] of reads) {
    const target = key.slice(2)
    switch (key.slice(0, 2)) {
      case 'r:': {
        let text: string | undefined
        try {
          text = fs.readFileSync(target, 'utf8')
        } catch {
          text = undefined
        }
        if ((text === undefined ? null : contentHash(text)) !== value) return undefined
        if (text !== undefined) texts.set(target, text)
        break
      }
      case 'e:':
        if ((fs.existsSync(target) ? '1' : '0') !== value) return undefined
        break
      case 'l:': {
        const {files, folders} = list(target)
        if (listingHash(files, folders) !== value) return undefined
        break
      }
      default:
        return undefined
    }
  }
  return texts
}
