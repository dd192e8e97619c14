// reference-descriptions: on a reference page generated from code, every function and class says
// what it does. Methods are left to their class: many override a hook the class's text explains. A section that shows only a signature (or, for a class, only the list of its
// methods) leaves the reader to guess from the names; the fix is a docstring in the code.
import type {Heading, Nodes, RootContent} from 'mdast'
import {toString as mdastToString} from 'mdast-util-to-string'
import {defineRule} from '../src/rule.js'
import {isCodeReference, memberOf, ownBlocks} from './shared/code-reference.js'

export default defineRule({
  id: 'reference-descriptions',
  severity: 'warn',
  summary: 'On a reference page generated from code, each function and class has a description, not only its signature',
  fixable: false,
  conventions: [{id: 'all-parameters', coverage: 'partial'}],
  defaults: {},
  create() {
    return function (tree, {report}) {
      if (!isCodeReference(tree)) return
      const children = tree.children
      // A name that recurs on a page is one docstring to write: said once a page.
      const said = new Set<string>()
      // The member heading each level is under: a member under another one is a method of a class.
      const open: Array<string | undefined> = []
      // The first heading names the module (at level 1, or 2 once a fix moved it), not a member.
      const moduleHeading = children.find((node) => node.type === 'heading')
      for (const [at, node] of children.entries()) {
        if (node.type !== 'heading') continue
        const name = node === moduleHeading ? undefined : memberOf(node)
        open.length = node.depth
        open[node.depth] = name
        if (!name || open.slice(0, node.depth).some(Boolean)) continue
        if (said.has(name) || describes(ownBlocks(children, at))) continue
        said.add(name)
        report({
          message: 'Missing description of `' + name + '`, expected what it does beside its signature (a docstring in the code)',
          node: nameOf(node),
          actual: name
        })
      }
    }
  }
})

/** The heading's name, where the finding sits. */
function nameOf(heading: Heading): Nodes {
  return heading.children[0]!
}

/**
 * Whether a section says something of its member: a paragraph of prose, a list or a table. A label
 * such as “**Methods:**” or “**Returns:**” alone says nothing, nor do code blocks (the signature).
 */
function describes(blocks: readonly RootContent[]): boolean {
  return blocks.some((block) => {
    if (block.type === 'list' || block.type === 'table' || block.type === 'blockquote') return true
    if (block.type === 'mdxJsxFlowElement') return mdastToString(block).trim() !== ''
    if (block.type !== 'paragraph') return false
    const label = block.children.length === 1 && block.children[0]!.type === 'strong'
    return !label && mdastToString(block).trim() !== ''
  })
}
