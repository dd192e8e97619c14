// Re-parse only what an edit can change. The language server lints a page on every pause in typing;
// parsing is most of that time (a 2,000-line page: some 160 ms of 200), and an edit changes one place.
//
// A page splits into chunks at safe boundaries of its last parse: between two top-level blocks with
// a blank line between them, where the second starts a line with a character that is not a space
// and is not a list (a list after a blank line may continue the list before it). Text on either side
// of such a boundary parses the same alone as in the whole page, so after an edit the chunks before
// and after it are reused (their trees copied, positions moved) and only the text between is parsed.
// That text is checked before its tree is used: it must start and end at a safe boundary as well
// (start on a character that is not a space, end with a blank line that its last block does not reach
// into, no list joining the list before it); anything else is parsed whole. So is a page with a link
// reference or footnote definition (`[id]: ...`), which changes how text anywhere else parses.
import type {Root, RootContent} from 'mdast'
import {lineColumn} from '../shared/text.js'
import {copyTree, shiftNode} from './tree-shift.js'

/** Top-level nodes from `start` (an offset at a line start, at `line`) to `end`, as last parsed. */
interface Chunk {
  start: number
  end: number
  line: number
  /** Line endings from `start` to `end`. */
  lines: number
  /** Whether its positions cannot move (see `heldTwice`). */
  pinned: boolean
  /** The nodes with the positions they had when parsed (at `parsedStart`, `parsedLine`). */
  nodes: RootContent[]
  parsedStart: number
  parsedLine: number
}

interface PageState {
  source: string
  markdownOnly: boolean
  chunks: Chunk[]
}

/** What the last parse of each page left for the next (most recently used last). */
const states = new Map<string, PageState>()
let maxPages = 0

/** Keep the last parse of up to `pages` pages (by path) to re-parse only what changes: the language server. */
export function enableIncrementalParse(pages = 32): void {
  maxPages = pages
}

/** Drop what is kept of a page (closed in the editor). */
export function forgetIncrementalParse(key: string): void {
  states.delete(key)
}

/** How the last parses went, for tests and benchmarks: pages re-parsed in part, and in whole. */
export const incrementalStats = {partial: 0, whole: 0}

/**
 * Parse `source` (the page at `key`), reusing the last parse of that page where an edit cannot have
 * changed it; `parse` parses a text whole (and throws when it cannot). Without
 * `enableIncrementalParse`, or for a page seen for the first time, this is `parse(source)`.
 */
export function parseIncrementally(key: string, source: string, markdownOnly: boolean, parse: (text: string) => Root): Root {
  if (maxPages === 0) return parseWhole(source, parse)
  const previous = states.get(key)
  states.delete(key)
  // A definition anywhere changes how references parse everywhere, and so does a front matter fence
  // left open (the parser then reads a list after a paragraph as part of it): no reuse meanwhile.
  const definitions = source.includes(']:') || openFrontMatter(source)
  let tree: Root | undefined
  if (previous && previous.markdownOnly === markdownOnly && !definitions) tree = reparse(previous, source, parse)
  if (tree) incrementalStats.partial++
  else {
    incrementalStats.whole++
    tree = parseWhole(source, parse)
  }
  if (!definitions) {
    states.set(key, {source, markdownOnly, chunks: chunksOf(source, tree)})
    if (states.size > maxPages) states.delete(states.keys().next().value!)
  }
  return copyTree(tree)
}

/** A line that may hold a link or footnote definition (after list, quote or space marks): `[id]: url`. */
const definitionLine = /^[ \t>*+\-0-9.)]*\[([^\]]+)\]:/

/**
 * The page's link definitions, one a line, for sections that use them, and how many lines hold one;
 * undefined when they cannot go with each section as they are: a footnote, a definition whose title
 * is on the next line, one inside a container, or one id defined twice (the first one counts, in the
 * page's order).
 */
function definitionsIn(source: string): {text: string; count: number} | undefined {
  const ids = new Map<string, string>()
  let count = 0
  // Line by line: a pattern over the whole text with `^` at every line is slow on hostile text.
  const lines = source.split('\n')
  for (let index = 0; index < lines.length; index++) {
    const text = lines[index]!
    const label = text.includes(']:') ? definitionLine.exec(text)?.[1] : undefined
    if (label === undefined) continue
    const id = label.trim().toLowerCase().replace(/\s+/g, ' ')
    // The same definition written twice (a page included twice) is harmless; two different ones are not.
    if (label.startsWith('^') || !text.startsWith('[') || (ids.has(id) && ids.get(id) !== text.trimEnd())) return undefined
    if (/^[ \t]+["'(]/.test(lines[index + 1] ?? '')) return undefined
    ids.set(id, text.trimEnd())
    count++
  }
  return {text: [...ids.values()].join('\n'), count}
}

/** Pages from this size are parsed in sections (see `parseWhole`). */
export const sectionedFrom = 256 * 1024
const sectionSize = 64 * 1024

/**
 * Parse a page whole. The parser takes time that grows faster than the page past a few hundred
 * kilobytes (a 2.7 MB page: 9 s, four times a quarter of it), so a large page is parsed in sections
 * of some 64 KB cut before headings, at the same safe boundaries as an edit's (see the top of this
 * file), and their trees joined. A section that does not stand alone (a component, a code fence or a
 * comment open across the cut, a definition anywhere) makes the page parse whole.
 */
export function parseWhole(source: string, parse: (text: string) => Root): Root {
  if (source.length < sectionedFrom || openFrontMatter(source)) return parse(source)
  const definitions = definitionsIn(source)
  if (definitions === undefined) return parse(source)
  const cuts = sectionCuts(source)
  if (cuts.length === 0) return parse(source)
  const children: RootContent[] = []
  let from = 0
  let line = 1
  for (const to of [...cuts, source.length]) {
    const text = source.slice(from, to)
    let nodes: RootContent[]
    try {
      // The page's link definitions go after each section, which may use them; their nodes are dropped.
      nodes = parse(definitions.count === 0 ? text : text + '\n\n' + definitions.text).children.filter((node) => (node.position?.start.offset ?? 0) < text.length)
    } catch {
      return parse(source)
    }
    if (from > 0 && (nodes.some((node) => node.type === 'yaml') || nodes.some(heldTwice))) return parse(source)
    if (to < source.length) {
      const last = nodes.at(-1)
      if (!/\n[ \t]*\r?\n$/.test(text) || (last && (last.position?.end.offset ?? Infinity) > trimmedEnd(text))) return parse(source)
    }
    if (from > 0) for (const node of nodes) shiftNode(node, from, line - 1)
    children.push(...nodes)
    line += lineCount(text)
    from = to
  }
  // Each line taken for a definition must be one in its own section (not in code, not in a paragraph).
  const found = children.filter((node) => node.type === 'definition').length
  if (found !== definitions.count) return parse(source)
  return {type: 'root', children, position: {start: {line: 1, column: 1, offset: 0}, end: {...lineColumn(source, source.length), offset: source.length}}}
}

/**
 * Where to cut a large page: at the start of an ATX heading line after a blank line, outside code
 * fences, once the section before it holds some 64 KB.
 */
function sectionCuts(source: string): number[] {
  const cuts: number[] = []
  let sectionStart = 0
  let fence: string | undefined
  let blankBefore = false
  let lineStart = 0
  while (lineStart < source.length) {
    let lineEnd = source.indexOf('\n', lineStart)
    if (lineEnd === -1) lineEnd = source.length
    const text = source.slice(lineStart, lineEnd)
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(text)
    if (fence !== undefined) {
      if (marker && marker[1]![0] === fence[0] && marker[1]!.length >= fence.length && text.trim() === marker[1]) fence = undefined
    } else if (marker) {
      fence = marker[1]
    } else if (blankBefore && /^#{1,6}[ \t]/.test(text) && lineStart - sectionStart >= sectionSize) {
      cuts.push(lineStart)
      sectionStart = lineStart
    }
    blankBefore = text.trim() === ''
    lineStart = lineEnd + 1
  }
  return cuts
}

/** Whether `source` starts with a front matter fence that no fence closes. */
function openFrontMatter(source: string): boolean {
  if (!source.startsWith('---')) return false
  return !/^---[ \t]*\r?\n(?:[\s\S]*?\r?\n)?---[ \t]*(?:\r?\n|$)/.test(source)
}

/** The tree of `source` from `previous` and a parse of the changed part, or undefined when that is not safe. */
function reparse(previous: PageState, source: string, parse: (text: string) => Root): Root | undefined {
  const old = previous.source
  if (old === source) return assemble(previous.chunks, previous.chunks.length, [], previous.chunks.length, 0, 1, source)
  let prefix = 0
  const shorter = Math.min(old.length, source.length)
  while (prefix < shorter && old.charCodeAt(prefix) === source.charCodeAt(prefix)) prefix++
  let suffix = 0
  while (suffix < shorter - prefix && old.charCodeAt(old.length - 1 - suffix) === source.charCodeAt(source.length - 1 - suffix)) suffix++
  const chunks = previous.chunks
  // Chunks wholly before the edit, and wholly after it (the blank line that ends the chunk before
  // each included: the boundary must still be one).
  let before = 0
  // (The last chunk ends at the page's end, not at a boundary: text added after it may continue it.)
  while (before < chunks.length - 1 && chunks[before]!.end <= prefix) before++
  let after = chunks.length
  while (after > before && chunks[after - 1]!.start - 2 >= old.length - suffix) after--
  const from = before === 0 ? 0 : chunks[before - 1]!.end
  const to = after === chunks.length ? source.length : chunks[after]!.start + source.length - old.length
  if (to < from) return undefined
  const text = source.slice(from, to)
  const line = before === 0 ? 1 : chunks[before - 1]!.line + chunks[before - 1]!.lines
  let nodes: RootContent[] = []
  if (text.length > 0) {
    // A text that starts with a space could continue the block before it (a list item, indented code).
    if (from > 0 && isSpace(text.charCodeAt(0))) return undefined
    // Nor may it start as front matter does, which only the page's start can hold.
    if (from > 0 && text.startsWith('---')) return undefined
    let parsed: Root
    try {
      parsed = parse(text)
    } catch {
      return undefined
    }
    nodes = parsed.children
    // Front matter only at the page's start; there, a fence this text leaves open may close further on.
    if (from > 0 ? nodes.some((node) => node.type === 'yaml') : source.startsWith('---') && nodes[0]?.type !== 'yaml') return undefined
    if (to < source.length) {
      // It must end with a blank line its last block does not reach into (an unclosed code fence would).
      if (!/\n[ \t]*\r?\n$/.test(text)) return undefined
      const last = nodes.at(-1)
      if (last && (last.position?.end.offset ?? Infinity) > trimmedEnd(text)) return undefined
    }
    if (from > 0 && nodes.some(heldTwice)) return undefined
  }
  // A list right after a list, a blank line between, is one list: not where the new nodes meet the kept ones.
  const sequence = [chunks[before - 1]?.nodes.at(-1), ...nodes, after < chunks.length ? chunks[after]!.nodes[0] : undefined]
  if (listsMeet(sequence[0], sequence[1]) || listsMeet(sequence.at(-2), sequence.at(-1))) return undefined
  for (const node of nodes) shiftNode(node, from, line - 1)
  const afterLine = line + lineCount(text)
  if (after < chunks.length && (to !== chunks[after]!.start || afterLine !== chunks[after]!.line) && chunks.slice(after).some((chunk) => chunk.pinned)) return undefined
  return assemble(chunks, before, nodes, after, to, afterLine, source)
}

/** The new page's tree: the chunks before the edit, the parsed nodes, the chunks after (moved). */
function assemble(chunks: Chunk[], before: number, nodes: RootContent[], after: number, afterStart: number, afterLine: number, source: string): Root {
  const children: RootContent[] = []
  for (let index = 0; index < before; index++) children.push(...movedNodes(chunks[index]!, chunks[index]!.start, chunks[index]!.line))
  children.push(...nodes)
  for (let index = after; index < chunks.length; index++) {
    const chunk = chunks[index]!
    children.push(...movedNodes(chunk, chunk.start - chunks[after]!.start + afterStart, chunk.line - chunks[after]!.line + afterLine))
  }
  return {type: 'root', children, position: {start: {line: 1, column: 1, offset: 0}, end: {...lineColumn(source, source.length), offset: source.length}}}
}

/** Nodes of `chunk` with positions for a chunk now at `start`, `line`: the parsed nodes as they were, or moved. */
function movedNodes(chunk: Chunk, start: number, line: number): RootContent[] {
  const offsetDelta = start - chunk.parsedStart
  const lineDelta = line - chunk.parsedLine
  if (offsetDelta !== 0 || lineDelta !== 0) {
    for (const node of chunk.nodes) shiftNode(node, offsetDelta, lineDelta)
    chunk.parsedStart = start
    chunk.parsedLine = line
  }
  return chunk.nodes
}

/** Split a parsed page into chunks at its safe boundaries (see the top of this file). */
function chunksOf(source: string, tree: Root): Chunk[] {
  const chunks: Chunk[] = []
  let current: Chunk = {start: 0, end: 0, line: 1, lines: 0, pinned: false, nodes: [], parsedStart: 0, parsedLine: 1}
  const nodes = tree.children
  for (let index = 0; index < nodes.length; index++) {
    const node = nodes[index]!
    const start = node.position?.start
    const previous = nodes[index - 1]
    if (previous && start?.offset !== undefined && isBoundary(source, previous, node)) {
      current.end = start.offset
      current.lines = start.line - current.line
      chunks.push(current)
      current = {start: start.offset, end: 0, line: start.line, lines: 0, pinned: false, nodes: [], parsedStart: start.offset, parsedLine: start.line}
    }
    current.nodes.push(node)
    if (heldTwice(node)) current.pinned = true
  }
  current.end = source.length
  current.lines = lineCount(source.slice(current.start))
  chunks.push(current)
  return chunks
}

/**
 * Whether the estree of an MDX expression or ESM in `node` holds one node in two places (`import {a}`:
 * the specifier's `imported` and `local`; `{a}`: a shorthand property's key and value). The parser
 * moves such a node's positions twice, to a place that depends on where in the page the text is; a
 * part of the page that holds one is parsed again wherever it moves, never moved.
 */
function heldTwice(node: RootContent): boolean {
  const stack: unknown[] = [node]
  while (stack.length > 0) {
    const item = stack.pop()
    if (typeof item !== 'object' || item === null) continue
    if (Array.isArray(item)) {
      for (const entry of item) stack.push(entry)
      continue
    }
    const record = item as {children?: unknown; attributes?: unknown; value?: unknown; data?: {estree?: unknown}}
    if (record.data?.estree && hasSharedNode(record.data.estree)) return true
    stack.push(record.children, record.attributes, record.value)
  }
  return false
}

function hasSharedNode(estree: unknown): boolean {
  const seen = new Set<object>()
  const stack: unknown[] = [estree]
  while (stack.length > 0) {
    const item = stack.pop()
    if (typeof item !== 'object' || item === null) continue
    if (seen.has(item)) return true
    seen.add(item)
    if (Array.isArray(item)) {
      for (const entry of item) stack.push(entry)
      continue
    }
    const record = item as Record<string, unknown>
    for (const key in record) if (key !== 'loc' && key !== 'range' && typeof record[key] === 'object') stack.push(record[key])
  }
  return false
}

function listsMeet(first: RootContent | undefined, second: RootContent | undefined): boolean {
  return first?.type === 'list' && second?.type === 'list'
}

function isBoundary(source: string, previous: RootContent, node: RootContent): boolean {
  const end = previous.position?.end.offset
  const start = node.position?.start
  if (end === undefined || start?.offset === undefined) return false
  if (start.column !== 1 || node.type === 'list' || isSpace(source.charCodeAt(start.offset))) return false
  // A blank line between the two blocks: two line endings with only spaces between.
  return /\n[ \t]*\r?\n/.test(source.slice(end, start.offset))
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13
}

/** Offset after the last character of `text` that is not a space or line ending. */
function trimmedEnd(text: string): number {
  let end = text.length
  while (end > 0 && isSpace(text.charCodeAt(end - 1))) end--
  return end
}

function lineCount(text: string): number {
  return lineColumn(text, text.length).line - 1
}
