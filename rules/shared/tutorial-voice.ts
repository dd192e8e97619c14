// Who a first-person plural speaks for: the tutorial's “we” that means the reader (“let's install the
// CLI”, “next, we'll configure our app”), or the company and its maintainers speaking for themselves
// (“we provide three hooks”, “let us know”, “we replace the callback mechanism”, “see our code of conduct”).
import type {Paragraph, SentenceContent, Word} from 'nlcst'
import {toString} from 'nlcst-to-string'
import {wordText} from './clauses.js'
import {
  contactVerbs,
  hypothesisVerbs,
  letOpeners,
  plannedAuxiliaries,
  sequencers,
  startVerbs,
  tutorialFrames,
  tutorialObjects,
  tutorialVerbs,
  twoParties,
  weAuxiliaries
} from './tutorial-voice.data.js'

/** Words after the thing `our` names that end its noun phrase: “our app to …”, “our agent is ready”. */
const phraseEnds: ReadonlySet<string> = new Set([
  'and', 'are', 'as', 'at', 'but', 'by', 'can', 'for', 'from', 'has', 'have', 'in', 'into', 'is', 'must', 'needs',
  'on', 'or', 'should', 'so', 'that', 'then', 'to', 'using', 'was', 'when', 'where', 'which', 'while', 'will', 'with'
])

/**
 * Whether the plural first person at `index` (lower-case `key`: `we`, `we'll`, `our`, `us`, `let's`)
 * speaks for writer and reader together, as a tutorial does. `tutorialParagraph` says whether the
 * paragraph speaks so elsewhere, which makes its `our app` the reader's.
 */
export function speaksWithReader(children: readonly SentenceContent[], index: number, key: string, tutorialParagraph: boolean): boolean {
  if (key === "let's") {
    // “Let's discuss your plan” asks the reader to talk to the company, “let's say …” supposes, and
    // “let's you” is `lets` mistyped.
    const next = wordText(wordAfter(children, index))
    return !contactVerbs.has(next) && !hypothesisVerbs.has(next) && next !== 'you'
  }
  if (key === 'us') return isLetUs(children, index)
  if (key === 'our') return ownsTutorialObject(children, index, tutorialParagraph)
  if (key === 'ours' || key === 'ourselves' || !key.startsWith('we')) return false
  return doesReadersWork(children, index, key)
}

/** Whether the paragraph speaks as a tutorial anywhere: a `let's`, or a `we` doing the reader's work. */
export function speaksAsTutorial(paragraph: Paragraph): boolean {
  return paragraph.children.some(
    (sentence) =>
      sentence.type === 'SentenceNode' &&
      sentence.children.some((node, index) => {
        if (node.type !== 'WordNode') return false
        const key = wordText(node)
        return key !== 'our' && (key === "let's" || key === 'us' || key.startsWith('we')) && speaksWithReader(sentence.children, index, key, false)
      })
  )
}

/**
 * `let us <verb>` as an imperative (“Now let us try”, “Let us look at an example”), not “let us know”
 * (contact the company) nor “language models let us write software” (`let` meaning allow).
 */
function isLetUs(children: readonly SentenceContent[], index: number): boolean {
  const space = children[index - 1]
  const letWord = children[index - 2]
  if (space?.type !== 'WhiteSpaceNode' || wordText(letWord) !== 'let') return false
  const next = wordText(wordAfter(children, index))
  if (contactVerbs.has(next) || hypothesisVerbs.has(next)) return false
  const before = children[index - 3]?.type === 'WhiteSpaceNode' ? children[index - 4] : children[index - 3]
  // After a closing bracket the subject came first: “Large language models (LLMs) let us write …”.
  if (before?.type === 'PunctuationNode') return toString(before) !== ')'
  return before === undefined || (before.type === 'WordNode' && letOpeners.has(wordText(before)))
}

/**
 * `our` before what the reader builds (“add the route to our app”), in a tutorial's sentence or
 * paragraph. Not a name (“our Model Evaluation page”), a longer noun phrase (“our request form”, “our
 * code of conduct”), nor beside `you` (“connect to our service from your app”).
 */
function ownsTutorialObject(children: readonly SentenceContent[], index: number, tutorialParagraph: boolean): boolean {
  const object = wordAfter(children, index)
  const written = object ? toString(object) : ''
  if (!object || written !== written.toLowerCase() || !tutorialObjects.has(written)) return false
  const position = children.indexOf(object)
  const next = children[position + 1]?.type === 'WhiteSpaceNode' ? children[position + 2] : children[position + 1]
  if (next?.type === 'WordNode' && !phraseEnds.has(wordText(next))) return false
  if (addressesReader(children)) return false
  return tutorialParagraph || isFramed(children, index) || startsWithTask(children)
}

/**
 * `we` before the reader's work, narrated as a step to take (“we will install”, “we need to set”, “next,
 * we create”, “we start by importing”), in a sentence that does not also speak to `you`. “We build
 * infrastructure”, “we provide three hooks” and “when you deploy, we build your code” are the company's.
 */
function doesReadersWork(children: readonly SentenceContent[], index: number, key: string): boolean {
  let planned = key === "we'll"
  let position = index
  let verb = ''
  for (let step = 0; step < 5 && !verb; step++) {
    const next = children[position + 1]?.type === 'WhiteSpaceNode' ? children[position + 2] : undefined
    if (next?.type !== 'WordNode') return false
    const word = wordText(next)
    if (tutorialVerbs.has(word)) verb = word
    else if (!weAuxiliaries.has(word)) return false
    planned ||= plannedAuxiliaries.has(word)
    position += 2
  }
  if (!verb) return false
  const startsStep = startVerbs.has(verb) && ['by', 'with'].includes(wordText(wordAfter(children, position)))
  return (planned || startsStep || isFramed(children, index)) && !addressesReader(children)
}

/** Whether a word before `index` places the sentence in the tutorial: “Now …”, “In this example, …”. */
function isFramed(children: readonly SentenceContent[], index: number): boolean {
  const words = children.slice(0, index).filter((node) => node.type === 'WordNode').map((node) => wordText(node))
  return words.some((word, at) => sequencers.has(word) || (word === 'this' && tutorialFrames.has(words[at + 1] ?? '')))
}

/** Whether the sentence is an instruction that starts with the reader's task: “Create our project”. */
function startsWithTask(children: readonly SentenceContent[]): boolean {
  const first = children.find((node) => node.type === 'WordNode')
  return first !== undefined && tutorialVerbs.has(wordText(first))
}

/** Whether the sentence also speaks to the reader as `you`, or promises what the company will do. */
function addressesReader(children: readonly SentenceContent[]): boolean {
  return children.some((node) => node.type === 'WordNode' && twoParties.has(wordText(node)))
}

/** The word before the node at `index`, unless inline code comes first. */
export function wordBefore(children: readonly SentenceContent[], index: number): Word | undefined {
  for (let position = index - 1; position >= 0; position--) {
    const node = children[position]!
    if (node.type === 'WordNode') return node
    if (node.type === 'SourceNode') return undefined
  }
  return undefined
}

/** The word after the node at `index`, unless inline code comes first. */
export function wordAfter(children: readonly SentenceContent[], index: number): Word | undefined {
  for (let position = index + 1; position < children.length; position++) {
    const node = children[position]!
    if (node.type === 'WordNode') return node
    if (node.type === 'SourceNode') return undefined
  }
  return undefined
}

/** The words of the tutorial's “we” in one language besides English. All lower case. */
export interface TutorialLanguage {
  /** Phrases that mean “let's” whatever follows: `lass uns`, `lassen sie uns`. */
  letUs: ReadonlyArray<readonly string[]>
  /** `we` with an auxiliary of a step still to take, before an infinitive: `vamos a`, `nous allons`. */
  planned: ReadonlyArray<readonly string[]>
  /** The infinitive after `planned`: right after it, or (German) closing the clause. */
  infinitive: RegExp
  infinitiveLast: boolean
  /** First person plural imperatives of the reader's work, opening a sentence: `créons`, `veamos`. */
  imperatives: ReadonlySet<string>
  /** Words that may come before such an imperative or between `planned` and the infinitive. */
  sequencers: ReadonlySet<string>
  /** Words after an imperative that make it a statement: Spanish `creemos que` (“we believe that”). */
  notImperativeBefore: ReadonlySet<string>
  /** Words that address the reader or promise what the company will do (`vous`, `pronto`). */
  twoParties: ReadonlySet<string>
  /** The reader addressed formally with a capital, not at the start of the sentence: German `Sie`, `Ihre`. */
  formalAddress: ReadonlySet<string>
}

export interface LanguageFirstPerson {
  start: Word
  end: Word
  phrase: string
}

const triggers = new WeakMap<TutorialLanguage, RegExp>()

/** A cheap test on a block's text: none of these words, no finding of `languageTutorialWe`. */
export function mayHaveTutorialWe(text: string, language: TutorialLanguage): boolean {
  let trigger = triggers.get(language)
  if (!trigger) {
    const first = [...language.letUs, ...language.planned].map((phrase) => phrase[0]!)
    trigger = new RegExp('(?<!\\p{L})(?:' + [...first, ...language.imperatives].join('|') + ')(?!\\p{L})', 'iu')
    triggers.set(language, trigger)
  }
  return trigger.test(text)
}

/** The tutorial's “we” in a sentence of a language of `TutorialLanguage`. */
export function languageTutorialWe(children: readonly SentenceContent[], language: TutorialLanguage): LanguageFirstPerson[] {
  const words = children.filter((node): node is Word => node.type === 'WordNode')
  const texts = words.map((word) => wordText(word))
  // “Lassen Sie uns …” is a “let's” in the formal address, not a second party.
  const inLetUs = (at: number) => language.letUs.some((phrase) => phrase.some((_, offset) => startsAt(texts, at - offset, phrase, words)))
  const formal = (word: Word, at: number) => language.formalAddress.has(toString(word)) && at > 0 && !inLetUs(at)
  if (words.some((word, at) => language.twoParties.has(texts[at]!) || formal(word, at))) return []
  const found: LanguageFirstPerson[] = []
  const push = (from: number, to: number) => found.push({start: words[from]!, end: words[to]!, phrase: words.slice(from, to + 1).map((word) => toString(word)).join(' ')})
  for (let index = 0; index < words.length; index++) {
    const letUs = language.letUs.find((phrase) => startsAt(texts, index, phrase, words))
    if (letUs) push(index, index + letUs.length - 1)
    const planned = language.planned.find((phrase) => startsAt(texts, index, phrase, words))
    if (planned && hasInfinitive(words, index + planned.length, language)) push(index, index + planned.length - 1)
    const opensSentence = texts.slice(0, index).every((text) => language.sequencers.has(text))
    if (opensSentence && language.imperatives.has(texts[index]!) && !language.notImperativeBefore.has(texts[index + 1] ?? '')) push(index, index)
  }
  return found
}

function startsAt(texts: readonly string[], index: number, phrase: readonly string[], words: readonly Word[]): boolean {
  if (index < 0 || !phrase.every((part, offset) => texts[index + offset] === part)) return false
  // The words must be next to each other in the sentence, with only white space between.
  for (let offset = 1; offset < phrase.length; offset++) {
    const previous = words[index + offset - 1]!.position?.end.offset ?? 0
    const next = words[index + offset]!.position?.start.offset ?? 0
    if (next - previous !== 1) return false
  }
  return true
}

/** An infinitive right after `planned` (sequencing words aside), or closing the clause (German). */
function hasInfinitive(words: readonly Word[], index: number, language: TutorialLanguage): boolean {
  if (language.infinitiveLast) {
    const last = words.at(-1)
    return last !== undefined && words.indexOf(last) >= index && toString(last) === toString(last).toLowerCase() && language.infinitive.test(wordText(last))
  }
  let at = index
  while (at < words.length && language.sequencers.has(wordText(words[at]))) at++
  return at < words.length && language.infinitive.test(wordText(words[at]))
}
