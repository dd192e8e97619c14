// Headings as the rules see them: Markdown, JSX and HTML headings, the page's title heading.
import type {Heading as MdastHeading, Nodes, PhrasingContent, Root} from 'mdast'
import type {Position} from 'unist'
import {toString} from 'mdast-util-to-string'
import {visitParents} from '../../src/shared/walk.js'
import type {TextEdit} from '../../src/contract.js'
import {components} from '../../src/platform/facts.js'

export interface Heading {
  depth: number
  position: Position
  /** The Markdown heading, for `#` and setext headings; absent for `<h1>` elements and HTML. */
  node?: MdastHeading
  /** Inside a team's own component (not one the platform ships), which lays out its content itself. */
  inCustomComponent: boolean
}

const htmlHeading = /^<h([1-6])(?=[\s>/])/i

/** Markdown headings, `<h1>`–`<h6>` JSX elements, and HTML headings in `.md` pages, in order. */
export function headingsOf(tree: Root): Heading[] {
  const headings: Heading[] = []
  visitParents(tree, (node: Nodes, ancestors) => {
    if (!node.position) return
    let depth: number | undefined
    if (node.type === 'heading') {
      depth = node.depth
    } else if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name && /^h[1-6]$/.test(node.name)) {
      depth = Number(node.name[1])
    } else if (node.type === 'html') {
      const match = htmlHeading.exec(node.value)
      if (match) depth = Number(match[1])
    }
    if (depth === undefined) return
    const inCustomComponent = ancestors.some((ancestor) =>
      (ancestor.type === 'mdxJsxFlowElement' || ancestor.type === 'mdxJsxTextElement') &&
      ancestor.name !== null && /^[A-Z]/.test(ancestor.name) && !components.has(ancestor.name))
    headings.push({depth, position: node.position, inCustomComponent, ...(node.type === 'heading' ? {node} : {})})
  })
  return headings
}

// What a title may hold: text and its formatting, nothing that a plain front matter string would lose.
const plainInline = new Set(['text', 'emphasis', 'strong', 'delete', 'inlineCode'])

function isPlain(nodes: readonly PhrasingContent[]): boolean {
  return nodes.every((node) => plainInline.has(node.type) && (!('children' in node) || isPlain(node.children)))
}

/**
 * The level-1 heading that names the page: the only one, the first heading, at the top level, with
 * plain text. `front-matter` takes it as the title of a page without front matter.
 */
export function titleHeading(tree: Root): MdastHeading | undefined {
  const headings = headingsOf(tree)
  const first = headings[0]
  if (!first?.node || first.depth !== 1 || headings.some((heading) => heading !== first && heading.depth === 1)) return undefined
  if (!tree.children.includes(first.node) || !isPlain(first.node.children)) return undefined
  return headingText(first.node) === '' ? undefined : first.node
}

/** A heading's text as a title: formatting dropped, white space collapsed. */
export function headingText(node: MdastHeading): string {
  return toString(node).replace(/\s+/g, ' ').trim()
}

/**
 * Remove a top-level block and the blank lines after it; at the end of the page, the blank lines
 * before it instead, so the page still ends with one line break.
 */
export function removeBlock(node: Nodes, source: string): TextEdit | undefined {
  const start = node.position?.start.offset
  const end = node.position?.end.offset
  if (start === undefined || end === undefined) return undefined
  const lineStart = source.lastIndexOf('\n', start - 1) + 1
  if (source.slice(lineStart, start).trim() !== '') return undefined
  const after = /^[ \t]*(?:\r?\n|$)(?:[ \t]*(?:\r?\n|$))*/.exec(source.slice(end))
  if (!after) return undefined
  let removeFrom = lineStart
  const removeTo = end + after[0].length
  // At the end of the page, go back over the blank lines before the block (a scan, not a regular
  // expression anchored at the end, which would retry from every offset of the page).
  while (removeTo === source.length && removeFrom > 0) {
    const previousLine = source.lastIndexOf('\n', removeFrom - 2) + 1
    if (source.slice(previousLine, removeFrom).trim() !== '') break
    removeFrom = previousLine
  }
  return {start: removeFrom, end: removeTo, text: ''}
}
