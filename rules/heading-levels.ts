import type {Root} from 'mdast'
import {toString} from 'mdast-util-to-string'
import {defineRule, type TextEdit} from '../src/rule.js'
import type {Page} from '../src/page/page.js'
import {headingsOf, removeBlock, titleHeading, type Heading} from './shared/headings.js'

const ownTitleModes: ReadonlySet<string> = new Set(['custom', 'frame'])

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
  conventions: [{id: 'heading-hierarchy', coverage: 'full'}],
  thirdParty: {markdownlint: ['MD001', 'heading-increment', 'MD025', 'single-title', 'single-h1']},
  messages: {
    secondTitle: 'Unexpected heading level `1`, expected `2`: the page title comes from front matter',
    firstLevel: 'Unexpected first heading level `{{depth}}`, expected `2`',
    skipped: 'Unexpected heading level `{{depth}}` after level `{{previous}}`, expected at most `{{expected}}`'
  },
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
            messageId: 'secondTitle',
            place: position,
            actual: '1',
            expected: '2',
            fix: fix?.heading === heading ? fix.edits : undefined,
            holds: 'shown'
          })
        } else if (previous === 0 && depth > 2) {
          // A snippet's first heading is free (it sits under a heading of the page that imports it).
          report({
            messageId: 'firstLevel',
            data: {depth},
            place: position,
            actual: String(depth),
            expected: '2',
            holds: 'page'
          })
        } else if (previous > 0 && depth > previous + 1) {
          report({
            messageId: 'skipped',
            data: {depth, previous, expected: previous + 1},
            place: position,
            actual: String(depth),
            expected: String(previous + 1),
            holds: 'shown'
          })
        }
        previous = depth
      }
    }
  }
})
