// Where passive-voice looks: the `be` verbs of a prose tree with a participle right after them, from
// retext-passive (irregular participles) and from the rule's own list of regular ones, and the cheap
// pre-check on a block's text that decides whether its prose tree is built at all.
import type {Parent as NlcstParent, Root as NlcstRoot, Sentence, SentenceContent, Word} from 'nlcst'
import {toString} from 'nlcst-to-string'
import type retextPassive from 'retext-passive'
import type {Point} from 'unist'
import {VFile} from 'vfile'
import {prechecksOff, type ProseBlock} from '../../src/page/page.js'
import {ingNouns} from '../passive-voice.data.js'
import {clauseTokensAfter, wordText} from './clauses.js'

/**
 * A `be` verb, white space, and the word after it. A word retext-passive matches is letters,
 * apostrophes and hyphens (its comparison drops the last two), so the run of those characters holds it.
 */
const beVerbWord = /(?<!\p{L})(?:am|are|is|was|were|be|been|being)\s+([\p{L}'’-]+)/giu

/** A `be` verb and a participle after it, as retext-passive or the list of regular participles found them. */
export interface Candidate {
  sentence: NlcstParent
  /** Index of the participle in the sentence. */
  participle: number
  /** The participle as written. */
  actual: string
  end: Point
}

/** The participles retext-passive finds after a `be` verb. */
export function irregularPassives(prose: NlcstRoot, findPassive: ReturnType<typeof retextPassive>): Candidate[] {
  // retext-passive reports on a file; a scratch file keeps its messages (and rule ids) out of the page.
  const scratch = new VFile()
  findPassive(prose, scratch)
  const candidates: Candidate[] = []
  for (const finding of scratch.messages) {
    const sentence = finding.ancestors?.[0] as NlcstParent | undefined
    const end = finding.place && 'end' in finding.place ? finding.place.end : undefined
    const start = finding.place && 'start' in finding.place ? finding.place.start : undefined
    if (!sentence || !start || !end) continue
    const participle = sentence.children.findIndex((child) => child.position?.start.offset === start.offset)
    candidates.push({sentence, participle, actual: finding.actual ?? '', end})
  }
  return candidates
}

/** The regular participles of `regular` right after `be`: “must be configured”. */
export function regularPassives(prose: NlcstRoot, regular: ReadonlySet<string>): Candidate[] {
  const candidates: Candidate[] = []
  for (const paragraph of prose.children) {
    if (paragraph.type !== 'ParagraphNode') continue
    for (const sentence of paragraph.children) {
      if (sentence.type !== 'SentenceNode') continue
      sentence.children.forEach((word, participle) => {
        if (word.type !== 'WordNode' || !word.position || !regular.has(toString(word).toLowerCase())) return
        if (wordAcrossSpace(sentence, participle, -1) !== 'be') return
        candidates.push({sentence, participle, actual: toString(word), end: word.position.end})
      })
    }
  }
  return candidates
}

/** The lower-case word one white space before (`step` -1) or after (`step` 1) the node at `index`. */
export function wordAcrossSpace(sentence: NlcstParent, index: number, step: -1 | 1): string | undefined {
  const space = sentence.children[index + step]
  const word = sentence.children[index + 2 * step]
  return space?.type === 'WhiteSpaceNode' && word?.type === 'WordNode' ? toString(word).toLowerCase() : undefined
}

/**
 * Whether the block may hold a `be` verb, white space and a participle as adjacent words of its
 * retext tree: the only findings this rule keeps. A necessary condition, never a judgement.
 */
export function mayBePassive(block: ProseBlock, isParticiple: (word: string) => boolean): boolean {
  if (prechecksOff) return true
  const text = block.words()
  beVerbWord.lastIndex = 0
  for (let match = beVerbWord.exec(text); match; match = beVerbWord.exec(text)) {
    const run = match[1]!
    // The participle word may end at the end of the run or before any apostrophe or hyphen in it.
    for (let end = 1; end <= run.length; end++) {
      if (end < run.length && !"'’-".includes(run[end]!)) continue
      if (isParticiple(run.slice(0, end).toLowerCase())) return true
    }
    // The next match may start inside this one (“is being given”).
    beVerbWord.lastIndex = match.index + 1
  }
  return false
}

/**
 * Whether `word` is a participle the rule reads: one of `regular`, or one retext-passive reports in
 * `is <word>`. retext-passive's list is private to the package, so the plugin itself is asked, on a
 * sentence of those two words, once a word: the pre-check and the rule read one list, with the rule's
 * `ignore` applied.
 */
export function participleTest(findPassive: ReturnType<typeof retextPassive>, regular: ReadonlySet<string> = new Set()): (word: string) => boolean {
  const known = new Map<string, boolean>()
  return (word) => {
    if (regular.has(word)) return true
    let answer = known.get(word)
    if (answer === undefined) {
      const file = new VFile()
      const sentence: Sentence = {type: 'SentenceNode', children: [wordNode('is'), {type: 'WhiteSpaceNode', value: ' '}, wordNode(word)]}
      findPassive({type: 'RootNode', children: [{type: 'ParagraphNode', children: [sentence]}]}, file)
      answer = file.messages.length > 0
      // Words after a `be` verb are a page's vocabulary, not its length; the bound only guards a
      // language server that runs for days.
      if (known.size >= 20_000) known.clear()
      known.set(word, answer)
    }
    return answer
  }
}

const wordNode = (value: string): Word => ({type: 'WordNode', children: [{type: 'TextNode', value}]})

/**
 * Whether the participle is followed by the reader's means, `by` and a verb in `-ing`: “can be enabled
 * by setting `enable_heartbeats`”, “needs to be enabled by contacting support”. The step is there, in
 * the passive; the imperative says it (“Enable heartbeats by setting …”).
 */
export function byDoing(children: SentenceContent[], participle: number): boolean {
  const after = clauseTokensAfter(children, participle)
  const verb = wordText(after[1])
  // A verb in `-ing`, not a noun that ends so (`string`, `something`).
  return wordText(after[0]) === 'by' && verb.length > 4 && verb.endsWith('ing') && !verb.endsWith('thing') && !ingNouns.has(verb)
}
