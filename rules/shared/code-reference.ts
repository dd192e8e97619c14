// Reference pages generated from code (mdxify, pydoc-markdown and the like): the first heading names
// a module in inline code (“# `prefect.server.api.variables`”), and each function, class and method
// has a heading that opens with its name in inline code, then its signature and its docstring.
import type {Heading, Root, RootContent} from 'mdast'

const moduleName = /^[\p{L}_][\w-]*(?:\.[\p{L}_][\w-]*)+$/u
const memberName = /^[\p{L}_][\w.]*(?:\(\))?$/u

/** Whether the page is a reference generated from code: its first heading names a module. */
export function isCodeReference(tree: Root): boolean {
  const heading = tree.children.find((node): node is Heading => node.type === 'heading')
  const only = heading?.children.length === 1 ? heading.children[0] : undefined
  return only?.type === 'inlineCode' && moduleName.test(only.value)
}

/** The function, class or method a heading of a code reference names (“### `read_variable` <sup>…”). */
export function memberOf(heading: Heading): string | undefined {
  const first = heading.children[0]
  return first?.type === 'inlineCode' && memberName.test(first.value) ? first.value : undefined
}

/** The blocks of the section of the heading at `at`: up to the next heading of any level. */
export function ownBlocks(children: readonly RootContent[], at: number): RootContent[] {
  const blocks: RootContent[] = []
  for (let index = at + 1; index < children.length && children[index]!.type !== 'heading'; index++) blocks.push(children[index]!)
  return blocks
}
