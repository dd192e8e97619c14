// How steps-for-procedures reads the shape of a numbered list: the lists that continue one another
// after a code block or a callout splits them, and an item that says what the product does by itself.
import type {List, Nodes, Root} from 'mdast'
import {visit} from '../../src/shared/walk.js'
import {systemVerbs} from '../steps-for-procedures.data.js'

/** Whether an ordered list ends before `list` with no heading between them, at any depth: its start. */
export function continuesList(tree: Root, list: List): boolean {
  const start = list.position?.start.offset ?? 0
  let last: 'list' | 'heading' | undefined
  visit(tree, (node: Nodes) => {
    const end = node.position?.end.offset
    if (end === undefined || end > start) return
    if (node.type === 'heading') last = 'heading'
    else if (node.type === 'list' && node.ordered) last = 'list'
  })
  return last === 'list'
}

/** The ordered list at `index` and the lists that continue its numbering after a code block splits it. */
export function chainAt(children: readonly Nodes[], index: number): {chain: List[]; last: number} {
  const first = children[index] as List
  const chain: List[] = [first]
  let last = index
  let next = (first.start ?? 1) + first.children.length
  for (let at = index + 1; at < children.length; at++) {
    const sibling = children[at]!
    if (sibling.type === 'list' && sibling.ordered && sibling.start === next && next > 1) {
      chain.push(sibling)
      next += sibling.children.length
      last = at
    } else if (sibling.type === 'heading' || (sibling.type === 'list' && sibling.ordered)) {
      break
    }
  }
  return {chain, last}
}

const verbs = new Set(systemVerbs)
const determiners = new Set(['the', 'your', 'a', 'an'])

/**
 * “Axiom AI generates a name”, “The CLI prints the URL”: a sentence whose subject is not the reader
 * (one to three words, the later ones capitalized, perhaps after “the”), then a verb of a product
 * acting, perhaps after an adverb (“automatically”). Read only in an item that is not an instruction.
 */
export function namesProductActing(sentence: string): boolean {
  const words = sentence.split(/\s+/, 8)
  let at = determiners.has(words[0]?.toLowerCase() ?? '') ? 1 : 0
  if (!/^[\p{L}\d][\p{L}\d.-]*$/u.test(words[at] ?? '')) return false
  at++
  for (let subject = 1; subject <= 3; subject++, at++) {
    const word = words[at] ?? ''
    const next = /^\p{Ll}+ly$/u.test(word) ? words[at + 1] ?? '' : word
    if (verbs.has(next)) return true
    if (!/^\p{Lu}[\p{L}\d.-]*$/u.test(word)) return false
  }
  return false
}
