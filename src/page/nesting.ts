import type {Nodes, Root} from 'mdast'

/** Lists and block quotes may nest this deep; real pages stay under 10 levels. */
export const maxNesting = 100

/**
 * Nodes of any kind (elements, emphasis, links) may nest this deep: past it, the rules' and the
 * site checks' walks would run out of stack. Real pages stay under 30 levels.
 */
export const maxTreeDepth = 5000

export interface Nesting {
  depth: number
  /** Where the outermost list or block quote of the deepest chain starts. */
  line: number
  column: number
}

/** The first chain of nodes found deeper than `maxTreeDepth`, and where its outermost element starts; undefined when none is. */
export function tooDeepTree(tree: Root): Nesting | undefined {
  const stack: Array<{node: Nodes; depth: number; outermost: Nodes | undefined}> = [{node: tree, depth: 0, outermost: undefined}]
  while (stack.length > 0) {
    const {node, depth, outermost: outer} = stack.pop()!
    const outermost = outer ?? (depth > 0 && 'children' in node ? node : undefined)
    if (depth > maxTreeDepth) return {depth, line: outermost?.position?.start.line ?? 1, column: outermost?.position?.start.column ?? 1}
    // Only the children of the top-level block start a chain of their own.
    if ('children' in node) for (const child of node.children) stack.push({node: child, depth: depth + 1, outermost: depth === 0 ? undefined : outermost})
  }
  return undefined
}

/** The deepest chain of lists and block quotes in `tree`, walked without recursion. */
export function deepestNesting(tree: Root): Nesting {
  const deepest: Nesting = {depth: 0, line: 1, column: 1}
  const stack: Array<{node: Nodes; depth: number; outermost: Nodes | undefined}> = [{node: tree, depth: 0, outermost: undefined}]
  while (stack.length > 0) {
    const {node, depth: above, outermost: outer} = stack.pop()!
    const container = node.type === 'list' || node.type === 'blockquote'
    const depth = above + (container ? 1 : 0)
    const outermost = outer ?? (container ? node : undefined)
    if (depth > deepest.depth) {
      deepest.depth = depth
      deepest.line = outermost?.position?.start.line ?? 1
      deepest.column = outermost?.position?.start.column ?? 1
    }
    if ('children' in node) for (const child of node.children) stack.push({node: child, depth, outermost})
  }
  return deepest
}

/**
 * A line that opens the n-th nested list or block quote starts with at least n columns of markers
 * and indentation: each open block quote goes on with its `>`, each open list item with at least one
 * column of indentation, and each container the line opens has its marker. A tab is at most four
 * columns, so a line shorter than a quarter of the limit in these characters cannot pass it (the
 * estimate below even takes a tab for one level only). On the corpora, 179 of 10,585 pages have such
 * a line, most of them for indented code.
 */
const deepPrefix = new RegExp('^[ \\t>*+\\-\\d.)]{' + Math.floor(maxNesting / 4) + '}', 'm')

/**
 * Whether lists and block quotes in `source` may nest past the limit: false for nearly every page,
 * which then need not be followed line by line (`estimateNesting`).
 */
export function mayNestTooDeep(source: string): boolean {
  return deepPrefix.test(source)
}

export interface NestingEstimate {
  /** The deepest nesting the estimate saw (all of it, unless the page is too costly to follow). */
  depth: number
  /**
   * Where the estimate first passes the limit: the page up to the end of that line, without the
   * markers past the limit, shows the parser whether the nesting is real at a bounded cost.
   */
  cut: string | undefined
}

const quote = -1

/**
 * A linear estimate of how deep lists and block quotes nest, following CommonMark's container rules
 * line by line (block quote markers, list item indentation, lazy lines, fenced code) without parsing.
 * The parser's work grows with the cube of the depth: a page nested 2,000 levels takes minutes.
 * What the estimate does not model (HTML, JSX, expressions) can only make it pass the limit where
 * the parser does not: the parser has the last word.
 */
export function estimateNesting(source: string, mdx: boolean): NestingEstimate {
  // Per open container: `quote`, or the columns a list item's content is indented by.
  const open: number[] = []
  const estimate: NestingEstimate = {depth: 0, cut: undefined}
  let paragraph = false
  let fence: {depth: number; marker: string; length: number} | undefined
  let budget = 20 * source.length + 1_000_000
  let lineStart = 0
  while (lineStart <= source.length && budget > 0) {
    let lineEnd = lineStart
    while (lineEnd < source.length && source[lineEnd] !== '\n' && source[lineEnd] !== '\r') lineEnd++
    const next = source[lineEnd] === '\r' && source[lineEnd + 1] === '\n' ? lineEnd + 2 : lineEnd + 1
    const blank = isBlank(source, lineStart, lineEnd)
    let position = lineStart
    let column = 0
    const advance = () => {
      column = source[position] === '\t' ? column + 4 - (column % 4) : column + 1
      position++
    }

    // Continue the open containers, outermost first.
    let matched = 0
    for (; matched < open.length; matched++) {
      budget--
      const need = open[matched]!
      const start = column
      const savedPosition = position
      if (need === quote) {
        while ((source[position] === ' ' || source[position] === '\t') && column - start < 4) advance()
        if (column - start <= 3 && source[position] === '>') {
          advance()
          if (source[position] === ' ' || source[position] === '\t') advance()
          continue
        }
      } else {
        if (blank) continue
        while ((source[position] === ' ' || source[position] === '\t') && column - start < need) advance()
        if (column - start >= need) continue
      }
      position = savedPosition
      column = start
      break
    }

    if (fence && matched >= fence.depth) {
      // Inside fenced code nothing opens; only the closing fence ends it.
      const opening = fenceAt(source, position, lineEnd, mdx)
      if (opening && opening.marker === fence.marker && opening.length >= fence.length && isBlank(source, opening.end, lineEnd)) fence = undefined
      lineStart = next
      continue
    }
    fence = undefined

    // Open new containers: `>`, `-`, `*`, `+`, `1.`, `1)`, as many as the line starts with.
    const fresh: number[] = []
    let cutAt = -1
    for (;;) {
      budget--
      const start = column
      const savedPosition = position
      // In MDX, indented code does not exist: a marker indented by any amount still opens a list.
      while ((source[position] === ' ' || source[position] === '\t') && (mdx || column - start < 4)) advance()
      if (source[position] === '>') {
        advance()
        if (source[position] === ' ' || source[position] === '\t') advance()
        fresh.push(quote)
      } else {
        const width = listMarkerWidth(source, position, lineEnd)
        if (width === 0) {
          position = savedPosition
          column = start
          break
        }
        for (let index = 0; index < width; index++) advance()
        // Content starts 1 to 4 columns after the marker; none, only blanks or 5 or more make it 1.
        const markerEnd = position
        const markerEndColumn = column
        while ((source[position] === ' ' || source[position] === '\t') && column - markerEndColumn < 5) advance()
        if (position >= lineEnd || column - markerEndColumn > 4) {
          position = markerEnd
          column = markerEndColumn
          if (source[position] === ' ' || source[position] === '\t') advance()
        }
        fresh.push(column - start)
      }
      if (matched + fresh.length === maxNesting + 1) cutAt = position
    }

    if (fresh.length === 0 && matched < open.length && paragraph && !blank) {
      // A lazy line: it goes on with the paragraph, and every container stays open.
    } else {
      open.length = matched
      open.push(...fresh)
      const opening = fenceAt(source, position, lineEnd, mdx)
      if (opening && !(opening.marker === '`' && source.slice(opening.end, lineEnd).includes('`'))) {
        fence = {depth: open.length, marker: opening.marker, length: opening.length}
      }
      paragraph = !blank && !fence && !endsParagraph(source, position, lineEnd)
    }
    if (open.length > estimate.depth) estimate.depth = open.length
    if (estimate.cut === undefined && open.length > maxNesting && cutAt !== -1) {
      estimate.cut = source.slice(0, cutAt) + source.slice(position, lineEnd)
    }
    lineStart = next
  }
  return estimate
}

function isBlank(source: string, start: number, end: number): boolean {
  for (let index = start; index < end; index++) {
    if (source[index] !== ' ' && source[index] !== '\t') return false
  }
  return true
}

/**
 * The width of a list marker at `position` (`-`, `*`, `+`, or up to nine digits and `.` or `)`),
 * followed by whitespace or the end of the line; 0 when there is none, or when the line is a
 * thematic break (`- - -`).
 */
function listMarkerWidth(source: string, position: number, lineEnd: number): number {
  const character = source[position]
  const after = (offset: number) => offset >= lineEnd || source[offset] === ' ' || source[offset] === '\t'
  if (character === '-' || character === '*' || character === '+') {
    if (!after(position + 1)) return 0
    if (character !== '+' && isThematicBreak(source, position, lineEnd, character)) return 0
    return 1
  }
  let digits = position
  while (digits - position < 9 && source.charCodeAt(digits) >= 48 && source.charCodeAt(digits) <= 57) digits++
  if (digits > position && (source[digits] === '.' || source[digits] === ')') && after(digits + 1)) return digits - position + 1
  return 0
}

function isThematicBreak(source: string, position: number, lineEnd: number, marker: string): boolean {
  let count = 0
  for (let index = position; index < lineEnd; index++) {
    const character = source[index]
    if (character === marker) count++
    else if (character !== ' ' && character !== '\t') return false
  }
  return count >= 3
}

/**
 * A code fence (three or more backticks or tildes) at `position`, indented at most three spaces; in
 * MDX, which has no indented code, indented any amount (as inside a component).
 */
function fenceAt(source: string, position: number, lineEnd: number, mdx: boolean): {marker: string; length: number; end: number} | undefined {
  let index = position
  while (index < lineEnd && (mdx ? source[index] === ' ' || source[index] === '\t' : index - position < 3 && source[index] === ' ')) index++
  const marker = source[index]
  if (marker !== '`' && marker !== '~') return undefined
  const start = index
  while (index < lineEnd && source[index] === marker) index++
  return index - start >= 3 ? {marker, length: index - start, end: index} : undefined
}

/** A heading or thematic break: a line that is not paragraph text, so the next line cannot be lazy. */
function endsParagraph(source: string, position: number, lineEnd: number): boolean {
  let index = position
  while (index < lineEnd && index - position < 3 && source[index] === ' ') index++
  const character = source[index]
  if (character === '-' || character === '*' || character === '_') return isThematicBreak(source, index, lineEnd, character)
  let hashes = 0
  while (source[index + hashes] === '#') hashes++
  return hashes >= 1 && hashes <= 6 && (index + hashes >= lineEnd || source[index + hashes] === ' ' || source[index + hashes] === '\t')
}
