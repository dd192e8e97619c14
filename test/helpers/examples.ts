import fs from 'node:fs'
import path from 'node:path'
import type {Code, Root} from 'mdast'
import {visit} from 'unist-util-visit'
import {VFile} from 'vfile'
import type {VFileMessage} from 'vfile-message'
import {parsePage} from '../../src/parse.js'

export const docsRoot = path.resolve(import.meta.dirname, '../../docs')

export interface Example {
  ruleId: string
  kind: 'ok' | 'not-ok'
  /** The heading above the example, for test names. */
  name: string
  lang: string
  path: string
  source: string
  options: Record<string, unknown> | undefined
  /** Expected messages, one per line: `line:column-endLine:endColumn severity reason`. */
  messages: string[]
  /** The page after `--fix`, when the doc shows it. */
  fixed: string | undefined
  /** Line of the example in its doc page, for failure messages. */
  line: number
}

/**
 * Read the examples of a rule's doc page. A fenced block whose meta has `ok` or `not-ok` is an
 * example page; a following `text messages` block holds its expected messages, an `mdx fixed` block
 * its fixed text; a `json options` block before it sets the rule's options.
 */
export function examplesOf(ruleId: string): Example[] {
  const docPath = path.join(docsRoot, 'rules', ruleId + '.mdx')
  const tree = parsePage(new VFile({value: fs.readFileSync(docPath, 'utf8'), path: docPath})) as Root
  const examples: Example[] = []
  let heading = ''
  let options: Record<string, unknown> | undefined
  visit(tree, (node) => {
    if (node.type === 'heading') {
      heading = node.children.map((child) => ('value' in child ? child.value : '')).join('')
      return
    }
    if (node.type !== 'code') return
    const code = node as Code
    const meta = (code.meta ?? '').split(/\s+/).filter(Boolean)
    const last = examples.at(-1)
    if (meta.includes('options')) {
      options = JSON.parse(code.value) as Record<string, unknown>
    } else if (meta.includes('ok') || meta.includes('not-ok')) {
      const lang = code.lang ?? 'mdx'
      const named = meta.find((token) => /\.(mdx?|markdown)$/.test(token))
      examples.push({
        ruleId,
        kind: meta.includes('not-ok') ? 'not-ok' : 'ok',
        name: heading,
        lang,
        path: named ?? 'example.' + (lang === 'md' || lang === 'markdown' ? 'md' : 'mdx'),
        source: code.value + '\n',
        options,
        messages: [],
        fixed: undefined,
        line: code.position?.start.line ?? 0
      })
      options = undefined
    } else if (meta.includes('messages') && last) {
      last.messages = code.value.split('\n').filter((line) => line.trim() !== '')
    } else if (meta.includes('fixed') && last) {
      last.fixed = code.value + '\n'
    }
  })
  return examples
}

/** The one-line form used in doc pages. */
export function formatMessage(message: VFileMessage): string {
  const place = message.place
  const start = place && 'start' in place ? place.start : place
  const end = place && 'end' in place ? place.end : undefined
  const range = (start ? start.line + ':' + start.column : '1:1') + (end ? '-' + end.line + ':' + end.column : '')
  const severity = message.fatal ? 'error' : message.fatal === false ? 'warning' : 'info'
  return range + ' ' + severity + ' ' + message.reason
}
