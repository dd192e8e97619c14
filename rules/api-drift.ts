// api-drift: a page tied to an OpenAPI operation (`openapi: GET /users`) that documents parameters,
// response fields or response examples by hand says what the operation's local OpenAPI file says: no
// parameter or field the operation lacks, every required parameter of a location the page documents,
// no response example for a status the operation does not declare. A remote file is not checked.
import type {Code, Nodes, Root} from 'mdast'
import type {Position} from 'unist'
import {defineRule, ruleFactsOf, type RuleFact} from '../src/rule.js'
import type {Page} from '../src/page/page.js'
import {components} from '../src/platform/facts.js'
import {isJsxElement, jsxAttribute, type JsxElement} from './shared/jsx.js'
import {clearlyMeant, didYouMean} from './shared/close-match.js'
import {firstLine} from './shared/positions.js'
import {apiIndexOf, fileList, localOperations, noticeRemote, onOperationPages, operationConventions, type Endpoint, type LocalOperation} from './shared/api-targets.js'
import {credentialPlaces} from './shared/openapi.js'
import {declaresStatus, fieldNamesAt, fieldPresence, hasNamelessItem, parametersOf, requestSchemas, requiredFields, responseHeaders, responseSchemas, statusesOf, type Presence} from './shared/openapi-schema.js'
import {locationNames, standardHeaders} from './api-drift.data.js'

const id = 'api-drift'

/** What the page says of its operation: the operation, a documented parameter or response field, a status shown. */
interface DriftFact extends RuleFact {
  kind: 'operation' | 'param' | 'response' | 'status'
  /** `operation`: as front matter names it. */
  spec?: string
  method?: string
  path?: string
  /** `param`: `path`, `query`, `header`, `cookie` or `body`. */
  location?: string
  /** `param`, `response`: the name, nested names joined by `.` (`user.name`). */
  name?: string
  status?: string
}

/** The operation a page is tied to, in each local file that has it. */
type Found = LocalOperation

const locations = components.get('ParamField')?.exactlyOne?.names ?? ['body', 'query', 'path', 'header', 'cookie', 'auth']
const statusCode = /(?<![\w.])([1-5]\d\d)(?![\w.])/
const httpStatusLine = /^HTTP\/[\d.]+\s+(\d{3})\b/

export default defineRule({
  id,
  severity: 'warn',
  summary: 'Parameters, response fields and response examples written by hand on an OpenAPI page match the operation in the OpenAPI file',
  fixable: false,
  conventions: operationConventions,
  defaults: {},
  pageFacts: onOperationPages((tree, page, operation) => {
    const documented = documentedOn(tree, page)
    if (documented.length === 0) return undefined
    return [{kind: 'operation', ...operation}, ...documented]
  }),
  site() {
    return function (site, context) {
      const index = apiIndexOf(site)
      const noticed = new Set<string>()
      for (const page of site.linted) {
        const facts = ruleFactsOf<DriftFact>(page, id)
        const tied = facts.find((fact) => fact.kind === 'operation')
        if (!tied) continue
        const endpoint: Endpoint = {kind: 'openapi', spec: tied.spec, method: tied.method!, target: tied.path!}
        const found = localOperations(index, endpoint)
        if (found.length > 0) {
          checkPage(found, facts, endpoint, (message, fact) => context.report({file: page.file!, message, place: fact.place}))
        } else {
          noticeRemote(index, endpoint, 'the parameters and responses pages document by hand for operations', {page, place: tied.place}, noticed, context)
        }
      }
    }
  }
})

/** The parameters, response fields and statuses the page documents by hand, nested names joined. */
function documentedOn(tree: Root, page: Page): DriftFact[] {
  const facts: DriftFact[] = []
  const walk = (node: Nodes, params: string, responses: string): void => {
    let nextParams = params
    let nextResponses = responses
    if (isJsxElement(node) && (node.name === 'ParamField' || node.name === 'Param')) {
      const location = locations.find((name) => jsxAttribute(node, name).kind === 'text')
      const written = location ? textOf(node, location) : undefined
      if (location && written) {
        nextParams = nested(params, written)
        if (location !== 'auth') facts.push({kind: 'param', location, name: nextParams, place: attributePlace(node, location)})
      }
    } else if (isJsxElement(node) && node.name === 'ResponseField') {
      const written = textOf(node, 'name')
      if (written) {
        nextResponses = nested(responses, written)
        facts.push({kind: 'response', name: nextResponses, place: attributePlace(node, 'name')})
      }
    } else if (isJsxElement(node) && node.name === 'ResponseExample') {
      facts.push(...statusesShown(node, page))
      return
    }
    if ('children' in node) for (const child of node.children) walk(child as Nodes, nextParams, nextResponses)
  }
  if (!page.parseFailed) walk(tree, '', '')
  return facts
}

function textOf(node: JsxElement, name: string): string | undefined {
  const value = jsxAttribute(node, name)
  return value.kind === 'text' && value.text.trim() !== '' ? value.text.trim() : undefined
}

/** Where an element's attribute is written (`query="limit"`), else the element. */
function attributePlace(node: JsxElement, name: string): Position | undefined {
  const attribute = node.attributes.find((item) => item.type === 'mdxJsxAttribute' && item.name === name)
  return attribute?.position ?? node.position
}

/** A field's full name inside `parent`: `user.name` for `name`; a name written in full stays; `[]` goes. */
function nested(parent: string, written: string): string {
  const name = written.replace(/\[[^\][]*\]/g, '')
  if (parent === '' || name.includes('.')) return name
  return parent + '.' + name
}

/** The status of each response example: from its title (`json 404`), else its first line (`HTTP/1.1 404`). */
function statusesShown(example: JsxElement, page: Page): DriftFact[] {
  const facts: DriftFact[] = []
  const walk = (node: Nodes): void => {
    if (node.type === 'code') {
      const status = statusCode.exec((node as Code).meta ?? '')?.[1] ?? httpStatusLine.exec(node.value.trimStart())?.[1]
      if (status) facts.push({kind: 'status', status, place: firstLine(node, page)})
    } else if ('children' in node) {
      for (const child of node.children) walk(child as Nodes)
    }
  }
  walk(example)
  return facts
}


type Report = (message: string, fact: DriftFact) => void

function checkPage(found: readonly Found[], facts: readonly DriftFact[], endpoint: Endpoint, report: Report): void {
  const where = '`' + endpoint.method.toUpperCase() + ' ' + endpoint.target + '` in ' + fileList(found.map((item) => item.file))
  // A required parameter a misspelt one clearly meant is one mistake, reported once.
  const meant = new Set<string>()
  for (const fact of facts) {
    if (fact.disabled) continue
    if (fact.kind === 'param') {
      const name = checkParameter(found, fact, where, report)
      if (name) meant.add(fact.location + ' ' + name)
    } else if (fact.kind === 'response') {
      checkResponseField(found, fact, where, report)
    } else if (fact.kind === 'status') {
      checkStatus(found, fact, where, report)
    }
  }
  checkRequired(found, facts, where, meant, report)
}

/** Whether one operation has a parameter at a location, with the names it has there. */
function parameterPresence(item: Found, location: string, name: string): {presence: Presence; names: string[]} {
  if (location === 'body') {
    const schemas = requestSchemas(item.document, item.operation)
    if (!schemas) return {presence: 'unknown', names: []}
    const path = name.split('.')
    const presence = fieldPresence(item.document, schemas, path)
    const found = presence === 'no' && anywhere(item, schemas, path.at(-1)!) ? 'yes' : presence === 'no' && hasNamelessItem(item.document, schemas) ? 'unknown' : schemas.length === 0 ? 'no' : presence
    return {presence: found, names: fieldNamesAt(item.document, schemas, path.slice(0, -1))}
  }
  const {parameters, complete} = parametersOf(item.document, item.operation)
  const names = [...parameters.filter((parameter) => parameter.in === location).map((parameter) => parameter.name), ...credentialNames(item, location)]
  const same = location === 'header' ? (a: string) => a.toLowerCase() === name.toLowerCase() : (a: string) => a === name
  if (names.some(same) || (location === 'header' && standardHeaders.has(name.toLowerCase()))) return {presence: 'yes', names}
  return {presence: complete ? 'no' : 'unknown', names}
}

/** The names of the operation's credentials at a location (an API key's header, `Authorization`). */
function credentialNames(item: Found, location: string): string[] {
  return (credentialPlaces(item.document, item.operation) ?? []).filter((place) => place.in === location).map((place) => place.name)
}

/** Whether a body field the page documents at the top level is, in the operation, only deeper down. */
function nestedOnly(item: Found, name: string): boolean {
  const schemas = requestSchemas(item.document, item.operation)
  if (!schemas) return false
  const path = name.split('.')
  return fieldPresence(item.document, schemas, path) === 'no' && anywhere(item, schemas, path.at(-1)!)
}

/** Whether a field of that name is anywhere in the schemas: documented flat, it is not drift. */
function anywhere(item: Found, schemas: readonly unknown[], name: string): boolean {
  const seen = new Set<string>()
  const queue: string[][] = [[]]
  while (queue.length > 0 && seen.size < 500) {
    const path = queue.shift()!
    const names = fieldNamesAt(item.document, schemas, path)
    if (names.includes(name)) return true
    for (const child of names) {
      const key = [...path, child].join('.')
      if (path.length < 8 && !seen.has(key)) {
        seen.add(key)
        queue.push([...path, child])
      }
    }
  }
  return false
}

/** Report a parameter the operation lacks; the name it clearly meant, if any. */
function checkParameter(found: readonly Found[], fact: DriftFact, where: string, report: Report): string | undefined {
  const location = fact.location!
  const name = fact.name!
  const results = found.map((item) => parameterPresence(item, location, name))
  if (results.some((result) => result.presence !== 'no')) return undefined
  const kind = locationNames[location] ?? location + ' parameter'
  const elsewhere = Object.keys(locationNames).find((other) => other !== location && found.every((item) => parameterPresence(item, other, name).presence === 'yes'))
  if (elsewhere) {
    report('Unexpected ' + kind + ' `' + name + '`: ' + where + ' takes it as a ' + locationNames[elsewhere] + ', expected `<ParamField ' + elsewhere + '="' + name + '">`', fact)
    return undefined
  }
  if (location === 'body' && found.every((item) => requestSchemas(item.document, item.operation)?.length === 0)) {
    report('Unexpected ' + kind + ' `' + name + '`: ' + where + ' takes no request body, expected the parameter removed or the body added to the OpenAPI file', fact)
    return undefined
  }
  const meant = meantName(name, results.flatMap((result) => result.names))
  report('Unexpected ' + kind + ' `' + name + '`: not in ' + where + (meant ? ', expected `' + meant + '`' : ', expected a parameter the operation declares'), fact)
  return meant
}

function checkResponseField(found: readonly Found[], fact: DriftFact, where: string, report: Report): void {
  const path = fact.name!.split('.')
  const names: string[] = []
  for (const item of found) {
    const schemas = responseSchemas(item.document, item.operation)
    if (!schemas || schemas.length === 0) return
    const presence = fieldPresence(item.document, schemas, path)
    const header = responseHeaders(item.document, item.operation).some((name) => name.toLowerCase() === fact.name!.toLowerCase())
    if (presence !== 'no' || header || anywhere(item, schemas, path.at(-1)!)) return
    names.push(...fieldNamesAt(item.document, schemas, path.slice(0, -1)))
  }
  const meant = meantName(fact.name!, names)
  report('Unexpected response field `' + fact.name + '`: not in the responses of ' + where + (meant ? ', expected `' + meant + '`' : ', expected a field the responses declare'), fact)
}

function checkStatus(found: readonly Found[], fact: DriftFact, where: string, report: Report): void {
  const status = fact.status!
  if (found.some((item) => statusesOf(item.operation).length === 0 || declaresStatus(statusesOf(item.operation), status))) return
  const declared = [...new Set(found.flatMap((item) => statusesOf(item.operation)))].map((code) => '`' + code + '`').join(', ')
  report('Unexpected response example for status `' + status + '`: ' + where + ' declares no `' + status + '` response, expected one of ' + declared, fact)
}

/**
 * A required parameter the page leaves out of a location it documents by hand (a list of query
 * parameters without the required `limit`): reported at the location's first parameter.
 */
function checkRequired(found: readonly Found[], facts: readonly DriftFact[], where: string, meant: ReadonlySet<string>, report: Report): void {
  const params = facts.filter((fact) => fact.kind === 'param')
  for (const location of Object.keys(locationNames)) {
    const documented = params.filter((fact) => fact.location === location)
    const first = documented[0]
    if (!first) continue
    const written = new Set(documented.map((fact) => (location === 'header' ? fact.name!.toLowerCase() : fact.name!.split('.')[0]!)))
    // A body documented by the fields nested in it (a JSON-RPC page listing what its `params` hold) names
    // the method's own parameters: the envelope's required fields are the platform's to show.
    if (location === 'body' && documented.some((fact) => found.some((item) => nestedOnly(item, fact.name!)))) continue
    for (const name of requiredEverywhere(found, location)) {
      if (written.has(location === 'header' ? name.toLowerCase() : name) || meant.has(location + ' ' + name)) continue
      report('Missing required ' + locationNames[location] + ' `' + name + '` of ' + where + ', expected a `<ParamField ' + location + '="' + name + '">` beside the others', first)
    }
  }
}

/** The names every file's operation requires at a location (body: its top-level required fields). */
function requiredEverywhere(found: readonly Found[], location: string): string[] {
  let common: string[] | undefined
  for (const item of found) {
    let required: string[] | undefined
    if (location === 'body') {
      const schemas = requestSchemas(item.document, item.operation)
      // A required name the schema does not define is the file's own mistake, not the page's.
      required = schemas ? requiredFields(item.document, schemas)?.filter((name) => fieldPresence(item.document, schemas, [name]) === 'yes') : undefined
    } else {
      const {parameters, complete} = parametersOf(item.document, item.operation)
      required = complete ? parameters.filter((parameter) => parameter.in === location && parameter.required).map((parameter) => parameter.name) : undefined
    }
    if (!required) return []
    common = common ? common.filter((name) => required.includes(name)) : required
  }
  return common ?? []
}

/** The name a misspelt one clearly meant, with its parents: `user.name` for `user.nmae`. */
function meantName(written: string, candidates: readonly string[]): string | undefined {
  const parts = written.split('.')
  const last = parts.at(-1)!
  const close = didYouMean(last, candidates)
  if (!close || !clearlyMeant(last, close)) return undefined
  return [...parts.slice(0, -1), close].join('.')
}
