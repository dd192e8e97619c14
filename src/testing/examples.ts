// The examples of a rule's documentation page, the format docs-lint's own rule pages use: a fenced
// block whose meta has `ok` or `not-ok` is a page; a following `text messages` block holds the
// messages it gets, one per line (`line:column-endLine:endColumn severity reason`); an `mdx fixed`
// block its text after `--fix`; an `mdx suggested` block its text with each message's first editor
// suggestion applied; a `json options` block before it sets the rule's options. Site rules show a
// fixture folder instead (`site=<folder> file=<path>`), linted whole.
import type {Code, Root} from 'mdast'
import {VFile} from 'vfile'
import type {VFileMessage} from 'vfile-message'
import {readBoundedText} from '../shared/bounded-read.js'
import {parsePage} from '../page/parse.js'
import {visit} from '../shared/walk.js'

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
  /** The page with the first suggestion of every message applied (rules with editor suggestions). */
  suggested: string | undefined
  /** Line of the example in its doc page, for failure messages. */
  line: number
  /**
   * Site rules: the example is a fixture folder, `<fixtures>/<rule>/<site>`, linted whole; the block
   * shows one of its files (`file=`), and further `site=… file=…` blocks show more.
   */
  site: string | undefined
  /** Files of the fixture the doc page shows, each checked against the fixture. */
  shown: Array<{file: string; value: string}>
}

/** 1 MB: a rule's documentation page, read bounded as every file docs-lint reads. */
const maxDocsPageBytes = 1024 * 1024

/** The examples of the documentation page `docPath` of the rule `ruleId`, in page order. */
export function examplesOf(docPath: string, ruleId: string): Example[] {
  const tree = parsePage(new VFile({value: readBoundedText(docPath, maxDocsPageBytes), path: docPath})) as Root
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
    const site = meta.find((token) => token.startsWith('site='))?.slice(5)
    const shownFile = meta.find((token) => token.startsWith('file='))?.slice(5)
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
        suggested: undefined,
        line: code.position?.start.line ?? 0,
        site,
        shown: site && shownFile ? [{file: shownFile, value: code.value + '\n'}] : []
      })
      options = undefined
    } else if (site && shownFile && last?.site === site) {
      last.shown.push({file: shownFile, value: code.value + '\n'})
    } else if (meta.includes('messages') && last) {
      last.messages = code.value.split('\n').filter((line) => line.trim() !== '')
    } else if (meta.includes('fixed') && last) {
      last.fixed = code.value + '\n'
    } else if (meta.includes('suggested') && last) {
      last.suggested = code.value + '\n'
    }
  })
  return examples
}

/** A message in the one-line form of the doc pages: `line:column-endLine:endColumn severity reason`. */
export function formatMessage(message: VFileMessage): string {
  const place = message.place
  const start = place && 'start' in place ? place.start : place
  const end = place && 'end' in place ? place.end : undefined
  const range = (start ? start.line + ':' + start.column : '1:1') + (end ? '-' + end.line + ':' + end.column : '')
  const severity = message.fatal ? 'error' : message.fatal === false ? 'warning' : 'info'
  return range + ' ' + severity + ' ' + message.reason
}
