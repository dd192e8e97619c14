// reference-descriptions: on a reference page generated from code, every function and class says
// what it does. Methods are left to their class: many override a hook the class's text explains. A section that shows only a signature (or, for a class, only the list of its
// methods) leaves the reader to guess from the names; the fix is a docstring in the code. A
// member's argument list, where it has one, names every parameter of its signature.
import type {Heading, Nodes, RootContent} from 'mdast'
import {toString as mdastToString} from 'mdast-util-to-string'
import {defineRule, type Report} from '../src/rule.js'
import {joinAnd} from '../src/shared/text.js'
import {argumentGap, type ArgumentGap} from './shared/code-reference-args.js'
import {isCodeReference, memberOf, ownBlocks} from './shared/code-reference.js'

export default defineRule({
  id: 'reference-descriptions',
  severity: 'warn',
  summary: 'On a reference page generated from code, each function and class has a description, and an argument list names every parameter',
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
      const gaps: Array<{member: string; gap: ArgumentGap}> = []
      for (const [at, node] of children.entries()) {
        if (node.type !== 'heading') continue
        const name = node === moduleHeading ? undefined : memberOf(node)
        open.length = node.depth
        open[node.depth] = name
        if (!name) continue
        const blocks = ownBlocks(children, at)
        const gap = argumentGap(blocks)
        if (gap) gaps.push({member: name, gap})
        if (open.slice(0, node.depth).some(Boolean)) continue
        if (said.has(name) || describes(blocks)) continue
        said.add(name)
        report({
          message: 'Missing description of `' + name + '`, expected what it does beside its signature (a docstring in the code)',
          node: nameOf(node),
          actual: name
        })
      }
      reportGaps(gaps, report)
    }
  }
})

/**
 * Each argument list that leaves parameters out, with their names. A name left out of several lists
 * of the page (an injected `db` or `client`) is one habit of the docstrings: said at its first list,
 * with how many lists leave it out.
 */
function reportGaps(gaps: ReadonlyArray<{member: string; gap: ArgumentGap}>, report: (report: Report) => void): void {
  const lists = new Map<string, number>()
  for (const {gap} of gaps) for (const name of gap.missing) lists.set(name, (lists.get(name) ?? 0) + 1)
  const said = new Set<string>()
  for (const {member, gap} of gaps) {
    const names = gap.missing.filter((name) => !said.has(name))
    if (names.length === 0) continue
    for (const name of names) said.add(name)
    const counted = names.map((name) => '`' + name + '`' + (lists.get(name)! > 1 ? ' (left out of ' + lists.get(name) + ' argument lists on this page)' : ''))
    report({
      message: 'Missing ' + joinAnd(counted) + ' in the arguments of `' + member + '`, expected every parameter of its signature in the list (a docstring in the code)',
      node: gap.list,
      actual: names.join(', ')
    })
  }
}

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
