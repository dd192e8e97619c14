// The clause around a word of a retext sentence: what the prose rules read to tell an instruction to the
// reader (“the key must be set”) from a description of a system (“if the key cannot be found, …”).
import type {SentenceContent, Word} from 'nlcst'
import {toString} from 'nlcst-to-string'

/** Punctuation that ends a clause: a comma, a semicolon, a colon, a dash or a square bracket. */
const clauseMarks: ReadonlySet<string> = new Set([',', ';', ':', '[', ']', '{', '}', '—', '–', '-', '…'])

/** The lower-case text of a word, with a curly apostrophe made straight. */
export function wordText(node: SentenceContent | undefined): string {
  return node === undefined ? '' : toString(node).toLowerCase().replace(/’/g, "'")
}

function endsClause(node: SentenceContent): boolean {
  return node.type === 'PunctuationNode' && clauseMarks.has(toString(node))
}

/**
 * The index of the bracket that closes (`step` 1) or opens (`step` -1) the aside that starts at
 * `index`, or `index` itself when there is none: an aside in round brackets (“messages (`a`, `b`)
 * should be sent”) is skipped, not taken for the end of the clause.
 */
function acrossAside(children: readonly SentenceContent[], index: number, step: -1 | 1): number {
  const [open, close] = step === 1 ? ['(', ')'] : [')', '(']
  if (toString(children[index]!) !== open) return index
  let depth = 0
  for (let position = index; position >= 0 && position < children.length; position += step) {
    const text = children[position]!.type === 'PunctuationNode' ? toString(children[position]!) : ''
    if (text === open) depth++
    else if (text === close && --depth === 0) return position
  }
  return index
}

/**
 * The words of the clause before the node at `index`, first to last: back to the start of the
 * sentence or to the last comma, semicolon, colon, dash or bracket. Inline code is left out.
 */
export function clauseWordsBefore(children: readonly SentenceContent[], index: number): Word[] {
  const words: Word[] = []
  for (let position = index - 1; position >= 0; position--) {
    position = acrossAside(children, position, -1)
    const node = children[position]!
    if (endsClause(node)) break
    if (node.type === 'WordNode') words.unshift(node)
  }
  return words
}

/**
 * The words and inline code (`SourceNode`) of the clause after the node at `index`, in order, up to
 * the end of the sentence or the next clause mark.
 */
export function clauseTokensAfter(children: readonly SentenceContent[], index: number): SentenceContent[] {
  const tokens: SentenceContent[] = []
  for (let position = index + 1; position < children.length; position++) {
    position = acrossAside(children, position, 1)
    const node = children[position]!
    if (endsClause(node)) break
    if (node.type === 'WordNode' || node.type === 'SourceNode') tokens.push(node)
  }
  return tokens
}

/** Whether the node after `index`, white space aside, ends the sentence (or there is none). */
export function endsSentenceAfter(children: readonly SentenceContent[], index: number): boolean {
  for (let position = index + 1; position < children.length; position++) {
    const node = children[position]!
    if (node.type === 'WhiteSpaceNode') continue
    return node.type === 'PunctuationNode' && /^[.!?]+$/.test(toString(node))
  }
  return true
}

/** Whether the sentence ends with a question mark. */
export function asksQuestion(children: readonly SentenceContent[]): boolean {
  for (let index = children.length - 1; index >= 0; index--) {
    const node = children[index]!
    if (node.type === 'WhiteSpaceNode') continue
    return node.type === 'PunctuationNode' && toString(node).includes('?')
  }
  return false
}

/** Whether `words` (lower case) hold `phrase` (words separated by spaces) as adjacent words. */
export function holdsPhrase(words: readonly string[], phrase: string): boolean {
  const parts = phrase.split(' ')
  for (let start = 0; start + parts.length <= words.length; start++) {
    if (parts.every((part, offset) => words[start + offset] === part)) return true
  }
  return false
}
