import type {Parent as NlcstParent, Root as NlcstRoot, Sentence, SentenceContent, Word} from 'nlcst'
import {toString} from 'nlcst-to-string'
import type retextPassive from 'retext-passive'
import type {Root} from 'mdast'
import type {Node, Point} from 'unist'
import {visitParents} from '../src/shared/walk.js'
import {defineRule, type RuleContext} from '../src/rule.js'
import {
  constraintPhrases,
  constraintWords,
  construalParticiples,
  doVerbs,
  modalAdverbs,
  modalsBeforeTo,
  negations,
  otherLanguages,
  notVerbsAfterTo,
  noticeVerbs,
  obligationModals,
  persons,
  placeOpeners,
  placePrepositions,
  pointers,
  languagePointers,
  possibilityModals,
  conditionsBefore,
  fieldComponents,
  freeWhere,
  mannerNouns,
  readerActions,
  regularReaderActions,
  strandedPrepositions,
  subordinators,
  untouchedStates,
  waysCounts,
  whereOrHow
} from './passive-voice.data.js'
import {languagePassives, type PassiveLanguage} from './shared/passive-languages.js'
import {asksQuestion, clauseTokensAfter, clauseWordsBefore, endsSentenceAfter, holdsPhrase, wordText} from './shared/clauses.js'
import {quotedWords, sentencesWithQuotes} from './shared/prose.js'
import {instructionLanguages, wordListSchema} from './shared/options.js'
import {prechecksOff, type ProseBlock} from '../src/page/page.js'
import {load} from '../src/shared/lazy.js'
import {isCodeReference} from './shared/code-reference.js'
import {impersonalAdvice, mayGiveImpersonalAdvice} from './shared/impersonal-advice.js'
import {byDoing, irregularPassives, mayBePassive, participleTest, regularPassives, wordAcrossSpace} from './shared/passive-candidates.js'

interface Options {
  /** Participles retext-passive should not report, such as `known` or `set`. */
  ignore: string[]
  /** Also read the regular participles of a reader's steps (`configured`, `deployed`). */
  regularParticiples: boolean
  /**
   * What to report: `pointers`, a passive that points the reader somewhere (“can be found in
   * Settings”), or `instructions`, every passive that hides a step of the reader's (“must be set”,
   * “can be done by running …”) as well.
   */
  scope: 'pointers' | 'instructions'
}

export default defineRule<Options>({
  id: 'passive-voice',
  severity: 'info',
  summary: 'Instructions are in active voice: no passive that hides the reader’s own action (`can be found`, `must be set`)',
  fixable: false,
  // By default only the pointers (`can be found`): part of what “active voice” asks.
  conventions: [{id: 'active-voice', coverage: 'partial'}],
  thirdParty: {vale: true},
  prose: true,
  // Japanese, Chinese, Korean and the other languages have no passive this rule can tell apart
  // precisely: their pages are left alone, and the run says so once.
  languages: instructionLanguages,
  options: {
    type: 'object',
    properties: {ignore: wordListSchema, regularParticiples: {type: 'boolean'}, scope: {enum: ['pointers', 'instructions']}},
    additionalProperties: false
  },
  defaults: {ignore: [], regularParticiples: false, scope: 'pointers'},
  create(options) {
    const findPassive = (load('retext-passive') as typeof import('retext-passive')).default({ignore: options.ignore})
    const pointersOnly = options.scope === 'pointers'
    // Regular participles are read when the option asks; by default only for the how (“can be enabled by setting …”).
    const regular = new Set(options.regularParticiples || pointersOnly ? [...regularReaderActions].filter((word) => !options.ignore.includes(word)) : [])
    const isParticiple = participleTest(findPassive, regular)
    return function (tree, {page, report}) {
      const language = otherLanguages[page.language]
      if (language) {
        reportLanguagePassives(page.proseBlocks(), language, report, pointersOnly ? languagePointers[page.language] : undefined)
        return
      }
      // Walked only for a page that may hold a passive: most pages have none.
      let fields: Set<Node> | undefined
      // A sentence repeated on the page (a docstring a generator copies into each class) is one
      // mistake: it is reported at its first place only.
      const reported = new Set<string>()
      // A reference generated from code carries its docstrings' prose: advice there is fixed in the code.
      // The means (“by setting …”) is read outside such a reference only.
      const generated = isCodeReference(tree)
      for (const block of page.proseBlocks()) {
        if (!generated && mayGiveImpersonalAdvice(block)) {
          for (const {start, end, phrase} of impersonalAdvice(block.prose())) {
            report({message: 'Unexpected passive voice `' + phrase + '`, expected the instruction itself, an imperative (`Use …`), or `we recommend …`', place: {start, end}, actual: phrase})
          }
        }
        // Cheap pre-check on the block's text: no `be` verb right before a participle, no finding.
        if (!mayBePassive(block, isParticiple)) continue
        for (const {verb, end, phrase, sentence} of passiveFindings(block.prose(), findPassive, (fields ??= fieldDescriptions(tree)).has(block.node), regular, pointersOnly, pointersOnly && !generated)) {
          if (reported.has(sentence)) continue
          reported.add(sentence)
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

/** The paragraphs that describe one field: inside `<ParamField>`, `<ResponseField>` and the like. */
function fieldDescriptions(tree: Root): Set<Node> {
  const inside = new Set<Node>()
  visitParents(tree, 'paragraph', (paragraph, ancestors) => {
    if (ancestors.some((node) => node.type === 'mdxJsxFlowElement' && fieldComponents.has(node.name ?? ''))) inside.add(paragraph)
  })
  return inside
}

/** The passives of a page in German, Spanish, French or Portuguese. */
function reportLanguagePassives(blocks: ProseBlock[], language: PassiveLanguage, report: RuleContext['report'], pointer?: RegExp): void {
  const be = new RegExp('(?<!\\p{L})' + language.be + '(?!\\p{L})', 'iu')
  for (const block of blocks) {
    if (!prechecksOff && !be.test(block.words())) continue
    for (const {sentence, quoted} of sentencesWithQuotes(block.prose())) {
      for (const {start, end, phrase} of languagePassives(sentence.children, language)) {
        if (quoted.has(start) || (pointer && !pointer.test(phrase))) continue
        report({
          message: 'Unexpected passive voice `' + phrase + '`, expected active voice that names the reader, or an imperative',
          place: {start: start.position!.start, end: end.position!.end},
          actual: phrase
        })
      }
    }
  }
}

export interface PassiveFinding {
  verb: Word
  /** End of the participle. */
  end: Point
  phrase: string
  /** The sentence, white space collapsed: the same words elsewhere on the page are the same mistake. */
  sentence: string
}

/**
 * The passive phrases of a block's prose tree that this rule reports. `regular` holds the regular
 * participles (`configured`) that retext-passive does not know, when the option asks for them; none
 * is read in a field's description, where a passive obligation is the API's contract (“must be
 * encoded”, “should be provided”). `pointersOnly` keeps the passives that point the reader somewhere
 * (“can be found in …”), and with `means` those that name the reader's means (“can be enabled by
 * setting …”).
 */
export function passiveFindings(
  prose: NlcstRoot,
  findPassive: ReturnType<typeof retextPassive>,
  inField = false,
  regular: ReadonlySet<string> = new Set(),
  pointersOnly = false,
  means = false
): PassiveFinding[] {
  const candidates = [...irregularPassives(prose, findPassive), ...(inField || regular.size === 0 ? [] : regularPassives(prose, regular))]
  if (candidates.length === 0) return []
  // An example phrase in quotes (“"the token is sent"”) is a mention, not the page's voice.
  const quoted = new Set(prose.children.flatMap((paragraph) => (paragraph.type === 'ParagraphNode' ? [...quotedWords(paragraph)] : [])))
  const found: PassiveFinding[] = []
  for (const {sentence, participle, actual, end} of candidates) {
    const verb = beVerbBefore(sentence, participle)
    if (!verb?.position || quoted.has(verb) || isNotPassive(sentence, verb, actual)) continue
    // A passive that describes what a system does names no task; one after a modal hides the reader's.
    const modal = readerModalBefore(sentence, verb)
    if (!modal || !isInstruction(sentence.children as SentenceContent[], modal, participle, inField)) continue
    const pointer = modal.kind === 'possibility' && pointers.has(actual.toLowerCase())
    if (pointersOnly && !pointer && !(means && byDoing(sentence.children as SentenceContent[], participle))) continue
    found.push({
      verb: modal.word,
      end,
      phrase: modal.phrase + ' ' + toString(verb) + ' ' + actual,
      sentence: toString(sentence as Sentence).replace(/\s+/g, ' ') + ' | ' + toString(verb) + ' ' + actual
    })
  }
  return found
}

/**
 * “all you need to do is run the script” (a bare infinitive) and `done` meaning finished (“when you
 * are done”, “is done editing”, “are done with”, “once the upload is done, …”) are not passive.
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

interface Modal {
  /** The modal's first word: `must`, `can`, `needs` (of “needs to”). */
  word: Word
  /** The words from the modal to `be`: “can also”, “needs to”. */
  phrase: string
  /** An obligation (“must be set”) or a possibility (“can be found”). */
  kind: 'obligation' | 'possibility'
  /** The adverb between the modal and `be`: “can only be set” (a limit), “can now be set” (news). */
  adverb: string
}

/**
 * The modal before a `be` verb that makes the passive an instruction with the reader left out: “can be
 * found”, “must first be set”, “needs to be done”.
 */
function readerModalBefore(sentence: NlcstParent, verb: Word): Modal | undefined {
  if (toString(verb).toLowerCase() !== 'be') return undefined
  let index = sentence.children.indexOf(verb)
  const words: Word[] = []
  const previous = () => {
    const space = sentence.children[index - 1]
    const word = sentence.children[index - 2]
    return space?.type === 'WhiteSpaceNode' && word?.type === 'WordNode' ? word : undefined
  }
  let word = previous()
  let adverb = ''
  if (word && modalAdverbs.has(toString(word).toLowerCase())) {
    adverb = toString(word).toLowerCase()
    words.unshift(word)
    index -= 2
    word = previous()
  }
  if (!word) return undefined
  const text = toString(word).toLowerCase().replace(/’/g, "'")
  let kind: Modal['kind']
  if (obligationModals.has(text) || possibilityModals.has(text)) {
    kind = obligationModals.has(text) ? 'obligation' : 'possibility'
    words.unshift(word)
  } else if (text === 'to') {
    index -= 2
    const head = previous()
    if (!head || !modalsBeforeTo.has(toString(head).toLowerCase())) return undefined
    kind = 'obligation'
    words.unshift(head, word)
  } else {
    return undefined
  }
  // “You can be charged”: the reader is the subject already.
  index = sentence.children.indexOf(words[0]!)
  const subject = previous()
  if (subject && persons.has(toString(subject).toLowerCase())) return undefined
  return {word: words[0]!, phrase: words.map((item) => toString(item)).join(' '), kind, adverb}
}

/**
 * Whether the passive tells the reader to do something (“the key must be set”, “the logs can be found
 * in `~/.app`”) rather than describe the system: a negated modal, a clause inside the sentence, a
 * subject that counts or limits, an event or a way of seeing, an actor named by `by`, or a possibility
 * with no where or how after it.
 */
function isInstruction(children: SentenceContent[], modal: Modal, participle: number, inField: boolean): boolean {
  const at = children.indexOf(modal.word)
  const before = clauseWordsBefore(children, at).map((word) => wordText(word))
  // “only needs to be done once”: a limit that reassures, the instruction is elsewhere.
  if (asksQuestion(children) || negations.has(before.at(-1) ?? '') || before.at(-1) === 'only' || isEmbedded(before) || limitsSubject(before)) return false
  const action = wordText(children[participle])
  if (!readerActions.has(action) && !regularReaderActions.has(action)) return false
  // “**uv**: Must be installed and on your PATH”, “Must be called first.”: a requirement without its
  // subject is written as a contract, as a field's description is.
  if (before.length === 0 && regularReaderActions.has(action)) return false
  const after = clauseTokensAfter(children, participle)
  const next = wordText(after[0])
  // “must be left unset”: the reader is told not to act.
  if (action === 'left' && untouchedStates.has(next)) return false
  // “must be set to `EXTERNAL` (which is the default)”: the system has it so already.
  if (namesTheDefault(children, participle)) return false
  if (construalParticiples.has(action) && next === 'as') return false
  // A relative clause with no pronoun ends on its preposition: “the time the lease should be held for.”
  if (after.length === 1 && strandedPrepositions.has(next) && endsSentenceAfter(children, children.indexOf(after[0]!))) return false
  // “can be driven by an LLM” names the actor; “by running the script” is the how.
  const by = after.findIndex((token) => wordText(token) === 'by')
  if (by >= 0 && !wordText(after[by + 1]).endsWith('ing')) return false
  // In a field's description, the value it must hold is the API's contract (“This field should be set
  // to `rtvi-ai`”); another way to give it (“Can also be set via `API_KEY`”) is still the reader's.
  // “Should only be set if `mem_limit` is also set”: a limit, as “can only be set to 5 or 10”.
  if (modal.adverb === 'only') return false
  if (modal.kind === 'obligation') return !(inField && next === 'to')
  // “can now be set” announces what the product allows.
  if (modal.adverb === 'now') return false
  // “can be found” points the reader somewhere: the where may come later (“… when creating an object”).
  return pointers.has(action) || saysWhereOrHow(after) || startsWithPurpose(children)
}

/** Whether the words before the modal open a clause inside the sentence (“if …”, “tasks that …”). */
function isEmbedded(before: readonly string[]): boolean {
  let last = before.length - 1
  // “how to use …”, “what to set”: an infinitive, not a clause.
  while (last >= 0 && (!subordinators.has(before[last]!) || before[last + 1] === 'to')) last--
  if (last < 0) return false
  const word = before[last]!
  // A non-restrictive “…, which can be found in …” is a sentence of its own.
  if (word === 'which' && last === 0) return false
  // “Note that the key must be set”: the reader is told. “That value must be set”: a determiner.
  if (word === 'that') return !(last === 0 && before.length > 1) && !noticeVerbs.has(before[last - 1] ?? '')
  return true
}

/** Whether the subject counts or limits what is set: “either A or B”, “no state”, “only one of”. */
function limitsSubject(before: readonly string[]): boolean {
  return before[0] === 'only' || before.some((word) => constraintWords.has(word)) || constraintPhrases.some((phrase) => holdsPhrase(before, phrase))
}

/**
 * Whether the clause after `can be <participle>` says where or how: “in the dashboard”, “using the
 * CLI”, “by running …”, “with `flag`”, or a purpose after the value (“set to `true` to hide it”).
 */
function saysWhereOrHow(after: readonly SentenceContent[]): boolean {
  // “can be added anywhere in a workflow”: what the system allows, wherever it is.
  if (freeWhere.has(wordText(after[0]))) return false
  return after.some((token, index) => {
    const word = wordText(token)
    // “in a deterministic fashion”, “in the same way”: a manner, not a place.
    if (word === 'in' && namesManner(after, index)) return false
    // “can be run in different ways”: how many ways there are, an overview; not the how.
    if (word === 'in' && countsWays(after, index)) return false
    // “can be set in your environment”, “in the `config` section”, “in Kubernetes” name a place; “can
    // be run in batch mode”, “can be done in sync”, “fed into any context window” say what the system allows.
    if (placePrepositions.has(word) && !namesPlace(after[index + 1])) return false
    // “depending on the deployment”, “based on the plan”: a condition, not a where.
    if (whereOrHow.has(word)) return !conditionsBefore.has(wordText(after[index - 1]))
    if (word === 'by') return wordText(after[index + 1]).endsWith('ing')
    // “with `addListener`”, “with the `credentials` setting”: a means; “with vision support” is not.
    if (word === 'with') return after.slice(index + 1, index + 4).some((next) => next.type === 'SourceNode')
    // `to` right after the participle is a value or a recipient (“set to `true`”, “sent to the API”).
    const verb = after[index + 1]
    return word === 'to' && index > 0 && verb?.type === 'WordNode' && /^[a-z]+$/.test(toString(verb)) && !notVerbsAfterTo.has(wordText(verb))
  })
}

/** Whether `in` at `index` opens a manner: a manner noun within its next three words. */
function namesManner(after: readonly SentenceContent[], index: number): boolean {
  return after.slice(index + 1, index + 4).some((token) => mannerNouns.has(wordText(token)))
}

/** Whether the token after a preposition opens a place: a determiner (“the”, “your”), code or a name. */
function namesPlace(token: SentenceContent | undefined): boolean {
  if (!token) return false
  if (token.type === 'SourceNode') return true
  return token.type === 'WordNode' && (placeOpeners.has(wordText(token)) || /^\p{Lu}/u.test(toString(token)))
}

/** Whether the rest of the sentence says the value is the default already: “(which is the default)”. */
function namesTheDefault(children: readonly SentenceContent[], participle: number): boolean {
  const words = children.slice(participle + 1).filter((node) => node.type === 'WordNode').map((word) => wordText(word))
  return words.some((word, index) => word === 'default' && (words[index - 1] === 'the' || words[index - 1] === 'by'))
}

/** Whether `in` at `index` opens “in different ways”, “in several ways”, “in a few ways”. */
function countsWays(after: readonly SentenceContent[], index: number): boolean {
  const words = after.slice(index + 1).filter((token) => token.type === 'WordNode').slice(0, 4).map((word) => wordText(word))
  const ways = words.indexOf('ways')
  return ways > 0 && words.slice(0, ways).every((word) => waysCounts.has(word))
}

/** Whether the sentence opens with its purpose: “To search the trash, the parameter can be set to …”. */
function startsWithPurpose(children: readonly SentenceContent[]): boolean {
  const words = children.filter((node) => node.type === 'WordNode').slice(0, 3).map((word) => wordText(word))
  return words[0] === 'to' || (words[0] === 'in' && words[1] === 'order' && words[2] === 'to')
}

/**
 * The `be` verb retext-passive matched, when only white space separates it from the participle at
 * `index`: retext-passive looks past inline code and punctuation (“is `x` given”, “is, given”), which
 * is not a verb phrase.
 */
function beVerbBefore(sentence: NlcstParent, index: number): Word | undefined {
  const space = sentence.children[index - 1]
  const verb = sentence.children[index - 2]
  if (index < 2 || space?.type !== 'WhiteSpaceNode' || verb?.type !== 'WordNode') return undefined
  return verb
}
