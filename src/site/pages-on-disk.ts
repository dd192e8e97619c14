// The pages of a site as they are on disk, for the site checks: a page's facts (from the run that
// linted it, else read and parsed once), its import lines, whether its text names something. What a
// `SiteMemo` keeps between runs is used and filled.
import path from 'node:path'
import {VFile as VFileClass} from 'vfile'
import {createPage} from '../page/page.js'
import {parsePage, parseFailureOf} from '../page/parse.js'
import type {SiteBase, SitePage} from './base.js'
import {collectSiteFacts, siteFactsOf, type PageFacts} from './facts.js'
import type {SiteMemo} from './memo.js'
import {maxSitePageBytes, readSiteFile} from './reads.js'
import {importSpecifiers} from './snippets.js'

export class PagesOnDisk {
  private readonly factsCache = new Map<string, PageFacts | undefined>()

  constructor(private readonly base: SiteBase, private readonly root: string, private readonly memo: SiteMemo | undefined) {}

  /** Facts of a page: from the run when it was linted, else read and parsed now (once). */
  factsOf(page: SitePage): PageFacts | undefined {
    if (page.file) {
      const facts = siteFactsOf(page.file)
      if (facts) return facts
    }
    if (this.factsCache.has(page.relative)) return this.factsCache.get(page.relative)
    const memo = this.memo?.of(this.absoluteOf(page))
    let facts: PageFacts | undefined
    if (memo?.facts !== undefined) {
      facts = memo.facts ?? undefined
    } else {
      const text = this.textOf(page)
      try {
        if (text !== undefined) {
          const file = new VFileClass({path: path.join(this.root, page.relative), value: text})
          const tree = parsePage(file)
          const failed = parseFailureOf(file) !== undefined
          facts = collectSiteFacts(tree, file, createPage(file, tree, {parseFailed: failed}), failed)
        }
      } catch {
        facts = undefined
      }
      if (memo) memo.facts = facts ?? null
    }
    this.factsCache.set(page.relative, facts)
    return facts
  }

  /** The absolute path of a page's file, made once per page of the base (the memo's keys keep their hashes). */
  private absoluteOf(page: SitePage): string {
    const absolutes = (this.base.absolutes ??= new Map())
    let absolute = absolutes.get(page.relative)
    if (absolute === undefined) absolutes.set(page.relative, (absolute = path.join(this.root, page.relative)))
    return absolute
  }

  /** The text of a page on disk, read as every site file is (inside the site, bounded); undefined when it cannot be read. */
  private textOf(page: SitePage): string | undefined {
    try {
      return readSiteFile(this.absoluteOf(page), this.root, maxSitePageBytes)
    } catch {
      return undefined
    }
  }

  /** The sources of the `import` lines of a page, as on disk. */
  importsOnDisk(page: SitePage): string[] {
    const memo = this.memo?.of(this.absoluteOf(page))
    if (memo?.imports) return memo.imports
    const text = this.textOf(page)
    // Most pages import nothing: the search for `import` is cheaper than reading their lines.
    const imports = text === undefined || !text.includes('import') ? [] : importSpecifiers(text)
    if (memo) memo.imports = imports
    return imports
  }

  /** Whether the text of a page on disk holds any of `names` (a cheap test before its links are read). */
  namesAny(page: SitePage, names: readonly string[]): boolean {
    const memo = this.memo?.of(this.absoluteOf(page))
    let text: string | undefined
    let readText = false
    for (const name of names) {
      let holds = memo?.names.get(name)
      if (holds === undefined) {
        if (!readText) {
          text = this.textOf(page)
          readText = true
        }
        holds = text !== undefined && text.includes(name)
        memo?.names.set(name, holds)
      }
      if (holds) return true
    }
    return false
  }
}
