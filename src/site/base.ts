// What the site model starts from, apart from the pages a run lints: the site config, the files and
// folders on disk, the listings of files a checkout leaves out, the framework that serves the site,
// and a page for each Markdown file. A caller that lints one page at a time keeps it from run to run
// while nothing it was built from changed (see `SiteMemo.siteBase`).
import path from 'node:path'
import type {VFile} from 'vfile'
import type {ResolvedConfig} from '../config/resolve.js'
import {get, readJsonDocument, resolveDocument, unreadableDocument, type JsonDocument, type Located, type RefProblem} from './json.js'
import {siteFileExists} from './reads.js'
import {configNames, listedFiles, listFiles} from './files.js'
import {frameworkOfRoot, frameworkRoute, type Framework} from './framework.js'
import {navigationEntries, type NavigationEntry} from './navigation.js'
import type {PageSettings} from './openapi-pages.js'

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

/**
 * A site as the disk holds it. Its pages are never linted ones (`file` undefined): a run works on
 * copies of those it lints, so the base serves the next run as it was.
 */
export interface SiteBase {
  readonly root: string
  readonly config: SiteConfig
  readonly files: Set<string>
  readonly folders: Set<string>
  /** Files the listings name (see `listedFiles`). */
  readonly listed: Set<string>
  readonly framework: Framework | undefined
  /** Pages by relative path. */
  readonly pages: ReadonlyMap<string, SitePage>
  /** Pages by route; `.mdx` wins over `.md` for the same route, as on the platform. */
  readonly routes: ReadonlyMap<string, SitePage>
  /** The navigation's page entries, once asked for. */
  navigation?: NavigationEntry[]
  /** The relative path of the page each navigation entry names (see `Site.navigationPages`), once asked for. */
  navigationPages?: Array<string | undefined>
  /** What runs worked out from the pages on disk, with the memo's state it holds for (see `Site.keptWhileUnchanged`). */
  kept?: Map<string, {state: number; value: unknown}>
  /** The OpenAPI files the config names, once asked for (see `openApiReferences`). */
  openApiReferences?: Map<string, PageSettings[]>
  /** Pages' absolute paths, by relative path, once asked for. */
  absolutes?: Map<string, string>
}

/**
 * The base of the site at `root`, undefined when it has no config. `runFolder`: the folder docs-lint
 * runs in (see `listedFiles`). `folderStamps` receives the stamp of each folder listed, taken before
 * its listing is read (see `listFiles`).
 */
export function buildSiteBase(root: string, runFolder: string | undefined, folderStamps?: Map<string, string>): SiteBase | undefined {
  const config = loadSiteConfig(root)
  if (!config) return undefined
  return siteBaseOf(root, config, runFolder, folderStamps)
}

/** The base of the site at `root` with `config`, already loaded. */
export function siteBaseOf(root: string, config: SiteConfig, runFolder: string | undefined, folderStamps?: Map<string, string>): SiteBase {
  const {files, folders} = listFiles(root, folderStamps)
  const listed = listedFiles(root, runFolder)
  const framework = frameworkOfRoot(root, listed)
  const pages = new Map<string, SitePage>()
  const routes = new Map<string, SitePage>()
  for (const relative of files) {
    if (/\.mdx?$/.test(relative)) addPage(pages, routes, framework, relative)
  }
  return {root, config, files, folders, listed, framework, pages, routes}
}

/** Add the page at `relative` to `pages` and, when it wins its route, to `routes`. */
export function addPage(pages: Map<string, SitePage>, routes: Map<string, SitePage>, framework: Framework | undefined, relative: string): SitePage {
  const route = framework ? frameworkRoute(framework, relative) : relative.replace(/\.mdx?$/, '')
  const page: SitePage = {relative, route: route ?? relative.replace(/\.mdx?$/, ''), served: route !== undefined, file: undefined, config: undefined}
  pages.set(relative, page)
  // `.mdx` wins over `.md` for the same route, as on the platform.
  if (page.served && (!routes.has(page.route) || relative.endsWith('.mdx'))) routes.set(page.route, page)
  return page
}

/** The navigation's page entries of a base, read from its config once. */
export function baseNavigation(base: SiteBase): NavigationEntry[] {
  base.navigation ??= navigationEntries(get(base.config.value, 'navigation'))
  return base.navigation
}

/**
 * The OpenAPI files the config names (`openapi` at the top level, under `api`, in navigation nodes), in
 * the order written, each with the `directory` and `slug` set beside it, once per place it is set.
 */
export function openApiReferences(base: SiteBase): Map<string, PageSettings[]> {
  if (base.openApiReferences) return base.openApiReferences
  const references = new Map<string, PageSettings[]>()
  const addReference = (reference: string, settings: PageSettings) => {
    const list = references.get(reference) ?? []
    list.push(settings)
    references.set(reference, list)
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
  collect(base.config.value)
  base.openApiReferences = references
  return references
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
