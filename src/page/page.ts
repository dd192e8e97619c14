import type {Heading, Nodes, Paragraph, Root, Text} from 'mdast'
import {toString as mdastToString} from 'mdast-util-to-string'
import {SKIP, visit} from '../shared/walk.js'
import type {Nodes as NlcstNode, Root as NlcstRoot} from 'nlcst'
import type {Point} from 'unist'
import {VFile as VFileClass, type VFile} from 'vfile'
import {location} from 'vfile-location'
import {timeShared} from '../shared/timing.js'
import {load, once} from '../shared/lazy.js'
import {readFrontMatter, type FrontMatter} from './front-matter.js'

export {frontMatterData, type FrontMatter, type FrontMatterError} from './front-matter.js'

/** The mdast-to-retext conversion with retext-english's parser, loaded when a page first needs a prose tree. */
const englishConverter = once(() => {
  const {toNlcst} = load('mdast-util-to-nlcst') as typeof import('mdast-util-to-nlcst')
  const {ParseEnglish} = load('parse-english') as typeof import('parse-english')
  return (node: Root | Paragraph | Heading, file: VFile, lines: ReturnType<typeof location>): NlcstRoot => {
    proseWithinLimit(node, file)
    const start = node.position?.start.offset
    const end = node.position?.end.offset
    if (node.type === 'root' || !start || end === undefined) return toNlcst(node, file, ParseEnglish, {ignore: proseIgnore})
    // Against the whole page, mdast-util-to-nlcst indexes every line before the block again, for each
    // block: quadratic on a page of thousands of paragraphs. The block is read alone, and its
    // positions are put back in the page after.
    const local = toNlcst(shifted(node, -start), new VFileClass({value: String(file.value ?? '').slice(start, end)}), ParseEnglish, {ignore: proseIgnore})
    visitNlcst(local, (prose) => {
      if (!prose.position) return
      prose.position = {start: lines.toPoint(prose.position.start.offset! + start)!, end: lines.toPoint(prose.position.end.offset! + start)!}
    })
    return local
  }
})

/** A copy of an mdast node whose offsets are moved by `by` (what mdast-util-to-nlcst reads of them). */
function shifted<T extends Nodes>(node: T, by: number): T {
  const copy = {...node}
  if (node.position) {
    copy.position = {
      start: {...node.position.start, offset: (node.position.start.offset ?? 0) + by},
      end: {...node.position.end, offset: (node.position.end.offset ?? 0) + by}
    }
  }
  if ('children' in node) (copy as {children: Nodes[]}).children = (node.children as Nodes[]).map((child) => shifted(child, by))
  return copy
}

function visitNlcst(node: NlcstNode, each: (node: NlcstNode) => void): void {
  each(node)
  if ('children' in node) for (const child of node.children as NlcstNode[]) visitNlcst(child, each)
}

/**
 * mdast-util-to-nlcst gathers a block's words with one `push(...words)`: past some 100,000 words and
 * spaces that overflows the stack, in this thread and in a worker alike. A block that long is not
 * prose anyone reads; the rule that asks for it gets this one clear reason instead.
 */
export const maxProseWords = 50_000

function proseWithinLimit(node: Root | Paragraph | Heading, file: VFile): void {
  const start = node.position?.start.offset
  const end = node.position?.end.offset
  if (start === undefined || end === undefined || end - start < maxProseWords) return
  const text = String(file.value ?? '').slice(start, end)
  let words = 0
  for (const _ of text.matchAll(/\S+/g)) {
    if (++words > maxProseWords) {
      throw new Error('the block at line ' + node.position!.start.line + ' has more than ' + maxProseWords.toLocaleString('en') + ' words, too many to read as prose')
    }
  }
}

export interface Page {
  readonly source: string
  readonly kind: 'md' | 'mdx'
  /** True when the Markdown/MDX body failed to parse; only the front matter was checked. */
  readonly parseFailed: boolean
  /** A file under a `snippets/` or `_snippets/` folder: a fragment imported into pages, not a page of its own. */
  readonly isSnippet: boolean
  /** Component names the team's config declares (its own components and snippets). */
  readonly components: readonly string[]
  /** The page's language as a base code (`en`, `es`, `zh`), set before rules run. */
  language: string
  frontMatter(): FrontMatter
  /** One retext (nlcst) tree of the page's prose, shared by all prose rules. */
  prose(): NlcstRoot
  /**
   * The page's prose blocks (paragraphs and headings outside tables), each with its plain text and a
   * retext tree built on first use and shared by all prose rules. A rule tests the cheap `text`
   * first and asks for `prose()` only for blocks that may match, so most blocks are never given
   * to retext.
   */
  proseBlocks(): ProseBlock[]
  toPoint(offset: number): Point
  toOffset(point: {line: number; column: number}): number
}

export interface ProseBlock {
  node: Paragraph | Heading
  /** The block's text (inline code included), for cheap pre-checks. */
  text: string
  /**
   * The block's text as its retext tree sees it, for pre-checks on adjacent words: text, image alt
   * text and breaks, a control character for inline code (never part of a word), nothing for the
   * nodes the tree leaves out, and a space wherever two pieces meet, so a word never runs on.
   */
  words(): string
  prose(): NlcstRoot
}

/**
 * Set `DOCS_LINT_NO_PRECHECKS=1` to give every prose block to the prose rules, as if no pre-check
 * existed: the output must not change (`bench/prechecks-equivalence.mjs` checks it on the corpora).
 */
export const prechecksOff = Boolean(process.env['DOCS_LINT_NO_PRECHECKS'])

const pages = new WeakMap<VFile, Page>()

// Nodes whose text is not prose. Code, front matter and MDX expressions carry no text children
// and are skipped by the conversion anyway; tables are not sentences.
const proseIgnore = ['table', 'tableRow', 'tableCell', 'mdxjsEsm', 'mdxFlowExpression', 'mdxTextExpression']
const proseIgnored: ReadonlySet<string> = new Set(proseIgnore)

export function kindOf(file: VFile): 'md' | 'mdx' {
  return file.extname === '.md' || file.extname === '.markdown' ? 'md' : 'mdx'
}

export interface PageOptions {
  parseFailed?: boolean
  components?: readonly string[]
}

export function createPage(file: VFile, tree: Root, options: PageOptions = {}): Page {
  const source = String(file.value ?? '')
  let place: ReturnType<typeof location> | undefined
  let frontMatter: FrontMatter | undefined
  let prose: NlcstRoot | undefined
  let blocks: ProseBlock[] | undefined
  const lines = () => (place ??= location(file))

  const page: Page = {
    source,
    kind: kindOf(file),
    parseFailed: options.parseFailed ?? false,
    isSnippet: /(^|[\\/])_?snippets[\\/]/.test(file.path ?? ''),
    components: options.components ?? [],
    language: 'en',
    frontMatter() {
      frontMatter ??= timeShared('front matter (yaml)', () => readFrontMatter(tree, source, lines()))
      return frontMatter
    },
    prose() {
      prose ??= timeShared('prose trees (retext)', () => realignProse(tree, englishConverter()(tree, file, lines()), source, lines()))
      return prose
    },
    proseBlocks() {
      blocks ??= timeShared('prose blocks', () => collectProseBlocks(tree, file, source, lines))
      return blocks
    },
    toPoint(offset) {
      const point = lines().toPoint(offset)
      return point ?? {line: 1, column: 1, offset: 0}
    },
    toOffset(point) {
      return lines().toOffset(point) ?? 0
    }
  }
  pages.set(file, page)
  return page
}

/** Forget a linted page: its tree, prose trees and front matter are no longer reachable from its file. */
export function releasePage(file: VFile): void {
  pages.delete(file)
}

export function pageOf(file: VFile, tree?: Root): Page {
  return pages.get(file) ?? createPage(file, tree ?? {type: 'root', children: []})
}

function collectProseBlocks(tree: Root, file: VFile, source: string, lines: () => ReturnType<typeof location>): ProseBlock[] {
  const found: ProseBlock[] = []
  visit(tree, (node: Nodes) => {
    if (node.type === 'table' || node.type === 'code' || node.type === 'yaml' || node.type === 'mdxjsEsm') return SKIP
    if (node.type !== 'paragraph' && node.type !== 'heading') return undefined
    const block = node
    let prose: NlcstRoot | undefined
    let words: string | undefined
    found.push({
      node: block,
      text: mdastToString(block),
      words() {
        words ??= wordsText(block)
        return words
      },
      prose() {
        prose ??= timeShared('prose trees (retext)', () => realignProse(block, englishConverter()(block, file, lines()), source, lines()))
        return prose
      }
    })
    return SKIP
  })
  return found
}

/** The text mdast-util-to-nlcst turns into a block's words (see `ProseBlock.words`). */
function wordsText(node: Nodes): string {
  const pieces: string[] = []
  const add = (current: Nodes): void => {
    if (current.type === 'text') pieces.push(current.value)
    else if (current.type === 'inlineCode' || (current.type as string) === 'inlineMath') pieces.push('\u0000')
    else if (current.type === 'image' || current.type === 'imageReference') pieces.push(current.alt ?? '')
    else if (current.type === 'break') pieces.push('\n')
    else if ('children' in current && !proseIgnored.has(current.type)) for (const child of current.children) add(child as Nodes)
  }
  add(node)
  return pieces.join(' ')
}

/**
 * mdast-util-to-nlcst places words by adding up the lengths of a text node's value, but the value of
 * a multi-line text lacks the indentation, `>` markers and escapes of its source: inside a component,
 * a list item or a block quote, every line after the first drifts left. Map each value character back
 * to its source offset (the value is a subsequence of the source) and re-place the leaves.
 */
function realignProse(tree: Nodes, prose: NlcstRoot, source: string, lines: ReturnType<typeof location>): NlcstRoot {
  const spans: Array<{start: number; length: number; map: number[]}> = []
  visit(tree, 'text', (node: Text) => {
    const start = node.position?.start.offset
    const end = node.position?.end.offset
    if (start === undefined || end === undefined || end - start === node.value.length) return
    const map: number[] = []
    let cursor = start
    for (const character of node.value) {
      const found = source.indexOf(character, cursor)
      if (found !== -1 && found < end) cursor = found
      // A character may be two UTF-16 units; keep one entry per unit.
      for (let unit = 0; unit < character.length; unit++) map.push(cursor + unit)
      cursor += character.length
    }
    map.push(end)
    spans.push({start, length: node.value.length, map})
  })
  if (spans.length === 0) return prose
  // Spans are in document order: find the one holding an offset by binary search.
  const toSource = (offset: number): number => {
    let low = 0
    let high = spans.length - 1
    while (low <= high) {
      const middle = (low + high) >> 1
      const span = spans[middle]!
      if (offset < span.start) high = middle - 1
      else if (offset > span.start + span.length) low = middle + 1
      else return span.map[offset - span.start]!
    }
    return offset
  }
  const fix = (node: NlcstNode): void => {
    if ('children' in node && node.children.length > 0) {
      for (const child of node.children) fix(child)
      const first = node.children[0]!.position
      const last = node.children[node.children.length - 1]!.position
      if (first && last) node.position = {start: {...first.start}, end: {...last.end}}
      return
    }
    const position = node.position
    if (position?.start.offset === undefined || position.end.offset === undefined) return
    const start = toSource(position.start.offset)
    // The end is one past the last character: map the last character, then step over it.
    const end = position.end.offset > position.start.offset ? toSource(position.end.offset - 1) + 1 : start
    node.position = {start: lines.toPoint(start) ?? position.start, end: lines.toPoint(end) ?? position.end}
  }
  fix(prose)
  return prose
}
