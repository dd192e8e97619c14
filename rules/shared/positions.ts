// Where messages point: ranges of the page's source, as the rules compute them.
import type {Code, Nodes} from 'mdast'
import type {Point, Position} from 'unist'
import type {Page} from '../../src/page/page.js'

/** Start of `node` to the end of its first line: a fence line, a list's first item, a run of steps. */
export function firstLine(node: Nodes, page: Page): Position | undefined {
  const start = node.position?.start.offset
  const end = node.position?.end.offset
  if (start === undefined || end === undefined) return node.position
  const newline = page.source.indexOf('\n', start)
  const lineEnd = newline === -1 || newline > end ? end : page.source[newline - 1] === '\r' ? newline - 1 : newline
  return {start: node.position!.start, end: page.toPoint(lineEnd)}
}

/** Whether `offset` lies in one of `ranges` (`[start, end)` offsets). */
export function inRanges(ranges: ReadonlyArray<[number, number]>, offset: number | undefined): boolean {
  return offset !== undefined && ranges.some(([from, to]) => offset >= from && offset < to)
}

/**
 * The page point of `offset` in a code block's text: the block's lines sit after its fence line,
 * shifted right by the indentation the parser took off (a block inside a list or a component).
 */
export function codePoint(node: Code, page: Page, offset: number): Point | undefined {
  const fence = node.position?.start.line
  if (fence === undefined) return undefined
  const before = node.value.slice(0, offset)
  const lineIndex = before.split('\n').length - 1
  const column = offset - (before.lastIndexOf('\n') + 1)
  const line = fence + 1 + lineIndex
  const lineStart = page.toOffset({line, column: 1})
  if (lineStart < 0 || Number.isNaN(lineStart)) return undefined
  const newline = page.source.indexOf('\n', lineStart)
  // Without the `\r` of a CRLF line: only the indentation the block's value lacks is a shift.
  const pageLine = page.source.slice(lineStart, newline === -1 ? page.source.length : newline).replace(/\r$/, '')
  const valueLine = node.value.split('\n')[lineIndex] ?? ''
  const shift = Math.max(0, pageLine.length - valueLine.length)
  return {line, column: shift + column + 1, offset: lineStart + shift + column}
}
