// A team's rule file, split into the lines that can state a convention: each list item, each body row
// of a table, each sentence of a paragraph, with the headings it sits under. Front matter, code blocks,
// HTML comments and the content of components (`<Steps>…</Steps>`: examples of the component, not
// conventions) are left out. Written for rule files, which are plain Markdown with some MDX.
import {trimEndCharacters} from '../shared/text.js'
import type {RuleLine} from './types.js'

/** Elements whose content is an example or code, never a convention; other lowercase tags are wrappers. */
const contentTags = new Set(['pre', 'code', 'script', 'style', 'example', 'examples', 'video', 'iframe', 'svg', 'table', 'picture', 'audio'])
const voidTags = new Set(['img', 'br', 'hr', 'input', 'source', 'meta', 'link', 'area', 'col', 'embed', 'track', 'wbr'])
const tagPattern = /<(\/?)([A-Za-z][\w.:-]*)((?:[^<>"'{}]|"[^"]*"|'[^']*'|\{[^{}]*\})*?)(\/?)>/g
const listItem = /^(\s*)([-*+]|\d{1,9}[.)])(?:\s+|$)(.*)$/
/** A table's delimiter row (`| --- | :-: |`): cells of dashes with optional colons, read cell by cell. */
const tableDelimiter = {
  test(row: string): boolean {
    let text = row.trim()
    if (text.startsWith('|')) text = text.slice(1)
    if (text.endsWith('|')) text = text.slice(0, -1)
    return text !== '' && text.split('|').every((cell) => /^:?-+:?$/.test(cell.trim()))
  }
}
const abbreviation = /(?:^|[\s(])(?:e\.g|i\.e|etc|vs|cf|approx|incl|Dr|Mr|Mrs|Ms|No|Fig)\.$/i

interface Block {
  start: number
  parts: Array<{line: number; text: string}>
}

interface SplitState {
  lines: RuleLine[]
  headings: Array<{level: number; text: string}>
  paragraph: Block | undefined
  item: (Block & {indent: number}) | undefined
  fence: {marker: string; indent: number} | undefined
  /** The end of the comment the row is in: `-->` of an HTML comment, or the end of an MDX one. */
  comment: string | undefined
  html: {depth: number; partial: string} | undefined
  table: boolean
  lastBlank: boolean
}

/** The lines of a rule file that can state a convention, in the order they come. */
export function ruleLines(source: string): RuleLine[] {
  const rows = source.split(/\r?\n/)
  const state: SplitState = {lines: [], headings: [], paragraph: undefined, item: undefined, fence: undefined, comment: undefined, html: undefined, table: false, lastBlank: true}
  let index = frontMatterEnd(rows)
  for (; index < rows.length; index++) {
    const row = rows[index]!
    if (skipped(state, row)) continue
    if (row.trim() === '') {
      flush(state)
      state.table = false
      state.lastBlank = true
      continue
    }
    const consumed = structure(state, rows, index)
    if (consumed >= 0) index = consumed
    else text(state, row, index + 1)
    state.lastBlank = false
  }
  flush(state)
  return state.lines
}

/** The first row after front matter (`---` … `---`, or `+++` … `+++`). */
function frontMatterEnd(rows: readonly string[]): number {
  const fence = rows[0]?.replace(/^\uFEFF/, '').trim()
  if (fence !== '---' && fence !== '+++') return 0
  const end = rows.findIndex((row, index) => index > 0 && row.trim() === fence)
  return end === -1 ? 0 : end + 1
}

/** Rows inside a code block, an HTML comment or a component: true when this row is one of them. */
function skipped(state: SplitState, row: string): boolean {
  if (state.fence) {
    const close = /^\s*(`{3,}|~{3,})\s*$/.exec(row)
    if (close && close[1]![0] === state.fence.marker[0] && close[1]!.length >= state.fence.marker.length) state.fence = undefined
    return true
  }
  if (state.comment) {
    if (row.includes(state.comment)) state.comment = undefined
    return true
  }
  if (state.html) {
    scanTags(state.html, row)
    if (state.html.depth <= 0 && state.html.partial === '') state.html = undefined
    return true
  }
  return false
}

/** A row that opens or is a structure (fence, comment, tag, heading, rule, table, list item); the last row it takes, or -1. */
function structure(state: SplitState, rows: readonly string[], index: number): number {
  const row = rows[index]!
  const fence = /^(\s*)(`{3,}|~{3,})/.exec(row)
  if (fence) {
    flush(state)
    state.fence = {marker: fence[2]!, indent: fence[1]!.length}
    return index
  }
  const comment = /^\s*(<!--|\{\/\*)/.exec(row)
  if (comment) {
    const end = comment[1] === '<!--' ? '-->' : '*/}'
    flush(state)
    if (!row.slice(row.indexOf(comment[1]!) + comment[1]!.length).includes(end)) state.comment = end
    return index
  }
  if (/^\s*<\/?[A-Za-z]/.test(row)) return htmlRow(state, row, index)
  const heading = /^[ \t]{0,3}(#{1,6})(?:[ \t]|$)/.exec(row)
  if (heading) {
    flush(state)
    // The closing `#`s of an ATX heading (`## Title ##`) are no part of its text.
    const text = trimEndCharacters(row.slice(heading[0].length), ' \t').trimStart()
    const closed = trimEndCharacters(text, '#')
    setHeading(state, heading[1]!.length, clean(closed === '' || /[ \t]$/.test(closed) ? trimEndCharacters(closed, ' \t') : text))
    return index
  }
  const setext = /^\s{0,3}(=+|-+)\s*$/.exec(row)
  if (setext && state.paragraph && !state.item) {
    const title = state.paragraph.parts.map((part) => part.text).join(' ')
    state.paragraph = undefined
    setHeading(state, setext[1]![0] === '=' ? 1 : 2, clean(title))
    return index
  }
  if (/^\s{0,3}([-*_])(?:\s*\1){2,}\s*$/.test(row)) {
    flush(state)
    return index
  }
  if (row.includes('|') && tableDelimiter.test(rows[index + 1] ?? '') && !state.table) {
    flush(state)
    state.table = true
    return index + 1
  }
  if (state.table && !row.includes('|')) state.table = false
  if (state.table) {
    const cells = splitCells(row).map(clean).filter((cell) => cell !== '')
    if (cells.length > 0) state.lines.push({line: index + 1, text: cells.join(' | '), headings: headingPath(state)})
    return index
  }
  return listRow(state, row, index)
}

/** A row that opens an HTML or JSX element: its content is skipped when it is a component or an example. */
function htmlRow(state: SplitState, row: string, index: number): number {
  const html = {depth: 0, partial: ''}
  const outside = scanTags(html, row)
  if (html.depth <= 0 && html.partial === '' && outside.trim() !== '' && !/^\s*<[A-Z]/.test(row)) {
    // A wrapper tag with words beside it (`<b>Note:</b> use …`): the words are a line like any other.
    text(state, outside, index + 1)
    return index
  }
  flush(state)
  if (html.depth > 0 || html.partial !== '') state.html = html
  return index
}

/**
 * Count the components and example elements a row opens and closes; keep an unfinished tag for the next
 * row. Returns the row's text outside tags.
 */
function scanTags(html: {depth: number; partial: string}, row: string): string {
  const textOf = html.partial + row + '\n'
  html.partial = ''
  let last = 0
  let outside = ''
  for (const match of textOf.matchAll(tagPattern)) {
    outside += textOf.slice(last, match.index)
    last = match.index + match[0].length
    const name = match[2]!
    const counted = /^[A-Z]/.test(name) || contentTags.has(name.toLowerCase())
    if (!counted || match[4] === '/' || voidTags.has(name.toLowerCase())) continue
    html.depth += match[1] === '/' ? -1 : 1
  }
  const rest = textOf.slice(last)
  const open = rest.search(/<\/?[A-Za-z]/)
  if (open !== -1 && !rest.slice(open).includes('>')) {
    html.partial = rest.slice(open)
    return outside + rest.slice(0, open)
  }
  return outside + rest
}

/** A list item, a continuation of one, or -1 for a row of text. */
function listRow(state: SplitState, row: string, index: number): number {
  const item = listItem.exec(row)
  if (item) {
    flush(state)
    const content = item[3]!.replace(/^\[[ xX]\]\s+/, '')
    state.item = {start: index + 1, parts: content.trim() === '' ? [] : [{line: index + 1, text: content}], indent: item[1]!.length + item[2]!.length + 1}
    return index
  }
  const indent = /^\s*/.exec(row)![0].length
  if (state.item && (indent >= state.item.indent || !state.lastBlank)) {
    if (state.item.parts.length === 0) state.item.start = index + 1
    state.item.parts.push({line: index + 1, text: row})
    return index
  }
  // Indented code: four spaces after a blank row, outside a list.
  if (indent >= 4 && state.lastBlank && !state.paragraph) return index
  return -1
}

/** A row of a paragraph (or a quotation). */
function text(state: SplitState, row: string, line: number): void {
  const content = row.replace(/^\s{0,3}(?:>\s?)+/, '')
  if (state.item) flushItem(state)
  state.paragraph ??= {start: line, parts: []}
  state.paragraph.parts.push({line, text: content})
}

function setHeading(state: SplitState, level: number, title: string): void {
  while (state.headings.length > 0 && state.headings.at(-1)!.level >= level) state.headings.pop()
  state.headings.push({level, text: title})
}

function headingPath(state: SplitState): string[] {
  return state.headings.map((heading) => heading.text)
}

function flush(state: SplitState): void {
  flushItem(state)
  const paragraph = state.paragraph
  state.paragraph = undefined
  if (!paragraph) return
  for (const sentence of sentencesOf(paragraph)) {
    const cleaned = clean(sentence.text)
    if (cleaned !== '') state.lines.push({line: sentence.line, text: cleaned, headings: headingPath(state)})
  }
}

function flushItem(state: SplitState): void {
  const item = state.item
  state.item = undefined
  if (!item || item.parts.length === 0) return
  // A list item of several sentences states as many conventions: each is a line of its own.
  for (const sentence of sentencesOf(item)) {
    const cleaned = clean(sentence.text)
    if (cleaned !== '') state.lines.push({line: sentence.line, text: cleaned, headings: headingPath(state)})
  }
}

/** The sentences of a paragraph, each with the row it starts on. */
function sentencesOf(paragraph: Block): Array<{line: number; text: string}> {
  const sentences: Array<{line: number; text: string}> = []
  for (const part of paragraph.parts) {
    let start = 0
    const boundary = /[.!?][)"”'’*_]*\s+(?=[A-Z0-9"“‘(`*_[<])/g
    for (const match of part.text.matchAll(boundary)) {
      const end = match.index + 1
      if (abbreviation.test(part.text.slice(0, end))) continue
      push(sentences, part.line, part.text.slice(start, match.index + match[0].length))
      start = match.index + match[0].length
    }
    push(sentences, part.line, part.text.slice(start))
  }
  return sentences
}

/** A sentence that runs on from the row before joins it; each row ending a sentence starts a new one. */
function push(sentences: Array<{line: number; text: string}>, line: number, text: string): void {
  const last = sentences.at(-1)
  if (text.trim() === '') return
  if (last && !/[.!?:][)"”'’*_]*\s*$/.test(last.text)) last.text += ' ' + text
  else sentences.push({line, text})
}

/** Cells of a table row: split at `|` that is neither escaped nor in code. */
function splitCells(row: string): string[] {
  const cells: string[] = []
  let cell = ''
  let code = false
  for (let index = 0; index < row.length; index++) {
    const character = row[index]!
    if (character === '`') code = !code
    if (character === '\\' && row[index + 1] === '|') {
      cell += '|'
      index++
      continue
    }
    if (character === '|' && !code) {
      cells.push(cell)
      cell = ''
      continue
    }
    cell += character
  }
  cells.push(cell)
  return cells
}

/** Inline Markdown to its words: links and images to their text, emphasis and `<br>` removed, white space collapsed. */
export function clean(text: string): string {
  return text
    .replace(/\{\/\*[\s\S]*?\*\/\}/g, '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    .replace(/<(https?:\/\/[^>\s]+)>/g, '$1')
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2')
    .replace(/(^|[\s(])[*_](?=[^*_\s])([^*_]*?[^*_\s])[*_](?=[\s).,:;!?]|$)/g, '$1$2')
    .replace(/\s+/g, ' ')
    .trim()
}
