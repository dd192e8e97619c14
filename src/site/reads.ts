import fs from 'node:fs'
import path from 'node:path'
import {BoundedReadError, readBounded} from '../shared/bounded-read.js'
import {contentHash} from '../shared/stamp.js'
import {defaultMaxFileSize} from '../shared/limits.js'

/** `docs.json`, `mint.json` and the files they include: the largest real ones hold well under 1 MB. */
export const maxSiteConfigBytes = 10 * 1024 * 1024
/** OpenAPI files: real ones reach a few MB. */
export const maxOpenApiBytes = 50 * 1024 * 1024
/** Pages the site model reads itself (pages not linted in this run): as many bytes as a page may hold. */
export const maxSitePageBytes = defaultMaxFileSize
/** The largest of the caps above: a cached run reads a file again within it (see `readsHold`). */
const maxSiteBytes = Math.max(maxSiteConfigBytes, maxOpenApiBytes, maxSitePageBytes)

/**
 * What the site checks learned from the disk, one entry each, so that a cached run can tell whether
 * their results still hold without running them:
 * - `r:<path>\0<root>`: a file read inside `root`, with the hash of its text, or `!` and why it could
 *   not be read;
 * - `e:<path>`: whether a path exists (`1` or `0`);
 * - `l:<folder>`: the hash of a folder's listing (every file and folder under it, see `listing`).
 */
export type SiteReads = Array<[key: string, value: string | null]>

let recording: Map<string, string | null> | undefined

/** Run `checks`, noting every read that goes through this module while they run (a recording around this one notes them too). */
export function recordReads<T>(checks: () => T): {result: T; reads: SiteReads} {
  const outer = recording
  const reads = new Map<string, string | null>()
  recording = reads
  try {
    return {result: checks(), reads: [...reads]}
  } finally {
    recording = outer
    if (outer) for (const [key, value] of reads) outer.set(key, value)
  }
}

/** Whether reads are being noted (see `recordReads`): what a run reads must then be read in that run. */
export function recordingReads(): boolean {
  return recording !== undefined
}

/**
 * The text of a file of the site in `root`, read as pages are: its real path must lie inside the real
 * path of `root` (a symbolic link never leads out of the site), it must be a regular file (a named pipe
 * or a device is refused, never waited on or read without end) of at most `maxBytes`. Throws a
 * `BoundedReadError` saying why it refused (`is a named pipe ...`), or the error of the file system.
 */
export function readInside(absolute: string, root: string, maxBytes: number): string {
  const real = fs.realpathSync(absolute)
  if (!isInside(real, realRoot(root))) throw new BoundedReadError('is a symbolic link to a file outside the site folder')
  return readBounded(real, maxBytes).toString('utf8')
}

/** `readInside`, noted. */
export function readSiteFile(absolute: string, root: string, maxBytes: number): string {
  let text: string
  try {
    text = readInside(absolute, root, maxBytes)
  } catch (error) {
    recording?.set('r:' + absolute + '\0' + root, '!' + unreadableReason(error))
    throw error
  }
  recording?.set('r:' + absolute + '\0' + root, contentHash(text))
  return text
}

/**
 * Why a file could not be read, for a message: `no such file`, `it is a folder`, `it is larger than
 * the 10 MB limit`, `it is a symbolic link to a file outside the site folder`.
 */
export function unreadableReason(error: unknown): string {
  if (error instanceof BoundedReadError) return error.message === folderRefused ? 'it is a folder' : 'it ' + error.message
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'ENOENT' || code === 'ENOTDIR') return 'no such file'
  if (code === 'EISDIR') return 'it is a folder'
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied'
  if (code === 'ELOOP') return 'too many levels of symbolic links'
  return code ?? String((error as Error).message ?? error)
}

/** What `readBounded` says of a folder, which a message says as the file system does. */
const folderRefused = 'is not a regular file (a folder)'

function realRoot(root: string): string {
  try {
    return fs.realpathSync(root)
  } catch {
    return path.resolve(root)
  }
}

/** Whether `real` is `root` or lies inside it (both absolute). */
export function isInside(real: string, root: string): boolean {
  const relative = path.relative(root, real)
  return relative === '' || (relative !== '..' && !relative.startsWith('..' + path.sep) && !path.isAbsolute(relative))
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
        // Within the largest cap: a file that grew past its own cap has a new hash, and is read again.
        const [file, root] = target.split('\0')
        if (file === undefined || root === undefined) return undefined
        let text: string | undefined
        let outcome: string
        try {
          text = readInside(file, root, maxSiteBytes)
          outcome = contentHash(text)
        } catch (error) {
          outcome = '!' + unreadableReason(error)
        }
        if (outcome !== value) return undefined
        if (text !== undefined) texts.set(file, text)
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

/**
 * What a folder's entry in its parent says of it: size, times and inode, which change when a file or
 * folder in it is created, deleted or renamed; `-` when it cannot be read.
 */
export function folderStamp(folder: string): string {
  try {
    const stats = fs.statSync(folder, {throwIfNoEntry: false})
    return stats ? stats.size + ':' + stats.mtimeMs + ':' + stats.ctimeMs + ':' + stats.ino : '-'
  } catch {
    return '-'
  }
}
