// present-tense: a `will` that tells what the product does now (“the API will return a list”), where
// the conventions ask for the present tense (“the API returns a list”).
import type {Nodes, Paragraph, Root} from 'mdast'
import type {Sentence, SentenceContent, Word} from 'nlcst'
import {toString} from 'nlcst-to-string'
import {defineRule, type RuleContext} from '../src/rule.js'
import {prechecksOff, type ProseBlock} from '../src/page/page.js'
import {load, once} from '../src/shared/lazy.js'
import {visit} from '../src/shared/walk.js'
import {quotedWords} from './shared/prose.js'
import {inRanges} from './shared/positions.js'
import {isCodeReference} from './shared/code-reference.js'
import {isInstruction, paragraphSettings, type ParagraphSetting} from './shared/procedure-context.js'
import {
  adverbs,
  changeParticiples,
  changeVerbs,
  determiners,
  futurePaths,
  irregularPlurals,
  irregularPresent,
  lyVerbs,
  otherVoiceComponents,
  people,
  outcomePhrases,
  outcomeWords,
  pageNouns,
  productNouns,
  subjectStops,
  timeUnits
} from './present-tense.data.js'

type Token = Exclude<SentenceContent, {type: 'WhiteSpaceNode'}>
type NumberOf = 'singular' | 'plural'

/** `will`, `won't` or a word ending in `'ll` (“the server'll start”). */
const futureWord = /(?<!\p{L})(?:will|won['’]t)(?!\p{L})|\p{L}['’]ll(?!\p{L})/iu

/** The parts of speech of everyday English words (wink-lexicon), to tell an imperative opening a sentence. */
const lexicon = once(() => load('wink-lexicon/src/lexicon.js') as Record<string, readonly string[] | undefined>)

interface Options {
  /**
   * What to report: `all`, every `will` whose subject is the product or a part of it; `guides`, only
   * a page that speaks of itself (“This guide will walk you through …”).
   */
  scope: 'all' | 'guides'
}

export default defineRule<Options>({
  id: 'present-tense',
  severity: 'warn',
  summary: 'What the product does now is in the present tense: `the API returns`, not `the API will return`',
  fixable: 'suggestion',
  conventions: [{id: 'tense', coverage: 'partial'}],
  thirdParty: {vale: true},
  prose: true,
  languages: ['en'],
  options: {type: 'object', properties: {scope: {enum: ['all', 'guides']}}, additionalProperties: false},
  defaults: {scope: 'all'},
  create(options) {
    const guidesOnly = options.scope === 'guides'
    return function (tree, context) {
      if (futurePaths.test(context.file.path ?? '') || isCodeReference(tree)) return
      let skipped: Array<[number, number]> | undefined
      let settings: Map<Paragraph, ParagraphSetting> | undefined
      const names = once(() => namesOf(context.page.proseBlocks()))
      for (const block of context.page.proseBlocks()) {
        if (block.node.type === 'heading') continue
        if (!prechecksOff && !futureWord.test(block.words())) continue
        skipped ??= otherVoiceRanges(tree)
        settings ??= paragraphSettings(tree)
        const setting = settings.get(block.node)
        if (!setting || inRanges(skipped, block.node.position?.start.offset)) continue
        // The first sentence of a step tells the outcome of the step before: “3. A dialog will open.”
        let afterInstruction = setting.opensStep || setting.afterCommand || (setting.before !== undefined && isInstruction(setting.before))
        for (const paragraph of block.prose().children) {
          if (paragraph.type !== 'ParagraphNode') continue
          const quoted = quotedWords(paragraph)
          for (const sentence of paragraph.children) {
            if (sentence.type !== 'SentenceNode') continue
            checkSentence(sentence, quoted, afterInstruction, names, guidesOnly, context)
            afterInstruction = isInstruction(toString(sentence))
          }
        }
      }
    }
  }
})

/** Text in a component that speaks in another voice (`<Update>`, `<Prompt>`) or in a block quote. */
function otherVoiceRanges(tree: Root): Array<[number, number]> {
  const ranges: Array<[number, number]> = []
  visit(tree, (node: Nodes) => {
    const other =
      node.type === 'blockquote' ||
      ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && otherVoiceComponents.has(node.name ?? ''))
    const start = node.position?.start.offset
    const end = node.position?.end.offset
    if (!other || start === undefined || end === undefined) return undefined
    ranges.push([start, end])
    return 'skip'
  })
  return ranges
}

/**
 * Report each `will` of a sentence whose subject is the product. After an instruction, `will` tells
 * its outcome (“Click **Save**. A dialog will open.”), as the conventions ask, unless the sentence
 * speaks of the page itself or of a default (“This guide will show …”, “By default, the SDK will …”).
 */
function checkSentence(sentence: Sentence, quoted: Set<Word>, afterInstruction: boolean, names: () => ReadonlySet<string>, guidesOnly: boolean, {report}: RuleContext): void {
  const tokens = sentence.children.filter((node): node is Token => node.type !== 'WhiteSpaceNode')
  if (tokens.length === 0 || isQuestion(tokens) || tellsOfOutcome(tokens)) return
  const general = !afterInstruction || /\bby default\b/i.test(toString(sentence))
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!
    if (token.type !== 'WordNode' || quoted.has(token)) continue
    const future = futureOf(toString(token))
    if (!future) continue
    const subject = subjectOf(tokens, index, future.subject, names)
    // A page that speaks of itself (“This guide will show …”, “These sections will cover …”).
    const aboutPage = subject !== undefined && (pageNouns.has(subject.head) || pageNouns.has(subject.head.replace(/s$/, '')))
    if (!subject || !(aboutPage || (general && !guidesOnly))) continue
    const number = subject.number
    const phrase = presentPhrase(tokens, index, future, number)
    if (!phrase) continue
    const start = future.subject ? shift(token, future.subject.length) : token.position!.start
    const end = phrase.last.position!.end
    const written = future.subject ? phrase.written.slice(future.subject.length) : phrase.written
    // After a glued subject (`server'll`) the present form needs a space of its own.
    const text = future.subject ? ' ' + phrase.present : phrase.present
    report({
      message: 'Unexpected future `' + written + '` ' + (aboutPage ? 'where the page speaks of itself' : 'for what the product does now') + ', expected the present tense `' + phrase.present + '`',
      place: {start, end},
      actual: written,
      expected: phrase.present,
      suggestions: [{description: 'Use `' + phrase.present + '`', edits: [{start: start.offset!, end: end.offset!, text}]}]
    })
  }
}

interface Future {
  /** The subject glued to `'ll` (`server` in `server'll`), else undefined. */
  subject: string | undefined
  negative: boolean
  contracted: boolean
}

function futureOf(word: string): Future | undefined {
  const key = word.toLowerCase().replace(/’/g, "'")
  if (key === 'will') return {subject: undefined, negative: false, contracted: false}
  if (key === "won't") return {subject: undefined, negative: true, contracted: true}
  const glued = /^(.+)'ll$/.exec(word.replace(/’/g, "'"))
  return glued ? {subject: glued[1]!, negative: false, contracted: false} : undefined
}

/**
 * The number of the subject before `will` when it names the product or a part of it (“the API”,
 * “these fields”, “`init()`”, “AgentOps”), undefined otherwise. The subject must open its clause:
 * the whole sentence, or the part after an opening phrase and a comma that is not an instruction
 * (“By default, the SDK will …”, not “Click Save, and the page will …”).
 */
function subjectOf(tokens: Token[], index: number, glued: string | undefined, names: () => ReadonlySet<string>): {number: NumberOf; head: string} | undefined {
  const number = subjectNumber(tokens, index, glued, names)
  const before = tokens[index - 1]
  const head = glued ?? (before ? toString(before) : '')
  return number ? {number, head: head.toLowerCase()} : undefined
}

function subjectNumber(tokens: Token[], index: number, glued: string | undefined, names: () => ReadonlySet<string>): NumberOf | undefined {
  let from = index
  while (from > 0 && !isClauseBoundary(tokens[from - 1]!)) from--
  const phrase = tokens.slice(from, index)
  if (phrase.length > 6 || (from > 0 && !opensWithoutInstruction(tokens, from))) return undefined
  if (glued !== undefined) {
    // “The server'll respond”: the head is glued to `'ll`, the determiner stands before it.
    const opener = phrase[0]?.type === 'WordNode' ? toString(phrase[0]).toLowerCase() : undefined
    const number = productNumber(glued)
    if (!number || opener === undefined || !determiners.has(opener) || phrase.slice(1).some((token) => token.type === 'PunctuationNode' || isStop(token))) return undefined
    return determiners.get(opener) ?? number
  }
  if (phrase.length === 0) return undefined
  const head = phrase[phrase.length - 1]!
  const first = phrase[0]!
  if (phrase.slice(1).some((token) => token.type === 'PunctuationNode' || isStop(token))) return undefined
  const headNumber = head.type === 'SourceNode' ? 'singular' : head.type === 'WordNode' ? headNumberOf(head, from === index - 1 && from === 0, names) ?? codeNamedNumber(phrase) : undefined
  if (!headNumber) return undefined
  const opener = first.type === 'WordNode' ? toString(first).toLowerCase() : undefined
  if (opener !== undefined && determiners.has(opener) && phrase.length > 1) return determiners.get(opener) ?? headNumber
  // Without a determiner, only a name, code or a gerund before them (“Calling `init()`”) is a subject.
  const bare = phrase.every((token, position) => token.type === 'SourceNode' || isName(token, from + position === 0, names) || (position === 0 && phrase.length > 1 && /ing$/.test(toString(token))))
  return bare ? (head.type === 'WordNode' && productNumber(toString(head)) === 'plural' ? 'plural' : 'singular') : undefined
}

function headNumberOf(head: Word, sentenceStart: boolean, names: () => ReadonlySet<string>): NumberOf | undefined {
  return productNumber(toString(head)) ?? (isName(head, sentenceStart, names) ? 'singular' : undefined)
}

/**
 * A noun that inline code names is a part of the product whatever the noun (“an `$and` operator”,
 * “the `@task` decorator”, “these `beta` flags”): determiner, code, then a lower-case noun that is not
 * a person.
 */
function codeNamedNumber(phrase: readonly Token[]): NumberOf | undefined {
  if (phrase.length !== 3 || phrase[0]!.type !== 'WordNode' || phrase[1]!.type !== 'SourceNode' || phrase[2]!.type !== 'WordNode') return undefined
  const noun = toString(phrase[2]!)
  if (!determiners.has(toString(phrase[0]!).toLowerCase()) || !/^\p{Ll}+$/u.test(noun) || people.has(noun.replace(/s$/, ''))) return undefined
  return /[^s]s$/.test(noun) ? 'plural' : 'singular'
}

/** `singular` or `plural` when `word` is a product noun (“API”, “requests”), else undefined. */
function productNumber(word: string): NumberOf | undefined {
  const key = word.toLowerCase()
  if (productNouns.has(key)) return 'singular'
  const singular = irregularPlurals.get(key) ?? [key.replace(/ies$/, 'y'), key.replace(/es$/, ''), key.replace(/s$/, '')].find((form) => form !== key && productNouns.has(form))
  return singular !== undefined && productNouns.has(singular) ? 'plural' : undefined
}

/**
 * A product name: a capitalized word. Opening a sentence, any word is capitalized, so there it must
 * be written the same way mid-sentence elsewhere on the page, or have a capital or digit inside
 * (`AgentOps`), and not be an everyday word (`Users`, `Incoherence`).
 */
function isName(token: Token, sentenceStart: boolean, names: () => ReadonlySet<string>): boolean {
  if (token.type !== 'WordNode') return false
  const word = toString(token)
  if (!/^\p{Lu}/u.test(word) || isStop(token) || determiners.has(word.toLowerCase())) return false
  if (!sentenceStart) return true
  return lexicon()[word.toLowerCase()] === undefined && (/^.[\p{L}\d]*[\p{Lu}\d]/u.test(word) || names().has(word))
}

/** Capitalized words that the page writes mid-sentence: the names it uses. */
function namesOf(blocks: readonly ProseBlock[]): ReadonlySet<string> {
  const names = new Set<string>()
  for (const block of blocks) {
    for (const match of block.text.matchAll(/[\p{Ll}\d,;)]\s(\p{Lu}[\p{L}\d]*)/gu)) names.add(match[1]!)
  }
  return names
}

function isStop(token: Token): boolean {
  return token.type === 'WordNode' && subjectStops.has(toString(token).toLowerCase())
}

function isClauseBoundary(token: Token): boolean {
  return token.type === 'PunctuationNode' && /^[,;:(—–]$/.test(toString(token))
}

/** The sentence's opening phrase before the subject is not an instruction: its first word is no verb. */
function opensWithoutInstruction(tokens: Token[], from: number): boolean {
  const first = tokens[0]!
  if (first.type !== 'WordNode') return false
  const tags = lexicon()[toString(first).toLowerCase()]
  return toString(tokens[from - 1]!) === ',' && !(tags ?? []).includes('VB')
}

function isQuestion(tokens: Token[]): boolean {
  return tokens.some((token) => token.type === 'PunctuationNode' && toString(token).includes('?'))
}

const outcomePhrase = new RegExp('(?<!\\p{L})(?:' + outcomePhrases.join('|') + ')(?!\\p{L})', 'iu')

/** A conditional, a sequence or a time to come: `will` there names an outcome, as the conventions ask. */
function tellsOfOutcome(tokens: Token[]): boolean {
  if (outcomePhrase.test(tokens.map((token) => toString(token)).join(' '))) return true
  return tokens.some((token) => {
    if (token.type !== 'WordNode') return false
    const word = toString(token).toLowerCase()
    return outcomeWords.has(word) || timeUnits.has(word) || /^(?:19|20)\d\d$/.test(word) || /^v\d/.test(word)
  })
}

interface PresentPhrase {
  /** The words from `will` to the verb, as written. */
  written: string
  present: string
  last: Word
}

/** `will [not] [adverbs] verb` after the subject, and its present form; undefined for a change to come. */
function presentPhrase(tokens: Token[], index: number, future: Future, number: NumberOf): PresentPhrase | undefined {
  let negative = future.negative
  const between: string[] = []
  let position = index + 1
  for (; position < tokens.length; position++) {
    const token = tokens[position]!
    if (token.type !== 'WordNode') return undefined
    const word = toString(token)
    const key = word.toLowerCase()
    if (key === 'not' && !negative) negative = true
    else if (adverbs.has(key) || (/ly$/.test(key) && !lyVerbs.has(key)) || isOnlyAdverb(key)) between.push(word)
    else break
  }
  const verbToken = tokens[position]
  if (verbToken?.type !== 'WordNode') return undefined
  const verb = toString(verbToken)
  const key = verb.toLowerCase()
  if (!/^[a-z]+$/.test(key) || changeVerbs.has(key) || !mayBeVerb(key)) return undefined
  const written = tokens.slice(index, position + 1).map((token) => toString(token)).join(' ')
  const adverbText = between.length > 0 ? ' ' + between.join(' ') : ''
  if (key === 'be') {
    const next = tokens[position + 1]
    const nextWord = next?.type === 'WordNode' ? toString(next).toLowerCase() : undefined
    if (nextWord !== undefined && changeParticiples.has(nextWord)) return undefined
    if (nextWord === 'able' && toString(tokens[position + 2] ?? verbToken).toLowerCase() === 'to') {
      return {written: written + ' able to', present: (negative ? 'cannot' : 'can') + adverbText, last: tokens[position + 2] as Word}
    }
    const be = presentOf('be', number)
    const present = negative ? (future.contracted ? be + "n't" : be + ' not') : be
    return {written, present: present + adverbText, last: verbToken}
  }
  if (negative) {
    const auxiliary = number === 'singular' ? 'does' : 'do'
    return {written, present: (future.contracted ? auxiliary + "n't" : auxiliary + ' not') + adverbText + ' ' + key, last: verbToken}
  }
  const present = (adverbText ? adverbText.slice(1) + ' ' : '') + presentOf(key, number)
  return {written, present, last: verbToken}
}

/** A word the lexicon knows only as an adverb or conjunction: “will therefore be”, “will thus return”. */
function isOnlyAdverb(word: string): boolean {
  const tags = lexicon()[word]
  return tags !== undefined && tags.includes('RB') && !tags.some((tag) => tag.startsWith('VB'))
}

/**
 * Whether `word` can be a base verb: the lexicon tags it as a verb or a noun (many verbs, such as
 * `format` or `provision`, are tagged as nouns only), or does not know it (`retry`).
 */
function mayBeVerb(word: string): boolean {
  const tags = lexicon()[word]
  return tags === undefined || tags.some((tag) => tag.startsWith('VB') || tag.startsWith('NN'))
}

/** The present form of a base verb: `return` → `returns`, `apply` → `applies`, `be` → `is` or `are`. */
export function presentOf(verb: string, number: NumberOf): string {
  const irregular = irregularPresent.get(verb)
  if (irregular) return irregular[number]
  if (number === 'plural') return verb
  if (/(?:s|x|z|ch|sh|o)$/.test(verb)) return verb + 'es'
  if (/[^aeiou]y$/.test(verb)) return verb.slice(0, -1) + 'ies'
  return verb + 's'
}

/** The point `characters` after the start of `word` (within its line). */
function shift(word: Word, characters: number): NonNullable<Word['position']>['start'] {
  const start = word.position!.start
  return {line: start.line, column: start.column + characters, offset: (start.offset ?? 0) + characters}
}
