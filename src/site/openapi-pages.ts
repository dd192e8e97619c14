/**
 * Addresses of the endpoint pages the platform generates from an OpenAPI file: an operation's
 * `x-mint.href` when it has one, else `<directory>/<tag>/<slug>`, the directory set beside the file
 * in the config (`api-reference` by default), the operation's first tag, and its summary (or method
 * and path) made into a slug.
 */
import {trimCharacters} from '../shared/text.js'

/** What of one operation decides its page's address. */
export interface OperationPage {
  /** `x-mint.href`, as written. */
  href: string | undefined
  tag: string | undefined
  summary: string | undefined
  operationId: string | undefined
  /** Lowercase method, `webhook` for a webhook. */
  method: string
  route: string
}

const httpMethods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'])

/** The operations of a parsed OpenAPI document, with what makes their addresses. */
export function operationPages(document: Record<string, unknown>): OperationPage[] {
  const pages: OperationPage[] = []
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined)
  for (const key of ['paths', 'webhooks']) {
    const paths = document[key]
    if (!paths || typeof paths !== 'object') continue
    for (const [route, item] of Object.entries(paths)) {
      if (!item || typeof item !== 'object') continue
      for (const [method, operation] of Object.entries(item as Record<string, unknown>)) {
        if (!operation || typeof operation !== 'object' || (key === 'paths' && !httpMethods.has(method.toLowerCase()))) continue
        const fields = operation as Record<string, unknown>
        const mint = fields['x-mint']
        const tags = fields['tags']
        pages.push({
          href: mint && typeof mint === 'object' ? text((mint as Record<string, unknown>)['href']) : undefined,
          tag: Array.isArray(tags) ? text(tags[0]) : undefined,
          summary: text(fields['summary']),
          operationId: text(fields['operationId']),
          method: key === 'webhooks' ? 'webhook' : method.toLowerCase(),
          route
        })
      }
    }
  }
  return pages
}

/** Where the config puts the pages of one OpenAPI file: `directory` and `slug` beside `source`. */
export interface PageSettings {
  directory: string | undefined
  /** `operationId` makes slugs from operation IDs instead of summaries. */
  slug: string | undefined
}

/** The page address (no leading `/`, lowercase) the platform gives an operation. */
export function operationPageRoute(operation: OperationPage, settings: PageSettings): string {
  if (operation.href !== undefined) {
    const segments = operation.href.toLowerCase().split(/[?#]/)[0]!.split('/').filter(Boolean)
    // The platform drops what follows the last `.` of the last segment (`/v1.2` is `/v1`).
    const last = segments.length - 1
    if (last >= 0 && segments[last]!.includes('.')) segments[last] = segments[last]!.slice(0, segments[last]!.lastIndexOf('.'))
    return segments.join('/')
  }
  const slug =
    settings.slug === 'operationId' && operation.operationId !== undefined
      ? kebab(operation.operationId)
      : operation.summary !== undefined
        ? urlPart(operation.summary)
        : [operation.method, ...operation.route.split('/').filter((segment) => segment !== '' && !/^\{.*\}$/.test(segment))].join('-').toLowerCase()
  const directory = trimCharacters((settings.directory ?? 'api-reference').toLowerCase(), '/')
  return [directory, operation.tag === undefined ? '' : urlPart(operation.tag), slug].filter(Boolean).join('/')
}

/** A summary or tag in a URL: spaces become `-`; `{}(),.'/` are dropped; lowercase. */
function urlPart(text: string): string {
  return text.trim().replace(/\s+/g, '-').replace(/[{}(),.'/]/g, '').toLowerCase()
}

/** `getActions` and `create_action` as `get-actions` and `create-action`, ASCII letters and digits only. */
function kebab(id: string): string {
  return id
    .replace(/([a-z\d])([A-Z])/g, '$1-$2')
    .replace(/[^a-zA-Z\d]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()
}
