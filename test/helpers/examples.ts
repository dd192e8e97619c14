import fs from 'node:fs'
import os from 'node:os'
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
  /** The page with the first suggestion of every message applied (rules with editor suggestions). */
  suggested: string | undefined
  /** Line of the example in its doc page, for failure messages. */
  line: number
  /**
   * Site rules: the example is a fixture folder, `test/fixtures/sites/<rule>/<site>`, linted whole;
   * the block shows one of its files (`file=`), and further `site=… file=…` blocks show more.
   */
  site: string | undefined
  /** Files of the fixture the doc page shows, each checked against the fixture. */
  shown: Array<{file: string; value: string}>
}

export const fixturesRoot = path.resolve(import.meta.dirname, '../fixtures/sites')

/**
 * Read the examples of a rule's doc page. A fenced block whose meta has `ok` or `not-ok` is an
 * example page; a following `text messages` block holds its expected messages, an `mdx fixed` block
 * its fixed text, an `mdx suggested` block its text with every message's first suggestion applied; a `json options` block before it sets the rule's options.
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

/** The one-line form used in doc pages. */
export function formatMessage(message: VFileMessage): string {
  const place = message.place
  const start = place && 'start' in place ? place.start : place
  const end = place && 'end' in place ? place.end : undefined
  const range = (start ? start.line + ':' + start.column : '1:1') + (end ? '-' + end.line + ':' + end.column : '')
  const severity = message.fatal ? 'error' : message.fatal === false ? 'warning' : 'info'
  return range + ' ' + severity + ' ' + message.reason
}

/**
 * Lint a site example's fixture folder with only `ruleId` on; messages as `file line:col-… severity
 * reason`, files by path. Also returns the fixture files the doc page shows, for the drift check.
 */
export async function siteExampleMessages(
  example: Example,
  ruleId: string,
  setting: unknown
): Promise<{messages: string[]; files: Array<{file: string; actual: string; expected: string}>}> {
  const {lint} = await import('../../src/engine.js')
  const root = path.join(fixturesRoot, ruleId, example.site!)
  const configPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-site-')), 'config.json')
  fs.writeFileSync(configPath, JSON.stringify({rules: {[ruleId]: setting}}))
  const result = await lint({patterns: ['.'], cwd: root, configPath})
  const relative = (file: VFile) => path.relative(root, path.resolve(file.cwd, file.path)).split(path.sep).join('/')
  const messages = [...result.files]
    .sort((a, b) => (relative(a) < relative(b) ? -1 : relative(a) > relative(b) ? 1 : 0))
    .flatMap((file) => file.messages.map((message) => relative(file) + ' ' + formatMessage(message)))
  const files = example.shown.map(({file, value}) => ({file, expected: value, actual: fs.readFileSync(path.join(root, file), 'utf8')}))
  return {messages: [...result.configErrors, ...messages], files}
}
