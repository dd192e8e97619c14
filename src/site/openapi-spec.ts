// An OpenAPI file a site's config or pages name: read once a run, its operations and the addresses of
// the pages the platform generates from it.
import path from 'node:path'
import {yaml} from '../shared/lazy.js'
import {operationPages, type OperationPage} from './openapi-pages.js'
import {maxOpenApiBytes, readSiteFile, unreadableReason} from './reads.js'

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

/** The OpenAPI file `reference` names (a path relative to the site `root`, or a URL, never fetched). */
export function loadOpenApiSpec(root: string, reference: string): OpenApiSpec {
  if (/^https?:\/\//i.test(reference)) return {reference, file: undefined, operations: undefined, pages: undefined, error: undefined}
  const relative = path.posix.normalize(reference.replace(/^\/+/, ''))
  if (relative.startsWith('..')) return {reference, file: undefined, operations: undefined, pages: undefined, error: 'outside the project folder'}
  const file = path.join(root, relative)
  let text: string
  try {
    text = readSiteFile(file, root, maxOpenApiBytes)
  } catch (error) {
    return {reference, file: undefined, operations: undefined, pages: undefined, error: unreadableReason(error)}
  }
  return parseOpenApiSpec(reference, file, text)
}

/**
 * The OpenAPI files among a site's `files` (relative paths), found as the platform finds them when the
 * config names none: JSON and YAML files whose top level says `openapi` or `swagger` with a version.
 * Files that say so but do not parse are kept, with their error.
 */
export function discoverOpenApiSpecs(root: string, files: Iterable<string>): OpenApiSpec[] {
  const found: OpenApiSpec[] = []
  for (const relative of [...files].sort()) {
    if (!/\.(?:json|ya?ml)$/i.test(relative) || /(?:^|\/)(?:docs|mint|package(?:-lock)?|tsconfig[^/]*)\.json$/i.test(relative)) continue
    const file = path.join(root, relative)
    let text: string
    try {
      text = readSiteFile(file, root, maxOpenApiBytes)
    } catch {
      continue
    }
    const json = /\.json$/i.test(relative)
    if (!(json ? /"(?:openapi|swagger)"\s*:\s*"\d/ : /^(?:openapi|swagger)[ \t]*:[ \t]*['"]?\d/m).test(text)) continue
    found.push(parseOpenApiSpec('/' + relative, file, text))
  }
  return found
}

/**
 * The one of `specs` a page names without the extension, as the platform takes it: `v3-openapi` for
 * `v3-openapi.yaml`, by its path from the root or by its file name alone.
 */
export function specByName(specs: readonly OpenApiSpec[], name: string): OpenApiSpec | undefined {
  if (/\.(?:json|ya?ml)$/i.test(name)) return undefined
  const bare = (reference: string) => reference.replace(/^\/+/, '').replace(/\.(?:json|ya?ml)$/i, '')
  const local = specs.filter((spec) => !/^https?:\/\//i.test(spec.reference))
  const found = local.filter((spec) => bare(spec.reference) === name)
  if (found.length > 0) return found[0]
  const byFile = local.filter((spec) => path.posix.basename(bare(spec.reference)) === name)
  return byFile.length === 1 ? byFile[0] : undefined
}

/** The OpenAPI file `reference` names, read from `file` as `text`. */
function parseOpenApiSpec(reference: string, file: string, text: string): OpenApiSpec {
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
