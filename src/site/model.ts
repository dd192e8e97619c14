import path from 'node:path'
import {VFile as VFileClass} from 'vfile'
import type {ResolvedConfig} from '../config/resolve.js'
import type {PageFacts} from './facts.js'
import {get, toValue, type Located} from './json.js'
import {entryRoute, type NavigationEntry} from './navigation.js'
import {maxSitePageBytes, readInside, recordingReads} from './reads.js'
import type {LintedPage} from './files.js'
import {addPage, baseNavigation, openApiReferences, type SiteBase, type SiteConfig, type SitePage} from './base.js'
import {operationPageRoute, type PageSettings} from './openapi-pages.js'
import {discoverOpenApiSpecs, loadOpenApiSpec, specByName, type OpenApiSpec} from './openapi-spec.js'
import {relativeTo} from '../shared/relative-path.js'
import {applyRedirect, trimSlashes} from './redirects.js'
import {appRoutes, type Framework} from './framework.js'
import {importTarget, SnippetIndex} from './snippets.js'
import type {SiteMemo} from './memo.js'
import {PagesOnDisk} from './pages-on-disk.js'

/** Where a link written in a page leads (see `resolveLink` in `./links.ts`). */
export type LinkTarget =
  /** External, `mailto:`, `data:`, empty: not checked. */
  | {kind: 'skip'}
  | {kind: 'found'; page: SitePage | undefined; anchor: string | undefined; redirectedTo: string | undefined}
  | {kind: 'missing'; path: string; redirectedTo: string | undefined}
  /** Into the pages the platform generates from a remote OpenAPI file (`reference`): unknown, never fetched. */
  | {kind: 'unchecked'; path: string; reference: string}
  | {kind: 'outside'}

export type {SiteConfig, SitePage} from './base.js'

export type {OpenApiSpec} from './openapi-spec.js'

export interface Redirect {
  source: string
  destination: string
  node: Located
}

/**
 * The whole-site model, made for each run from the site's base (its config and files on disk, see
 * `base.ts`, which a caller may keep from run to run) and the facts each
 * linted page left in `file.data`. Pages the run does not lint are read only when a link points
 * into them with an anchor.
 */
export class Site {
  readonly root: string
  readonly config: SiteConfig
  /** Every file under the root (relative, `/`-separated), dot folders and `node_modules` left out. */
  readonly files: Set<string>
  readonly folders: Set<string>
  /** Pages by relative path. */
  readonly pages: Map<string, SitePage>
  /** Pages by route (`guides/install`). */
  readonly routes: Map<string, SitePage>
  private readonly base: SiteBase
  /** Whether this run added pages the base has not (a linted page not on disk): what the base keeps may not hold. */
  private grown = false
  /** The pages this run lints, in path order. */
  readonly linted: SitePage[] = []
  /**
   * Pages this run does not lint whose links are still checked, because they may point into a page
   * that changed or was removed (`--changed-since`); only links into those pages are reported on them.
   */
  readonly dependents: SitePage[] = []
  private changedPages: Set<string> | undefined
  private removedRoutes: Set<string> | undefined
  private specsCache: OpenApiSpec[] | undefined
  private discoveredCache: OpenApiSpec[] | undefined
  /** OpenAPI files pages name that the config does not list. */
  private readonly namedSpecs = new Map<string, OpenApiSpec>()
  /** The `directory` and `slug` set beside each OpenAPI reference, once per place it is configured. */
  private get specSettings(): ReadonlyMap<string, PageSettings[]> {
    return openApiReferences(this.base)
  }
  private generatedRoutesCache: Set<string> | undefined
  private redirectsCache: Redirect[] | undefined
  /** What the site checks read of pages on disk, this run linting them or not. */
  private readonly onDisk: PagesOnDisk
  private readonly listed: Set<string>
  private snippetIndex: SnippetIndex<SitePage> | undefined
  private appRoutesCache: Set<string> | undefined
  /** The framework that serves the site instead of the platform, when its files say so (see `framework.ts`). */
  readonly framework: Framework | undefined

  /** `linted`: the pages this run lints, from `lintedPages`; `base`: the site on disk (see `base.ts`). */
  constructor(base: SiteBase, linted: readonly LintedPage[], private readonly memo?: SiteMemo) {
    this.base = base
    this.root = base.root
    this.onDisk = new PagesOnDisk(base, base.root, memo)
    this.config = base.config
    this.files = base.files
    this.folders = base.folders
    this.listed = base.listed
    this.framework = base.framework
    this.pages = new Map(base.pages)
    this.routes = new Map(base.routes)
    for (const {relative, file, config: pageConfig} of linted) {
      const page = this.ownPage(relative)
      page.file = file
      page.config = pageConfig
      this.linted.push(page)
    }
  }

  /** The page at `relative` as this run's own, to set its file on: the base's pages serve the next run unchanged. */
  private ownPage(relative: string): SitePage {
    const shared = this.pages.get(relative)
    if (!shared) {
      this.grown = true
      return addPage(this.pages, this.routes, this.framework, relative)
    }
    if (this.base.pages.get(relative) !== shared) return shared
    const page = {...shared}
    this.pages.set(relative, page)
    if (this.routes.get(page.route) === shared) this.routes.set(page.route, page)
    return page
  }

  /**
   * Find the pages not linted in this run that may link into `changed` or `removed` pages (absolute
   * paths): those whose text names one of them (its file name, or its folder for an `index` page).
   * A cheap text search, so only those few pages are parsed for their links.
   */
  watchChanges(changed: ReadonlySet<string>, removed: ReadonlySet<string>, cwd: string, config: ResolvedConfig | undefined): void {
    const inside = (paths: ReadonlySet<string>) =>
      [...paths].map((absolute) => this.relativeOf(absolute)).filter((relative) => !relative.startsWith('..') && !path.isAbsolute(relative))
    const changedPages = inside(changed)
    const removedPages = inside(removed)
    if (changedPages.length + removedPages.length === 0) return
    this.changedPages = new Set(changedPages)
    this.removedRoutes = new Set(removedPages.map((relative) => relative.replace(/\.mdx?$/i, '')))
    const needles = new Set<string>()
    for (const relative of [...changedPages, ...removedPages]) {
      const name = path.posix.basename(relative).replace(/\.mdx?$/i, '')
      const folder = path.posix.basename(path.posix.dirname(relative))
      if (name !== 'index') needles.add(name)
      else if (folder !== '.' && folder !== '') needles.add(folder)
    }
    if (needles.size === 0) return
    for (const page of this.pages.values()) {
      if (page.file || this.changedPages.has(page.relative)) continue
      const absolute = path.join(this.root, page.relative)
      let text: string
      try {
        text = readInside(absolute, this.root, maxSitePageBytes)
      } catch {
        continue
      }
      let names = false
      for (const needle of needles) {
        if (text.includes(needle)) {
          names = true
          break
        }
      }
      if (!names) continue
      const own = this.ownPage(page.relative)
      own.file = new VFileClass({path: path.relative(cwd, absolute), cwd, value: text})
      own.config = config
      this.dependents.push(own)
    }
    this.dependents.sort((a, b) => (a.relative < b.relative ? -1 : a.relative > b.relative ? 1 : 0))
  }

  /** Whether a link from a dependent page is reported: it points into a changed or removed page. */
  reachesChange(target: LinkTarget): boolean {
    if (target.kind === 'found') return target.page !== undefined && (this.changedPages?.has(target.page.relative) ?? false)
    if (target.kind === 'missing') {
      const route = target.path.replace(/\.mdx?$/i, '')
      return (this.removedRoutes?.has(route) ?? false) || (this.removedRoutes?.has(route === '' ? 'index' : route + '/index') ?? false)
    }
    return false
  }

  relativeOf(filePath: string): string {
    return relativeTo(this.root, filePath)
  }

  /**
   * Whether an address names a file or a folder the site serves (or a file the corpus lists): under the
   * site root, or under the static folder another framework serves at the root (`public/`).
   */
  exists(relative: string): boolean {
    if (this.framework?.staticRoot !== undefined && this.appRoutes().has(relative)) return true
    return this.servedPaths(relative).some((candidate) => this.files.has(candidate) || this.folders.has(candidate) || this.listed.has(candidate))
  }

  /** Addresses another framework's app serves from its own code (see `appRoutes`). */
  private appRoutes(): Set<string> {
    this.appRoutesCache ??= appRoutes([...this.files, ...this.listed])
    return this.appRoutesCache
  }

  /** Whether an address names a file (or a file the corpus lists), not a folder. */
  hasFile(relative: string): boolean {
    return this.servedPaths(relative).some((candidate) => this.files.has(candidate) || this.listed.has(candidate))
  }

  /** Where the file an address names may lie, relative to the site root. */
  private servedPaths(relative: string): string[] {
    const staticRoot = this.framework?.staticRoot
    if (staticRoot === undefined) return [relative]
    const paths = [relative, staticRoot + '/' + relative]
    // An app under a `basePath` (`/docs`) writes static paths with it; when its config cannot be read,
    // the path's first folder may be that base path.
    const basePath = this.framework!.basePath
    const base = basePath ? basePath.slice(1) + '/' : undefined
    if (base !== undefined && relative.startsWith(base)) paths.push(staticRoot + '/' + relative.slice(base.length))
    else if (basePath === null && relative.includes('/') && !this.folders.has(relative.slice(0, relative.indexOf('/')))) {
      paths.push(staticRoot + '/' + relative.slice(relative.indexOf('/') + 1))
    }
    return paths
  }

  /** The page a route names: `guides/install`, `guides` (its `index`), with or without extension. */
  pageAt(route: string): SitePage | undefined {
    const clean = trimSlashes(route)
    const byPath = this.pages.get(clean)
    return (
      (byPath?.served && this.framework === undefined ? byPath : undefined) ??
      this.routes.get(clean) ??
      this.routes.get(clean === '' ? 'index' : clean + '/index')
    )
  }

  /** Who imports what: snippets and their pages. */
  snippets(): SnippetIndex<SitePage> {
    this.snippetIndex ??= new SnippetIndex(this)
    return this.snippetIndex
  }

  /** Navigation page entries in reading order. */
  navigation(): NavigationEntry[] {
    return baseNavigation(this.base)
  }

  /**
   * The page each navigation entry names (undefined for an operation, or an entry that names none), in
   * the order of `navigation()`. Found once per base while the run adds no page to it; by relative path,
   * so the pages this run lints are its own.
   */
  navigationPages(): Array<SitePage | undefined> {
    const found = () => this.navigation().map((entry) => (entry.operation ? undefined : this.pageAt(entryRoute(entry))?.relative))
    const relatives = this.grown ? found() : (this.base.navigationPages ??= found())
    return relatives.map((relative) => (relative === undefined ? undefined : this.pages.get(relative)))
  }

  /**
   * What `compute` works out from the pages on disk, kept on the base while the memo says no page file
   * changed (the files are watched) and the run adds no page; worked out again otherwise. `compute` is
   * told whether to include the pages this run lints (as on disk): only what is kept needs them.
   */
  private keptWhileUnchanged<T>(key: string, compute: (linted: boolean) => T): T {
    // Worked out for this run alone, it need not read the linted pages on disk (nor note that it did).
    if (this.grown || this.memo?.state() === undefined || recordingReads()) return compute(false)
    const kept = (this.base.kept ??= new Map())
    const known = kept.get(key)
    if (known && known.state === this.memo.state()) return known.value as T
    const value = compute(true)
    // Taken after: what `compute` looked at for the first time is part of it.
    kept.set(key, {state: this.memo.state()!, value})
    return value
  }

  /** Who imports what, as the pages on disk say: each file imported (relative), with the pages importing it. */
  importersOnDisk(): ReadonlyMap<string, readonly string[]> {
    return this.keptWhileUnchanged('importers', (linted) => {
      const importers = new Map<string, string[]>()
      for (const page of this.pages.values()) {
        if (page.file && !linted) continue
        for (const specifier of this.importsOnDisk(page)) {
          const target = importTarget(this, page.relative, specifier)
          if (target === undefined) continue
          const list = importers.get(target)
          if (list) list.push(page.relative)
          else importers.set(target, [page.relative])
        }
      }
      return importers
    })
  }

  /** The pages whose text on disk holds any of `names` (see `namesAny`; those this run lints may be left out). */
  pagesNamingAny(names: readonly string[]): SitePage[] {
    const found = new Set<string>()
    for (const name of names) {
      const naming = this.keptWhileUnchanged('names\0' + name, (linted) =>
        [...this.pages.values()].filter((page) => (linted || !page.file) && this.namesAny(page, [name])).map((page) => page.relative))
      for (const relative of naming) found.add(relative)
    }
    return [...found].map((relative) => this.pages.get(relative)!)
  }

  /** Facts of a page: from the run when it was linted, else read and parsed now (once). */
  factsOf(page: SitePage): PageFacts | undefined {
    return this.onDisk.factsOf(page)
  }

  /** The sources of the `import` lines of a page, as on disk. */
  importsOnDisk(page: SitePage): string[] {
    return this.onDisk.importsOnDisk(page)
  }

  /** Whether the text of a page on disk holds any of `names` (a cheap test before its links are read). */
  namesAny(page: SitePage, names: readonly string[]): boolean {
    return this.onDisk.namesAny(page, names)
  }

  redirects(): Redirect[] {
    if (!this.redirectsCache) {
      this.redirectsCache = []
      const list = get(this.config.value, 'redirects')
      if (list?.type === 'array') {
        for (const item of list.items) {
          const source = get(item, 'source')
          const destination = get(item, 'destination')
          if (source?.type === 'string' && destination?.type === 'string') {
            this.redirectsCache.push({source: source.value, destination: destination.value, node: destination})
          }
        }
      }
    }
    return this.redirectsCache
  }

  /** Follow redirects from `route`: the destination reached, or undefined when none applies. */
  redirect(route: string): string | undefined {
    const normalized = '/' + trimSlashes(route)
    for (const redirect of this.redirects()) {
      const destination = applyRedirect(normalized, redirect.source, redirect.destination)
      if (destination !== undefined) return destination
    }
    return undefined
  }

  /** OpenAPI files: the config's `openapi` (top level, `api.openapi`, navigation nodes), read once. */
  openApiSpecs(): OpenApiSpec[] {
    this.specsCache ??= [...this.specSettings.keys()].map((reference) => this.loadSpec(reference))
    return this.specsCache
  }

  /** Where an operation named without its file (`openapi: GET /users`) is: the configured OpenAPI files, else every one of the site, as on the platform. */
  operationSpecs(): OpenApiSpec[] {
    if (this.openApiSpecs().length > 0) return this.openApiSpecs()
    this.discoveredCache ??= discoverOpenApiSpecs(this.root, this.files)
    return this.discoveredCache
  }

  /**
   * Addresses of the pages the platform generates from the local OpenAPI files (lowercase, no
   * leading `/`). Remote files are never fetched: their pages are unknown.
   */
  generatedRoutes(): Set<string> {
    if (this.generatedRoutesCache) return this.generatedRoutesCache
    const routes = new Set<string>()
    for (const spec of this.openApiSpecs()) {
      for (const settings of this.specSettings.get(spec.reference) ?? []) {
        for (const operation of spec.pages ?? []) routes.add(operationPageRoute(operation, settings))
      }
    }
    this.generatedRoutesCache = routes
    return routes
  }

  /**
   * The remote OpenAPI file whose generated pages an address may be: it lies in the folder the config
   * puts that file's pages in (`directory`, `api-reference` by default).
   */
  remoteSpecAt(relative: string): string | undefined {
    const address = relative.toLowerCase()
    for (const spec of this.openApiSpecs()) {
      if (spec.file !== undefined || spec.error !== undefined || !/^https?:\/\//i.test(spec.reference)) continue
      for (const settings of this.specSettings.get(spec.reference) ?? []) {
        const directory = trimSlashes((settings.directory ?? 'api-reference').toLowerCase())
        if (address === directory || address.startsWith(directory + '/')) return spec.reference
      }
    }
    return undefined
  }

  /** The OpenAPI file a page's front matter names (`openapi: file.yaml GET /users`): a configured one, or read once. */
  specAt(reference: string): OpenApiSpec {
    const relative = reference.replace(/^\/+/, '')
    const configured = this.openApiSpecs().find((spec) => spec.reference.replace(/^\/+/, '') === relative)
    if (configured) return configured
    const byName = specByName(this.operationSpecs(), relative)
    if (byName) return byName
    let spec = this.namedSpecs.get(relative)
    if (!spec) this.namedSpecs.set(relative, (spec = this.loadSpec(reference)))
    return spec
  }

  loadSpec(reference: string): OpenApiSpec {
    return loadOpenApiSpec(this.root, reference)
  }
}

export {loadSiteConfig} from './base.js'
export {toValue}
export {applyRedirect, trimSlashes} from './redirects.js'
