// api-completeness: a page tied to an OpenAPI operation (`openapi: GET /users/{id}`) shows what the
// operation's local OpenAPI file says of it, so the file must say enough: what each parameter holds,
// and the errors the operation answers with (a `404` where the path names one resource). The page may
// say it by hand instead (`<ParamField>` with text, a `<ResponseExample>` titled with the status). A
// remote file is not checked.
import type {Code, Nodes, Root} from 'mdast'
import {toString as mdastToString} from 'mdast-util-to-string'
import {defineRule, ruleFactsOf, type RuleFact} from '../src/rule.js'
import type {SitePage} from '../src/site/model.js'
import type {OpenApiSpec} from '../src/site/openapi-spec.js'
import {joinAnd} from '../src/shared/text.js'
import {isJsxElement, jsxAttribute} from './shared/jsx.js'
import {apiIndexOf, fileList, localOperations, missingOperationMessage, unreadableSpecMessage, noticeRemote, onOperationPages, operationConventions, type Endpoint, type LocalOperation} from './shared/api-targets.js'
import {declaresStatus, parametersOf, requestSchemas, responseHeaders, responseSchemas, statusesOf, undescribedFields, type Parameter} from './shared/openapi-schema.js'
import {deref, isObject} from './shared/openapi.js'

const id = 'api-completeness'

/** The operation a page is tied to, with what the page says of it by hand. */
interface OperationFact extends RuleFact {
  spec?: string | undefined
  method: string
  path: string
  /** Parameters the page describes in a `<ParamField>` with text: `path id`. */
  described: string[]
  /** Statuses the page's `<ResponseExample>` blocks are titled with. */
  shown: string[]
  /** Response fields the page describes in a `<ResponseField>` with text: `name`. */
  fields: string[]
  /** The page's own text states a rate limit: a number of requests per a time, or a link to the limits. */
  statesLimit: boolean
}

const locations = ['path', 'query', 'header', 'cookie', 'body']
const statusCode = /(?<![\w.])([1-5]\d\d)(?![\w.])/

export default defineRule({
  id,
  severity: 'warn',
  summary: 'A page tied to an OpenAPI operation documents what each parameter, body field and response field holds, and the errors it answers with',
  fixable: false,
  conventions: [...operationConventions, {id: 'rate-limits', coverage: 'partial'}],
  defaults: {},
  pageFacts: onOperationPages((tree, page, operation) => {
    if (page.parseFailed) return undefined
    const fact: OperationFact = {...operation, ...handWritten(tree), statesLimit: statesLimit(tree)}
    return [fact]
  }),
  site() {
    return function (site, context) {
      const index = apiIndexOf(site)
      const noticed = new Set<string>()
      // Pages tied to an operation while the site has no OpenAPI file: said once, with their count.
      const unnamed: Array<{page: SitePage; fact: OperationFact}> = []
      // Pages whose operation is in none of the site's local OpenAPI files, or whose file cannot be read.
      const unknown: Array<{page: SitePage; fact: OperationFact; specs: OpenApiSpec[]}> = []
      // The operations other pages are tied to: never the one a stale page is told it means.
      const covered = new Set<string>()
      for (const page of site.linted) {
        const fact = ruleFactsOf<OperationFact>(page, id)[0]
        if (!fact || fact.disabled || fact.method === 'webhook') continue
        const endpoint: Endpoint = {kind: 'openapi', spec: fact.spec, method: fact.method, target: fact.path}
        const found = localOperations(index, endpoint)
        if (found.length === 0) {
          const specs = index.specsOf(endpoint)
          if (specs.length === 0) unnamed.push({page, fact})
          else if (specs.every((spec) => spec.file !== undefined || spec.error !== undefined)) unknown.push({page, fact, specs})
          noticeRemote(index, endpoint, 'the parameters and error responses of operations', {page, place: fact.place}, noticed, context)
          continue
        }
        covered.add(fact.method + ' ' + fact.path)
        const where = '`' + fact.method.toUpperCase() + ' ' + fact.path + '` in ' + fileList(found.map((item) => item.file))
        const report = (message: string) => context.report({file: page.file!, message, place: fact.place})
        checkParameters(found[0]!, fact, where, report)
        checkFields(found[0]!, fact, where, report)
        checkErrors(found[0]!, fact, where, report)
        checkRateLimit(found[0]!, fact, where, report)
      }
      // The platform takes the operation whose method and path the file writes exactly: a page tied to
      // another shows no reference, as does a page whose file is missing or does not parse.
      for (const {page, fact, specs} of unknown) {
        const written = fact.method.toUpperCase() + ' ' + fact.path
        const broken = specs.find((spec) => spec.error)
        if (broken) {
          context.report({file: page.file!, message: unreadableSpecMessage(written, broken), place: fact.place, actual: broken.reference})
          continue
        }
        const near = nearOperation(fact.method, fact.path, specs, covered)
        context.report({
          file: page.file!,
          message: missingOperationMessage(written, specs.map((spec) => site.relativeOf(spec.file!)), near ? '`' + near + '`, as the file writes it' : 'an operation of the file: the platform shows no reference for this page'),
          place: fact.place,
          actual: written,
          expected: near
        })
      }
      // Pages tied to an operation while the site has no OpenAPI file: said once, with their count.
      const first = unnamed[0]
      if (first) {
        const count = unnamed.length === 1 ? 'the page' : unnamed.length + ' pages'
        const operation = '`' + first.fact.method.toUpperCase() + ' ' + first.fact.path + '`'
        context.report({
          file: first.page.file!,
          message: 'not checked: the parameters, fields and error responses of ' + count + ' tied to an OpenAPI operation (first ' + operation + '), since the config names no OpenAPI file and the site holds none: add it and name it in `openapi` of the config or in the front matter (`openapi: /openapi.json GET /users`)',
          place: first.fact.place,
          level: 'info',
          notice: true
        })
      }
    }
  }
})

/**
 * The operation of the files a page most likely means: the same method and path but for a trailing
 * slash or the case of its letters (`/memories/` for `/memories`), and one no other page of the run
 * is tied to already. A path parameter named otherwise is not guessed at: it is as often another
 * operation (`{external_id}` beside `{id}`) that another page documents.
 */
function nearOperation(method: string, route: string, specs: readonly OpenApiSpec[], covered: ReadonlySet<string>): string | undefined {
  const shape = (text: string) => {
    let end = text.length
    while (end > 1 && text[end - 1] === '/') end--
    return text.slice(0, end).toLowerCase()
  }
  for (const spec of specs) {
    for (const key of spec.operations ?? []) {
      const [keyMethod, keyRoute = ''] = key.split(' ')
      if (keyMethod === method && shape(keyRoute) === shape(route) && !covered.has(key)) return method.toUpperCase() + ' ' + keyRoute
    }
  }
  return undefined
}

/** What the page says by hand: parameters, body and response fields described in `<ParamField>` and `<ResponseField>`, statuses of response examples. */
function handWritten(tree: Root): {described: string[]; shown: string[]; fields: string[]} {
  const described: string[] = []
  const shown: string[] = []
  const fields: string[] = []
  const walk = (node: Nodes, inExample: boolean): void => {
    if (isJsxElement(node) && (node.name === 'ParamField' || node.name === 'Param')) {
      for (const location of locations) {
        const value = jsxAttribute(node, location)
        if (value.kind === 'text' && mdastToString(node).trim() !== '') described.push(location + ' ' + value.text.trim())
      }
    }
    if (isJsxElement(node) && node.name === 'ResponseField') {
      const name = jsxAttribute(node, 'name')
      if (name.kind === 'text' && mdastToString(node).trim() !== '') fields.push(name.text.trim())
    }
    if (inExample && node.type === 'code') {
      const status = statusCode.exec((node as Code).meta ?? '')?.[1]
      if (status) shown.push(status)
    }
    if ('children' in node) for (const child of node.children) walk(child as Nodes, inExample || (isJsxElement(node) && node.name === 'ResponseExample'))
  }
  walk(tree, false)
  return {described, shown, fields}
}


/** Parameters neither the file nor the page describe, in one message for the page. */
function checkParameters(found: LocalOperation, fact: OperationFact, where: string, report: (message: string) => void): void {
  const {parameters, complete} = parametersOf(found.document, found.operation)
  if (!complete) return
  const bare = parameters.filter((parameter: Parameter) => !parameter.described && !fact.described.includes(parameter.in + ' ' + parameter.name))
  if (bare.length === 0) return
  const names = bare.map((parameter) => parameter.in + ' parameter `' + parameter.name + '`')
  report('Missing description of ' + joinAnd(names) + ' of ' + where + ', expected what ' + (bare.length === 1 ? 'it holds' : 'each holds'))
}

/**
 * Fields of the request body and of the success responses that neither the file, the operation's text
 * nor the page describe: one message for each side, on the page.
 */
function checkFields(found: LocalOperation, fact: OperationFact, where: string, report: (message: string) => void): void {
  // The operation's own text may list its fields (“- `input.text` (string, required): The text …”).
  const text = typeof found.operation.operation['description'] === 'string' ? found.operation.operation['description'] : ''
  const named = (field: string): boolean => text.includes('`' + field + '`') || text.includes('`' + leaf(field) + '`')
  const sides = [
    {what: 'request body', schemas: requestSchemas(found.document, found.operation), on: (field: string) => fact.described.includes('body ' + field) || fact.described.includes('body ' + leaf(field))},
    {what: 'response', schemas: responseSchemas(found.document, found.operation, /^2/), on: (field: string) => fact.fields.includes(field) || fact.fields.includes(leaf(field))}
  ]
  for (const {what, schemas, on} of sides) {
    if (!schemas || schemas.length === 0) continue
    const bare = undescribedFields(found.document, schemas).filter((field) => !on(field) && !named(field))
    if (bare.length === 0) continue
    const names = joinAnd(bare.map((field) => '`' + field + '`'), 8)
    report('Missing description of ' + what + ' ' + (bare.length === 1 ? 'field ' : 'fields ') + names + ' of ' + where + ', expected what ' + (bare.length === 1 ? 'it holds' : 'each holds'))
  }
}

/** The last name of a field's path: `limit` of `options.limit`, `id` of `items[].id`. */
const leaf = (field: string): string => field.split('.').at(-1)!.replace('[]', '')

/** An operation that declares no error, or no `404` where its path names one resource. */
function checkErrors(found: LocalOperation, fact: OperationFact, where: string, report: (message: string) => void): void {
  const statuses = [...statusesOf(found.operation), ...fact.shown]
  if (statuses.length === 0) return
  const errors = statuses.filter((status) => /^[45]/.test(status) || status.toLowerCase() === 'default')
  if (errors.length === 0) {
    if (!takesInput(found)) return
    report('Missing error response of ' + where + ', which declares only ' + joinAnd(statuses.map((status) => '`' + status + '`')) + ', expected the errors it answers with')
    return
  }
  if (/\{[^{}]+\}/.test(fact.path) && !declaresStatus(statuses, '404')) {
    report('Missing `404` response of ' + where + ': its path names one resource, expected what it answers when that does not exist')
  }
  if (takesCredentials(found) && !declaresStatus(statuses, '401') && !statuses.includes('403')) {
    report('Missing `401` response of ' + where + ': it takes credentials, expected what it answers when they are missing or wrong')
  }
  // Where the success shows its body, an error that shows none leaves the reader to guess its shape.
  const shown = statusesOf(found.operation).some((status) => /^2/.test(status) && showsBody(found, status))
  const bodiless = statusesOf(found.operation).filter((status) => /^4\d\d$/.test(status) && !fact.shown.includes(status) && !showsBody(found, status))
  if (shown && bodiless.length > 0) {
    report('Missing body of the ' + joinAnd(bodiless.map((status) => '`' + status + '`')) + ' response' + (bodiless.length > 1 ? 's' : '') + ' of ' + where + ', expected what the error looks like: a schema or an example')
  }
}

/** Whether a response of the operation shows its body: a schema or an example of some media type. */
function showsBody(found: LocalOperation, status: string): boolean {
  const responses = found.operation.operation['responses']
  const response = isObject(responses) ? deref(found.document, responses[status]) : undefined
  // Swagger 2.0 puts `schema` and `examples` on the response itself.
  if (response?.['schema'] !== undefined || response?.['examples'] !== undefined) return true
  const content = response?.['content']
  if (!isObject(content)) return false
  return Object.values(content).some((media) => isObject(media) && (media['schema'] !== undefined || media['example'] !== undefined || media['examples'] !== undefined))
}

/**
 * Whether a caller can get a request wrong: it has parameters, a body or credentials. An operation
 * with none (`GET /version`, open to all) has no client error to document.
 */
function takesInput(found: LocalOperation): boolean {
  const {document, operation} = found
  return parametersOf(document, operation).parameters.length > 0 || operation.operation['requestBody'] !== undefined || takesCredentials(found)
}

/** Whether every way to call the operation takes credentials (no `{}` among its security requirements). */
function takesCredentials(found: LocalOperation): boolean {
  const security = found.operation.operation['security'] ?? found.document['security']
  return Array.isArray(security) && security.length > 0 && security.every((requirement) => isObject(requirement) && Object.keys(requirement).length > 0)
}

/** A specific limit: a number of requests (or calls, credits) per a time, or “100 per minute”. */
const limitText = /(?<![\d,.])\d{1,9}(?:[,.]\d{1,3}){0,3}\s?(?:k\s)?(?:requests?|reqs?|calls?|credits?|rps|qps|rpm|messages?|(?:per|an?|\/)\s?(?:s|sec|second|min|minute|h|hour|day))\b/i
/** A link that names the limits (`/rate-limits`, “Rate limits”). */
const limitLink = /rate[\s_-]?limit|\blimits\b/i

/** Whether the page's own text states a rate limit, or links to the page that does. */
function statesLimit(tree: Root): boolean {
  let found = false
  const walk = (node: Nodes): void => {
    if (found) return
    if (node.type === 'link' && (limitLink.test(node.url) || limitLink.test(mdastToString(node)))) found = true
    else if (node.type === 'text' && limitText.test(node.value)) found = true
    else if ('children' in node) for (const child of node.children) walk(child as Nodes)
  }
  walk(tree)
  return found
}

/**
 * An operation that answers `429` and says nowhere what the limit is: not in that response, the
 * operation's text, a rate-limit header, nor the page. The reader learns there is a limit only by
 * hitting it.
 */
function checkRateLimit(found: LocalOperation, fact: OperationFact, where: string, report: (message: string) => void): void {
  const responses = found.operation.operation['responses']
  if (!isObject(responses) || !Object.hasOwn(responses, '429') || fact.statesLimit) return
  const response = deref(found.document, responses['429'])
  const texts = [response?.['description'], found.operation.operation['description'], found.operation.operation['summary']].filter((text): text is string => typeof text === 'string')
  // Any number but the status itself may be the limit (“the maximum of 5 parallel downloads”).
  if (texts.some((text) => /(?<![\d.])(?!429(?!\d))\d+/.test(text) || (/https?:\/\/|\]\(/.test(text) && limitLink.test(text)))) return
  if (responseHeaders(found.document, found.operation).some((name) => /rate-?limit|retry-after/i.test(name))) return
  report('Missing the limit behind the `429` response of ' + where + ': neither the file nor the page states it, expected the specific limit (requests per second or minute, per plan) or a link to the page that gives it')
}
