// Which of the site's APIs a request written in a page goes to, and what the site's own OpenAPI files
// and config say of the credentials it takes. Only local files count: a remote OpenAPI file is never
// fetched, and a request to a host no file or setting names is nobody's to judge.
import type {Position} from 'unist'
import type {Root} from 'mdast'
import type {PageFactsOf, RuleFact, SiteContext} from '../../src/rule.js'
import type {ConventionCoverage} from '../../src/contract.js'
import type {Page} from '../../src/page/page.js'
import type {OpenApiSpec, Site, SitePage} from '../../src/site/model.js'
import {get, toValue, type Located} from '../../src/site/json.js'
import {parseOperation} from '../../src/site/navigation.js'
import {credentialPlaces, operationsOf, pathBelow, routePattern, serverBase, serverBases, type CredentialPlace, type Json, type Operation, type ServerBase} from './openapi.js'

/** The endpoint a page's front matter names: `openapi: [file] GET /path` or `api: GET https://…/path`. */
export interface Endpoint {
  kind: 'openapi' | 'api'
  /** `openapi`: the OpenAPI file named before the method, if any. */
  spec?: string | undefined
  method: string
  /** `openapi`: the path as in the file; `api`: an absolute URL or a path. */
  target: string
}

/**
 * The conventions of the two rules that hold an OpenAPI page to its operation: api-completeness
 * (what the page leaves out) and api-drift (what the page says otherwise). Each checks one side.
 */
export const operationConventions: readonly ConventionCoverage[] = [
  {id: 'all-parameters', coverage: 'partial'},
  {id: 'status-codes', coverage: 'partial'}
]

/** The operation a page's front matter names, and where it names it. */
export interface PageOperation {
  spec?: string | undefined
  method: string
  path: string
  place: Position | undefined
}

/** A rule's `pageFacts` for the pages tied to an OpenAPI operation; other pages give no fact. */
export function onOperationPages(facts: (tree: Root, page: Page, operation: PageOperation) => RuleFact[] | undefined): () => PageFactsOf {
  return () => (tree, page) => {
    const operation = pageOperation(page)
    if (!operation) return undefined
    return facts(tree, page, {spec: operation.spec, method: operation.method, path: operation.path, place: page.frontMatter().placeOf('openapi', true)})
  }
}

/** The OpenAPI operation a page documents (`openapi:` in its front matter), if it is a page of its own that names one. */
export function pageOperation(page: Page): ReturnType<typeof parseOperation> {
  const openapi = page.frontMatter().data?.['openapi']
  return typeof openapi === 'string' && !page.isSnippet ? parseOperation(openapi) : undefined
}

export function endpointOf(data: Record<string, unknown>): Endpoint | undefined {
  const openapi = data['openapi']
  if (typeof openapi === 'string') {
    const operation = parseOperation(openapi)
    return operation ? {kind: 'openapi', spec: operation.spec, method: operation.method, target: operation.path} : undefined
  }
  const api = data['api']
  if (typeof api !== 'string') return undefined
  const match = /^\s*([A-Za-z]+)\s+(\S+)\s*$/.exec(api)
  return match ? {kind: 'api', method: match[1]!.toLowerCase(), target: match[2]!} : undefined
}

/** What one file or setting says of the credentials of a request. */
export interface CredentialSource {
  /** For messages: `openapi.json`, `docs.json`. */
  source: string
  /** Undefined: the source names a credential docs-lint cannot read. Empty: no credential (public). */
  places: CredentialPlace[] | undefined
  /** The document and the operations the request matched (none when only the server matched). */
  document: Json | undefined
  operations: Operation[]
}

/** An operation with what serves it and the request paths it takes. */
interface Served {
  operation: Operation
  bases: ServerBase[]
  route: RegExp
}

/** A local OpenAPI file that parsed. */
export interface LocalSpec {
  spec: OpenApiSpec
  document: Json
  /** Its path from the site root, for messages. */
  name: string
  served: Served[]
}

const indexes = new WeakMap<Site, ApiIndex>()

/** The site's APIs, read once per run. */
export function apiIndexOf(site: Site): ApiIndex {
  let index = indexes.get(site)
  if (!index) indexes.set(site, (index = new ApiIndex(site)))
  return index
}

export class ApiIndex {
  private readonly locals = new Map<OpenApiSpec, LocalSpec | undefined>()
  private readonly config: {source: string; bases: ServerBase[]; places: CredentialPlace[] | undefined} | undefined

  constructor(private readonly site: Site) {
    this.config = configCredentials(site)
  }

  /** OpenAPI files pages name in front matter (`openapi: /api.json GET /users`), beside the configured ones. */
  private readonly named = new Set<string>()

  /** Count an OpenAPI file a page names as one of the site's own (read when a request needs it). */
  addNamed(reference: string): void {
    if (!/^https?:\/\//i.test(reference)) this.named.add(reference)
  }

  /** The site's OpenAPI files: the configured ones and those pages name. */
  allSpecs(): OpenApiSpec[] {
    return [...new Set([...this.site.operationSpecs(), ...[...this.named].map((reference) => this.site.specAt(reference))])]
  }

  /** The OpenAPI files a page's endpoint may come from: the one it names, else every configured one. */
  specsOf(endpoint: Endpoint): OpenApiSpec[] {
    if (endpoint.spec === undefined) return this.site.operationSpecs()
    if (/^https?:\/\//i.test(endpoint.spec)) return [this.site.loadSpec(endpoint.spec)]
    return [this.site.specAt(endpoint.spec)]
  }

  local(spec: OpenApiSpec): LocalSpec | undefined {
    if (this.locals.has(spec)) return this.locals.get(spec)
    let local: LocalSpec | undefined
    if (spec.document && spec.file) {
      const document = spec.document
      const served = operationsOf(document).map((operation) => ({operation, bases: serverBases(document, operation), route: routePattern(operation.route)}))
      local = {spec, document, name: this.site.relativeOf(spec.file), served}
    }
    this.locals.set(spec, local)
    return local
  }

  /**
   * What the site says of the credentials of a request to any of `urls` (absolute, without query), or,
   * with no URL, to the page's own `endpoint`: one source per file or setting that serves it.
   */
  credentialSources(urls: readonly string[], endpoint: Endpoint | undefined): CredentialSource[] {
    const found: CredentialSource[] = []
    const specs = endpoint ? [...new Set([...this.allSpecs(), ...this.specsOf(endpoint)])] : this.allSpecs()
    const locals = specs.flatMap((spec) => this.local(spec) ?? [])
    for (const url of urls) {
      for (const local of locals) {
        const source = sourceOfUrl(local, url)
        if (source) found.push(source)
      }
      const config = this.config
      const onPageServer = endpoint?.kind === 'api' && sameOrigin(endpoint.target, url)
      if (config && (onPageServer || config.bases.some((base) => pathBelow(url, base) !== undefined))) found.push({source: config.source, places: config.places, document: undefined, operations: []})
    }
    if (urls.length > 0 || !endpoint) return found
    if (endpoint.kind === 'openapi') {
      for (const spec of this.specsOf(endpoint)) {
        const local = this.local(spec)
        const operations = local?.served.filter((item) => item.operation.method === endpoint.method && item.operation.route === endpoint.target).map((item) => item.operation) ?? []
        if (local && operations.length > 0) found.push({source: local.name, places: mergePlaces(local.document, operations), document: local.document, operations})
      }
    } else if (this.config) {
      found.push({source: this.config.source, places: this.config.places, document: undefined, operations: []})
    }
    return found
  }
}

/**
 * What one file says of a request to `url`: the credentials of its operations at that path. A URL on
 * the file's server but at no path of it says nothing: it may be an older API on the same host.
 */
function sourceOfUrl(local: LocalSpec, url: string): CredentialSource | undefined {
  const operations: Operation[] = []
  for (const item of local.served) {
    if (item.bases.some((base) => {
      const rest = pathBelow(url, base)
      return rest !== undefined && item.route.test(rest)
    })) operations.push(item.operation)
  }
  return operations.length > 0 ? {source: local.name, places: mergePlaces(local.document, operations), document: local.document, operations} : undefined
}

/** The credentials of several operations at one path (one per method): all they take between them. */
function mergePlaces(document: Json, operations: readonly Operation[]): CredentialPlace[] | undefined {
  const merged: CredentialPlace[] = []
  for (const operation of operations) {
    const places = credentialPlaces(document, operation)
    if (!places) return undefined
    for (const place of places) {
      if (!merged.some((known) => known.in === place.in && known.name.toLowerCase() === place.name.toLowerCase() && known.scheme === place.scheme)) merged.push(place)
    }
  }
  return merged
}

function sameOrigin(a: string, b: string): boolean {
  const origin = (url: string) => /^https?:\/\/[^/?#]+/i.exec(url)?.[0].toLowerCase()
  const first = origin(a)
  return first !== undefined && first === origin(b)
}

/**
 * The credentials the config's API playground sends: `api.mdx.auth` (docs.json) or `api.auth`
 * (mint.json), `method` `bearer`, `basic` or `key` (a header named `name`), to the servers `api.mdx.server`
 * or `api.baseUrl` name.
 */
function configCredentials(site: Site): {source: string; bases: ServerBase[]; places: CredentialPlace[] | undefined} | undefined {
  const api = get(site.config.value, 'api')
  const auth = get(api, 'mdx', 'auth') ?? get(api, 'auth')
  if (!auth) return undefined
  const method = valueAt(auth, 'method')
  const name = valueAt(auth, 'name')
  let places: CredentialPlace[] | undefined
  if (method === 'bearer') places = [{in: 'header', name: 'Authorization', scheme: 'Bearer'}]
  else if (method === 'basic') places = [{in: 'header', name: 'Authorization', scheme: 'Basic'}]
  else if (method === 'key' && typeof name === 'string' && name !== '') places = [{in: 'header', name}]
  else return undefined
  const servers = valueAt(get(api, 'mdx'), 'server') ?? valueAt(api, 'baseUrl')
  const urls = typeof servers === 'string' ? [servers] : Array.isArray(servers) ? servers.filter((url): url is string => typeof url === 'string') : []
  return {source: site.config.name, bases: urls.flatMap((url) => serverBase(url, undefined)), places}
}

function valueAt(node: Located | undefined, name: string): unknown {
  const found = get(node, name)
  return found ? toValue(found) : undefined
}

/** Files for a message: `\`openapi.json\``, `\`a.json\` and \`b.json\``, `\`a.json\` and 3 other files`. */
export function fileList(names: Iterable<string>): string {
  const sorted = [...new Set(names)].sort().map((name) => '`' + name + '`')
  if (sorted.length <= 2) return sorted.join(' and ')
  return sorted[0] + ' and ' + (sorted.length - 1) + ' other files'
}

/** The finding for an operation whose OpenAPI file does not parse: the platform shows no reference. */
export function unreadableSpecMessage(written: string, broken: OpenApiSpec): string {
  return 'Unexpected OpenAPI file `' + broken.reference + '` for `' + written + '`: ' + String(broken.error) + ', expected a readable OpenAPI file'
}

/** The finding for an operation that none of `files` has, ending with what is `expected`. */
export function missingOperationMessage(written: string, files: Iterable<string>, expected: string): string {
  return 'Unexpected OpenAPI operation `' + written + '`: not in ' + fileList(files) + ', expected ' + expected
}

/** An operation as one local OpenAPI file declares it. */
export interface LocalOperation {
  document: Json
  operation: Operation
  /** The file's name, as the site names it. */
  file: string
}

/** The operation an `openapi:` endpoint names, in each local OpenAPI file it may come from. */
export function localOperations(index: ApiIndex, endpoint: Endpoint): LocalOperation[] {
  return index.specsOf(endpoint).flatMap((spec) => {
    const local = index.local(spec)
    const operation = local?.served.find((item) => item.operation.method === endpoint.method && item.operation.route === endpoint.target)?.operation
    return local && operation ? [{document: local.document, operation, file: local.name}] : []
  })
}

/**
 * Said once per remote OpenAPI file (`noticed` holds those said): `what` of its operations was not
 * checked, since docs-lint never fetches over the network. The notice sits on the first page tied to one.
 */
export function noticeRemote(index: ApiIndex, endpoint: Endpoint, what: string, at: {page: SitePage; place: Position | undefined}, noticed: Set<string>, context: SiteContext): void {
  const remote = index.specsOf(endpoint).find((spec) => /^https?:\/\//i.test(spec.reference))
  if (!remote || noticed.has(remote.reference)) return
  noticed.add(remote.reference)
  context.report({
    file: at.page.file!,
    message: 'not checked: ' + what + ' of the remote OpenAPI file `' + remote.reference + '` (first `' + endpoint.method.toUpperCase() + ' ' + endpoint.target + '`), since docs-lint never fetches over the network',
    place: at.place,
    level: 'info',
    notice: true
  })
}
