// A parsed OpenAPI document (3.x, or Swagger 2.0) as the API rules read it: local `$ref`s, the
// operations, the servers that serve them and the credentials they take. What cannot be known for
// sure (an external `$ref`, a server without a host) reads as unknown, never as absent.
import {trimEndCharacters} from '../../src/shared/text.js'

export type Json = Record<string, unknown>

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A `$ref` chain followed no deeper than this: a longer one is a loop. */
const maxRefDepth = 32

/** `value`, its local `$ref`s followed (`#/components/schemas/User`); undefined for an external or broken one. */
export function deref(document: Json, value: unknown): Json | undefined {
  let current = value
  for (let depth = 0; depth < maxRefDepth; depth++) {
    if (!isObject(current)) return undefined
    const ref = current['$ref']
    if (typeof ref !== 'string') return current
    if (!ref.startsWith('#/')) return undefined
    current = ref
      .slice(2)
      .split('/')
      .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, key) => (isObject(node) ? node[key] : Array.isArray(node) ? node[Number(key)] : undefined), document)
  }
  return undefined
}

export const httpMethods: readonly string[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']

export interface Operation {
  /** Lowercase; `webhook` for a webhook. */
  method: string
  /** As written in `paths`: `/users/{id}`. */
  route: string
  pathItem: Json
  operation: Json
}

/** Every operation of the document: `paths` (local `$ref` path items followed) and `webhooks`. */
export function operationsOf(document: Json): Operation[] {
  const operations: Operation[] = []
  for (const key of ['paths', 'webhooks']) {
    const paths = document[key]
    if (!isObject(paths)) continue
    for (const [route, value] of Object.entries(paths)) {
      const pathItem = deref(document, value)
      if (!pathItem) continue
      for (const [method, operation] of Object.entries(pathItem)) {
        if (!isObject(operation) || (key === 'paths' && !httpMethods.includes(method.toLowerCase()))) continue
        operations.push({method: key === 'webhooks' ? 'webhook' : method.toLowerCase(), route, pathItem, operation})
      }
    }
  }
  return operations
}

/** The operation `method route` names (`get /users/{id}`), as the platform finds it: the path as written. */
export function findOperation(document: Json, method: string, route: string): Operation | undefined {
  return operationsOf(document).find((operation) => operation.method === method && operation.route === route)
}

/** Where an API is served: its origin (`https://api.acme.com`, variables as wildcards) and base path. */
export interface ServerBase {
  origin: RegExp
  basePath: string
}

/** The servers of the document, of a path item or of an operation (the nearest that has any wins). */
export function serverBases(document: Json, operation?: Operation): ServerBase[] {
  const own = (node: Json | undefined) => (node && Array.isArray(node['servers']) && node['servers'].length > 0 ? (node['servers'] as unknown[]) : undefined)
  const servers = own(operation?.operation) ?? own(operation?.pathItem) ?? own(document)
  if (servers) return servers.flatMap((server) => (isObject(server) && typeof server['url'] === 'string' ? serverBase(server['url'], server['variables']) : []))
  // Swagger 2.0: `host`, `basePath` and `schemes`.
  if (typeof document['host'] === 'string') {
    const basePath = typeof document['basePath'] === 'string' ? document['basePath'] : ''
    return serverBase('https://' + document['host'] + basePath, undefined)
  }
  return []
}

/** One server URL as a base; a relative URL (no host) gives none. */
export function serverBase(url: string, variables: unknown): ServerBase[] {
  const defaults = (name: string): string | undefined => {
    const variable = isObject(variables) ? variables[name] : undefined
    return isObject(variable) && typeof variable['default'] === 'string' ? variable['default'] : undefined
  }
  // A variable with a default takes it; one without matches any host label.
  const filled = url.replace(/\{([^{}]*)\}/g, (whole, name: string) => defaults(name) ?? whole)
  const match = /^(https?):\/\/([^/?#]+)([^?#]*)/i.exec(filled)
  if (!match) return []
  const host = match[2]!.toLowerCase()
  const pattern = host
    .split(/(\{[^{}]*\})/)
    .map((part) => (part.startsWith('{') ? '[^/.]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('')
  return [{origin: new RegExp('^https?://' + pattern + '$'), basePath: trimSlash(match[3]!)}]
}

function trimSlash(path: string): string {
  return trimEndCharacters(path, '/')
}

/** The path of `url` below `base` (`/users/1` for `https://api.acme.com/v1/users/1` and `…/v1`), if it is one. */
export function pathBelow(url: string, base: ServerBase): string | undefined {
  const match = /^(https?:\/\/[^/?#]+)([^?#]*)/i.exec(url)
  if (!match || !base.origin.test(match[1]!.toLowerCase())) return undefined
  const path = match[2]!
  if (base.basePath === '') return path
  if (path === base.basePath || path.startsWith(base.basePath + '/')) return path.slice(base.basePath.length)
  return undefined
}

/**
 * What request paths an operation's route takes: `/users/{id}` takes `/users/123`, `/users/{id}` and
 * `/users/:id` (a parameter matches any one segment); a trailing `/` does not count.
 */
export function routePattern(route: string): RegExp {
  const body = trimSlash(route)
    .split(/(\{[^{}]*\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('')
  return new RegExp('^' + body + '/?$')
}

/** Where a request carries a credential: a header, a query parameter or a cookie, and the header's scheme. */
export interface CredentialPlace {
  in: 'header' | 'query' | 'cookie'
  /** The header, parameter or cookie name as written (`Authorization`, `api_key`). */
  name: string
  /** For the `Authorization` header: `Bearer` or `Basic`; `undefined` when the spec leaves the value's form open. */
  scheme?: string | undefined
  /** What the security scheme says of itself, where it may name other schemes it takes (`Authorization: Splunk <token>`). */
  description?: string | undefined
}

/**
 * The credentials an operation (or, without one, the API) takes, from the security requirements that
 * apply: the operation's, else the document's, else every scheme it defines. Empty: public. Undefined:
 * a requirement names a scheme the document does not define, or a scheme of a kind the rules do not read.
 */
export function credentialPlaces(document: Json, operation?: Operation): CredentialPlace[] | undefined {
  const components = isObject(document['components']) ? document['components'] : undefined
  const schemes = (isObject(components?.['securitySchemes']) ? components['securitySchemes'] : document['securityDefinitions']) as unknown
  if (!isObject(schemes)) return []
  const requirements = (operation?.operation['security'] ?? document['security']) as unknown
  const names = Array.isArray(requirements) ? [...new Set(requirements.flatMap((requirement) => (isObject(requirement) ? Object.keys(requirement) : [])))] : Object.keys(schemes)
  const places: CredentialPlace[] = []
  for (const name of names) {
    const scheme = deref(document, schemes[name])
    const place = scheme ? placeOfScheme(scheme) : undefined
    if (!place) return undefined
    if (typeof scheme!['description'] === 'string') place.description = scheme!['description']
    if (!places.some((known) => known.in === place.in && known.name.toLowerCase() === place.name.toLowerCase() && known.scheme === place.scheme)) places.push(place)
  }
  return places
}

function placeOfScheme(scheme: Json): CredentialPlace | undefined {
  const type = String(scheme['type'] ?? '').toLowerCase()
  if (type === 'http') {
    const kind = String(scheme['scheme'] ?? '').toLowerCase()
    return {in: 'header', name: 'Authorization', scheme: kind === 'bearer' ? 'Bearer' : kind === 'basic' ? 'Basic' : undefined}
  }
  // Swagger 2.0 `basic`; OAuth 2.0 and OpenID Connect access tokens are bearer tokens (RFC 6750).
  if (type === 'basic') return {in: 'header', name: 'Authorization', scheme: 'Basic'}
  if (type === 'oauth2' || type === 'openidconnect') return {in: 'header', name: 'Authorization', scheme: 'Bearer'}
  if (type === 'apikey') {
    const where = String(scheme['in'] ?? '').toLowerCase()
    if ((where !== 'header' && where !== 'query' && where !== 'cookie') || typeof scheme['name'] !== 'string') return undefined
    return {in: where, name: scheme['name']}
  }
  return undefined
}
