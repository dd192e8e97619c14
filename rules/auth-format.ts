// auth-format: authentication examples in the form the API takes. On each page: a scheme in the wrong
// case (`bearer`), a scheme inside a placeholder (`<Bearer TOKEN>`), `Basic` credentials not encoded.
// Across the site, where the site's own OpenAPI files or API settings say what a request to that
// server takes: an `Authorization` value without that scheme (or with another), and a credential in
// a query string where they say header.
import type {Code, Root} from 'mdast'
import type {Position} from 'unist'
import {visit} from '../src/shared/walk.js'
import {defineRule, ruleFactsOf, type RuleFact} from '../src/rule.js'
import type {Page} from '../src/page/page.js'
import {authorizationValues, queryCredentials, readValue, urlsIn, type ValueReading, type Written} from './shared/auth-values.js'
import {shellLanguages} from './shared/auth-values.data.js'
import {apiIndexOf, endpointOf, fileList, type ApiIndex, type CredentialSource, type Endpoint} from './shared/api-targets.js'
import {isObject, deref, type CredentialPlace} from './shared/openapi.js'
import {isJsxElement, jsxAttribute, type JsxElement} from './shared/jsx.js'
import {codePoint} from './shared/positions.js'

const id = 'auth-format'

/** A header value or query credential of a page that only the site's API settings can judge. */
interface AuthFact extends RuleFact {
  /** `spec`: the page names an OpenAPI file (`openapi: /api.json GET /users`), one of the site's own. */
  kind: 'header' | 'query' | 'spec'
  spec?: string
  /** `header`: the scheme written (`Token`); absent when the value is the credential alone. */
  scheme?: string
  /** `header` without a scheme: the credential to show after the expected scheme. */
  credential?: string
  /** `query`: the parameter's name. */
  name?: string
  /** Where the request goes: absolute URLs without query string. */
  urls: string[]
  endpoint?: Endpoint
}

/** A credential written on a page: a header value's reading, or a query credential. */
interface Found {
  reading: ValueReading | {kind: 'query'; name: string}
  /** Page offsets of what the reading is about. */
  start: number
  end: number
  place: Position
  urls: string[]
}

// A page without these words has no credential to read.
const mentionsCredential = /authorization|[?&](?:api[-_]?key|api[-_]?token|access[-_]?token|auth[-_]?token|token|key_secret)=/i

export default defineRule({
  id,
  severity: 'warn',
  summary: 'Authentication examples use the scheme the API takes (`Authorization: Bearer <API_KEY>`), in a header where its OpenAPI file says so',
  fixable: true,
  conventions: [{id: 'auth-format', coverage: 'partial'}],
  defaults: {},
  create() {
    return function (tree, {page, report}) {
      for (const found of foundOnPage(tree, page)) {
        const {reading} = found
        if (reading.kind === 'miscased') {
          report({
            message: 'Unexpected scheme `' + reading.written.text + '` in the `Authorization` header, expected `' + reading.scheme + '`',
            place: found.place,
            actual: reading.written.text,
            expected: reading.scheme,
            fix: [{start: found.start, end: found.end, text: reading.scheme}]
          })
        } else if (reading.kind === 'scheme-in-placeholder') {
          report({
            message: 'Unexpected scheme inside the placeholder `' + reading.written.text + '`, expected `' + reading.expected + '`: a reader replaces the whole placeholder',
            place: found.place,
            actual: reading.written.text,
            expected: reading.expected,
            fix: [{start: found.start, end: found.end, text: reading.expected}]
          })
        } else if (reading.kind === 'plain-basic') {
          report({
            message: 'Unexpected `user:password` in plain text after `Basic`, expected the pair base64-encoded: `Authorization: Basic <BASE64_CREDENTIALS>`',
            place: found.place
          })
        }
      }
    }
  },
  pageFacts() {
    return function (tree, page) {
      const data = page.frontMatter().data ?? {}
      const endpoint = endpointOf(data)
      const facts: AuthFact[] = []
      if (endpoint?.spec !== undefined) facts.push({kind: 'spec', spec: endpoint.spec, place: undefined, urls: []})
      for (const found of foundOnPage(tree, page)) {
        const {reading} = found
        const base = {place: found.place, urls: found.urls, ...(endpoint ? {endpoint} : {})}
        if (reading.kind === 'no-scheme') facts.push({...base, kind: 'header', credential: reading.credential})
        else if (reading.kind === 'other-scheme') facts.push({...base, kind: 'header', scheme: reading.scheme})
        else if (reading.kind === 'query') facts.push({...base, kind: 'query', name: reading.name})
      }
      return facts
    }
  },
  site() {
    return function (site, context) {
      const index = apiIndexOf(site)
      const pages = site.linted.map((page) => ({page, facts: ruleFactsOf<AuthFact>(page, id)}))
      for (const {facts} of pages) for (const fact of facts) if (fact.kind === 'spec') index.addNamed(fact.spec!)
      for (const {page, facts} of pages) {
        for (const fact of facts) {
          if (fact.disabled || fact.kind === 'spec') continue
          const message = messageOf(index, fact)
          if (message) context.report({file: page.file!, message, place: fact.place})
        }
      }
    }
  }
})

/** Every credential written in the page's code blocks and in `<ParamField header="Authorization">` values. */
function foundOnPage(tree: Root, page: Page): Found[] {
  if (page.parseFailed || !mentionsCredential.test(page.source)) return []
  const found: Found[] = []
  visit(tree, (node) => {
    if (node.type === 'code') {
      if (mentionsCredential.test(node.value)) found.push(...foundInCode(node, page))
    } else if (isJsxElement(node) && (node.name === 'ParamField' || node.name === 'Param')) {
      found.push(...foundInParamField(node, page))
    }
  })
  return found
}

/** A fence that shows a page's own source: its requests are part of a page, not a request to copy. */
const pageSourceLanguages = new Set(['md', 'mdx', 'markdown'])

function foundInCode(node: Code, page: Page): Found[] {
  const lang = (node.lang ?? '').toLowerCase().split('{', 1)[0]!
  if (pageSourceLanguages.has(lang)) return []
  const code = node.value
  const found: Found[] = []
  const add = (reading: Found['reading'], written: Written, urls: string[]) => {
    const start = codePoint(node, page, written.start)
    const end = codePoint(node, page, written.end)
    if (start?.offset !== undefined && end?.offset !== undefined) found.push({reading, start: start.offset, end: end.offset, place: {start, end}, urls})
  }
  for (const value of authorizationValues(code, lang)) {
    const urls = requestUrls(code, lang, value.start)
    for (const reading of readValue(value)) {
      // The parts a reading is about, by offsets in the block: a scheme word, a placeholder, credentials.
      const part = 'written' in reading ? {start: value.start + reading.written.start, end: value.start + reading.written.end, text: reading.written.text} : value
      add(reading, part, urls)
    }
  }
  for (const credential of queryCredentials(code)) add({kind: 'query', name: credential.name}, credential.written, [credential.url])
  return found
}

/**
 * The URLs a header at `offset` may go with: those of its shell command (lines joined by a trailing `\`),
 * of an HTTP message's request line and `Host`, else all of the block's.
 */
function requestUrls(code: string, lang: string, offset: number): string[] {
  if (lang === 'http') {
    const target = /^[A-Z]+\s+(\S+)\s+HTTP\//m.exec(code)?.[1]
    const host = /^host:[ \t]*(\S+)/im.exec(code)?.[1]
    if (target && /^https?:\/\//i.test(target)) return [target.split(/[?#]/)[0]!]
    if (target && host) return ['https://' + host + target.split(/[?#]/)[0]]
  }
  if (shellLanguages.has(lang)) {
    const lines = code.split('\n')
    let at = code.slice(0, offset).split('\n').length - 1
    let first = at
    while (first > 0 && /[\\^`]\s*$/.test(lines[first - 1]!)) first--
    while (at < lines.length - 1 && /[\\^`]\s*$/.test(lines[at]!)) at++
    const command = urlsIn(lines.slice(first, at + 1).join('\n'))
    if (command.length > 0) return command
  }
  return urlsIn(code)
}

/** `<ParamField header="Authorization" default="…" placeholder="…">`: the values a reader sends. */
function foundInParamField(node: JsxElement, page: Page): Found[] {
  const header = jsxAttribute(node, 'header')
  if (header.kind !== 'text' || header.text.toLowerCase() !== 'authorization') return []
  const found: Found[] = []
  for (const name of ['default', 'placeholder']) {
    const attribute = node.attributes.find((item) => item.type === 'mdxJsxAttribute' && item.name === name)
    const value = attribute && typeof attribute.value === 'string' ? attribute.value : undefined
    const from = attribute?.position?.start.offset
    if (value === undefined || from === undefined) continue
    const valueStart = page.source.indexOf(value, from)
    if (valueStart === -1) continue
    for (const reading of readValue({start: 0, end: value.length, text: value})) {
      const part = 'written' in reading ? reading.written : {start: 0, end: value.length}
      const start = valueStart + part.start
      const end = valueStart + part.end
      found.push({reading, start, end, place: {start: page.toPoint(start), end: page.toPoint(end)}, urls: []})
    }
  }
  return found
}

/** Schemes a description names: `Authorization: Splunk <token>`, "the Splunk scheme". */
const namedScheme = /Authorization:[ \t]{0,4}([\w-]{1,40})|\b([\w-]{1,40})[ \t]{1,4}scheme\b/gi

/** Whether a security scheme's own description names `scheme` as one it takes too. */
function describedScheme(sources: readonly CredentialSource[], scheme: string): boolean {
  const wanted = scheme.toLowerCase()
  return sources.some((source) =>
    source.places?.some((place) => place.description !== undefined && [...place.description.matchAll(namedScheme)].some((match) => (match[1] ?? match[2])!.toLowerCase() === wanted))
  )
}

/** The site's finding on a fact, if its own OpenAPI files or settings decide one. */
function messageOf(index: ApiIndex, fact: AuthFact): string | undefined {
  const sources = index.credentialSources(fact.urls, fact.endpoint)
  if (sources.length === 0) return undefined
  const names = sourceNames(sources)
  if (fact.kind === 'query') {
    const expected = headerExpected(sources, fact.name!)
    return expected && 'Unexpected credential `' + fact.name + '` in the query string, expected it in a header: ' + expected + ', as ' + names
  }
  const scheme = agreedScheme(sources)
  if (!scheme) return undefined
  if (fact.scheme === undefined) {
    const credential = scheme === 'Basic' && fact.credential === '<API_KEY>' ? '<BASE64_CREDENTIALS>' : fact.credential
    return 'Missing scheme in the `Authorization` header, expected `Authorization: ' + scheme + ' ' + credential + '`, as ' + names
  }
  if (fact.scheme.toLowerCase() === scheme.toLowerCase() || describedScheme(sources, fact.scheme)) return undefined
  return 'Unexpected scheme `' + fact.scheme + '` in the `Authorization` header, expected `' + scheme + '`, as ' + names
}

const isAuthorization = (place: CredentialPlace) => place.in === 'header' && place.name.toLowerCase() === 'authorization'

/** The one scheme every source gives the `Authorization` header (`Bearer`, `Basic`), if they agree on one. */
function agreedScheme(sources: readonly CredentialSource[]): string | undefined {
  const schemes = new Set<string | undefined>()
  for (const source of sources) {
    const headers = source.places?.filter(isAuthorization) ?? []
    if (headers.length === 0) return undefined
    for (const place of headers) schemes.add(place.scheme)
  }
  const [only] = schemes
  return schemes.size === 1 ? only : undefined
}

/**
 * The header a query credential belongs in, when every source takes credentials in headers only and
 * they agree on one, and no operation there declares the parameter (`?token=` may be a real one).
 */
function headerExpected(sources: readonly CredentialSource[], name: string): string | undefined {
  let common: string[] | undefined
  for (const source of sources) {
    const places = source.places
    if (!places || places.length === 0 || places.some((place) => place.in !== 'header')) return undefined
    if (declaresQuery(source, name)) return undefined
    const forms = places.map((place) => (isAuthorization(place) && place.scheme ? '`Authorization: ' + place.scheme + ' <API_KEY>`' : 'the `' + place.name + '` header'))
    common = common ? common.filter((form) => forms.includes(form)) : forms
  }
  return common?.[0]
}

/** Whether the operations a request matched (or, with none matched, any of the file's) take `name` in the query. */
function declaresQuery(source: CredentialSource, name: string): boolean {
  const document = source.document
  if (!document) return false
  const operations = source.operations
  const lists = operations.length > 0 ? operations.flatMap((item) => [item.operation['parameters'], item.pathItem['parameters']]) : allParameterLists(document)
  return lists.some((list) => Array.isArray(list) && list.some((parameter) => {
    const resolved = deref(document, parameter)
    return resolved !== undefined && String(resolved['in']).toLowerCase() === 'query' && String(resolved['name']).toLowerCase() === name.toLowerCase()
  }))
}

function allParameterLists(document: Record<string, unknown>): unknown[] {
  const paths = document['paths']
  if (!isObject(paths)) return []
  return Object.values(paths).flatMap((item) => (isObject(item) ? [item['parameters'], ...Object.values(item).map((operation) => (isObject(operation) ? operation['parameters'] : undefined))] : []))
}

/** `\`openapi.json\` says`, `\`a.json\` and \`b.json\` say`. */
function sourceNames(sources: readonly CredentialSource[]): string {
  const names = new Set(sources.map((source) => source.source))
  return fileList(names) + (names.size === 1 ? ' says' : ' say')
}
