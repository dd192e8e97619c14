import path from 'node:path'
import type {VFile} from 'vfile'
import {VFile as VFileClass} from 'vfile'
import type {ResolvedConfig} from '../config/resolve.js'
import {createPage} from '../page/page.js'
import {parsePage, parseFailureOf} from '../page/parse.js'
import {collectSiteFacts, siteFactsOf, type PageFacts} from './facts.js'
import {get, readJsonDocument, resolveDocument, toValue, unreadableDocument, type JsonDocument, type Located, type RefProblem} from './json.js'
import {navigationEntries, type NavigationEntry} from './navigation.js'
import {maxOpenApiBytes, maxSitePageBytes, readInside, readSiteFile, siteFileExists, unreadableReason} from './reads.js'
import {configNames, listedFiles, listFiles, type LintedPage} from './files.js'
import {yaml} from '../shared/lazy.js'
import {operationPageRoute, operationPages, type OperationPage, type PageSettings} from './openapi-pages.js'
import {relativeTo} from '../shared/relative-path.js'
import {applyRedirect, trimSlashes} from './redirects.js'
import {appRoutes, frameworkOfRoot, frameworkRoute, type Framework} from './framework.js'
import {importSpecifiers, SnippetIndex} from './snippets.js'
import type {SiteMemo} from './memo.js'

/** Where a link written in a page leads (see `resolveLink` in `./links.ts`). */
export type LinkTarget =
  /** External, `mailto:`, `data:`, empty: not checked. */
  | {kind: 'skip'}
  | {kind: 'found'; page: SitePage | undefined; anchor: string | undefined; redirectedTo: string | undefined}
  | {kind: 'missing'; path: string; redirectedTo: string | undefined}
  /** Into the pages the platform generates from a remote OpenAPI file (`reference`): unknown, never fetched. */
  | {kind: 'unchecked'; path: string; reference: string}
  | {kind: 'outside'}

/** A page of the site: a `.md`/`.mdx` file under the root. */
export interface SitePage {
  /** Relative to the root, with `/`: `guides/install.mdx`. */
  relative: string
  /** The page's address without extension: `guides/install`. */
  route: string
  /**
   * Whether the site serves the file as a page: not when another framework serves the site and the
   * file lies outside its content folder (`DESIGN.md` beside `content/docs/`).
   */
  served: boolean
  /** The linted file, when this run lints the page; site messages about the page go there. */
  file: VFile | undefined
  /** The docs-lint config that applies to the page (undefined when not linted). */
  config: ResolvedConfig | undefined
}

export interface SiteConfig {
  /** `docs.json` or `mint.json`. */
  name: string
  main: JsonDocument
  /** Main file and every file it includes with `$ref`. */
  documents: JsonDocument[]
  refProblems: RefProblem[]
  /** The config with includes resolved, every part placed in its file. */
  value: Located | undefined
  /** `docs`: the newer shape (`theme`, object `navigation`); `mint`: the spec's and `mint.json`'s. */
  shape: 'docs' | 'mint'
}

export interface OpenApiSpec {
  /** As configured: a path relative to the root, or a URL. */
  reference: string
  /** Local file, when the reference is a path that exists. */
  file: string | undefined
  /** `get /users`, … (lowercase method); undefined when the file is remote or unreadable. */
  operations: Set<string> | undefined
  /** What makes the address of each operation's generated page; undefined like `operations`. */
  pages: OperationPage[] | undefined
  /** The parsed document; undefined like `operations`. */
  document?: Record<string, unknown> | undefined
  error: string | undefined
}

export interface Redirect {
  source: string
  destination: string
  node: Located
}

/**
 * The whole-site model, built once per run from the config, the files on disk and the facts each
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
  readonly pages = new Map<string, SitePage>()
  /** Pages by route (`guides/install`). */
  readonly routes = new Map<string, SitePage>()
  /** The pages this run lints, in path order. */
  readonly linted: SitePage[] = []
  /**
   * Pages this run does not lint whose links are still checked, because they may point into a page
   * that changed or was removed (`--changed-since`); only links into those pages are reported on them.
   */
  readonly dependents: SitePage[] = []
  private changedPages: Set<string> | undefined
  private removedRoutes: Set<string> | undefined
  private navigationCache: NavigationEntry[] | undefined
  private specsCache: OpenApiSpec[] | undefined
  /** OpenAPI files pages name that the config does not list. */
  private readonly namedSpecs = new Map<string, OpenApiSpec>()
  /** The `directory` and `slug` set beside each OpenAPI reference, once per place it is configured. */
  private readonly specSettings = new Map<string, PageSettings[]>()
  private generatedRoutesCache: Set<string> | undefined
  private redirectsCache: Redirect[] | undefined
  private readonly anchorCache = new Map<string, PageFacts | undefined>()
  private readonly listed: Set<string>
  private snippetIndex: SnippetIndex<SitePage> | undefined
  private appRoutesCache: Set<string> | undefined
  /** The framework that serves the site instead of the platform, when its files say so (see `framework.ts`). */
  readonly framework: Framework | undefined

  /**
   * `linted`: the pages this run lints, from `lintedPages`. `runFolder`: the folder docs-lint runs in,
   * above which nothing is read (see `listedFiles`).
   */
  constructor(root: string, config: SiteConfig, linted: readonly LintedPage[], runFolder?: string, private readonly memo?: SiteMemo) {
    this.root = root
    this.config = config
    const {files, folders} = listFiles(root)
    this.files = files
    this.folders = folders
    this.listed = listedFiles(root, runFolder)
    this.framework = frameworkOfRoot(root, this.listed)
    for (const relative of files) {
      if (/\.mdx?$/.test(relative)) this.addPage(relative)
    }
    for (const {relative, file, config: pageConfig} of linted) {
      const page = this.pages.get(relative) ?? this.addPage(relative)
      page.file = file
      page.config = pageConfig
      this.linted.push(page)
    }
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
      page.file = new VFileClass({path: path.relative(cwd, absolute), cwd, value: text})
      page.config = config
      this.dependents.push(page)
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

  private addPage(relative: string): SitePage {
    const route = this.framework ? frameworkRoute(this.framework, relative) : relative.replace(/\.mdx?$/, '')
    const page: SitePage = {relative, route: route ?? relative.replace(/\.mdx?$/, ''), served: route !== undefined, file: undefined, config: undefined}
    this.pages.set(relative, page)
    // `.mdx` wins over `.md` for the same route, as on the platform.
    if (page.served && (!this.routes.has(page.route) || relative.endsWith('.mdx'))) this.routes.set(page.route, page)
    return page
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
    this.navigationCache ??= navigationEntries(get(this.config.value, 'navigation'))
    return this.navigationCache
  }

  /** Facts of a page: from the run when it was linted, else read and parsed now (once). */
  factsOf(page: SitePage): PageFacts | undefined {
    if (page.file) {
      const facts = siteFactsOf(page.file)
      if (facts) return facts
    }
    if (this.anchorCache.has(page.relative)) return this.anchorCache.get(page.relative)
    const memo = this.memo?.of(path.join(this.root, page.relative))
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
    this.anchorCache.set(page.relative, facts)
    return facts
  }

  /** The text of a page on disk, read as every site file is (inside the site, bounded); undefined when it cannot be read. */
  private textOf(page: SitePage): string | undefined {
    try {
      return readSiteFile(path.join(this.root, page.relative), this.root, maxSitePageBytes)
    } catch {
      return undefined
    }
  }

  /** The sources of the `import` lines of a page, as on disk. */
  importsOnDisk(page: SitePage): string[] {
    const memo = this.memo?.of(path.join(this.root, page.relative))
    if (memo?.imports) return memo.imports
    const text = this.textOf(page)
    // Most pages import nothing: the search for `import` is cheaper than reading their lines.
    const imports = text === undefined || !text.includes('import') ? [] : importSpecifiers(text)
    if (memo) memo.imports = imports
    return imports
  }

  /** Whether the text of a page on disk holds any of `names` (a cheap test before its links are read). */
  namesAny(page: SitePage, names: readonly string[]): boolean {
    const memo = this.memo?.of(path.join(this.root, page.relative))
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
    if (this.specsCache) return this.specsCache
    const references = new Set<string>()
    const collect = (node: Located | undefined) => {
      if (!node) return
      if (node.type === 'object') {
        for (const item of node.members) {
          if (item.name === 'openapi') addReferences(item.value)
          else collect(item.value)
        }
      } else if (node.type === 'array') {
        for (const item of node.items) collect(item)
      }
    }
    const addReference = (reference: string, settings: PageSettings) => {
      references.add(reference)
      const list = this.specSettings.get(reference) ?? []
      list.push(settings)
      this.specSettings.set(reference, list)
    }
    const addReferences = (node: Located) => {
      if (node.type === 'string') addReference(node.value, {directory: undefined, slug: undefined})
      else if (node.type === 'array') for (const item of node.items) addReferences(item)
      else if (node.type === 'object') {
        const source = get(node, 'source')
        const text = (key: string) => {
          const value = get(node, key)
          return value?.type === 'string' ? value.value : undefined
        }
        if (source?.type === 'string') addReference(source.value, {directory: text('directory'), slug: text('slug')})
      }
    }
    collect(this.config.value)
    this.specsCache = [...references].map((reference) => this.loadSpec(reference))
    return this.specsCache
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
    let spec = this.namedSpecs.get(relative)
    if (!spec) this.namedSpecs.set(relative, (spec = this.loadSpec(reference)))
    return spec
  }

  loadSpec(reference: string): OpenApiSpec {
    if (/^https?:\/\//i.test(reference)) return {reference, file: undefined, operations: undefined, pages: undefined, error: undefined}
    const relative = path.posix.normalize(reference.replace(/^\/+/, ''))
    if (relative.startsWith('..')) return {reference, file: undefined, operations: undefined, pages: undefined, error: 'outside the project folder'}
    const file = path.join(this.root, relative)
    let text: string
    try {
      text = readSiteFile(file, this.root, maxOpenApiBytes)
    } catch (error) {
      return {reference, file: undefined, operations: undefined, pages: undefined, error: unreadableReason(error)}
    }
    try {
      const document = (/\.ya?ml$/i.test(file) ? yaml().parse(text) : JSON.parse(text)) as Record<string, unknown>
      const operations = new Set<string>()
      for (const key of ['paths', 'webhooks']) {
        const paths = document?.[key]
        if (!paths || typeof paths !== 'object') continue
        for (const [route, item] of Object.entries(paths)) {
          if (!item || typeof item !== 'object') continue
          for (const method of Object.keys(item)) {
            operations.add((key === 'webhooks' ? 'webhook' : method.toLowerCase()) + ' ' + (key === 'webhooks' ? route : route))
          }
        }
      }
      return {reference, file, operations, pages: operationPages(document ?? {}), document: document ?? {}, error: undefined}
    } catch (error) {
      return {reference, file, operations: undefined, pages: undefined, error: 'not valid ' + (/\.ya?ml$/i.test(file) ? 'YAML' : 'JSON') + ': ' + String((error as Error).message).split('\n')[0]}
    }
  }
}

/** Load the config at `root` (`docs.json` first, as the platform prefers it). */
export function loadSiteConfig(root: string): SiteConfig | undefined {
  for (const name of configNames) {
    const filePath = path.join(root, name)
    if (!siteFileExists(filePath)) continue
    let main: JsonDocument
    try {
      main = readJsonDocument(filePath, root)
    } catch (error) {
      main = unreadableDocument(filePath, error)
    }
    const {value, documents, problems} = resolveDocument(main, root)
    const navigation = get(value, 'navigation')
    const shape = navigation?.type === 'object' || (!navigation && get(value, 'theme')) ? 'docs' : 'mint'
    return {name, main, documents, refProblems: problems, value, shape}
  }
  return undefined
}

export {toValue}
export {applyRedirect, trimSlashes} from './redirects.js'
