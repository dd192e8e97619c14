import type {Heading as MdastHeading, Nodes, PhrasingContent, Root} from 'mdast'
import type {Position} from 'unist'
import {toString} from 'mdast-util-to-string'
import {visitParents} from '../src/walk.js'
import {defineRule, type TextEdit} from '../src/rule.js'
import type {Page} from '../src/page.js'
import {catalogue} from './components.data.js'

interface Heading {
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
      ancestor.name !== null && /^[A-Z]/.test(ancestor.name) && !catalogue.has(ancestor.name))
    headings.push({depth, position: node.position, inCustomComponent, ...(node.type === 'heading' ? {node} : {})})
  })
  return headings
}

const ownTitleModes: ReadonlySet<string> = new Set(['custom', 'frame'])

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

function normalizeTitle(text: string): string {
  return text.replace(/[`*_]/g, '').replace(/\s+/g, ' ').trim().toLowerCase()
}

/** `#`–`######` followed by a space, a tab or the line end: the marker of an ATX heading at `offset`. */
function atxMarker(source: string, offset: number, depth: number): boolean {
  return source.startsWith('#'.repeat(depth), offset) && /^(?:[ \t]|\r?\n|$)/.test(source.slice(offset + depth, offset + depth + 2))
}

/**
 * The edits that fix the level-1 headings of a page, and the heading whose message carries them: a
 * single H1 that repeats the title goes; otherwise, when sections are level 1, every heading moves
 * down one level, if that gives a sound outline. Only `#` headings are changed, only in their marker.
 */
function outlineFix(tree: Root, headings: readonly Heading[], page: Page): {heading: Heading; edits: TextEdit[]} | undefined {
  const topLevel = headings.filter((heading) => heading.depth === 1)
  const first = topLevel[0]
  if (!first) return undefined
  const frontMatter = page.frontMatter()
  const title = frontMatter.data?.['title']
  if (topLevel.length === 1 && first.node && typeof title === 'string' && tree.children.includes(first.node) &&
    normalizeTitle(toString(first.node)) === normalizeTitle(title) && normalizeTitle(title) !== '') {
    const removal = removeBlock(first.node, page.source)
    return removal ? {heading: first, edits: [removal]} : undefined
  }
  // A page without front matter: `front-matter` makes its H1 the title.
  if (!frontMatter.node && !page.isSnippet && titleHeading(tree)) return undefined
  const edits: TextEdit[] = []
  let previous = page.isSnippet ? 6 : 0
  for (const heading of headings) {
    const start = heading.position.start.offset
    // Setext headings cannot go below level 2, and `<h1>` elements and HTML are not ours to rewrite.
    if (!heading.node || start === undefined || !atxMarker(page.source, start, heading.depth)) return undefined
    const depth = heading.depth + 1
    if (depth > 6 || (previous === 0 && depth > 2) || (previous > 0 && depth > previous + 1)) return undefined
    // The platform gives level 5 and 6 headings no anchor: a level-4 heading moved down would lose its own.
    if (depth === 5 && heading.node.data?.id === undefined) return undefined
    edits.push({start, end: start + heading.depth, text: '#'.repeat(depth)})
    previous = depth
  }
  return {heading: first, edits}
}

export default defineRule({
  id: 'heading-levels',
  severity: 'error',
  summary: 'No level-1 headings in the body; the first heading is level 2 and no level is skipped',
  fixable: true,
  thirdParty: {markdownlint: ['MD001', 'heading-increment', 'MD025', 'single-title', 'single-h1']},
  defaults: {},
  create() {
    return function (tree, {page, report}) {
      // A heading in a team's own component is part of what that component draws (a card's title), styled
      // and placed by the team's code, not a section of the page's outline.
      const headings = headingsOf(tree).filter((heading) => !heading.inCustomComponent)
      // `custom` and `frame` pages do not show the front matter title: their own `<h1>` is the title.
      const ownTitle = headings.some((heading) => heading.depth === 1) && ownTitleModes.has(String(page.frontMatter().data?.['mode']))
      const fix = ownTitle ? undefined : outlineFix(tree, headings, page)
      // A snippet is placed under some heading of the page that imports it: its first level is free.
      let previous = page.isSnippet ? 6 : 0
      for (const heading of headings) {
        const {depth, position} = heading
        if (depth === 1 && ownTitle) {
          // The title: the outline below it starts at level 2.
        } else if (depth === 1) {
          report({
            message: 'Unexpected heading level `1`, expected `2`: the page title comes from front matter',
            place: position,
            actual: '1',
            expected: '2',
            fix: fix?.heading === heading ? fix.edits : undefined
          })
        } else if (previous === 0 && depth > 2) {
          report({
            message: 'Unexpected first heading level `' + depth + '`, expected `2`',
            place: position,
            actual: String(depth),
            expected: '2'
          })
        } else if (previous > 0 && depth > previous + 1) {
          report({
            message: 'Unexpected heading level `' + depth + '` after level `' + previous + '`, expected at most `' + (previous + 1) + '`',
            place: position,
            actual: String(depth),
            expected: String(previous + 1)
          })
        }
        previous = depth
      }
    }
  }
})
