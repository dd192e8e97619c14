import type {Code} from 'mdast'
import {toString} from 'mdast-util-to-string'
import {SKIP, visit} from '../src/shared/walk.js'
import {defineRule} from '../src/rule.js'
import {components} from '../src/platform/facts.js'
import {isJsxElement, tagNamePlace, type JsxElement} from './shared/jsx.js'

type Outcome = 'success' | 'error'

// A status code on its own: `200`, `404 Not Found`; not part of a version or a longer number.
const statusCode = /(?<![\w.])([1-5]\d\d)(?![\w.])/
const errorWords = /\b(errors?|fail(?:ed|ure|s)?|invalid|unauthori[sz]ed|forbidden|not found|bad request|conflict|denied|too many requests|rate[ -]limit(?:ed)?|exception|time(?:d)?[ -]?out|unprocessable)\b/i
const successWords = /\b(success(?:ful)?|ok|created|accepted|no content)\b/i
const httpStatusLine = /^HTTP\/[\d.]+\s+(\d{3})\b/
const errorKey = /"(?:error|errors|error_code|errorCode)"\s*:/
const errorStatusField = /"(?:status|statusCode|status_code|code)"\s*:\s*"?[45]\d\d\b/

/** Whether a response example shows a success or an error, from its title first, then its body. */
export function outcomeOf(code: Code): Outcome {
  const title = code.meta ?? ''
  const fromTitle = fromStatus(statusCode.exec(title)?.[1])
  if (fromTitle) return fromTitle
  if (errorWords.test(title)) return 'error'
  if (successWords.test(title)) return 'success'
  const fromStatusLine = fromStatus(httpStatusLine.exec(code.value.trimStart())?.[1])
  if (fromStatusLine) return fromStatusLine
  if (errorKey.test(code.value) || errorStatusField.test(code.value)) return 'error'
  return 'success'
}

function fromStatus(status: string | undefined): Outcome | undefined {
  if (!status) return undefined
  if (status.startsWith('4') || status.startsWith('5')) return 'error'
  if (status.startsWith('2') || status.startsWith('3')) return 'success'
  return undefined
}

// A section or code title that introduces responses: `Response`, `Example response`, `404 Not Found`.
const responseTitle = /\brespon(?:se|ses)\b|(?<![\w.])[1-5]\d\d(?![\w.])/i

export default defineRule({
  id: 'api-examples',
  severity: 'warn',
  summary: 'API endpoint pages (`api:` in front matter) show a success and an error response in `<ResponseExample>`',
  fixable: false,
  conventions: [{id: 'success-and-error-responses', coverage: 'partial'}, {id: 'use-api-examples', coverage: 'partial'}],
  defaults: {},
  create() {
    return function (tree, {page, report}) {
      if (page.isSnippet || page.kind !== 'mdx') return
      const frontMatter = page.frontMatter()
      const data = frontMatter.data ?? {}
      // Only a declared endpoint is one: `<ParamField>` also documents configuration, manifests and
      // tool arguments. The platform builds the request example of an `api:` page from `api:` and
      // its `<ParamField>`s, and both examples of an `openapi:` page from the OpenAPI file.
      if (!hasText(data['api']) || hasText(data['openapi'])) return
      const responses: JsxElement[] = []
      const bodyResponses: Code[] = []
      const headings: string[] = []
      visit(tree, (node) => {
        if (node.type === 'heading') {
          headings.length = node.depth - 1
          headings[node.depth - 1] = toString(node)
        } else if (isJsxElement(node)) {
          if (node.name === 'ResponseExample') responses.push(node)
          if (node.name === 'RequestExample' || node.name === 'ResponseExample') return SKIP
        } else if (node.type === 'code' && node.value.trim() !== '') {
          // A code block in a response section, or titled as a response, is a response example.
          if ([...headings, node.meta ?? ''].some((title) => title !== undefined && responseTitle.test(title))) bodyResponses.push(node)
        }
        return undefined
      })

      if (responses.length === 0) {
        const first = bodyResponses[0]
        if (first) {
          const outcomes = new Set(bodyResponses.map(outcomeOf))
          const [examples, them] = bodyResponses.length === 1 ? ['example', 'it'] : ['examples', 'them']
          report({
            message:
              'Unexpected response ' + examples + ' outside `<ResponseExample>`, expected ' + them + ' moved into `<ResponseExample>`' +
              (outcomes.has('error') ? '' : ' beside an error response'),
            place: first.position
          })
        } else {
          report({
            message: 'Missing `<ResponseExample>` on an API endpoint page, expected a success and an error response',
            place: frontMatter.placeOf('api')
          })
        }
        return
      }

      const outcomes = new Set<Outcome>()
      let unknowable = false
      for (const response of responses) {
        visit(response, (node) => {
          if (node.type === 'code') outcomes.add(outcomeOf(node))
          // An imported or custom component may render more examples than this page shows.
          else if (isJsxElement(node) && node !== response && node.name && /^[A-Z]/.test(node.name) && !components.has(node.name)) unknowable = true
        })
      }
      if (outcomes.size === 0 || unknowable) return
      const last = responses.at(-1)!
      if (!outcomes.has('error')) {
        report({
          message: 'Missing error response in `<ResponseExample>`, expected a code block titled with an error status such as `400` or `404`',
          place: tagNamePlace(last, page)
        })
      }
      if (!outcomes.has('success')) {
        report({
          message: 'Missing success response in `<ResponseExample>`, expected a code block titled with a success status such as `200`',
          place: tagNamePlace(last, page)
        })
      }
    }
  }
})

function hasText(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== ''
}
