// What the site checks learn from pages a run does not lint, kept from run to run by a caller that
// lints one page at a time (the language server): on a site of 20,000 pages, reading them all again
// for every keystroke takes seconds. Each page's memo holds until its file changes (size, times, inode),
// checked once a run, so nothing stale is ever used and no file watcher is needed.
import fs from 'node:fs'
import type {PageFacts} from './facts.js'

/** What is known of one page file, from its text on disk. */
export interface PageMemo {
  /** The sources of its `import` lines, once read. */
  imports?: string[] | undefined
  /** For each name asked about: whether the page's text holds it. */
  readonly names: Map<string, boolean>
  /** Its facts, once parsed; null when it could not be read or parsed. */
  facts?: PageFacts | null | undefined
}

export class SiteMemo {
  private readonly pages = new Map<string, {stamp: string; memo: PageMemo}>()
  /** Pages whose stamp this run has checked. */
  private readonly checked = new Set<string>()

  /** A run starts: each page's file is looked at again, once, when the run first asks about it. */
  startRun(): void {
    this.checked.clear()
  }

  /** The memo of a page file (absolute path), empty when the file changed since; undefined when it is gone. */
  of(absolute: string): PageMemo | undefined {
    const known = this.pages.get(absolute)
    if (known && this.checked.has(absolute)) return known.memo
    let stamp: string
    try {
      const stats = fs.statSync(absolute)
      stamp = stats.size + ':' + stats.mtimeMs + ':' + stats.ctimeMs + ':' + stats.ino
    } catch {
      this.pages.delete(absolute)
      return undefined
    }
    this.checked.add(absolute)
    if (known && known.stamp === stamp) return known.memo
    const memo: PageMemo = {names: new Map()}
    this.pages.set(absolute, {stamp, memo})
    return memo
  }
}
