// Vale's `capitalization` check kind: a block (usually a heading) whose text is not in the case the rule's
// `match` names — `$title` (AP or Chicago style), `$sentence`, `$lower`, `$upper` or a pattern — is reported
// whole, with the text and the form Vale expects as the message's two `%s` (and that form as the
// replacement). `$title` and `$sentence` convert the text as Vale does, then pass when at least `threshold`
// of its words are as converted, are exceptions (the rule's and the vocabulary's) or, for titles, are in
// capitals.
import {compileValeRegex} from '../regex.js'
import {UnsupportedRuleError, type CheckFactory, type StyleEnvironment, type StyleMatch, type StyleRuleSource} from '../types.js'
import {asciiNeighbour, chicagoPrepositions, smallWords} from './capitalization.data.js'

/** What a case style says of a text: the form it expects, and whether the text passes. */
interface CaseVerdict {
  expected: string
  matched: boolean
}

interface CaseStyle {
  judge(text: string): CaseVerdict
  /** Whether the expected form is text to offer as a replacement (not a pattern's source). */
  replaceable: boolean
}

interface CaseOptions {
  match: string
  chicago: boolean
  /** The rule's exceptions, then the vocabulary's accepted terms (unless `vocab: false`). */
  terms: string[]
  /** The terms as whole words, longest first, or undefined when there are none. */
  exceptions: Terms | undefined
  indicators: string[]
  threshold: number
  prefix: RegExp | undefined
}

/** A word of a block as Vale's capitalization check splits it: letters, digits or `*`s, then up to a space. */
const plainWord = /[\p{N}\p{L}*]+[^\t\n\f\r ]*/gu
/** A word as the title converter splits it: hyphens and slashes also end a word. */
const titleWord = /[\p{N}\p{L}]+[^\t\n\f\r \-/]*/gu
/** A first word like `8.`: a numbered heading, after which the next word starts the sentence. */
const numberedList = /\d\./

export const capitalization: CheckFactory = (rule, environment) => {
  const style = caseStyle(caseOptions(rule, environment))
  return {
    run(block): StyleMatch[] {
      const {expected, matched} = style.judge(block.text)
      if (matched) return []
      return [{start: 0, end: block.text.length, args: [block.text, expected], replacements: style.replaceable ? [expected] : undefined}]
    }
  }
}

function caseOptions(rule: StyleRuleSource, environment: StyleEnvironment): CaseOptions {
  const match = rule.fields['match']
  if (typeof match !== 'string' || match === '') {
    throw new UnsupportedRuleError('a capitalization rule needs `match`: $title, $sentence, $lower, $upper or a pattern', 'match')
  }
  const useVocabulary = flag(rule.fields['vocab'], true)
  const terms = [...stringList(rule, 'exceptions'), ...(useVocabulary ? environment.accept : [])].filter((term) => term !== '')
  const threshold = Number(rule.fields['threshold'] ?? 0)
  if (!Number.isFinite(threshold)) throw new UnsupportedRuleError('`threshold` must be a number', 'threshold')
  const prefix = rule.fields['prefix']
  return {
    match,
    chicago: rule.fields['style'] === 'Chicago',
    terms,
    exceptions: terms.length === 0 ? undefined : new Terms(terms),
    indicators: stringList(rule, 'indicators'),
    // A threshold of 0 would pass everything, so Vale reads it as unset.
    threshold: threshold === 0 ? 0.8 : threshold,
    prefix: typeof prefix === 'string' && prefix !== '' ? compileField(prefix, 'prefix') : undefined
  }
}

function flag(value: unknown, unset: boolean): boolean {
  if (value === undefined || value === null) return unset
  return value !== false && value !== 'false'
}

function stringList(rule: StyleRuleSource, key: string): string[] {
  const value = rule.fields[key]
  if (value === undefined || value === null) return []
  const items: unknown[] = Array.isArray(value) ? value : [value]
  return items.filter((item) => item !== null && item !== undefined).map(String)
}

function compileField(pattern: string, field: string, options: {ignoreCase?: boolean} = {}): RegExp {
  try {
    return compileValeRegex(pattern, options)
  } catch (error) {
    throw new UnsupportedRuleError(`${field}: ${(error as Error).message}`, field)
  }
}

/** A term as a pattern, its leading `(?i)` (Vale's way to write a case-insensitive entry) made a flag. */
function compileTerm(term: string, wrap: (pattern: string) => string): RegExp {
  const anyCase = term.startsWith('(?i)')
  return compileField(wrap(anyCase ? term.slice(4) : term), 'exceptions', {ignoreCase: anyCase})
}

/**
 * Vale's exception pattern, `\b(?:term|term...)\b` with the longest terms first, each but a `(?i)` one
 * marked `(?-i)` so that one entry's `(?i)` does not spread to the next: one RegExp, or when that cannot be
 * compiled, one per term, whose leftmost match (the first term's on a tie) is the alternation's.
 */
class Terms {
  private readonly patterns: RegExp[]

  constructor(terms: readonly string[]) {
    const longestFirst = [...terms].sort((a, b) => b.length - a.length)
    const wholeWord = (pattern: string) => `\\b(?:${pattern})\\b`
    const caseKept = longestFirst.map((term) => (term.startsWith('(?i)') ? term : '(?-i)' + term))
    try {
      this.patterns = [compileValeRegex(wholeWord(caseKept.join('|')))]
    } catch {
      this.patterns = longestFirst.map((term) => compileTerm(term, wholeWord))
    }
  }

  /** The leftmost non-empty match at or after `from`, or null. */
  next(text: string, from: number): RegExpExecArray | null {
    let leftmost: RegExpExecArray | null = null
    for (const pattern of this.patterns) {
      const found = nonEmptyMatch(pattern, text, from)
      if (found && (!leftmost || found.index < leftmost.index)) leftmost = found
    }
    return leftmost
  }

  occursIn(text: string): boolean {
    return this.patterns.some((pattern) => occursIn(pattern, text))
  }
}

function caseStyle(options: CaseOptions): CaseStyle {
  const {match, exceptions} = options
  if (match === '$title') return {judge: titleJudge(options), replaceable: true}
  if (match === '$sentence') return {judge: sentenceJudge(options), replaceable: true}
  if (match === '$lower' || match === '$upper') {
    const recase = match === '$lower' ? (text: string) => text.toLowerCase() : (text: string) => text.toUpperCase()
    return {
      judge: (text) => {
        const expected = recase(text)
        return {expected, matched: text === expected || isException(exceptions, text)}
      },
      replaceable: true
    }
  }
  const pattern = compileField(match, 'match')
  return {judge: (text) => ({expected: match, matched: occursIn(pattern, text) || isException(exceptions, text)}), replaceable: false}
}

function titleJudge(options: CaseOptions): (text: string) => CaseVerdict {
  const convert = titleConverter(new Vocabulary(options.terms), options.chicago, options.prefix)
  return (text) => {
    const expected = convert(text)
    const wanted = tokenize(expected, options.exceptions)
    let passing = 0
    const words = tokenize(text, options.exceptions)
    words.forEach((word, index) => {
      const asConverted = index >= wanted.length || word === wanted[index]
      if (asConverted || isException(options.exceptions, word) || word === word.toUpperCase()) passing++
    })
    return {expected, matched: words.length === 0 || passing / words.length >= options.threshold}
  }
}

function sentenceJudge(options: CaseOptions): (text: string) => CaseVerdict {
  const convert = sentenceConverter(options)
  return (text) => {
    const expected = convert(text)
    const wanted = tokenize(expected, options.exceptions)
    const words = tokenize(text, options.exceptions)
    let passing = 0
    for (const [index, word] of words.entries()) {
      if (index >= wanted.length || word === wanted[index] || isException(options.exceptions, word)) passing++
      // A first word in neither its expected form nor capitalized fails the block whatever the rest.
      else if (index === 0 && word !== goTitle(word.toLowerCase())) return {expected, matched: false}
    }
    return {expected, matched: words.length === 0 || passing / words.length >= options.threshold}
  }
}

/** Vale's sentence converter: the first word (and one after an indicator) capitalized, the rest lower case. */
function sentenceConverter(options: CaseOptions): (text: string) => string {
  const vocabulary = new Vocabulary(options.terms)
  const isIndicator = (word: string, index: number) =>
    options.indicators.some((suffix) => word.endsWith(suffix)) || (index === 0 && numberedList.test(word))
  return (text) => {
    const [prefix, rest] = splitPrefix(text, options.prefix)
    // Terms split the text as written (Vale marks each `(?-i)`), so `vs.` is no `VS` to a rule excepting `VS`.
    const tokens = tokenize(rest, options.exceptions)
    const made = tokens.map((token, index) => {
      const term = vocabulary.lookup(token)
      if (term !== undefined) return term
      const previous = tokens[index - 1]
      return index === 0 || (previous !== undefined && isIndicator(previous, index - 1)) ? titleFirst(token, true) : token.toLowerCase()
    })
    return prefix + made.join(' ')
  }
}

/** Vale's title converter: each word capitalized but the style's small words inside the title. */
function titleConverter(vocabulary: Vocabulary, chicago: boolean, prefixPattern: RegExp | undefined): (text: string) => string {
  return (text) => {
    const [prefix, rest] = splitPrefix(text, prefixPattern)
    return prefix + rest.replace(titleWord, (word: string, at: number) => titleCased(rest, word, at, vocabulary, chicago))
  }
}

function titleCased(text: string, word: string, at: number, vocabulary: Vocabulary, chicago: boolean): string {
  const term = vocabulary.lookup(word)
  if (term !== undefined) return term
  const lower = word.toLowerCase()
  const end = at + word.length
  const last = end === text.length
  const near = (index: number) => neighbour(text, index)
  // A small word stays lower case only inside a phrase: not after `: ` or ` - `, nor before a hyphen it starts.
  const inPhrase =
    ' -/'.includes(near(at - 1)) && near(at - 2) !== ':' && near(at - 2) !== '-' && (near(end) !== '-' || near(at - 1) === '-')
  if (!chicago && lower === 'to') {
    // AP capitalizes an infinitive's `to` only, which Vale tells with a part-of-speech tagger that docs-lint
    // does not have: inside a phrase the writer's case stands.
    return inPhrase && !last ? word : titleFirst(word, false)
  }
  const small = smallWords.has(lower) || (chicago && chicagoPrepositions.has(lower))
  return small && inPhrase && at !== 0 && !last ? lower : titleFirst(word, false)
}

/** The character at `index` as the converter reads it (typographic quotes and dashes as ASCII); the first out of range. */
function neighbour(text: string, index: number): string {
  const char = text[index >= 0 && index < text.length ? index : 0] ?? ''
  return asciiNeighbour[char] ?? char
}

/** The rule's `prefix` at the start of `text`, kept as written, and the rest. */
function splitPrefix(text: string, prefix: RegExp | undefined): [string, string] {
  if (!prefix) return ['', text]
  prefix.lastIndex = 0
  const found = prefix.exec(text)
  if (!found || found.index !== 0 || found[0] === '') return ['', text]
  return [found[0], text.slice(found[0].length)]
}

/** `word` with its first character capitalized; with `strict`, the rest in lower case. */
function titleFirst(word: string, strict: boolean): string {
  const first = String.fromCodePoint(word.codePointAt(0) ?? 0)
  const upper = first.toUpperCase()
  const rest = word.slice(first.length)
  return ([...upper].length === 1 ? upper : first) + (strict ? rest.toLowerCase() : rest)
}

/** Go's `strings.Title`: each letter after a separator (a space, or ASCII other than letters, digits and `_`) capitalized. */
function goTitle(text: string): string {
  let previous = ' '
  let made = ''
  for (const char of text) {
    made += isSeparator(previous) ? titleFirst(char, false) : char
    previous = char
  }
  return made
}

function isSeparator(char: string): boolean {
  if (char.charCodeAt(0) < 0x80) return !/[0-9A-Za-z_]/.test(char)
  return /\s/u.test(char)
}

function isException(terms: Terms | undefined, text: string): boolean {
  return terms !== undefined && terms.occursIn(text)
}

function occursIn(pattern: RegExp | undefined, text: string): boolean {
  if (!pattern) return false
  pattern.lastIndex = 0
  const found = pattern.test(text)
  pattern.lastIndex = 0
  return found
}

/**
 * The words of `text` as Go finds `terms|word`: at each position a term (an exception, possibly several
 * words) wins over a plain word. Each pattern is searched once per match it yields, so the cost is linear.
 */
function tokenize(text: string, terms: Terms | undefined): string[] {
  const tokens: string[] = []
  let at = 0
  let nextTerm: RegExpExecArray | null = null
  let termsLeft = terms !== undefined
  while (at < text.length) {
    plainWord.lastIndex = at
    const plain = plainWord.exec(text)
    if (terms && termsLeft && (nextTerm === null || nextTerm.index < at)) {
      nextTerm = terms.next(text, at)
      termsLeft = nextTerm !== null
    }
    const found = nextTerm && nextTerm.index >= at && (!plain || nextTerm.index <= plain.index) ? nextTerm : plain
    if (!found) break
    tokens.push(found[0])
    at = found.index + found[0].length
  }
  return tokens
}

function nonEmptyMatch(pattern: RegExp, text: string, from: number): RegExpExecArray | null {
  for (let at = from; at <= text.length; ) {
    pattern.lastIndex = at
    const found = pattern.exec(text)
    if (!found || found[0] !== '') return found
    at = found.index + 1
  }
  return null
}

/**
 * The exceptions as the case converters consult them: a word equal to a term but for case takes the term's
 * spelling; a word in which a term's pattern occurs is kept as written. The first term either way decides.
 */
class Vocabulary {
  private readonly terms: {text: string; pattern: RegExp | undefined}[]
  private readonly firstEqual = new Map<string, number>()
  private readonly anyTerm: RegExp | undefined

  constructor(terms: readonly string[]) {
    this.terms = terms.map((text) => ({text, pattern: compileOrUndefined(text, (pattern) => pattern)}))
    terms.forEach((text, index) => {
      const folded = text.toLowerCase()
      if (!this.firstEqual.has(folded)) this.firstEqual.set(folded, index)
    })
    this.anyTerm = terms.length === 0 ? undefined : compileOrUndefined(terms.map((text) => `(?:${text})`).join('|'), (pattern) => pattern)
  }

  /** The spelling the vocabulary gives `word`, or undefined when no term applies. */
  lookup(word: string): string | undefined {
    if (this.terms.length === 0) return undefined
    const equal = this.firstEqual.get(word.toLowerCase())
    if (this.anyTerm === undefined || occursIn(this.anyTerm, word)) {
      const before = equal ?? this.terms.length
      for (let index = 0; index < before; index++) if (occursIn(this.terms[index]?.pattern, word)) return word
    }
    return equal === undefined ? undefined : this.terms[equal]?.text
  }
}

/** A term as a pattern; a term that is no valid pattern still matches by spelling, as in Vale. */
function compileOrUndefined(term: string, wrap: (pattern: string) => string): RegExp | undefined {
  try {
    return compileTerm(term, wrap)
  } catch {
    return undefined
  }
}
