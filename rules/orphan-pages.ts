import path from 'node:path'
import {defineRule, type SiteContext} from '../src/rule.js'
import type {Site} from '../src/site/model.js'

/**
 * Pages no navigation entry reaches: readers find them only by a link or a search. Snippets (under
 * `snippets/`, or imported by a page) are fragments, not pages; ignored files are never linted.
 */
export default defineRule({
  id: 'orphan-pages',
  severity: 'warn',
  summary: 'Every page is reached by a navigation entry (snippets and ignored files aside)',
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
      for (const page of site.linted) {
        if (reached.has(page.relative) || imported.has(page.relative) || /(^|\/)snippets\//.test(page.relative)) continue
        context.report({
          file: page.file!,
          message: 'Unexpected page outside the navigation: no entry in `' + site.config.name + '` reaches `' + page.route +
            '`, expected it in `navigation`, imported as a snippet, or ignored in `.mintignore`',
          place: {start: {line: 1, column: 1}, end: {line: 1, column: 1}},
          actual: page.route
        })
      }
    }
  }
})
