import {defineRule, type SiteContext} from '../src/rule.js'
import {resolveLink, type LinkTarget} from '../src/site/links.js'
import type {LinkFact} from '../src/site/facts.js'
import type {Site, SitePage} from '../src/site/model.js'
import {cleanId} from '../src/page/slug.js'
import {clearlyMeant, CloseMatcher, nameLimit} from './shared/close-match.js'

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
  conventions: [{id: 'working-links', coverage: 'full'}],
  defaults: {},
  site() {
    return function (site: Site, context: SiteContext) {
      const check = new LinkCheck(site, context)
      const dependents = new Set(site.dependents)
      for (const page of [...site.linted, ...site.dependents]) {
        for (const link of site.factsOf(page)?.links ?? []) {
          if (link.disabled?.includes('broken-links')) continue
          const target = resolveLink(site, page, link.url)
          if (target.kind === 'skip') continue
          // A page this run does not lint reports only links into what changed.
          if (dependents.has(page) && !site.reachesChange(target)) continue
          check.link(page, link, target)
        }
      }
      check.reportFolderRelative()
    }
  }
})

/** A link that misses because it was written from its page's top folder, not from the site root. */
interface FolderRelative {
  page: SitePage
  link: LinkFact
  /** The address meant: `/edge/ar/concepts/tools`. */
  meant: string
  /** Whether the address meant exists; when not, the link misses inside the folder too. */
  found: boolean
  folder: string
  links: number
  pages: Set<SitePage>
}

/** The checks of one run over one site, with what they remember from link to link. */
class LinkCheck {
  private readonly anchorSets = new Map<SitePage, Set<string> | undefined>()
  private routes: CloseMatcher | undefined
  private readonly routeGuesses = new Map<string, string | undefined>()
  private readonly remoteNoticed = new Set<string>()
  private readonly folderRelative = new Map<string, FolderRelative>()

  constructor(private readonly site: Site, private readonly context: SiteContext) {}

  link(page: SitePage, link: LinkFact, target: Exclude<LinkTarget, {kind: 'skip'}>): void {
    const report = (message: string, expected?: string) =>
      this.context.report({file: page.file!, message, place: link.place, actual: link.url, expected})
    if (target.kind === 'unchecked') this.noteRemote(page, link, target.reference)
    else if (target.kind === 'outside') report('Unexpected link `' + link.url + '` outside the site folder, expected a path inside it')
    else if (target.kind === 'missing' && target.redirectedTo) {
      report('Unexpected broken link `' + link.url + '`: it redirects to `' + target.redirectedTo + '`, which is no page or file, expected an existing destination')
    } else if (target.kind === 'missing') {
      if (this.noteFolderRelative(page, link, target.path)) return
      const guess = this.guess(target.path)
      report(
        'Unexpected broken link `' + link.url + '`: no page or file `' + (target.path || '/') + '`, expected an existing page, file or redirect' +
          (guess !== undefined ? ', did you mean `/' + guess + '`?' : ''),
        guess !== undefined ? '/' + guess : undefined
      )
    } else if (target.anchor && target.page) {
      this.anchor(page, target.page, target.anchor, report)
    }
  }

  /** Said once per remote file, as a notice of the run: its pages are unknown, not missing. */
  private noteRemote(page: SitePage, link: LinkFact, reference: string): void {
    if (this.remoteNoticed.has(reference)) return
    this.remoteNoticed.add(reference)
    this.context.report({
      file: page.file!,
      message: 'not checked: links into the pages generated from the remote OpenAPI file `' + reference + '` (first `' + link.url + '`), since docs-lint never fetches over the network',
      place: link.place,
      actual: link.url,
      level: 'info',
      notice: true
    })
  }

  /**
   * A link from a page in a top folder (a version folder: `edge/`, `v1.2/`) written as if the site began
   * there: to an address that exists inside that folder (`/ar/concepts/tools` for
   * `edge/ar/concepts/tools`), or into a folder that exists only there (`/ar/…` with `edge/ar/` and no
   * `ar/`). The platform resolves links from the site root, never from a version folder, so it is
   * broken, for one cause. Such links are counted and reported once per address meant (see
   * `reportFolderRelative`).
   */
  private noteFolderRelative(page: SitePage, link: LinkFact, path: string): boolean {
    const slash = page.route.indexOf('/')
    if (slash === -1 || path === '') return false
    const folder = page.route.slice(0, slash)
    const meant = folder + '/' + path
    if (path.startsWith(folder + '/')) return false
    const found = this.site.pageAt(meant) !== undefined || this.site.exists(meant)
    const first = path.split('/')[0]!
    const shaped = this.site.framework === undefined && path.includes('/') && this.site.folders.has(folder + '/' + first) && !this.site.exists(first)
    if (!found && !shaped) return false
    const known = this.folderRelative.get(meant)
    if (known) {
      known.links++
      known.pages.add(page)
    } else {
      this.folderRelative.set(meant, {page, link, meant: '/' + meant, found, folder, links: 1, pages: new Set([page])})
    }
    return true
  }

  reportFolderRelative(): void {
    for (const {page, link, meant, found, folder, links, pages} of this.folderRelative.values()) {
      const others = links > 1 ? ' (' + links + ' links in ' + pages.size + (pages.size === 1 ? ' page' : ' pages') + ' under `' + folder + '/`, reported here once)' : ''
      const cause = 'links start at the site root, not at the folder `' + folder + '/` this page is in'
      this.context.report({
        file: page.file!,
        message: 'Unexpected broken link `' + link.url + '`: ' + cause + (found ? others + ', expected `' + meant + '`' : ', and `' + meant + '` is no page or file either' + others + ', expected an existing page, file or redirect'),
        place: link.place,
        actual: link.url,
        expected: found ? meant : undefined
      })
    }
  }

  /** The address a broken path clearly meant, if any: sites repeat a broken link, so each is measured once. */
  private guess(path: string): string | undefined {
    if (!this.routeGuesses.has(path)) {
      this.routes ??= new CloseMatcher([...this.site.routes.keys()])
      const found = /\.\w+$/.test(path) ? undefined : this.routes.find(path, nameLimit(path))
      // A neighbour of the page meant (its sibling in another language, a page with one more word) is no suggestion.
      this.routeGuesses.set(path, found !== undefined && clearlyMeant(path, found) ? found : undefined)
    }
    return this.routeGuesses.get(path)
  }

  private anchor(page: SitePage, into: SitePage, anchor: string, report: (message: string, expected?: string) => void): void {
    const anchors = this.anchorsOf(into)
    const id = cleanId(anchor)
    if (!anchors || anchors.has(id)) return
    const close = new CloseMatcher([...anchors]).find(id, Math.max(2, Math.floor(id.length / 3)))
    // Only the anchor the link clearly meant (`#prefectautomation` for `#prefect-automation`), never a neighbour.
    const guess = close !== undefined && clearlyMeant(id, close) ? close : undefined
    const where = into === page ? 'this page' : '`/' + into.route + '`'
    report(
      'Unexpected anchor `#' + anchor + '`: no heading or `id` `' + id + '` in ' + where + ', expected one of its anchors' +
        (guess !== undefined ? ', did you mean `#' + guess + '`?' : ''),
      guess !== undefined ? '#' + guess : undefined
    )
  }

  private anchorsOf(page: SitePage): Set<string> | undefined {
    if (!this.anchorSets.has(page)) {
      // Set first: a snippet that imports its own importer adds nothing the second time round.
      this.anchorSets.set(page, new Set())
      this.anchorSets.set(page, pageAnchors(this.site, page, (snippet) => this.anchorsOf(snippet)))
    }
    return this.anchorSets.get(page)
  }
}

/**
 * The anchors of a page: its headings' and components' own, and those of the snippets it imports,
 * which the platform inlines. Unknown (undefined) when the page or a snippet did not parse, or when the
 * platform generates the page's body from an OpenAPI operation: links into it are not checked.
 */
function pageAnchors(site: Site, page: SitePage, anchorsOf: (page: SitePage) => Set<string> | undefined): Set<string> | undefined {
  const facts = site.factsOf(page)
  if (!facts || facts.parseFailed || facts.generated) return undefined
  const anchors = new Set(facts.anchors)
  for (const snippet of site.snippets().importsOf(page)) {
    const inner = anchorsOf(snippet)
    if (!inner) return undefined
    for (const anchor of inner) anchors.add(anchor)
  }
  return anchors
}
