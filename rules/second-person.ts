import type {Nodes, Root} from 'mdast'
import type {Paragraph, Sentence, SentenceContent, Word} from 'nlcst'
import {toString as mdastToString} from 'mdast-util-to-string'
import {toString} from 'nlcst-to-string'
import {visit} from '../src/walk.js'
import {defineRule, type RuleContext} from '../src/rule.js'
import {quotedWords} from './shared/prose.js'
import {wordListSchema} from './shared/options.js'
import {prechecksOff} from '../src/page.js'
import {holdsBlocks} from '../src/platform/facts.js'
import {
  beforeBareUsers,
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
  weAuxiliaries,
  tutorialVerbs,
  tutorialObjects,
  companyVoicePaths,
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
  languages: ['en'],
  options: {
    type: 'object',
    properties: {
      allow: wordListSchema
    },
    additionalProperties: false
  },
  defaults: {allow: []},
  create(options) {
    const allowed = new Set(options.allow.map((phrase) => normalize(phrase)))
    return function (tree, context) {
      // A changelog, a legal page or a code of conduct speaks for the company, in its voice.
      if (companyVoicePaths.test(context.file.path ?? '')) return
      let labels: Range[] | undefined
      for (const block of context.page.proseBlocks()) {
        // Cheap pre-check on the plain text before the block is given to retext.
        if (!prechecksOff && !firstPersonWord.test(block.text) && !userThenObligation.test(block.words())) continue
        labels ??= labelRanges(tree)
        for (const paragraph of block.prose().children) {
          if (paragraph.type === 'ParagraphNode') checkParagraph(paragraph, block.node.type === 'heading', labels, allowed, context)
        }
      }
    }
  }
})

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

function checkParagraph(paragraph: Paragraph, heading: boolean, labels: Range[], allowed: Set<string>, {report}: RuleContext): void {
  const quoted = quotedWords(paragraph)
  for (const sentence of paragraph.children) {
    if (sentence.type !== 'SentenceNode') continue
    const children = sentence.children
    const question = isQuestion(sentence) || (heading && startsWithInterrogative(sentence))
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
        speaksWithReader(children, index, key) &&
        !(question && singular.has(key)) &&
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
          report({
            message: 'Unexpected first person `' + written + '`, expected the sentence reworded without the first person',
            node,
            actual: written
          })
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
  }
}

/**
 * Whether a first person word speaks for writer and reader together, as a tutorial does (“let's”,
 * “we will install”, “our app”), rather than for the company (“we notify admins”, “our forum”) or a
 * person quoted. `I`, `me` and `my` are the writer alone and always count.
 */
function speaksWithReader(children: SentenceContent[], index: number, key: string): boolean {
  if (key === "let's" || singular.has(key)) return true
  if (key === 'us') {
    const before = children[index - 1]?.type === 'WhiteSpaceNode' ? children[index - 2] : undefined
    return before?.type === 'WordNode' && toString(before).toLowerCase() === 'let'
  }
  if (key === 'our') {
    const next = wordAfter(children, index)
    return next !== undefined && tutorialObjects.has(toString(next).toLowerCase())
  }
  if (key === 'ours' || key === 'ourselves') return false
  // `we` and its contractions: skip auxiliaries to the verb, which must be the reader's work.
  let position = index
  for (let step = 0; step < 5; step++) {
    const next = children[position + 1]?.type === 'WhiteSpaceNode' ? children[position + 2] : undefined
    if (next?.type !== 'WordNode') return false
    const word = toString(next).toLowerCase().replace(/’/g, "'")
    if (tutorialVerbs.has(word)) return true
    if (!weAuxiliaries.has(word)) return false
    position += 2
  }
  return false
}

function startsWithInterrogative(sentence: Sentence): boolean {
  const first = sentence.children.find((node) => node.type !== 'WhiteSpaceNode')
  return first?.type === 'WordNode' && interrogatives.has(toString(first).toLowerCase())
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

/** `the user`, `the users` or a bare `users` that could stand for the reader, ending at `index`. */
function userPhrase(
  children: SentenceContent[],
  index: number,
  key: string
): {phrase: string; start: Word; initial: boolean} | undefined {
  const node = children[index] as Word
  const text = toString(node)
  const before = children[index - 1]?.type === 'WhiteSpaceNode' ? children[index - 2] : undefined
  if ((key === 'user' || key === 'users') && before?.type === 'WordNode' && toString(before).toLowerCase() === 'the') {
    if (text !== key && text !== capitalize(key)) return undefined
    return {phrase: toString(before) + ' ' + text, start: before, initial: isClauseStart(children, index - 2)}
  }
  if (key !== 'users' || (text !== 'users' && text !== 'Users')) return undefined
  if (before?.type === 'WordNode' && !beforeBareUsers.has(toString(before).toLowerCase())) return undefined
  if (!before && index > 0 && !isClauseStart(children, index)) return undefined
  return {phrase: text, start: node, initial: isClauseStart(children, index)}
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

function wordBefore(children: SentenceContent[], index: number): Word | undefined {
  for (let position = index - 1; position >= 0; position--) {
    const node = children[position]!
    if (node.type === 'WordNode') return node
    if (node.type === 'SourceNode') return undefined
  }
  return undefined
}

function wordAfter(children: SentenceContent[], index: number): Word | undefined {
  for (let position = index + 1; position < children.length; position++) {
    const node = children[position]!
    if (node.type === 'WordNode') return node
    if (node.type === 'SourceNode') return undefined
  }
  return undefined
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
