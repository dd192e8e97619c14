// What the site checks learn from the disk, kept from run to run by a caller that lints one page at a
// time (the language server): on a site of 20,000 pages, reading them all again for every keystroke
// takes seconds. Nothing stale is ever used:
// - each page's memo holds until its file changes (size, times, inode), checked once a run; or, for a
//   caller told of every change on disk (`watchedFiles`), once, until `changed` names the file;
// - the base of each site (its config, listing, pages, see `base.ts`) holds while every file it read
//   reads the same and no folder of the site had an entry created, deleted or renamed since.
import fs from 'node:fs'
import path from 'node:path'
import type {PageFacts} from './facts.js'
import {buildSiteBase, type SiteBase} from './base.js'
import {folderStamp, readsHold, recordingReads, recordReads, type SiteReads} from './reads.js'

/** What is known of one page file, from its text on disk. */
export interface PageMemo {
  /** The sources of its `import` lines, once read. */
  imports?: string[] | undefined
  /** For each name asked about: whether the page's text holds it. */
  readonly names: Map<string, boolean>
  /** Its facts, once parsed; null when it could not be read or parsed. */
  facts?: PageFacts | null | undefined
}

/**
 * A file system's times may be this coarse (FAT keeps 2 seconds; Linux ticks in milliseconds): a
 * folder changed this recently may change again without its stamp changing, so its stamp is not
 * trusted until it is older.
 */
const RACY_MS = 2000

interface KeptBase {
  base: SiteBase
  /** What building it read (files, their absence), each checked again before it is used. */
  reads: SiteReads
  /** Each folder listed, with its stamp. */
  folders: Map<string, string>
  /** When the stamps were taken (ms since the epoch). */
  takenAt: number
}

export class SiteMemo {
  private readonly pages = new Map<string, {stamp: string; memo: PageMemo}>()
  /** Pages whose stamp this run has checked (or, when the files are watched, since they last changed). */
  private readonly checked = new Set<string>()
  private readonly bases = new Map<string, KeptBase>()
  private watched = false
  /** Bumped whenever what is known of a page file is dropped or made anew. */
  private version = 0
  /** How many times a site's base was built (not kept): for tests. */
  baseBuilds = 0

  /** A run starts: each page's file is looked at again, once, when the run first asks about it (unless watched). */
  startRun(): void {
    if (!this.watched) this.checked.clear()
  }

  /**
   * From now on the caller tells of every change to a page file on disk (`changed`), as a language
   * client's file watcher does: a page's file is then looked at once, not once a run.
   */
  watchedFiles(): void {
    this.watched = true
    // What changed before the watching began is found by looking at every file once more.
    this.checked.clear()
    this.version++
  }

  /**
   * While the files are watched, a number that stays the same as long as nothing known of any page file
   * changed (so what was worked out from all of them holds); undefined when they are not watched.
   */
  state(): number | undefined {
    return this.watched ? this.version : undefined
  }

  /** A file or folder changed on disk (absolute path): what was known of it, or of any file under it, is dropped. */
  changed(absolute: string): void {
    const prefix = absolute.endsWith(path.sep) ? absolute : absolute + path.sep
    for (const known of this.pages.keys()) {
      if (known === absolute || known.startsWith(prefix)) {
        this.pages.delete(known)
        this.checked.delete(known)
      }
    }
    this.version++
  }

  /**
   * Look at every known page file again, a slice at a time with other work let in between, and at each
   * kept site base: what changed without the caller being told (a file watcher that missed it) is
   * dropped, and its path (a page's, or a site's root) comes back.
   */
  async verify(slice = 1000): Promise<string[]> {
    const changed: string[] = []
    const known = [...this.pages]
    for (let start = 0; start < known.length; start += slice) {
      if (start > 0) await new Promise((resolve) => setImmediate(resolve))
      for (const [absolute, entry] of known.slice(start, start + slice)) {
        // Dropped or made anew meanwhile: looked at then.
        if (this.pages.get(absolute) !== entry) continue
        if (stampOf(absolute) !== entry.stamp) changed.push(absolute)
      }
    }
    for (const absolute of changed) this.changed(absolute)
    // And each kept site: a page created or deleted, docs.json edited.
    for (const [key, kept] of this.bases) {
      if (baseHolds(kept)) continue
      this.bases.delete(key)
      changed.push(kept.base.root)
    }
    return changed
  }

  /** The memo of a page file (absolute path), empty when the file changed since; undefined when it is gone. */
  of(absolute: string): PageMemo | undefined {
    const known = this.pages.get(absolute)
    if (known && this.checked.has(absolute)) return known.memo
    const stamp = stampOf(absolute)
    if (stamp === undefined) {
      this.pages.delete(absolute)
      this.version++
      return undefined
    }
    this.checked.add(absolute)
    if (known && known.stamp === stamp) return known.memo
    this.version++
    const memo: PageMemo = {names: new Map()}
    this.pages.set(absolute, {stamp, memo})
    return memo
  }

  /**
   * The base of the site at `root` for a run in `runFolder`: the kept one when nothing it was built
   * from changed, else built again. Undefined when the site has no config.
   */
  siteBase(root: string, runFolder: string | undefined): SiteBase | undefined {
    const key = root + '\0' + (runFolder ?? '')
    // A run whose reads are noted (for the results cache) reads everything itself.
    if (recordingReads()) return buildSiteBase(root, runFolder)
    const kept = this.bases.get(key)
    if (kept && baseHolds(kept)) return kept.base
    this.bases.delete(key)
    const folders = new Map<string, string>()
    const takenAt = Date.now()
    const {result: base, reads} = recordReads(() => buildSiteBase(root, runFolder, folders))
    this.baseBuilds++
    // The listing is checked by its folders' stamps, not listed again.
    if (base) this.bases.set(key, {base, reads: reads.filter(([read]) => !read.startsWith('l:')), folders, takenAt})
    return base
  }
}

/** What a file's entry says of it (size, times, inode); undefined when it cannot be read. */
function stampOf(absolute: string): string | undefined {
  try {
    const stats = fs.statSync(absolute)
    return stats.size + ':' + stats.mtimeMs + ':' + stats.ctimeMs + ':' + stats.ino
  } catch {
    return undefined
  }
}

/** Whether a kept base still describes the disk: its folders unchanged (and not changed too recently to tell), its reads the same. */
function baseHolds(kept: KeptBase): boolean {
  for (const [folder, stamp] of kept.folders) {
    if (folderStamp(folder) !== stamp || racy(stamp, kept.takenAt)) return false
  }
  return readsHold(kept.reads, () => {
    throw new Error('no listing is kept')
  }) !== undefined
}

/**
 * Whether a stamp's modification time is too close to when it was taken to tell a later change from
 * none. (A folder whose time was set back, as an archive's extraction does, has a new change time: the
 * stamp still differs.)
 */
function racy(stamp: string, takenAt: number): boolean {
  if (stamp === '-') return false
  return Number(stamp.split(':')[1]) > takenAt - RACY_MS
}
