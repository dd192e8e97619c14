// What Vale's regex-based check kinds share: reading a rule's typed fields (weakly, as Vale's decoder
// does), turning `tokens`/`raw` into one pattern, compiling it once, finding every match the way Go
// does, the `exceptions` and accepted vocabulary a match is checked against, and the message values a
// match gives.
import {compileValeRegex} from '../regex.js'
import {UnsupportedRuleError, type StyleEnvironment, type StyleMatch, type StyleRuleSource} from '../types.js'

/** A rule's own fields, read with the types its kind expects: a field of another type is an error. */
export class RuleFields {
  constructor(private readonly rule: StyleRuleSource) {}

  private value(name: string): unknown {
    const value = this.rule.fields[name]
    return value === null ? undefined : value
  }

  private wrongType(name: string, expected: string): UnsupportedRuleError {
    return new UnsupportedRuleError(`\`${name}\` is ${describe(this.value(name))}, expected ${expected}`, name)
  }

  /** `true`/`false` (or `1`/`0`, `"true"`, ... as Vale's decoder reads them). */
  boolean(name: string, fallback: boolean): boolean {
    const value = this.value(name)
    if (value === undefined) return fallback
    if (typeof value === 'boolean') return value
    if (typeof value === 'number') return value !== 0
    if (typeof value === 'string') {
      if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(value)) return true
      if (['', '0', 'f', 'F', 'FALSE', 'false', 'False'].includes(value)) return false
    }
    throw this.wrongType(name, '`true` or `false`')
  }

  string(name: string): string | undefined {
    const value = this.value(name)
    if (value === undefined) return undefined
    const text = scalarText(value)
    if (text === undefined) throw this.wrongType(name, 'a string')
    return text
  }

  integer(name: string, fallback: number): number {
    const value = this.value(name)
    if (value === undefined || value === '') return fallback
    if (typeof value === 'number' && Number.isFinite(value)) return Math.trunc(value)
    if (typeof value === 'boolean') return value ? 1 : 0
    if (typeof value === 'string' && /^[+-]?\d+$/.test(value.trim())) return Number(value.trim())
    throw this.wrongType(name, 'a whole number')
  }

  /** A list of strings; a single value is a list of one. */
  list(name: string): string[] {
    const value = this.value(name)
    if (value === undefined) return []
    const items = Array.isArray(value) ? value : [value]
    return items.map((item) => {
      const text = item === null ? '' : scalarText(item)
      if (text === undefined) throw this.wrongType(name, 'a list of strings')
      return text
    })
  }

  /** A mapping of strings to strings, in the order written; a list of mappings is merged, as Vale does. */
  pairs(name: string): Array<[string, string]> {
    const value = this.value(name)
    if (value === undefined) return []
    const maps = Array.isArray(value) ? value : [value]
    const merged = new Map<string, string>()
    for (const map of maps) {
      if (!map || typeof map !== 'object' || Array.isArray(map)) throw this.wrongType(name, 'a mapping of `pattern: replacement` pairs')
      for (const [key, entry] of Object.entries(map as Record<string, unknown>)) {
        const text = entry === null ? '' : scalarText(entry)
        if (text === undefined) throw this.wrongType(name, 'a mapping of strings to strings')
        merged.set(key, text)
      }
    }
    return [...merged]
  }
}

function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (typeof value === 'number') return String(value)
  if (typeof value === 'boolean') return value ? '1' : '0'
  return undefined
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list'
  if (value && typeof value === 'object') return 'a mapping'
  return 'the ' + typeof value + ' `' + String(value) + '`'
}

export interface PatternOptions {
  ignoreCase: boolean
  /** Vale's `(?m)`: `^` and `$` match at every line. */
  multiline: boolean
  /** The rule field the pattern comes from, for the error. */
  field: string
}

/** Compile a pattern in Vale's dialect to a global RegExp, once per rule; an invalid one is the rule's error. */
export function compilePattern(pattern: string, options: PatternOptions): RegExp {
  let compiled: RegExp
  try {
    compiled = compileValeRegex(pattern, {ignoreCase: options.ignoreCase})
  } catch (error) {
    if (error instanceof UnsupportedRuleError) throw new UnsupportedRuleError(error.message, error.field ?? options.field)
    throw new UnsupportedRuleError(`\`${options.field}\` is not a valid regular expression: ${(error as Error).message}`, options.field)
  }
  // compileValeRegex has no option for Vale's `(?m)`, which the templates put in front of every token list.
  if (options.multiline && !compiled.multiline) compiled = new RegExp(compiled.source, compiled.flags + 'm')
  return compiled
}

/** Every match of `pattern` in `text`, left to right, as Go finds them (no empty match right after a match). */
export function findAll(pattern: RegExp, text: string): RegExpExecArray[] {
  const found: RegExpExecArray[] = []
  const wide = pattern.unicode || pattern.flags.includes('v')
  let previousEnd = -1
  pattern.lastIndex = 0
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const end = match.index + match[0].length
    if (match[0] === '') {
      const point = text.codePointAt(match.index) ?? 0
      pattern.lastIndex = match.index + (wide && point > 0xffff ? 2 : 1)
      if (match.index === previousEnd) continue
    }
    found.push(match)
    previousEnd = end
  }
  pattern.lastIndex = 0
  return found
}

/** Whether `pattern` matches anywhere in `text`. */
export function matchesIn(pattern: RegExp, text: string): boolean {
  pattern.lastIndex = 0
  const found = pattern.test(text)
  pattern.lastIndex = 0
  return found
}

/** Vale's word template (`\b(?:a|b)\b`) or, for `nonword` rules, the bare group. */
export function bounded(alternatives: readonly string[], nonword: boolean): string {
  const group = '(?:' + alternatives.join('|') + ')'
  return nonword ? group : '\\b' + group + '\\b'
}

/** Whether a pattern has a `^` or `$` of its own (not escaped, not in a character class). */
export function hasLineAnchor(pattern: string): boolean {
  for (let index = 0; index < pattern.length; index++) {
    const character = pattern[index]
    if (character === '\\') index++
    else if (character === '[') index = classEnd(pattern, index)
    else if (character === '^' || character === '$') return true
  }
  return false
}

/** Where the character class opening at `open` closes (a `]` right after `[` or `[^` is a literal). */
function classEnd(pattern: string, open: number): number {
  let index = open + 1
  if (pattern[index] === '^') index++
  if (pattern[index] === ']') index++
  for (; index < pattern.length; index++) {
    if (pattern[index] === '\\') index++
    else if (pattern[index] === ']') return index
  }
  return pattern.length
}

/**
 * The one pattern of an existence-like rule: `tokens` in the word template (or bare, `nonword`), with
 * `raw` concatenated before it (after it with `append`). Vale writes `(?m)` at the head of the template,
 * so a `raw` that comes first keeps single-line `^` and `$`.
 */
export function tokenPattern(fields: RuleFields): RegExp {
  const tokens = fields.list('tokens')
  const raw = fields.list('raw').join('')
  const append = fields.boolean('append', false)
  const listed = tokens.filter((token) => token.trim() !== '')
  if (listed.length === 0 && raw === '') throw new UnsupportedRuleError('the rule has no `tokens` and no `raw`: it would match everywhere', 'tokens')
  const template = bounded(listed, fields.boolean('nonword', false) || tokens.length === 0)
  const rawFirst = raw !== '' && !append
  const multiline = !(rawFirst && hasLineAnchor(raw))
  if (!multiline && listed.some(hasLineAnchor)) {
    throw new UnsupportedRuleError('`raw` and `tokens` both use `^` or `$`, which Vale reads single-line in `raw` and per line in `tokens`', 'raw')
  }
  const pattern = rawFirst ? raw + template : template + raw
  return compilePattern(pattern, {ignoreCase: fields.boolean('ignorecase', false), multiline, field: raw === '' ? 'tokens' : 'raw'})
}

/**
 * A rule's `exceptions`, and the accepted vocabulary with them unless the rule says `vocab: false`. A
 * match is excepted when an entry matches within it, word-bounded and case-sensitive (an entry starting
 * with `(?i)` ignores case); it is also let through when it lies inside an accepted phrase (an entry with
 * a space) found in the block, whatever the case.
 */
export class Exceptions {
  private readonly patterns: RegExp[]
  private readonly phrases: RegExp | undefined

  constructor(exceptions: readonly string[], environment: StyleEnvironment, useVocabulary: boolean) {
    const vocabulary = useVocabulary ? environment.accept : []
    this.patterns = [...entryPatterns(exceptions, 'exceptions'), ...vocabularyPatterns(vocabulary)]
    this.phrases = phrasePattern([...exceptions, ...vocabulary])
  }

  static of(fields: RuleFields, environment: StyleEnvironment, useVocabulary: boolean): Exceptions {
    // An empty entry would match at every word boundary and except everything.
    return new Exceptions(fields.list('exceptions').filter((entry) => entry !== ''), environment, useVocabulary)
  }

  /** Vale's `isMatch`: an entry matches somewhere in `text`. */
  excepts(text: string): boolean {
    return this.patterns.some((pattern) => matchesIn(pattern, text))
  }

  /** For one block: whether a span lies inside an accepted phrase (the phrases found on first use). */
  phraseTest(text: string): (start: number, end: number) => boolean {
    const pattern = this.phrases
    if (!pattern) return () => false
    let spans: Array<[number, number]> | undefined
    return (start, end) => {
      spans ??= findAll(pattern, text).map((match) => [match.index, match.index + match[0].length])
      return spans.some(([from, to]) => start >= from && end <= to)
    }
  }

  /** Whether a match (`matched`, at `start`..`end` of a block) is excepted; `phrase` is `phraseTest` of the block. */
  except(matched: string, start: number, end: number, phrase: (start: number, end: number) => boolean): boolean {
    return this.excepts(matched) || phrase(start, end)
  }
}

/** Entries in two patterns: those that keep case, and those that start with `(?i)`. */
function entryPatterns(entries: readonly string[], field: 'exceptions' | undefined): RegExp[] {
  const keepCase = entries.filter((entry) => !entry.startsWith('(?i)'))
  const anyCase = entries.filter((entry) => entry.startsWith('(?i)')).map((entry) => entry.slice(4))
  const patterns: RegExp[] = []
  for (const [group, ignoreCase] of [[keepCase, false], [anyCase, true]] as const) {
    if (group.length === 0) continue
    const longestFirst = [...group].sort((a, b) => b.length - a.length)
    try {
      patterns.push(compilePattern(bounded(longestFirst, false), {ignoreCase, multiline: true, field: field ?? 'vocab'}))
    } catch (error) {
      const culprit = group.find((entry) => !compiles(entry))
      if (culprit === undefined) throw error
      const what = field ? 'the `exceptions` entry' : 'the accepted vocabulary entry'
      throw new UnsupportedRuleError(`${what} \`${culprit}\` is not a regular expression docs-lint can run`, field)
    }
  }
  return patterns
}

function compiles(entry: string): boolean {
  try {
    compileValeRegex(entry)
    return true
  } catch {
    return false
  }
}

// Every rule that uses the vocabulary shares its compiled patterns.
const vocabularyCache = new WeakMap<readonly string[], RegExp[]>()

function vocabularyPatterns(vocabulary: readonly string[]): RegExp[] {
  if (vocabulary.length === 0) return []
  let patterns = vocabularyCache.get(vocabulary)
  if (!patterns) {
    patterns = entryPatterns(vocabulary, undefined)
    vocabularyCache.set(vocabulary, patterns)
  }
  return patterns
}

function phrasePattern(entries: readonly string[]): RegExp | undefined {
  const phrases = entries.filter((entry) => /[ \t]/.test(entry) || entry.includes('\\s')).map((entry) => entry.replace(/^\(\?i\)/, ''))
  if (phrases.length === 0) return undefined
  try {
    return compilePattern(bounded(phrases, false), {ignoreCase: true, multiline: false, field: 'exceptions'})
  } catch {
    return undefined
  }
}

/**
 * A match as Vale reports it for the kinds that format the message with the matched text: the text and,
 * when the rule has an action whose fix is known here (`replace`, `remove`), that fix as the second value.
 */
export function reportMatch(rule: StyleRuleSource, start: number, end: number, matched: string): StyleMatch {
  const action = rule.action
  if (action?.name === 'replace') {
    const fix = action.params.length === 0 ? matched : action.params.length === 1 ? action.params[0]! : toSentence(action.params, 'or')
    return action.params.length === 0 ? {start, end, args: [matched, fix]} : {start, end, args: [matched, fix], replacements: action.params}
  }
  if (action?.name === 'remove') return {start, end, args: [matched, '']}
  return {start, end, args: [matched]}
}

/** Vale 3's `matchcase` re-cases a `replace` action's text to the match's; docs-lint does not yet. */
export function refuseMatchCase(fields: RuleFields): void {
  if (fields.boolean('matchcase', false)) throw new UnsupportedRuleError('`matchcase` (re-casing the replacement like the match) is not supported yet', 'matchcase')
}

/** Vale's list of options: `'a'`, `'a' or 'b'`, `'a', 'b', or 'c'`. */
export function toSentence(words: readonly string[], conjunction: string, quote = "'"): string {
  const quoted = words.map((word) => quote + word + quote)
  if (quoted.length <= 2) return quoted.join(' ' + conjunction + ' ')
  return quoted.slice(0, -1).join(', ') + ', ' + conjunction + ' ' + quoted[quoted.length - 1]
}

/** Vale's `CapFirst`: the first character upper-cased (an ASCII one: Vale upper-cases the first byte). */
export function capitalizeFirst(text: string): string {
  return /^[a-z]/.test(text) ? text[0]!.toUpperCase() + text.slice(1) : text
}

/** Vale's `text == CapFirst(text)`: true for an empty text or one starting with an ASCII character not `a`-`z`. */
export function startsCapitalized(text: string): boolean {
  return text === '' || /^[\0-\x60\x7b-\x7f]/.test(text)
}

/** Vale's `IsPhrase`: letters, digits, spaces and hyphens only, so not read as a pattern. */
export function isPlainPhrase(text: string): boolean {
  return /^[\p{L}\p{Nd} -]*$/u.test(text)
}

/** Vale's `IsLetter`: letters only. */
export function isLetters(text: string): boolean {
  return /^\p{L}*$/u.test(text)
}
