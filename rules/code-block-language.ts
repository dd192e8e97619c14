import type {Code, Parents} from 'mdast'
import type {Position} from 'unist'
import {toString} from 'mdast-util-to-string'
import {visitParents} from '../src/shared/walk.js'
import {defineRule, type Suggestion} from '../src/rule.js'
import type {Page} from '../src/page/page.js'
import {isJsxElement} from './shared/jsx.js'
import {firstLine} from './shared/positions.js'
import {codeLinePatterns, diagramLine, languages, metaFlags, plainLinePatterns, shellCommands, shellLines, outputIntroduction, outputLinePatterns, tabbedCodeComponents, weakCodeLinePatterns} from './code-block-language.data.js'
import {yaml} from '../src/shared/lazy.js'

interface Options {
  /** Report indented code blocks (only `.md` pages have them): they cannot name a language. */
  indented: boolean
}

const knownLanguages = new Set(languages.map((language) => language.toLowerCase()))
const tabbed = new Set(tabbedCodeComponents)
const flags = new RegExp('(?:^|\\s)(?:' + metaFlags.join('|') + ')(?=\\s|$)', 'g')

/** The title in a fence's meta: what is left once `{1,3}` ranges, `key=value` options and flags are removed. */
export function codeTitle(meta: string | null | undefined): string {
  if (!meta) return ''
  const attribute = /(?:^|\s)title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(meta)
  if (attribute) return (attribute[1] ?? attribute[2] ?? attribute[3] ?? '').trim()
  return meta
    .replace(/\{[^{}]*\}/g, ' ')
    .replace(/(?:^|\s)[\w-]+=(?:"[^"]*"|'[^']*'|\S*)/g, ' ')
    .replace(flags, ' ')
    .trim()
}

export function isKnownLanguage(lang: string): boolean {
  const brace = lang.indexOf('{')
  return knownLanguages.has((brace === -1 ? lang : lang.slice(0, brace)).toLowerCase())
}

export default defineRule<Options>({
  id: 'code-block-language',
  severity: 'warn',
  summary: 'Fenced code blocks name their language; blocks in `<CodeGroup>` and API examples also have a title',
  fixable: 'suggestion',
  conventions: [{id: 'code-language', coverage: 'full'}],
  thirdParty: {markdownlint: ['MD040', 'fenced-code-language']},
  options: {
    type: 'object',
    properties: {indented: {type: 'boolean'}},
    additionalProperties: false
  },
  defaults: {indented: true},
  create(options) {
    return function (tree, {page, report}) {
      // A block that holds a fence of its own kind (```` ```mermaid ```` in an ```` ```mdx ```` skeleton) ends at
      // that inner block's closing fence; the outer block's closing fence then opens a new block.
      let closedEarly: NestedFence | undefined
      visitParents(tree, 'code', (node, ancestors) => {
        const start = node.position?.start.offset
        if (start === undefined) return
        const place = firstLine(node, page)
        // A fence may sit up to three spaces in; an indented block starts four spaces (or a tab) in.
        if (!/^[ ]{0,3}(?:```|~~~)/.test(page.source.slice(start, start + 6))) {
          if (options.indented) {
            report({message: 'Unexpected indented code block, expected a fenced code block with a language', place})
          }
          return
        }
        const parent = ancestors.at(-1)
        const group = parent && isJsxElement(parent) && parent.name && tabbed.has(parent.name) ? parent.name : undefined
        const lang = node.lang?.trim() ?? ''
        if (lang === '' && closedEarly) {
          report({
            message: 'Unexpected fence inside this block: it holds ' + closedEarly.inner + ' at line ' + closedEarly.innerLine +
              ', whose closing fence ends this block early (the fence at line ' + node.position!.start.line + ' then opens a new one), expected a longer fence around this block (' + closedEarly.longer + ')',
            place: closedEarly.place
          })
          closedEarly = undefined
          return
        }
        closedEarly = nestedFence(node, page) ?? closedEarly
        if (!group) {
          if (lang === '' && looksLikeCode(node.value) && !(introducesOutput(parent, node) && !guessLanguage(node.value))) {
            report({
              message: 'Missing language on code block, expected a language after the opening fence, such as `bash`, `json` or `text`',
              place,
              suggestions: languageSuggestion(node, page)
            })
          }
          return
        }
        const where = ' on code block in `<' + group + '>`'
        const title = codeTitle(node.meta)
        if (lang === '') {
          report({
            message: 'Missing language and title' + where + ', expected a language and a tab title after the opening fence, such as `bash Install`',
            place
          })
        } else if (title === '' && !isKnownLanguage(lang)) {
          // Only one word after the fence: it is the language, so `Title` gives a tab with no highlighting.
          report({
            message: 'Unexpected title `' + lang + '` without a language' + where + ', expected a language before the title, such as `bash ' + lang + '`',
            place,
            actual: lang
          })
        } else if (title === '') {
          report({
            message: 'Missing title' + where + ', expected a file name or label after `' + lang + '`: it names the tab',
            place
          })
        }
      })
    }
  }
})

interface NestedFence {
  /** The outer block's opening line. */
  place: Position | undefined
  /** The inner block (`` a `mermaid` block ``) and its line. */
  inner: string
  innerLine: number
  /** The fence the outer block needs (`four backticks`). */
  longer: string
}

const counts = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine']

/** The first line of a fenced block's content that opens a fence the block's own closing fence would end. */
function nestedFence(node: Code, page: Page): NestedFence | undefined {
  const start = node.position?.start
  if (start?.offset === undefined) return undefined
  const opening = /^ {0,3}(`{3,}|~{3,})([^\n]*)/.exec(page.source.slice(start.offset, start.offset + 1000))
  if (!opening) return undefined
  const fence = opening[1]!
  const lines = node.value.split(/\r?\n/)
  for (const [index, line] of lines.entries()) {
    const inner = /^ {0,3}(`{3,}|~{3,})([A-Za-z][\w+#.-]*)/.exec(line)
    if (inner && inner[1]![0] === fence[0] && inner[1]!.length >= fence.length) {
      const size = inner[1]!.length + 1
      const count = size < counts.length ? counts[size]! : String(size)
      return {place: firstLine(node, page), inner: 'a `' + inner[2]! + '` block', innerLine: start.line + 1 + index, longer: count + (fence[0] === '`' ? ' backticks' : ' tildes')}
    }
  }
  return undefined
}

const shellCommand = new Set(shellCommands)
const httpRequest = /^(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) \S+ HTTP\/\d(?:\.\d)?$/

function isShellLine(trimmed: string): boolean {
  return shellCommand.has(trimmed.split(/[ \t]/, 1)[0]!) || shellLines.some((pattern) => pattern.test(trimmed))
}

/** The language of code that can only be one: JSON that parses, shell commands, an HTTP request. */
export function guessLanguage(code: string): string | undefined {
  const text = code.trim()
  if (text === '' || text.length > 100_000) return undefined
  if (/^[{[]/.test(text)) {
    try {
      const value: unknown = JSON.parse(text)
      // A list of numbers on one line (`[0.12, 0.34]`) is a result shown, not a JSON document.
      return Array.isArray(value) && !text.includes('\n') && value.every((item) => typeof item === 'number') ? undefined : 'json'
    } catch {
      return undefined
    }
  }
  const lines = text.split(/\r?\n/)
  if (httpRequest.test(lines[0]!.trim())) return 'http'
  let continued = false
  for (const line of lines) {
    const trimmed = line.trim()
    // A `\` at the end of a line continues the command on the next one.
    if (!continued && trimmed !== '' && !trimmed.startsWith('#') && !isShellLine(trimmed)) return undefined
    continued = trimmed.endsWith('\\')
  }
  return 'bash'
}

/**
 * Whether a block's content is code rather than plain text (prose, a prompt, log output, a URL, a
 * file tree), which looks the same to the reader with or without a language.
 */
export function looksLikeCode(code: string): boolean {
  if (guessLanguage(code)) return true
  // Program output: lines a program prints (`✅ Started`, `[INFO] …`, a timestamp), whatever it logs.
  if (code.split(/\r?\n/, 20).some((line) => outputLinePatterns.some((pattern) => pattern.test(line.trim())))) return false
  let codeLines = 0
  let weakLines = 0
  let textLines = 0
  let diagramLines = 0
  for (const line of code.split(/\r?\n/)) {
    const trimmed = line.trim()
    if (diagramLine.test(trimmed)) diagramLines++
    // Comments and Markdown headings are neither: both code and prose have them.
    if (trimmed === '' || trimmed.startsWith('#') || diagramLine.test(trimmed) || plainLinePatterns.some((pattern) => pattern.test(trimmed))) continue
    if (isShellLine(trimmed) || codeLinePatterns.some((pattern) => pattern.test(trimmed))) codeLines++
    else if (weakCodeLinePatterns.some((pattern) => pattern.test(trimmed))) weakLines++
    else textLines++
  }
  // Code has some lines that are text to these patterns (a bare name, a string), but not most of them.
  if (codeLines + weakLines === 0 || codeLines + weakLines < textLines) return false
  // A diagram labels its boxes with names of code (`client.connect()`); it is still a drawing.
  if (diagramLines >= 2 && diagramLines >= codeLines) return false
  return codeLines > 0 || isYamlCollection(code)
}

/**
 * A block that parses as YAML holding two entries or more, at any depth (`config:` over two keys).
 * Not when a key is a sentence (`Available tools (call one first):` over a list): that is prose.
 */
function isYamlCollection(code: string): boolean {
  try {
    const value: unknown = yaml().parse(code, {maxAliasCount: 0, prettyErrors: false})
    return entriesIn(value, 2) >= 2 && !hasSentenceKey(value, 0)
  } catch {
    return false
  }
}

/** Whether a parsed value has a mapping key of four words or more, within the first levels. */
function hasSentenceKey(value: unknown, depth: number): boolean {
  if (value === null || typeof value !== 'object' || depth > 3) return false
  if (!Array.isArray(value) && Object.keys(value).some((key) => key.trim().split(/\s+/).length >= 4)) return true
  return (Array.isArray(value) ? value : Object.values(value)).slice(0, 50).some((child) => hasSentenceKey(child, depth + 1))
}

/** Entries of mappings and lists in a parsed value, counted up to `enough`. */
function entriesIn(value: unknown, enough: number): number {
  if (value === null || typeof value !== 'object') return 0
  const children: unknown[] = Array.isArray(value) ? value : Object.values(value)
  let count = children.length
  for (const child of children) {
    if (count >= enough) break
    count += entriesIn(child, enough - count)
  }
  return count
}

/**
 * Whether the paragraph right before a block says output follows (`Example output:`, `and receive the
 * following response:`): what a program shows is text, however structured.
 */
function introducesOutput(parent: Parents | undefined, node: Code): boolean {
  if (!parent) return false
  const index = parent.children.indexOf(node as never)
  const before = index > 0 ? parent.children[index - 1] : undefined
  if (before?.type !== 'paragraph') return false
  const text = toString(before).trim()
  return text.endsWith(':') && outputIntroduction.test(text.slice(text.lastIndexOf('.', text.length - 2) + 1))
}

/** Add the guessed language after the opening fence; only a suggestion, since a guess can be wrong. */
function languageSuggestion(node: Code, page: Page): Suggestion[] | undefined {
  const start = node.position?.start.offset
  const language = guessLanguage(node.value)
  if (start === undefined || !language) return undefined
  const fence = /^ {0,3}(?:`{3,}|~{3,})/.exec(page.source.slice(start, start + 100))
  if (!fence) return undefined
  const at = start + fence[0].length
  return [{description: 'Add the language `' + language + '`', edits: [{start: at, end: at, text: language}]}]
}
