import type {Nodes, Root} from 'mdast'
import type {Paragraph, Sentence, SentenceContent, Word} from 'nlcst'
import {toString as mdastToString} from 'mdast-util-to-string'
import {toString} from 'nlcst-to-string'
import {visit} from '../src/shared/walk.js'
import {joinAnd} from '../src/shared/text.js'
import {defineRule, type RuleContext} from '../src/rule.js'
import {quotedWords, sentencesWithQuotes} from './shared/prose.js'
import {languageTutorialWe, mayHaveTutorialWe, speaksAsTutorial, speaksWithReader, wordAfter, wordBefore, type TutorialLanguage} from './shared/tutorial-voice.js'
import {instructionLanguages, wordListOptions} from './shared/options.js'
import {prechecksOff} from '../src/page/page.js'
import {holdsBlocks} from '../src/platform/facts.js'
import {
  clauseOpeners,
  firstPerson,
  labelComponents,
  maxLabelWords,
  numeralContext,
  optionalAdverbs,
  readerTasks,
  romanNumeral,
  interrogatives,
  singular,
  userObligations,
  companyVoicePaths,
  maintainerVoicePaths,
  otherLanguages,
  requestAdverbs,
  ownVoiceComponents
} from './second-person.data.js'

interface Options {
  /** Words and phrases not to report, such as `we` or `the user`. */
  allow: string[]
}

type Range = readonly [start: number, end: number]

const firstPersonWord = /\b(?:we|our|ours|ourselves|us|let|i|my|me|myself)\b/i
/**
 * “the user” or “users” is reported only when the first word of one of `userObligations` follows it
 * (`test/prose-prechecks.test.ts` checks that every obligation matches).
 */
export const userThenObligation = /(?<!\p{L})users?\s+(?:must|should|needs?|ha(?:ve|s)|will|is|are)(?!\p{L})/iu

export default defineRule<Options>({
  id: 'second-person',
  severity: 'info',
  summary: 'Instructions address the reader as `you`: no first person (`we`, `our`, `I`) and no “the user”',
  fixable: false,
  conventions: [{id: 'second-person', coverage: 'full'}],
  thirdParty: {vale: true},
  prose: true,
  // Japanese, Chinese, Korean and the other languages are left alone (the run says so once): their
  // first person and polite forms cannot be told apart from the tutorial's “we” by word lists.
  languages: instructionLanguages,
  options: wordListOptions('allow'),
  defaults: {allow: []},
  create(options) {
    const allowed = new Set(options.allow.map((phrase) => normalize(phrase)))
    return function (tree, context) {
      // A changelog, a legal page or a code of conduct speaks for the company, in its voice.
      if (companyVoicePaths.test(context.file.path ?? '')) return
      // In an API reference or a contributor guide, `we` is the maintainers describing their code.
      const maintainers = maintainerVoicePaths.test(context.file.path ?? '')
      const language = otherLanguages[context.page.language]
      if (language) {
        if (!maintainers) checkLanguage(tree, language, context)
        return
      }
      let labels: Range[] | undefined
      for (const block of context.page.proseBlocks()) {
        // Cheap pre-check on the plain text before the block is given to retext.
        if (!prechecksOff && !firstPersonWord.test(block.text) && !userThenObligation.test(block.words())) continue
        labels ??= labelRanges(tree)
        for (const paragraph of block.prose().children) {
          if (paragraph.type === 'ParagraphNode') checkParagraph(paragraph, {heading: block.node.type === 'heading', maintainers}, labels, allowed, context)
        }
      }
    }
  }
})

/** The tutorial's “we” on a page in German, Spanish, French or Portuguese. */
function checkLanguage(tree: Root, language: TutorialLanguage, {page, report}: RuleContext): void {
  let labels: Range[] | undefined
  for (const block of page.proseBlocks()) {
    if (block.node.type === 'heading' || (!prechecksOff && !mayHaveTutorialWe(block.text, language))) continue
    for (const {sentence, quoted} of sentencesWithQuotes(block.prose())) {
      for (const {start, end, phrase} of languageTutorialWe(sentence.children, language)) {
        labels ??= labelRanges(tree)
        if (quoted.has(start) || inside(start, labels)) continue
        report({
          message: 'Unexpected first person `' + phrase + '`, expected second person: the reader as subject, or an imperative',
          place: {start: start.position!.start, end: end.position!.end},
          actual: phrase
        })
      }
    }
  }
}

/**
 * Text that is not the page speaking to its reader: UI labels in bold, terms, keys, quotations, and
 * button-like components (`<Next>I have set up the app</Next>`) whose whole text is one short phrase.
 */
function labelRanges(tree: Root): Range[] {
  const ranges: Range[] = []
  visit(tree, (node: Nodes) => {
    const isLabel =
      node.type === 'strong' ||
      node.type === 'blockquote' ||
      ((node.type === 'mdxJsxTextElement' || node.type === 'mdxJsxFlowElement') &&
        (labelComponents.has(node.name ?? '') || ownVoiceComponents.has(node.name ?? ''))) ||
      (node.type === 'mdxJsxFlowElement' && isButtonLike(node.name, mdastToString(node))) ||
      // `<Next>I made an API call</Next>` on one line is a paragraph holding only the element.
      (node.type === 'paragraph' &&
        node.children.length === 1 &&
        node.children[0]!.type === 'mdxJsxTextElement' &&
        isButtonLike(node.children[0]!.name, mdastToString(node)))
    if (isLabel && node.position?.start.offset !== undefined && node.position.end.offset !== undefined) {
      ranges.push([node.position.start.offset, node.position.end.offset])
      return 'skip'
    }
    return undefined
  })
  return ranges
}

function isButtonLike(name: string | null | undefined, text: string): boolean {
  if (!name || !/^[A-Z]/.test(name) || holdsBlocks(name)) return false
  const phrase = text.trim()
  return phrase !== '' && !/[.!?:;]$/.test(phrase) && !phrase.includes('\n') && phrase.split(/\s+/).length <= maxLabelWords
}

/** Where a paragraph stands: in a heading, on a page where `we` is the maintainers'. */
interface Voice {
  heading: boolean
  maintainers: boolean
}

function checkParagraph(paragraph: Paragraph, {heading, maintainers}: Voice, labels: Range[], allowed: Set<string>, {report}: RuleContext): void {
  const quoted = quotedWords(paragraph)
  let tutorial: boolean | undefined
  for (const sentence of paragraph.children) {
    if (sentence.type !== 'SentenceNode') continue
    const children = sentence.children
    const question = isQuestion(sentence) || (heading && startsWithInterrogative(sentence))
    // The writer alone asks for the sentence reworded: one finding for the sentence, naming each word.
    const writerAlone: Word[] = []
    for (let index = 0; index < children.length; index++) {
      const node = children[index]!
      if (node.type !== 'WordNode' || quoted.has(node) || inside(node, labels)) continue
      const written = toString(node)
      const text = written.replace(/’/g, "'")
      const key = text.toLowerCase()
      const initial = isClauseStart(children, index)

      const suggestion = firstPerson.get(key)
      if (
        suggestion !== undefined &&
        !allowed.has(key) &&
        // A heading in the first person singular is the reader's: “## My data directory is too large”.
        (singular.has(key)
          ? !question && !heading && !asksAfter(children, index) && !isRequestFor(children, index, key)
          : !(maintainers && key !== "let's") && speaksWithReader(children, index, key, key === 'our' && (tutorial ??= speaksAsTutorial(paragraph)))) &&
        isPronoun(sentence, index, text, initial)
      ) {
        // “Let us take a case” is `let's` spelled out.
        const letUs = key === 'us' && children[index - 1]?.type === 'WhiteSpaceNode' ? children[index - 2] : undefined
        if (suggestion === null || (letUs?.type === 'WordNode' && toString(letUs).toLowerCase() === 'let')) {
          const start = suggestion === null ? node : (letUs as Word)
          const phrase = suggestion === null ? written : toString(start) + ' ' + written
          report({
            message: 'Unexpected first person `' + phrase + '`, expected second person: an imperative that starts with the verb',
            place: {start: start.position!.start, end: node.position!.end},
            actual: phrase
          })
          continue
        }
        if (singular.has(key)) {
          // The writer alone (“a bug report I wrote”): swapping in `you` changes who did it.
          writerAlone.push(node)
          continue
        }
        const upper = key.startsWith('i') ? initial : text !== key
        const cased = upper ? capitalize(suggestion) : suggestion
        const expected = written.includes('’') ? cased.replace(/'/g, '’') : cased
        report({
          message: 'Unexpected first person `' + written + '`, expected second person such as `' + expected + '`',
          node,
          actual: written,
          expected
        })
        continue
      }

      const user = userPhrase(children, index, key)
      if (user && !allowed.has(normalize(user.phrase)) && isToldToDoReaderTask(children, index)) {
        const expected = user.initial ? 'You' : 'you'
        report({
          message: 'Unexpected `' + user.phrase + '`, expected `' + expected + '`',
          place: {start: user.start.position!.start, end: node.position!.end},
          actual: user.phrase,
          expected
        })
      }
    }
    if (writerAlone.length > 0) {
      const words = [...new Set(writerAlone.map((word) => '`' + toString(word) + '`'))]
      report({
        message: 'Unexpected first person ' + joinAnd(words) + ', expected the sentence reworded without the first person',
        node: writerAlone[0]!,
        actual: words.join(', ').replace(/`/g, '')
      })
    }
  }
}

function startsWithInterrogative(sentence: Sentence): boolean {
  const first = sentence.children.find((node) => node.type !== 'WhiteSpaceNode')
  return first?.type === 'WordNode' && interrogatives.has(toString(first).toLowerCase())
}

/** Whether a question mark follows the word at `index` in its sentence: “See [How do I check the logs?](/faq)”. */
function asksAfter(children: SentenceContent[], index: number): boolean {
  return children.slice(index + 1).some((node) => node.type === 'PunctuationNode' && toString(node).includes('?'))
}

/**
 * Whether `me` is the object of an imperative that opens its clause: someone's request quoted without
 * quotes (“Notify me when BTC is above $80k”, “only notify me when tagged”), not the writer. “Let me
 * show you” is the writer.
 */
function isRequestFor(children: SentenceContent[], index: number, key: string): boolean {
  if (key !== 'me') return false
  const verb = wordBefore(children, index)
  if (!verb || toString(verb).toLowerCase() === 'let') return false
  const at = children.indexOf(verb)
  const before = wordBefore(children, at)
  return isClauseStart(children, at) || (before !== undefined && requestAdverbs.has(toString(before).toLowerCase()) && isClauseStart(children, children.indexOf(before)))
}

function isQuestion(sentence: Sentence): boolean {
  for (let index = sentence.children.length - 1; index >= 0; index--) {
    const node = sentence.children[index]!
    if (node.type === 'WhiteSpaceNode') continue
    return node.type === 'PunctuationNode' && toString(node).includes('?')
  }
  return false
}

/** Whether the word at `index` is the first person pronoun rather than a name, label or numeral. */
function isPronoun(sentence: Sentence, index: number, text: string, initial: boolean): boolean {
  const children = sentence.children
  if (/^I(?:'[a-z]+)?$/.test(text)) return text !== 'I' || !isNumeral(children, index)
  // The pronoun `I` is always a capital: `i` is an index (“at index i”) or a flag (`npm i`).
  if (text.startsWith('i')) return false
  const lower = text === text.toLowerCase()
  const capitalized = text === capitalize(text.toLowerCase())
  // `US` is the country, `ME` a state; a capital mid-sentence is a name or label (“Contact Us”).
  if (!lower && !(capitalized && initial)) return false
  // “My Account”, “Our Team plan”: a capital after `my`/`our` at the start names a page or product.
  const next = wordAfter(children, index)
  if (capitalized && (text === 'My' || text === 'Our') && next && /^[A-Z][a-z]/.test(toString(next))) return false
  // Glued to a hyphen or slash (“us-east-1” split oddly, “we/they”) it is part of an identifier.
  return !isGlued(children, index)
}

function isNumeral(children: SentenceContent[], index: number): boolean {
  const before = wordBefore(children, index)
  const after = wordAfter(children, index)
  if (before && children[index - 1]?.type === 'WhiteSpaceNode' && numeralContext.has(toString(before).toLowerCase())) return true
  if ((before && romanNumeral.test(toString(before))) || (after && romanNumeral.test(toString(after)))) return true
  // A list label: “I.” or “I)” opening a sentence, or “(I)”.
  const next = children[index + 1]
  const previous = children[index - 1]
  if (next?.type === 'PunctuationNode' && (toString(next) === ')' || (toString(next) === '.' && !before))) return true
  if (previous?.type === 'PunctuationNode' && toString(previous) === '(' && next && toString(next) === ')') return true
  return isGlued(children, index)
}

function isGlued(children: SentenceContent[], index: number): boolean {
  const glue = (node: SentenceContent | undefined) =>
    (node?.type === 'PunctuationNode' || node?.type === 'SymbolNode') && /^[-/_@.=+]$/.test(toString(node))
  const after = children[index + 1]
  // A full stop at the end of the sentence is not glue.
  const endsSentence = after && toString(after) === '.' && index + 2 >= children.length
  return glue(children[index - 1]) || (glue(after) && !endsSentence)
}

/**
 * `the user` or `the users` that could stand for the reader, ending at `index`. A bare `users` is the
 * people who use the product or the reader's app (“users must configure the `model_uid`”), not the
 * reader.
 */
function userPhrase(children: SentenceContent[], index: number, key: string): {phrase: string; start: Word; initial: boolean} | undefined {
  const text = toString(children[index]!)
  const before = children[index - 1]?.type === 'WhiteSpaceNode' ? children[index - 2] : undefined
  if ((key !== 'user' && key !== 'users') || before?.type !== 'WordNode' || toString(before).toLowerCase() !== 'the') return undefined
  if (text !== key && text !== capitalize(key)) return undefined
  return {phrase: toString(before) + ' ' + text, start: before, initial: isClauseStart(children, index - 2)}
}

/** `<obligation> [adverb] <reader task>` follows the word at `index`: “must install”, “needs to configure”. */
function isToldToDoReaderTask(children: SentenceContent[], index: number): boolean {
  const words: string[] = []
  let position = index + 1
  while (words.length < 5) {
    if (children[position]?.type !== 'WhiteSpaceNode') break
    const word = children[position + 1]
    if (word?.type !== 'WordNode') break
    words.push(toString(word).toLowerCase())
    position += 2
  }
  return userObligations.some((obligation) => {
    if (!obligation.every((token, offset) => words[offset] === token)) return false
    let verb = words[obligation.length]
    if (verb !== undefined && optionalAdverbs.has(verb)) verb = words[obligation.length + 1]
    return verb !== undefined && readerTasks.has(verb)
  })
}

/** Whether the word at `index` starts its sentence or a clause after a colon, dash or opening mark. */
function isClauseStart(children: SentenceContent[], index: number): boolean {
  for (let position = index - 1; position >= 0; position--) {
    const node = children[position]!
    if (node.type === 'WhiteSpaceNode') continue
    return node.type === 'PunctuationNode' && clauseOpeners.has(toString(node))
  }
  return true
}

function inside(node: Word, ranges: Range[]): boolean {
  const offset = node.position?.start.offset
  return offset !== undefined && ranges.some(([start, end]) => offset >= start && offset < end)
}

function normalize(phrase: string): string {
  return phrase.trim().toLowerCase().replace(/’/g, "'").replace(/\s+/g, ' ')
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1)
}
