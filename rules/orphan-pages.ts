import path from 'node:path'
import {defineRule, type SiteContext} from '../src/rule.js'
import type {Site} from '../src/site/model.js'
import {resolveLink} from '../src/site/links.js'

/**
 * Pages no navigation entry reaches and no reached page links to: readers find them only by a search.
 * Snippets (under `snippets/`, or imported by a page) are fragments, not pages; ignored files are
 * never linted.
 */
export default defineRule({
  id: 'orphan-pages',
  severity: 'warn',
  summary: 'Every page is reached by a navigation entry or a link from a reached page (snippets and ignored files aside)',
  fixable: false,
  defaults: {},
  site() {
    return function (site: Site, context: SiteContext) {
      // With part of the config unreadable, the navigation is unknown: `docs-config` reports why.
      const {config} = site
      if (!config.value || config.refProblems.length > 0 || config.documents.some((document) => document.parseError || document.readError)) return
      const reached = new Set<string>()
      for (const entry of site.navigation()) {
        if (entry.operation) continue
        const page = site.pageAt(path.posix.normalize(entry.value.trim().replace(/^\/+/, '')))
        if (page) reached.add(page.relative)
      }
      const imported = new Set<string>()
      for (const page of site.linted) {
        for (const specifier of site.factsOf(page)?.imports ?? []) {
          if (!/\.mdx?$/.test(specifier)) continue
          const target = specifier.startsWith('/')
            ? specifier.slice(1)
            : path.posix.join(path.posix.dirname(page.relative), specifier)
          imported.add(path.posix.normalize(target))
        }
      }
      const isSnippet = (relative: string) => imported.has(relative) || /(^|\/)snippets\//.test(relative)
      // A page outside the navigation that a reached page links to is a hidden page, which the platform
      // supports on purpose (reached from a card gallery, say): follow links from the navigation out.
      const byRelative = new Map(site.linted.map((page) => [page.relative, page]))
      const queue = site.linted.filter((page) => reached.has(page.relative) || isSnippet(page.relative))
      const linked = new Set(queue.map((page) => page.relative))
      while (queue.length > 0) {
        const from = queue.pop()!
        for (const link of site.factsOf(from)?.links ?? []) {
          if (link.via === 'image') continue
          const target = resolveLink(site, from, link.url)
          const relative = target.kind === 'found' ? target.page?.relative : undefined
          if (relative === undefined || linked.has(relative)) continue
          linked.add(relative)
          const next = byRelative.get(relative)
          if (next) queue.push(next)
        }
      }
      for (const page of site.linted) {
        if (linked.has(page.relative)) continue
        context.report({
          file: page.file!,
          message: 'Unexpected page outside the navigation: no entry in `' + site.config.name + '` reaches `' + page.route +
            '` and no page it reaches links to it, expected it in `navigation`, linked from a page, imported as a snippet, ignored in `.mintignore`, or deleted if it is stale',
          place: {start: {line: 1, column: 1}, end: {line: 1, column: 1}},
          actual: page.route
        })
      }
    }
  }
})
