/**
 * Is this line an instruction to the reader? `instructionOf("Click **Save**.", 'en')` says whether a
 * line of prose (a list item, a sentence) asks the reader to do something (`'action'`: "Click
 * **Save**", `点击保存`, `保存をクリックします`) or to check something (`'check'`: "Verify the token",
 * `确认…`), or neither (a fact, a description, a label). Each language has its own recogniser: languages
 * that put the verb first (en, es, fr, de, pt, zh) look at the item's first words, after lead-ins such as
 * "Then" or "In Settings,"; languages that put it last (ja, ko) at the end of its first sentence.
 * `instructionLanguages` lists the languages it reads; text in any other language is read as English,
 * so a caller should leave other languages alone. Word lists live in `instructions.data.ts`.
 */
import type {Heading, Paragraph, PhrasingContent} from 'mdast'
import {toString} from 'mdast-util-to-string'
import {trimEndCharacters} from '../../src/shared/text.js'
import {
  checkPhrases, chineseCheckVerbs, chineseConditionEnds, chineseLeadIns, chineseOutcomes, chineseVerbs, imperativeVerbsByLanguage,
  japaneseCheckVerbs, japaneseEndings, japaneseVerbs, koreanCheckVerbs, koreanEndings, koreanVerbForms, koreanVerbs, subjectWords, auxiliaries
} from './instructions.data.js'

const checkPhrase = new RegExp('^(?:' + checkPhrases.join('|') + ')\\b', 'i')
const word = /[\p{L}][\p{L}'’-]*/u
// `Add zip functionality (#825)`: a release note names a change, it asks nothing of the reader.
const releaseNote = /#\d+\)?\.?\s*$/

/** What an item asks: an action ("Click **Save**"), a check ("Verify the token"), or nothing. */
export type Instruction = 'action' | 'check' | undefined

/** How a language's items are read: the languages known, each with its recogniser. */
const recognisers: Readonly<Record<string, (text: string) => Instruction>> = {
  ...Object.fromEntries(Object.entries(imperativeVerbsByLanguage).map(([language, lists]) => [language, verbFirst(lists)])),
  zh: chineseInstruction,
  ja: verbLast({verbs: japaneseVerbs, checks: japaneseCheckVerbs, endings: japaneseEndings, forms: [], bare: 'を'}),
  ko: verbLast({verbs: koreanVerbs, checks: koreanCheckVerbs, endings: koreanEndings, forms: koreanVerbForms, bare: ''})
}

/** The languages whose instructions `instructionOf` recognises. */
export const instructionLanguages: readonly string[] = Object.keys(recognisers)

/** How the text of an item in `language` starts or ends: with an instruction to the reader, or not. */
export function instructionOf(text: string, language = 'en'): Instruction {
  const trimmed = text.trimStart()
  if (releaseNote.test(trimmed)) return undefined
  return (recognisers[language] ?? recognisers['en']!)(trimmed)
}

/**
 * What a paragraph asks, a list item's first one most often. One that starts with a bold label and a
 * separator is an instruction when its label is one, unless the sentence after the label describes
 * something else (`**Capture the version**: The CLI prints it.`, `**Build the table**: `accountKeys`
 * lists the addresses`): then the label only names a stage of a process the reader does not run.
 */
export function instructionOfParagraph(paragraph: Paragraph | Heading, language = 'en'): Instruction {
  const own = instructionOf(toString(paragraph), language)
  if (!own) return own
  const rest = labelledRest(paragraph.children)
  return rest && describes(rest, language) ? undefined : own
}

/**
 * Whether the sentence after a label describes rather than instructs: it starts with a subject
 * (`The CLI…`, `Each run…`, `Stagehand's…`), or a name then a verb of the third person or an auxiliary
 * (`Stagehand lets…`, `Users can…`, `accountKeys` lists…). There is no tagger: the signs are kept few
 * and strict, and a fragment (`Client ID and Client Secret`) describes nothing.
 */
function describes(rest: {text: string; startsWithCode: boolean}, language: string): boolean {
  const words = rest.text.split(/\s+/).map((word) => trimEndCharacters(word, wordEnds))
  const grammar = auxiliaries[language]
  const verbOfThirdPerson = (word: string | undefined): boolean => word !== undefined && grammar !== undefined && grammar.thirdPerson.test(word)
  const statement = (word: string | undefined): boolean => verbOfThirdPerson(word) || (grammar?.words ?? []).includes(word ?? '')
  // `accountKeys` lists the addresses, `OldName` is now `NewName`: the first "word" is the code, then what it does or is.
  if (rest.startsWithCode) return statement(words[1])
  const first = words[0]!.toLowerCase()
  if (!/^\p{Lu}/u.test(rest.text) || instructionOf(rest.text, language) || grammar?.reader.includes(first)) return false
  const possessive = /[’']s$/.test(first) && !/^let[’']s$/.test(first)
  return (subjectWords[language] ?? []).includes(first) || possessive || statement(words[1]) || statement(words[2])
}

/** The text after a paragraph's bold label and its separator (`:`, `—`, `–`, ` - `), if it starts with one. */
function labelledRest(children: readonly PhrasingContent[]): {text: string; startsWithCode: boolean} | undefined {
  const [label, next] = children
  if (label?.type !== 'strong') return undefined
  const labelText = toString(label).trim()
  let rest: PhrasingContent[]
  if (/[:：]$/.test(labelText)) rest = children.slice(1)
  else if (next?.type === 'text' && /^\s*(?:[:：—–]|-\s)/.test(next.value)) rest = [{...next, value: next.value.replace(/^\s*(?:[:：—–]|-\s)\s*/, '')}, ...children.slice(2)]
  else return undefined
  const lead = rest.find((child) => !(child.type === 'text' && child.value.trim() === ''))
  if (!lead) return undefined
  return {text: rest.map((child) => toString(child)).join('').trim(), startsWithCode: lead.type === 'inlineCode'}
}

/** Languages that put the verb first: the item starts with an imperative verb, perhaps after "Then" or "In Settings,". */
function verbFirst(lists: {verbs: readonly string[]; checks: readonly string[]; leadIns: readonly string[]}): (text: string) => Instruction {
  const vocabulary = {verbs: new Set(lists.verbs), checks: new Set(lists.checks), leadIns: new Set(lists.leadIns)}
  return (text) => {
    const first = startingVerb(text, vocabulary)
    if (first) return first
    // "In the sidebar, click **Settings**": a short lead-in phrase, then the verb.
    const comma = text.indexOf(',')
    if (comma === -1 || comma > 60 || /[.!?:]/.test(text.slice(0, comma))) return undefined
    return startingVerb(text.slice(comma + 1).trimStart(), vocabulary)
  }
}

function startingVerb(text: string, vocabulary: {verbs: ReadonlySet<string>; checks: ReadonlySet<string>; leadIns: ReadonlySet<string>}): Instruction {
  let rest = text
  for (let count = 0; count < 3; count++) {
    if (checkPhrase.test(rest)) return 'check'
    const match = word.exec(rest)
    if (!match || match.index !== 0) return undefined
    const first = match[0].toLowerCase().replace(/[’']s$/, '')
    const after = rest.slice(match[0].length)
    if (vocabulary.leadIns.has(first)) {
      rest = after.replace(/^[\s,]+/, '')
      continue
    }
    // `Install: …` labels a definition or a topic, not an instruction; `start_agent_chat`, `run()` and
    // `build.ts` are names in code, not verbs.
    if (/^\s*:/.test(after) || /^(?:[_(\p{N}]|[./]\p{L})/u.test(after)) return undefined
    return vocabulary.checks.has(first) ? 'check' : vocabulary.verbs.has(first) ? 'action' : undefined
  }
  return undefined
}

const chineseStart = new RegExp(
  '^(?:(?:' + chineseLeadIns.map(escape).join('|') + ')[，,、\\s]*)*' +
    // `在 Load Image 节点中加载…`, `在设置页面，点击…`: a place before the verb.
    '(?:在[^，,。；]{1,40}?(?:中|里|内|上|下|处|页面|界面)[，,\\s]*)?' +
    '(?:(' + chineseCheckVerbs.map(escape).join('|') + ')|(' + chineseVerbs.map(escape).join('|') + '))'
)

const chineseOutcome = new RegExp('^(?:' + chineseOutcomes.map(escape).join('|') + ')')
const chineseCondition = new RegExp('^[^，,。；;]{1,40}?(?:' + chineseConditionEnds.map(escape).join('|') + ')[，,]\\s*')

function chineseInstruction(text: string): Instruction {
  // `点击发布后，你会发现…`: a condition, then what the reader will see, asks nothing of them.
  const condition = chineseCondition.exec(text)
  if (condition && chineseOutcome.test(text.slice(condition[0].length))) return undefined
  const match = chineseStart.exec(text)
  return !match ? undefined : match[1] ? 'check' : 'action'
}

/**
 * Languages that put the verb last: the item's first sentence ends with a verb in a polite or request
 * form, or, after the object particle `bare` (Japanese `を`), with the verb alone (`画像を生成`). An
 * item that starts with a label and a colon (`**テキスト→画像**：…を生成します`) is judged by its label.
 */
function verbLast(language: {verbs: readonly string[]; checks: readonly string[]; endings: readonly string[]; forms: readonly string[]; bare: string}): (text: string) => Instruction {
  const verb = '(?:(' + language.checks.map(escape).join('|') + ')|' + language.verbs.map(escape).join('|') + ')'
  const patterns = [
    new RegExp(verb + '(?:' + language.endings.map(escape).join('|') + ')$'),
    ...(language.bare === '' ? [] : [new RegExp(escape(language.bare) + verb + '$')]),
    ...(language.forms.length === 0 ? [] : [new RegExp('(?:' + language.forms.map(escape).join('|') + ')$')])
  ]
  return (text) => {
    // The first sentence, without its full stop and a closing aside such as `（任意）`.
    let sentence = /^[^。．！!？?\n]*?(?:[.](?=\s)|[。．！!？?\n]|$)/.exec(text)![0]
    const label = /^([^:：]{1,40})[:：]\s*\S/.exec(sentence)
    if (label) sentence = label[1]!
    sentence = withoutClosingAside(trimEndCharacters(sentence, sentenceEnds))
    const match = patterns.map((pattern) => pattern.exec(sentence)).find(Boolean)
    return !match ? undefined : match[1] ? 'check' : 'action'
  }
}

/** Punctuation after a word: `lists,` is `lists`. */
const wordEnds = '.,;:!?…)]}"\'’”»、。，；：！？）'

/** What ends a first sentence before its verb is read: full stops, colons and white space. */
const sentenceEnds = '。．.！!？?:： \t\n\r\u00a0\u3000'

/** `…してください（任意）` without its closing aside, `（任意）` or `(optional)`. */
function withoutClosingAside(sentence: string): string {
  const last = sentence.at(-1)
  if (last !== ')' && last !== '）') return sentence
  const open = Math.max(sentence.lastIndexOf('('), sentence.lastIndexOf('（'))
  if (open === -1 || /[()（）]/.test(sentence.slice(open + 1, -1))) return sentence
  return trimEndCharacters(sentence.slice(0, open), ' \t\n\r\u00a0\u3000')
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
