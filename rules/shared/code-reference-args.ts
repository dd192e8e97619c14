// The arguments a member's docstring lists (“**Args:**” and a list, as mdxify and pydoc-markdown
// render Google-style docstrings) against the parameters of its signature: a list that names some
// parameters and leaves others out tells the reader those are documented, and they are not.
import type {SyntaxNode} from '@lezer/common'
import type {Code, List, ListItem, RootContent} from 'mdast'
import {toString as mdastToString} from 'mdast-util-to-string'
import {pythonTree} from './syntax-parsers.js'

/** The labels of an argument list, alone in their paragraph (“**Args:**”, “**Parameters**:”). */
const label = /^(?:Args|Arguments|Parameters|Params)\s*:?$/

/** A member's argument list and the parameters of its signature the list leaves out. */
export interface ArgumentGap {
  list: List
  missing: string[]
}

/**
 * The parameters a member section's argument list leaves out, or undefined when it has no such list,
 * no Python signature, or leaves none out. `self`, `cls`, `*args`, `**kwargs` and private names
 * (`_sla`) are not the caller's to pass.
 */
export function argumentGap(blocks: readonly RootContent[]): ArgumentGap | undefined {
  const signature = blocks.find((block): block is Code => block.type === 'code' && /^py(?:thon)?3?$/.test(block.lang ?? ''))
  const at = blocks.findIndex((block) => block.type === 'paragraph' && label.test(mdastToString(block).trim()))
  const list = blocks[at + 1]
  if (!signature || at < 0 || list?.type !== 'list') return undefined
  const parameters = signatureParameters(signature.value)
  if (!parameters) return undefined
  const listed = new Set(list.children.map(listedName))
  const missing = parameters.filter((name) => !listed.has(name) && name !== 'self' && name !== 'cls' && !name.startsWith('_'))
  return missing.length > 0 ? {list, missing} : undefined
}

/**
 * The named parameters of a rendered signature (`read(flow_id: UUID, limit: int = 10) -> Flow`),
 * read by the Python parser as a `def`; undefined when the block is not one signature that parses.
 */
export function signatureParameters(text: string): string[] | undefined {
  const source = 'def ' + text.trim() + ':\n    pass\n'
  const tree = pythonTree(source)
  let broken = false
  tree.iterate({enter: (node) => void (node.type.isError && (broken = true))})
  const definition = tree.topNode.firstChild
  if (broken || definition?.name !== 'FunctionDefinition' || definition.nextSibling) return undefined
  const list = definition.getChild('ParamList')
  return list ? namesOf(list, source) : undefined
}

/** The names of a parameter list, without the starred ones and without names in default values. */
function namesOf(list: SyntaxNode, source: string): string[] {
  const names: string[] = []
  let starred = false
  let inDefault = false
  for (let node = list.firstChild; node; node = node.nextSibling) {
    const text = source.slice(node.from, node.to)
    if (text === ',') {
      starred = false
      inDefault = false
    } else if (text === '*' || text === '**') starred = true
    else if (text === '=') inDefault = true
    else if (node.name === 'VariableName' && !starred && !inDefault) names.push(text)
  }
  return names
}

/** The parameter an item of the list is about: its opening inline code (“`limit`: …”, “`limit (int)`”) or word. */
function listedName(item: ListItem): string | undefined {
  const first = item.children[0]
  if (first?.type !== 'paragraph') return undefined
  const opening = first.children[0]
  const text = opening?.type === 'inlineCode' ? opening.value : mdastToString(first)
  // A generator that keeps the docstring's own bullet writes “`- state`”.
  return /^[-*\s]*([\p{L}_][\w]*)/u.exec(text)?.[1]
}
