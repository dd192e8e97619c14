// What the prose rules share about the words of a paragraph.
import type {Paragraph, Root, Sentence, SentenceContent, Word} from 'nlcst'
import {toString} from 'nlcst-to-string'

/** The sentences of a block's prose, each with the words its paragraph quotes (see `quotedWords`). */
export function* sentencesWithQuotes(root: Root): Generator<{sentence: Sentence; quoted: Set<Word>}> {
  for (const paragraph of root.children) {
    if (paragraph.type !== 'ParagraphNode') continue
    const quoted = quotedWords(paragraph)
    for (const sentence of paragraph.children) if (sentence.type === 'SentenceNode') yield {sentence, quoted}
  }
}

/**
 * Words between quotation marks in a paragraph: a quoted UI string (“Click "Let us know"”) or an
 * example phrase is a mention, not the page speaking. Quotes may span sentences, so the state lives
 * per paragraph.
 */
export function quotedWords(paragraph: Paragraph): Set<Word> {
  const quoted = new Set<Word>()
  const quotes = {double: false, single: false}
  for (const sentence of paragraph.children) {
    if (sentence.type !== 'SentenceNode') continue
    const children = sentence.children
    for (let index = 0; index < children.length; index++) {
      const node = children[index]!
      if (node.type === 'PunctuationNode' || node.type === 'SymbolNode') trackQuote(children, index, quotes)
      else if (node.type === 'WordNode' && (quotes.double || quotes.single)) quoted.add(node)
    }
  }
  return quoted
}

function trackQuote(children: SentenceContent[], index: number, quotes: {double: boolean; single: boolean}): void {
  const mark = toString(children[index]!)
  if (mark === '“' || mark === '«') quotes.double = true
  else if (mark === '”' || mark === '»') quotes.double = false
  else if (mark === '"') quotes.double = !quotes.double
  else if (mark === "'" || mark === '‘' || mark === '’') {
    const before = children[index - 1]
    const after = children[index + 1]
    const opens = (!before || before.type === 'WhiteSpaceNode' || before.type === 'PunctuationNode') && after?.type === 'WordNode'
    // A lone apostrophe after a word with no quote open is a plural possessive (“users' data”).
    if (opens && mark !== '’') quotes.single = true
    else if (quotes.single) quotes.single = false
  }
}
