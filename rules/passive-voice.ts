import type {Parent as NlcstParent, Root as NlcstRoot, Word} from 'nlcst'
import type {Point} from 'unist'
import {toString} from 'nlcst-to-string'
import type retextPassive from 'retext-passive'
import {VFile} from 'vfile'
import {defineRule} from '../src/rule.js'
import {doVerbs, persons, readerModals, modalsBeforeTo, modalAdverbs} from './passive-voice.data.js'
import {quotedWords} from './shared/prose.js'
import {wordListSchema} from './shared/options.js'
import {prechecksOff, type ProseBlock} from '../src/page.js'
import {load} from '../src/lazy.js'

/**
 * retext-passive's participles (`broken`, `given`, `added`, ...). The package exports only its plugin;
 * its list module is read from the installed package so the pre-check below and the plugin share one
 * list. When the module cannot be read, the pre-check lets every block through (`undefined`).
 */
export const participleList: readonly string[] | undefined = await import(
  new URL('./lib/list.js', import.meta.resolve('retext-passive')).href
).then(
  (module: {list?: unknown}) => (Array.isArray(module.list) ? (module.list as string[]) : undefined),
  () => undefined
)

/**
 * A `be` verb, white space, and the word after it. A word retext-passive matches is letters,
 * apostrophes and hyphens (its comparison drops the last two), so the run of those characters holds it.
 */
const beVerbWord = /(?<!\p{L})(?:am|are|is|was|were|be|been|being)\s+([\p{L}'’-]+)/giu

interface Options {
  /** Participles retext-passive should not report, such as `known` or `set`. */
  ignore: string[]
}

export default defineRule<Options>({
  id: 'passive-voice',
  severity: 'info',
  summary: 'Instructions are in active voice: no passive that hides the reader’s own action (`can be found`, `must be set`)',
  fixable: false,
  conventions: [{id: 'active-voice', coverage: 'full'}],
  thirdParty: {vale: true},
  prose: true,
  languages: ['en'],
  options: {
    type: 'object',
    properties: {
      ignore: wordListSchema
    },
    additionalProperties: false
  },
  defaults: {ignore: []},
  create(options) {
    const findPassive = (load('retext-passive') as typeof import('retext-passive')).default({ignore: options.ignore})
    const participles = participleList && new Set(participleList.filter((word) => !options.ignore.includes(word)))
    return function (_tree, {page, report}) {
      for (const block of page.proseBlocks()) {
        // Cheap pre-check on the block's text: no `be` verb right before a participle, no finding.
        if (!mayBePassive(block, participles)) continue
        for (const {verb, end, phrase} of passiveFindings(block.prose(), findPassive)) {
          report({
            message: 'Unexpected passive voice `' + phrase + '`, expected active voice that names the reader: `you can …` or an imperative',
            place: {start: verb.position!.start, end},
            actual: phrase
          })
        }
      }
    }
  }
})

export interface PassiveFinding {
  verb: Word
  /** End of the participle. */
  end: Point
  phrase: string
}

/** The passive phrases of a block's prose tree that this rule reports. */
export function passiveFindings(prose: NlcstRoot, findPassive: ReturnType<typeof retextPassive>): PassiveFinding[] {
  // retext-passive reports on a file; a scratch file keeps its messages (and rule ids) out of the page.
  const scratch = new VFile()
  findPassive(prose, scratch)
  if (scratch.messages.length === 0) return []
  // An example phrase in quotes (“"the token is sent"”) is a mention, not the page's voice.
  const quoted = new Set(prose.children.flatMap((paragraph) => (paragraph.type === 'ParagraphNode' ? [...quotedWords(paragraph)] : [])))
  const found: PassiveFinding[] = []
  for (const finding of scratch.messages) {
    const sentence = finding.ancestors?.[0] as NlcstParent | undefined
    const participleEnd = finding.place && 'end' in finding.place ? finding.place.end : undefined
    const participleStart = finding.place && 'start' in finding.place ? finding.place.start : undefined
    if (!sentence || !participleStart || !participleEnd) continue
    const verb = beVerbBefore(sentence, participleStart)
    if (!verb?.position || quoted.has(verb) || isNotPassive(sentence, verb, finding.actual ?? '')) continue
    // A passive that describes what a system does names no task; one after a modal hides the reader's.
    const modal = readerModalBefore(sentence, verb)
    if (!modal) continue
    found.push({verb: modal.word, end: participleEnd, phrase: modal.phrase + ' ' + toString(verb) + ' ' + (finding.actual ?? '')})
  }
  return found
}

/**
 * Phrases retext-passive matches that are not passive: “all you need to do is run the script” (a bare
 * infinitive) and `done` meaning finished (“when you are done”, “is done editing”, “are done with”,
 * “once the upload is done, …”).
 */
function isNotPassive(sentence: NlcstParent, verb: Word, participle: string): boolean {
  const index = sentence.children.indexOf(verb)
  const before = wordAcrossSpace(sentence, index, -1)
  if (before && doVerbs.has(before)) return true
  if (participle.toLowerCase() !== 'done') return false
  const after = wordAcrossSpace(sentence, index + 2, 1)
  const next = sentence.children[index + 3]
  // At the end of a clause `done` is finished: “after the page is done, …”, “when the upload is done.”
  const endsClause = next === undefined || next.type === 'PunctuationNode'
  return (
    endsClause ||
    (before !== undefined && persons.has(before)) ||
    (after !== undefined && (after === 'with' || after.endsWith('ing')))
  )
}

/**
 * The modal before a `be` verb that makes the passive an instruction with the reader left out: “can be
 * found”, “must first be set”, “needs to be done”. Returns the modal's first word and the words up to `be`.
 */
function readerModalBefore(sentence: NlcstParent, verb: Word): {word: Word; phrase: string} | undefined {
  if (toString(verb).toLowerCase() !== 'be') return undefined
  let index = sentence.children.indexOf(verb)
  const words: Word[] = []
  const previous = () => {
    const space = sentence.children[index - 1]
    const word = sentence.children[index - 2]
    return space?.type === 'WhiteSpaceNode' && word?.type === 'WordNode' ? word : undefined
  }
  let word = previous()
  if (word && modalAdverbs.has(toString(word).toLowerCase())) {
    words.unshift(word)
    index -= 2
    word = previous()
  }
  if (!word) return undefined
  const text = toString(word).toLowerCase().replace(/’/g, "'")
  if (readerModals.has(text)) {
    words.unshift(word)
  } else if (text === 'to') {
    index -= 2
    const head = previous()
    if (!head || !modalsBeforeTo.has(toString(head).toLowerCase())) return undefined
    words.unshift(head, word)
  } else {
    return undefined
  }
  // “You can be charged”: the reader is the subject already.
  index = sentence.children.indexOf(words[0]!)
  const subject = previous()
  if (subject && persons.has(toString(subject).toLowerCase())) return undefined
  return {word: words[0]!, phrase: words.map((item) => toString(item)).join(' ')}
}

/** The lower-case word one white space before (`step` -1) or after (`step` 1) the node at `index`. */
function wordAcrossSpace(sentence: NlcstParent, index: number, step: -1 | 1): string | undefined {
  const space = sentence.children[index + step]
  const word = sentence.children[index + 2 * step]
  return space?.type === 'WhiteSpaceNode' && word?.type === 'WordNode' ? toString(word).toLowerCase() : undefined
}

/**
 * The `be` verb retext-passive matched, when only white space separates it from the participle:
 * retext-passive looks past inline code and punctuation (“is `x` given”, “is, given”), which is not
 * a verb phrase.
 */
function beVerbBefore(sentence: NlcstParent, participleStart: Point): Word | undefined {
  const index = sentence.children.findIndex((child) => child.position?.start.offset === participleStart.offset)
  const space = sentence.children[index - 1]
  const verb = sentence.children[index - 2]
  if (index < 2 || space?.type !== 'WhiteSpaceNode' || verb?.type !== 'WordNode') return undefined
  return verb
}

/**
 * Whether the block may hold a `be` verb, white space and a participle as adjacent words of its
 * retext tree: the only findings this rule keeps. A necessary condition, never a judgement.
 */
export function mayBePassive(block: ProseBlock, participles: ReadonlySet<string> | undefined): boolean {
  if (!participles || prechecksOff) return true
  const text = block.words()
  beVerbWord.lastIndex = 0
  for (let match = beVerbWord.exec(text); match; match = beVerbWord.exec(text)) {
    const run = match[1]!
    // The participle word may end at the end of the run or before any apostrophe or hyphen in it.
    for (let end = 1; end <= run.length; end++) {
      if (end < run.length && !"'’-".includes(run[end]!)) continue
      if (participles.has(run.slice(0, end).toLowerCase().replace(/['’-]/g, ''))) return true
    }
    // The next match may start inside this one (“is being given”).
    beVerbWord.lastIndex = match.index + 1
  }
  return false
}
