// Code blocks wrapped in a `<CodeGroup>`, each with a tab title, as edits of the page's source.
import type {Code, Nodes} from 'mdast'
import type {TextEdit} from '../../src/contract.js'

/** Words of a fence's meta that set options, not the title (as the platform reads a fence). */
const metaFlags: ReadonlySet<string> = new Set(['expandable', 'lines', 'showLineNumbers', 'twoslash', 'wrap'])

interface Fence {
  /** Offset just after the language, where a title goes. */
  afterLanguage: number
  hasTitle: boolean
}

function fenceOf(code: Code, source: string): Fence | undefined {
  const start = code.position?.start.offset
  if (start === undefined) return undefined
  const newline = source.indexOf('\n', start)
  const line = source.slice(start, newline === -1 ? source.length : newline)
  const marker = line[0]
  if (marker !== '`' && marker !== '~') return undefined
  let languageStart = 0
  while (line[languageStart] === marker) languageStart++
  let languageEnd = languageStart
  while (languageEnd < line.length && !/[\s`{]/.test(line[languageEnd]!)) languageEnd++
  if (languageStart < 3 || languageEnd === languageStart) return undefined
  return {afterLanguage: start + languageEnd, hasTitle: titleOf(line.slice(languageEnd)) !== undefined}
}

/** The title in a fence's meta (`Install`, `title="app.py"`), without line ranges, `key=value` options and flags. */
function titleOf(meta: string): string | undefined {
  let plain = ''
  let depth = 0
  for (const character of meta) {
    if (character === '{') depth++
    else if (character === '}' && depth > 0) depth--
    else if (depth === 0) plain += character
  }
  const words = plain.split(/\s+/).filter(Boolean)
  const titled = words.find((word) => word.startsWith('title='))
  if (titled) return titled.slice('title='.length).replace(/^["']|["']$/g, '')
  return words.find((word) => !word.includes('=') && !metaFlags.has(word))
}

/** The indentation before a node on its line, when only white space stands there (not `- ` or `> `). */
export function indentOf(node: Nodes, source: string): string | undefined {
  const start = node.position?.start.offset
  if (start === undefined) return undefined
  const lineStart = source.lastIndexOf('\n', start - 1) + 1
  const before = source.slice(lineStart, start)
  return /^[ \t]*$/.test(before) ? before : undefined
}

/**
 * Edits that wrap code blocks standing one after another in a `<CodeGroup>` and give each block
 * without a title its entry of `titles`. Undefined when a block has no language, or the blocks do
 * not start their lines (a list marker or a block quote stands before them).
 */
export function codeGroupEdits(codes: readonly Code[], titles: readonly string[], source: string): TextEdit[] | undefined {
  const first = codes[0]
  const last = codes[codes.length - 1]
  const indent = first && indentOf(first, source)
  const end = last?.position?.end.offset
  if (indent === undefined || end === undefined) return undefined
  const edits: TextEdit[] = [{start: first!.position!.start.offset!, end: first!.position!.start.offset!, text: '<CodeGroup>\n' + indent}]
  for (const [index, code] of codes.entries()) {
    const fence = fenceOf(code, source)
    if (!fence || indentOf(code, source) !== indent) return undefined
    if (!fence.hasTitle) edits.push({start: fence.afterLanguage, end: fence.afterLanguage, text: ' ' + titles[index]!})
  }
  edits.push({start: end, end, text: '\n' + indent + '</CodeGroup>'})
  return edits
}

/**
 * One edit that replaces labelled code blocks (“**Windows:**”, a block, “**Linux:**”, a block) with a
 * `<CodeGroup>` of the blocks, each titled by its label unless it has a title. Undefined as for
 * `codeGroupEdits`.
 */
export function labelledGroupEdit(items: ReadonlyArray<{label: Nodes; code: Code; title: string}>, source: string): TextEdit | undefined {
  const first = items[0]
  const last = items[items.length - 1]
  const indent = first && indentOf(first.label, source)
  const start = first?.label.position?.start.offset
  const end = last?.code.position?.end.offset
  if (indent === undefined || start === undefined || end === undefined) return undefined
  const blocks: string[] = []
  for (const {code, title} of items) {
    const fence = fenceOf(code, source)
    const from = code.position?.start.offset
    const to = code.position?.end.offset
    if (!fence || from === undefined || to === undefined || indentOf(code, source) !== indent) return undefined
    const text = source.slice(from, to)
    const at = fence.afterLanguage - from
    blocks.push(fence.hasTitle ? text : text.slice(0, at) + ' ' + title + text.slice(at))
  }
  return {start, end, text: '<CodeGroup>\n' + indent + blocks.join('\n\n' + indent) + '\n' + indent + '</CodeGroup>'}
}

/** Whether a block's title names a file (`app.py`, `src/index.ts`): blocks of several files are steps, not alternatives. */
export function namesFile(code: Code): boolean {
  const title = titleOf(code.meta ?? '') ?? ''
  return /[\w-]\.[a-z]{1,5}$|\//i.test(title)
}
