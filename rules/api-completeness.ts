// api-completeness: a page tied to an OpenAPI operation (`openapi: GET /users/{id}`) shows what the
// operation's local OpenAPI file says of it, so the file must say enough: what each parameter holds,
// and the errors the operation answers with (a `404` where the path names one resource). The page may
// say it by hand instead (`<ParamField>` with text, a `<ResponseExample>` titled with the status). A
// remote file is not checked.
import type {Code, Nodes, Root} from 'mdast'
import {toString as mdastToString} from 'mdast-util-to-string'
import {defineRule, ruleFactsOf, type RuleFact} from '../src/rule.js'
import {isJsxElement, jsxAttribute} from './shared/jsx.js'
import {apiIndexOf, fileList, localOperations, noticeRemote, onOperationPages, operationConventions, type Endpoint, type LocalOperation} from './shared/api-targets.js'
import {declaresStatus, parametersOf, statusesOf, type Parameter} from './shared/openapi-schema.js'

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
}

const locations = ['path', 'query', 'header', 'cookie']
const statusCode = /(?<![\w.])([1-5]\d\d)(?![\w.])/

export default defineRule({
  id,
  severity: 'warn',
  summary: 'A page tied to an OpenAPI operation documents what each parameter holds and the errors it answers with',
  fixable: false,
  conventions: operationConventions,
  defaults: {},
  pageFacts: onOperationPages((tree, page, operation) => {
    if (page.parseFailed) return undefined
    const fact: OperationFact = {...operation, ...handWritten(tree)}
    return [fact]
  }),
  site() {
    return function (site, context) {
      const index = apiIndexOf(site)
      const noticed = new Set<string>()
      for (const page of site.linted) {
        const fact = ruleFactsOf<OperationFact>(page, id)[0]
        if (!fact || fact.disabled || fact.method === 'webhook') continue
        const endpoint: Endpoint = {kind: 'openapi', spec: fact.spec, method: fact.method, target: fact.path}
        const found = localOperations(index, endpoint)
        if (found.length === 0) {
          noticeRemote(index, endpoint, 'the parameters and error responses of operations', {page, place: fact.place}, noticed, context)
          continue
        }
        const where = '`' + fact.method.toUpperCase() + ' ' + fact.path + '` in ' + fileList(found.map((item) => item.file))
        const report = (message: string) => context.report({file: page.file!, message, place: fact.place})
        checkParameters(found[0]!, fact, where, report)
        checkErrors(found[0]!, fact, where, report)
      }
    }
  }
})

/** What the page says by hand: parameters described in `<ParamField>`, statuses of response examples. */
function handWritten(tree: Root): {described: string[]; shown: string[]} {
  const described: string[] = []
  const shown: string[] = []
  const walk = (node: Nodes, inExample: boolean): void => {
    if (isJsxElement(node) && (node.name === 'ParamField' || node.name === 'Param')) {
      for (const location of locations) {
        const value = jsxAttribute(node, location)
        if (value.kind === 'text' && mdastToString(node).trim() !== '') described.push(location + ' ' + value.text.trim())
      }
    }
    if (inExample && node.type === 'code') {
      const status = statusCode.exec((node as Code).meta ?? '')?.[1]
      if (status) shown.push(status)
    }
    if ('children' in node) for (const child of node.children) walk(child as Nodes, inExample || (isJsxElement(node) && node.name === 'ResponseExample'))
  }
  walk(tree, false)
  return {described, shown}
}

const list = (items: readonly string[]): string => (items.length <= 1 ? items.join('') : items.slice(0, -1).join(', ') + ' and ' + items.at(-1))

/** Parameters neither the file nor the page describe, in one message for the page. */
function checkParameters(found: LocalOperation, fact: OperationFact, where: string, report: (message: string) => void): void {
  const {parameters, complete} = parametersOf(found.document, found.operation)
  if (!complete) return
  const bare = parameters.filter((parameter: Parameter) => !parameter.described && !fact.described.includes(parameter.in + ' ' + parameter.name))
  if (bare.length === 0) return
  const names = bare.map((parameter) => parameter.in + ' parameter `' + parameter.name + '`')
  report('Missing description of ' + list(names) + ' of ' + where + ', expected what ' + (bare.length === 1 ? 'it holds' : 'each holds'))
}

/** An operation that declares no error, or no `404` where its path names one resource. */
function checkErrors(found: LocalOperation, fact: OperationFact, where: string, report: (message: string) => void): void {
  const statuses = [...statusesOf(found.operation), ...fact.shown]
  if (statuses.length === 0) return
  const errors = statuses.filter((status) => /^[45]/.test(status) || status.toLowerCase() === 'default')
  if (errors.length === 0) {
    report('Missing error response of ' + where + ', which declares only ' + list(statuses.map((status) => '`' + status + '`')) + ', expected the errors it answers with')
    return
  }
  if (/\{[^{}]+\}/.test(fact.path) && !declaresStatus(statuses, '404')) {
    report('Missing `404` response of ' + where + ': its path names one resource, expected what it answers when that does not exist')
  }
}

