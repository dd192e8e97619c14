// Advice in the impersonal passive: “It is recommended to rotate the key”, “it's suggested that you
// pin the version”. The sentence gives the reader an instruction and leaves the reader out; the
// active form is the instruction itself (“Rotate the key”) or who advises it (“We recommend …”).
import type {Root as NlcstRoot, Sentence, Word} from 'nlcst'
import type {Point} from 'unist'
import {toString} from 'nlcst-to-string'
import {prechecksOff, type ProseBlock} from '../../src/page/page.js'
import {quotedWords} from './prose.js'

/** The cheap pre-check on a block's text: the words of the phrase, in order. */
const mayHoldAdvice = /\bit(?:'s|’s|\s+is)\s+(?:\w+\s+)?(?:recommended|suggested|advised|encouraged)\s+(?:to|that)\b/i

/** Participles of advice: “it is recommended to …”. */
const adviceParticiples: ReadonlySet<string> = new Set(['recommended', 'suggested', 'advised', 'encouraged'])

/** Adverbs that may stand between `is` and the participle: “it is highly recommended to”. */
const adviceAdverbs: ReadonlySet<string> = new Set(['also', 'generally', 'highly', 'strongly', 'usually', 'often', 'always', 'therefore', 'thus'])

export interface ImpersonalAdvice {
  /** `It`, or `It's`: where the phrase starts. */
  start: Point
  end: Point
  /** The phrase as written: “It is highly recommended to”. */
  phrase: string
}

/** Whether a block's text may hold impersonal advice: read before its prose tree is built. */
export function mayGiveImpersonalAdvice(block: ProseBlock): boolean {
  return prechecksOff || mayHoldAdvice.test(block.words())
}

/** The impersonal advice of a block's prose tree, each at its phrase; a quoted example (“"It is recommended to"”) is a mention. */
export function impersonalAdvice(prose: NlcstRoot): ImpersonalAdvice[] {
  const found: ImpersonalAdvice[] = []
  for (const paragraph of prose.children) {
    if (paragraph.type !== 'ParagraphNode') continue
    const quoted = quotedWords(paragraph)
    for (const sentence of paragraph.children) {
      if (sentence.type === 'SentenceNode') found.push(...adviceIn(sentence, quoted))
    }
  }
  return found
}

function adviceIn(sentence: Sentence, quoted: ReadonlySet<Word>): ImpersonalAdvice[] {
  const words = sentence.children.filter((child): child is Word => child.type === 'WordNode')
  const text = (word: Word | undefined) => (word ? toString(word).toLowerCase().replace(/’/g, "'") : '')
  const found: ImpersonalAdvice[] = []
  for (let index = 0; index < words.length; index++) {
    let at = index
    if (text(words[at]) === "it's") at += 1
    else if (text(words[at]) === 'it' && text(words[at + 1]) === 'is') at += 2
    else continue
    if (adviceAdverbs.has(text(words[at]))) at++
    if (!adviceParticiples.has(text(words[at])) || !['to', 'that'].includes(text(words[at + 1]))) continue
    const first = words[index]!
    const last = words[at + 1]!
    if (!first.position || !last.position || quoted.has(first)) continue
    found.push({start: first.position.start, end: last.position.end, phrase: words.slice(index, at + 2).map((word) => toString(word)).join(' ')})
  }
  return found
}
