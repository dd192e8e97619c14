import type {Root, Nodes} from 'mdast'
import type {Position} from 'unist'
import {visit} from '../src/walk.js'
import {defineRule} from '../src/rule.js'

interface Heading {
  depth: number
  position: Position
}

const htmlHeading = /^<h([1-6])(?=[\s>/])/i

/** Markdown headings, `<h1>`–`<h6>` JSX elements, and HTML headings in `.md` pages, in order. */
export function headingsOf(tree: Root): Heading[] {
  const headings: Heading[] = []
  visit(tree, (node: Nodes) => {
    if (!node.position) return
    if (node.type === 'heading') {
      headings.push({depth: node.depth, position: node.position})
    } else if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name && /^h[1-6]$/.test(node.name)) {
      headings.push({depth: Number(node.name[1]), position: node.position})
    } else if (node.type === 'html') {
      const match = htmlHeading.exec(node.value)
      if (match) headings.push({depth: Number(match[1]), position: node.position})
    }
  })
  return headings
}

export default defineRule({
  id: 'heading-levels',
  severity: 'error',
  summary: 'No level-1 headings in the body; the first heading is level 2 and no level is skipped',
  fixable: false,
  defaults: {},
  create() {
    return function (tree, {page, report}) {
      // A snippet is placed under some heading of the page that imports it: its first level is free.
      let previous = page.isSnippet ? 6 : 0
      for (const heading of headingsOf(tree)) {
        const {depth, position} = heading
        if (depth === 1) {
          report({
            message: 'Unexpected heading level `1`, expected `2`: the page title comes from front matter',
            place: position,
            actual: '1',
            expected: '2'
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
