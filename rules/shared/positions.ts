// Where messages point: ranges of the page's source, as the rules compute them.
import type {Nodes} from 'mdast'
import type {Position} from 'unist'
import type {Page} from '../../src/page.js'

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
