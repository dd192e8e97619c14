import {defineRule, type SiteContext} from '../src/rule.js'
import {resolveLink} from '../src/site/links.js'
import type {Site, SitePage} from '../src/site/model.js'
import {cleanId} from '../src/site/slug.js'
import {CloseMatcher, nameLimit} from './shared/close-match.js'

/**
 * Internal links resolve: Markdown links and images, `href` of `Card` and `a`, `src` of `img`,
 * `video` and `source`, to a page or a file of the site, and `#anchors` to a heading slug or `id`
 * of the target page. External URLs are never fetched.
 */
export default defineRule({
  id: 'broken-links',
  severity: 'error',
  summary: 'Internal links and anchors resolve to a page, a file, a redirect and a heading of the site',
  fixable: false,
  defaults: {},
  site() {
    return function (site: Site, context: SiteContext) {
      const anchorSets = new Map<SitePage, Set<string> | undefined>()
      const anchorsOf = (page: SitePage): Set<string> | undefined => {
        if (!anchorSets.has(page)) {
          const facts = site.factsOf(page)
          // Anchors of a page that did not parse, or whose body the platform generates from an OpenAPI
          // operation, are unknown: links into them are not checked.
          anchorSets.set(page, facts && !facts.parseFailed && !facts.generated ? new Set(facts.anchors) : undefined)
        }
        return anchorSets.get(page)
      }
      let routes: CloseMatcher | undefined
      const routeGuesses = new Map<string, string | undefined>()
      const dependents = new Set(site.dependents)
      for (const page of [...site.linted, ...site.dependents]) {
        const facts = site.factsOf(page)
        if (!facts) continue
        for (const link of facts.links) {
          if (link.disabled?.includes('broken-links')) continue
          const report = (message: string, expected?: string) =>
            context.report({file: page.file!, message, place: link.place, actual: link.url, expected})
          const target = resolveLink(site, page, link.url)
          if (target.kind === 'skip') continue
          // A page this run does not lint reports only links into what changed.
          if (dependents.has(page) && !site.reachesChange(target)) continue
          if (target.kind === 'outside') {
            report('Unexpected link `' + link.url + '` outside the site folder, expected a path inside it')
            continue
          }
          if (target.kind === 'missing') {
            if (target.redirectedTo) {
              report('Unexpected broken link `' + link.url + '`: it redirects to `' + target.redirectedTo + '`, which is no page or file, expected an existing destination')
              continue
            }
            routes ??= new CloseMatcher([...site.routes.keys()])
            // Sites repeat a broken link on many pages (and in every language): measure each once.
            if (!routeGuesses.has(target.path)) {
              routeGuesses.set(target.path, /\.\w+$/.test(target.path) ? undefined : routes.find(target.path, nameLimit(target.path)))
            }
            const guess = routeGuesses.get(target.path)
            const close = guess !== undefined
            report(
              'Unexpected broken link `' + link.url + '`: no page or file `' + (target.path || '/') + '`, expected an existing page, file or redirect' +
                (close ? ', did you mean `/' + guess + '`?' : ''),
              close ? '/' + guess : undefined
            )
            continue
          }
          if (!target.anchor || !target.page) continue
          const anchors = anchorsOf(target.page)
          const id = cleanId(target.anchor)
          if (!anchors || anchors.has(id)) continue
          const guess = new CloseMatcher([...anchors]).find(id, Math.max(2, Math.floor(id.length / 3)))
          const close = guess !== undefined
          const where = target.page === page ? 'this page' : '`/' + target.page.route + '`'
          report(
            'Unexpected anchor `#' + target.anchor + '`: no heading or `id` `' + id + '` in ' + where + ', expected one of its anchors' +
              (close ? ', did you mean `#' + guess + '`?' : ''),
            close ? '#' + guess : undefined
          )
        }
      }
    }
  }
})

