// Advice in the impersonal passive: “It is recommended to rotate the key”, “it's suggested that you
// pin the version”. The sentence gives the reader an instruction and leaves the reader out; the
// active form is the instruction itself (“Rotate the key”) or who advises it (“We recommend …”).
import type {Root as NlcstRoot, Sentence, Word} from 'nlcst'
import type {Point} from 'unist'
import {toString} from 'nlcst-to-string'
import {prechecksOff, type ProseBlock} from '../../src/page/page.js'
import {sentencesWithQuotes} from './prose.js'
import {wordAcrossSpace} from './passive-candidates.js'

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
  for (const {sentence, quoted} of sentencesWithQuotes(prose)) found.push(...adviceIn(sentence, quoted))
  return found
}

/** The phrases of a sentence, its words next to each other (white space between them, nothing else). */
function adviceIn(sentence: Sentence, quoted: ReadonlySet<Word>): ImpersonalAdvice[] {
  const children = sentence.children
  const found: ImpersonalAdvice[] = []
  for (const [index, first] of children.entries()) {
    if (first.type !== 'WordNode' || !first.position || quoted.has(first)) continue
    // The children's indexes of the phrase's words: each is two after the one before (a space between).
    const opening = toString(first).toLowerCase().replace(/’/g, "'")
    let at = index
    if (opening === 'it' && wordAcrossSpace(sentence, at, 1) === 'is') at += 2
    else if (opening !== "it's") continue
    if (adviceAdverbs.has(wordAcrossSpace(sentence, at, 1) ?? '')) at += 2
    if (!adviceParticiples.has(wordAcrossSpace(sentence, at, 1) ?? '') || !['to', 'that'].includes(wordAcrossSpace(sentence, at + 2, 1) ?? '')) continue
    const last = children[at + 4]!
    if (!last.position) continue
    const phrase = children.slice(index, at + 5).map((child) => toString(child)).join('').replace(/\s+/g, ' ')
    found.push({start: first.position.start, end: last.position.end, phrase})
  }
  return found
}
