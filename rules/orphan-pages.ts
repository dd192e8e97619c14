import path from 'node:path'
import {defineRule, type SiteContext} from '../src/rule.js'
import type {Site, SitePage} from '../src/site/model.js'
import {resolveLink} from '../src/site/links.js'
import {neverReadByReaders} from '../src/shared/published.js'

/**
 * Pages no navigation entry reaches and no other page links to: readers find them only by a search.
 * Snippets (under `snippets/`, or imported by a page) are fragments, not pages; ignored files are
 * never linted.
 */
export default defineRule({
  id: 'orphan-pages',
  severity: 'warn',
  summary: 'Every page is reached by a navigation entry or a link from a reached page (snippets and ignored files aside)',
  fixable: false,
  conventions: [{id: 'navigation', coverage: 'partial'}],
  defaults: {},
  site() {
    return function (site: Site, context: SiteContext) {
      // With part of the config unreadable, the navigation is unknown: `docs-config` reports why.
      const {config} = site
      if (!config.value || config.refProblems.length > 0 || config.documents.some((document) => document.parseError || document.readError)) return
      const reached = new Set<string>()
      for (const page of site.navigationPages()) if (page) reached.add(page.relative)
      const snippets = site.snippets()
      // A file the site does not serve as a page (outside another framework's content folder) is no orphan.
      const isSnippet = (page: SitePage) => snippets.isSnippet(page) || /(^|\/)snippets\//.test(page.relative)
      // A redirect's destination is reached by the old address it keeps alive.
      for (const redirect of site.redirects()) {
        const destination = redirect.destination.trim()
        const cut = destination.search(/[?#]/)
        const page = site.pageAt(path.posix.normalize((cut === -1 ? destination : destination.slice(0, cut)).replace(/^\/+/, '')))
        if (page) reached.add(page.relative)
      }
      // A page whose front matter keeps it out of search and sidebars (`noindex`, `hidden`) is hidden on purpose.
      const candidates = site.linted.filter((page) => page.served && !reached.has(page.relative) && !isSnippet(page) && !site.factsOf(page)?.hidden)
      if (candidates.length === 0) return
      // A page outside the navigation that another page links to is a hidden page, which the platform
      // supports on purpose (opened from a card gallery, say). Links of the linted pages are in their
      // facts; of the others, only pages a reader can open whose text names a candidate are read.
      const linked = new Set<string>()
      const addTargets = (from: SitePage) => {
        for (const link of site.factsOf(from)?.links ?? []) {
          if (link.via === 'image') continue
          const target = resolveLink(site, from, link.url)
          if (target.kind === 'found' && target.page && target.page !== from) linked.add(target.page.relative)
        }
      }
      for (const page of site.linted) addTargets(page)
      const names = new Set(candidates.map((page) => path.posix.basename(page.route) === 'index' ? path.posix.basename(path.posix.dirname(page.route)) : path.posix.basename(page.route)))
      const named = [...names]
      for (const page of site.pagesNamingAny(named)) {
        // A link from a README or an assistant's instructions brings no reader to a page.
        if (page.file || neverReadByReaders(page.relative)) continue
        addTargets(page)
      }
      for (const page of candidates) {
        if (linked.has(page.relative)) continue
        // `.mdx` wins over `.md` at the same address: the other file is never shown, wherever it is listed.
        const shadow = site.routes.get(page.route)
        if (shadow && shadow !== page) {
          context.report({
            file: page.file!,
            message: 'Unexpected page `' + page.relative + '` at the address of `' + shadow.relative + '`: the platform serves `' + shadow.relative +
              '` at `/' + page.route + '` and never this file, expected one of them renamed or deleted',
            place: {start: {line: 1, column: 1}, end: {line: 1, column: 1}},
            actual: page.route
          })
          continue
        }
        context.report({
          file: page.file!,
          message: 'Unexpected page outside the navigation: no entry in `' + site.config.name + '` reaches `' + page.route +
            '` and no page links to it, expected it in `navigation`, linked from a page, imported as a snippet, ignored in `.mintignore`, or deleted if it is stale',
          place: {start: {line: 1, column: 1}, end: {line: 1, column: 1}},
          actual: page.route
        })
      }
    }
  }
})
