// Content hashes and page stats: how the cache, the replay and the site reads tell that a file is unchanged.
import {createHash} from 'node:crypto'

/** A short hash of a text, the key the cache and the site reads compare. */
export function contentHash(value: string): string {
  return createHash('sha256').update(value).digest('base64url').slice(0, 22)
}

/**
 * What `stat` said of a page just before it was read and hashed, and when: size, mtime (ms), inode,
 * time of the read, ctime (ms). A page whose stat still says the same was not written since, unless
 * it was written in the same instant as the read; so a stamp vouches for the text only when the page
 * had not been written for `settleMs` before the read (git's "racily clean" rule). The ctime, which no
 * program can set back (`touch -d`, `cp -p` and `rsync -t` set the mtime only), catches a page
 * rewritten with its size and mtime kept, or replaced by a file that reuses its inode.
 */
export type FileStamp = [size: number, mtimeMs: number, ino: number, readAt: number, ctimeMs: number]

export const settleMs = 2000

/** What a stamp compares: a page's size, mtime, inode and ctime (a `fs.Stats` will do). */
export interface PageStat {
  size: number
  mtimeMs: number
  ino: number
  ctimeMs: number
}

/** The fields of a stat a stamp needs, without the rest of `fs.Stats` (four `Date`s): walks keep one per page. */
export function pageStat(stats: PageStat): PageStat {
  return {size: stats.size, mtimeMs: stats.mtimeMs, ino: stats.ino, ctimeMs: stats.ctimeMs}
}

export function stampOf(stats: PageStat, readAt: number): FileStamp {
  return [stats.size, stats.mtimeMs, stats.ino, readAt, stats.ctimeMs]
}

/** Whether a stamp vouches for a page whose stat is `stats` now (see `FileStamp`). */
export function stampHolds(stamp: FileStamp, stats: PageStat): boolean {
  return stamp[0] === stats.size && stamp[1] === stats.mtimeMs && stamp[2] === stats.ino && stamp[4] === stats.ctimeMs && isSettled(stamp)
}

/** Whether the page had not been written (nor its inode changed) for `settleMs` when it was read. */
export function isSettled(stamp: FileStamp): boolean {
  return Math.max(stamp[1], stamp[4]) < stamp[3] - settleMs
}
