// Sites whose pages another framework serves (a Next.js app, Fumadocs): found by the framework's own
// files at the site root (see `framework.data.ts`), and routed as that framework routes them.
import path from 'node:path'
import {componentRegistries, frameworks, nextConfigs, nextImportAlias, nextStaticRoot} from './framework.data.js'
import {findSiteRoot, listedFiles} from './files.js'
import {maxSiteConfigBytes, readSiteFile, siteFileExists} from './reads.js'

export interface Framework {
  /** `Fumadocs`, `Next.js`. */
  name: string
  /** The marker files found (or listed), relative to the site root. */
  found: string[]
  /** The folder pages are served from, relative to the site root; `''` for the root itself. */
  contentRoot: string
  /** The folder whose files are served at the site root (`public`), when there is one. */
  staticRoot: string | undefined
  /** Folders in parentheses (`(guides)`) are route groups, left out of addresses. */
  routeGroups: boolean
  /** An import that starts with this (`@/`) starts at the site root. */
  importAlias: string | undefined
  /** The app's `basePath` (`/docs`) when its config says so; `null` when the config cannot be read. */
  basePath: string | null | undefined
  /**
   * The file where the app registers components of its own (`mdx-components.tsx`), when there is one:
   * their names cannot be known, so pages may use components no list holds.
   */
  componentRegistry: string | undefined
}

/**
 * The framework that serves the site, from its files: `has` tells whether a path relative to the
 * site root exists (or a listing names it), `read` gives a file's text when it can be read.
 */
export function detectFramework(has: (relative: string) => boolean, read: (relative: string) => string | undefined): Framework | undefined {
  const nextConfig = nextConfigs.find(has)
  const known = frameworks.find((framework) => framework.markers.some(has))
  if (!nextConfig && !known) return undefined
  const found = [...(known ? known.markers.filter(has) : []), ...(nextConfig ? [nextConfig] : [])]
  const contentRoot = known?.contentRoots.find((folder) => folder === '' || has(folder)) ?? ''
  return {
    name: known?.name ?? 'Next.js',
    found,
    contentRoot,
    staticRoot: nextConfig ? nextStaticRoot : undefined,
    routeGroups: true,
    importAlias: nextConfig ? nextImportAlias : undefined,
    basePath: nextConfig ? basePathOf(read(nextConfig)) : undefined,
    componentRegistry: componentRegistries.find(has)
  }
}

/** `basePath: '/docs'` in a Next.js config; `null` when the config cannot be read. */
function basePathOf(text: string | undefined): string | null | undefined {
  if (text === undefined) return null
  const match = /\bbasePath\s*:\s*(['"`])(\/[^'"`]*)\1/.exec(text)
  if (!match) return undefined
  let end = match[2]!.length
  while (end > 0 && match[2]!.charCodeAt(end - 1) === 47) end--
  return match[2]!.slice(0, end) || undefined
}

/**
 * The address (no extension, no leading `/`) a framework serves a page file at, relative to the site
 * root, or undefined when it serves none (the file lies outside its content folder).
 */
export function frameworkRoute(framework: Framework, relative: string): string | undefined {
  let rest = relative
  if (framework.contentRoot !== '') {
    if (!rest.startsWith(framework.contentRoot + '/')) return undefined
    rest = rest.slice(framework.contentRoot.length + 1)
  }
  rest = rest.replace(/\.mdx?$/i, '')
  if (framework.routeGroups) rest = rest.split('/').filter((segment) => !/^\(.+\)$/.test(segment)).join('/')
  return rest
}

/** A site's framework, by site root, for checks that run page by page. */
const frameworkByRoot = new Map<string, Framework | null>()
const siteRoots = new Map<string, string | null>()

/** The framework that serves the page at `absolute` (through the site root above it), if any. */
export function frameworkAt(absolute: string): Framework | undefined {
  const root = findSiteRoot(path.dirname(path.resolve(absolute)), siteRoots)
  if (root === undefined) return undefined
  let framework = frameworkByRoot.get(root)
  if (framework === undefined) {
    framework = frameworkOfRoot(root) ?? null
    frameworkByRoot.set(root, framework)
  }
  return framework ?? undefined
}

/** The framework of the site at `root`, from the disk and the root's file listings. */
export function frameworkOfRoot(root: string, listed: ReadonlySet<string> = listedFiles(root, undefined)): Framework | undefined {
  return detectFramework(
    (relative) => listed.has(relative) || siteFileExists(path.join(root, relative)),
    (relative) => {
      try {
        return readSiteFile(path.join(root, relative), root, maxSiteConfigBytes)
      } catch {
        return undefined
      }
    }
  )
}

/**
 * At a site root (a folder whose entries, `names`, hold `docs.json` or `mint.json`) that another
 * framework serves from a content folder: the entry that leads to it (`content`), the only one that
 * holds pages. Undefined anywhere else.
 */
export function contentFolderAt(folder: string, names: readonly string[]): string | undefined {
  if (!names.some((name) => name === 'docs.json' || name === 'mint.json')) return undefined
  const framework = frameworkOfRoot(folder)
  return framework && framework.contentRoot !== '' ? framework.contentRoot.split('/')[0] : undefined
}

/**
 * The addresses a Next.js app serves from its own code: each `page` and `route` file under `app/` with
 * no dynamic segment (`[slug]`, which would match anything), at its folder's path without route groups
 * (`app/llms.txt/route.ts` serves `/llms.txt`). `paths`: the site's files, relative to its root.
 */
export function appRoutes(paths: Iterable<string>): Set<string> {
  const routes = new Set<string>()
  for (const relative of paths) {
    const match = /^(?:src\/)?app\/(?:(.*)\/)?(?:page|route)\.(?:[cm]?[jt]sx?|mdx?)$/.exec(relative)
    if (!match || match[1]?.includes('[')) continue
    routes.add((match[1] ?? '').split('/').filter((segment) => segment !== '' && !/^\(.+\)$/.test(segment) && !segment.startsWith('@')).join('/'))
  }
  return routes
}

/** What a run says once about a site another framework serves: which, how it is routed, what cannot be known. */
export function frameworkNotice(framework: Framework): string {
  const parts = [
    'routed as a ' + framework.name + ' site (found ' + framework.found.map((name) => '`' + name + '`').join(', ') + '), not as the platform routes it: pages from ' +
      (framework.contentRoot === '' ? 'the site folder' : '`' + framework.contentRoot + '`') + ' at their path without `(group)` folders' +
      (framework.staticRoot === undefined ? '' : ', static files from `' + framework.staticRoot + '/` at the site root') +
      (framework.contentRoot === '' ? '' : '; files outside `' + framework.contentRoot + '` are no pages')
  ]
  if (framework.basePath === null) parts.push('its `basePath` is unknown (the Next.js config cannot be read), so a static path may start with any folder')
  if (framework.componentRegistry !== undefined) parts.push('components the app registers in `' + framework.componentRegistry + '` cannot be known')
  return parts.join('; ')
}
