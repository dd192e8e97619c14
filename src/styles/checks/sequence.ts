// Vale's `sequence` check: a run of words, each described by its text (`pattern`) and its Penn Treebank
// part of speech (`tag`), found around an anchor, the first token with a pattern that is not negated.
// Read a sentence at a time, as Vale reads it, whatever block the rule is given.

import {compileValeRegex, type ValeRegexOptions} from '../regex.js'
import {UnsupportedRuleError, type CheckFactory, type StyleMatch, type StyleRuleSource} from '../types.js'
import {splitSentences, splitWords, tagWords, type TaggedWord} from './tagger.js'

/** One entry of a rule's `tokens` as written. */
interface TokenSource {
  pattern: string | undefined
  tag: string | undefined
  negate: boolean
  skip: number
}

/** A token ready to test words. Each test it has must come out as `negate` does not (Vale's rule). */
interface SequenceToken {
  /** Tests a word's whole text. */
  text: RegExp | undefined
  /** Searched for in a word's tag, unanchored as Vale searches it: `NN` accepts `NNS` and `NNP` too. */
  tag: RegExp | undefined
  negate: boolean
  skip: number
}

/** A token to find on one side of the anchor, at most `gap` words past the word found before it. */
interface Step {
  token: SequenceToken
  gap: number
}

interface Sequence {
  anchor: SequenceToken
  /** The anchor's pattern alone: a sentence with no word it takes is not tagged. */
  anchorWord: SequenceToken
  /** The tokens before the anchor, nearest first. */
  left: Step[]
  /** The tokens after the anchor, nearest first. */
  right: Step[]
  /** Tested on the text before it is split or tagged; undefined where the anchor's pattern cannot tell. */
  prefilter: RegExp | undefined
  needsTags: boolean
}

export const sequence: CheckFactory = (rule) => {
  const compiled = compileSequence(rule)
  return {
    run(block) {
      if (compiled.prefilter !== undefined && !matches(compiled.prefilter, block.text)) return []
      const found: StyleMatch[] = []
      for (const sentence of splitSentences(block.text)) {
        const text = block.text.slice(sentence.start, sentence.end)
        if (compiled.prefilter !== undefined && !matches(compiled.prefilter, text)) continue
        const words = splitWords(text)
        // Tagging is the costly part: only a sentence with a word the anchor's pattern takes is tagged.
        if (!words.some((word) => accepts(compiled.anchorWord, word))) continue
        for (const match of matchSentence(compiled, compiled.needsTags ? tagWords(text) : words)) {
          found.push({...match, start: match.start + sentence.start, end: match.end + sentence.start})
        }
      }
      return found
    }
  }
}

function compileSequence(rule: StyleRuleSource): Sequence {
  const ignoreCase = flag(rule.fields.ignorecase)
  const sources = readTokenSources(rule)
  const anchorIndex = sources.findIndex((source) => source.pattern !== undefined && !source.negate)
  const anchorSource = sources[anchorIndex]
  if (anchorSource?.pattern === undefined) {
    throw new UnsupportedRuleError(
      'A `sequence` rule needs a token with a `pattern` that is not negated: the first one anchors the sequence, and without one Vale matches nothing.',
      'tokens'
    )
  }
  const tokens = sources.map((source, index) => compileToken(source, index, {ignoreCase}))
  const anchor = tokens[anchorIndex] as SequenceToken
  return {
    anchor,
    anchorWord: {...anchor, tag: undefined},
    left: stepsAway(tokens.slice(0, anchorIndex).reverse()),
    right: stepsAway(tokens.slice(anchorIndex + 1)),
    prefilter: prefilterFor(anchorSource.pattern, {ignoreCase}),
    needsTags: sources.some((source) => source.tag !== undefined)
  }
}

function readTokenSources(rule: StyleRuleSource): TokenSource[] {
  const tokens = rule.fields.tokens
  if (!Array.isArray(tokens) || tokens.length === 0) {
    throw new UnsupportedRuleError('A `sequence` rule needs a list of `tokens`.', 'tokens')
  }
  return tokens.map((entry: unknown, index) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      throw new UnsupportedRuleError(`Token ${index + 1} of \`tokens\` is not a map (pattern, tag, negate, skip).`, 'tokens')
    }
    const fields = entry as Record<string, unknown>
    return {pattern: text(fields.pattern), tag: text(fields.tag), negate: flag(fields.negate), skip: count(fields.skip, index)}
  })
}

function text(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value)
  return typeof value === 'string' && value !== '' ? value : undefined
}

/** A boolean as Vale decodes one (Go's ParseBool): `true`, `1`, `t`, `TRUE`, ... */
function flag(value: unknown): boolean {
  return value === true || value === 1 || (typeof value === 'string' && /^(?:1|t|true)$/i.test(value))
}

function count(value: unknown, index: number): number {
  if (value === undefined || value === null) return 0
  const number = typeof value === 'string' ? Number(value) : value
  if (typeof number === 'number' && Number.isInteger(number) && number >= 0) return number
  throw new UnsupportedRuleError(`Token ${index + 1} of \`tokens\` has a \`skip\` that is not a whole number.`, 'tokens')
}

function compileToken(source: TokenSource, index: number, options: ValeRegexOptions): SequenceToken {
  return {
    text: source.pattern === undefined ? undefined : compileTest(wholeWord(source.pattern), options, index, 'pattern'),
    tag: source.tag === undefined ? undefined : compileTest(source.tag, {}, index, 'tag'),
    negate: source.negate,
    skip: source.skip
  }
}

/**
 * The pattern matching a word's whole text, its leading flags (`(?i)`) kept in front. Vale (3.x) searches
 * the word unanchored, so `pattern: be` also took `because`; a pattern names a word.
 */
function wholeWord(pattern: string): string {
  const flags = /^\(\?[a-zA-Z]+\)/.exec(pattern)?.[0] ?? ''
  return `${flags}^(?:${pattern.slice(flags.length)})$`
}

function compileTest(pattern: string, options: ValeRegexOptions, index: number, key: string): RegExp {
  try {
    return compileValeRegex(pattern, options)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new UnsupportedRuleError(`Token ${index + 1} of \`tokens\`, its \`${key}\`: ${reason}`, 'tokens')
  }
}

/** Whether `pattern` matches `text`, searched from its start whatever a global RegExp's `lastIndex` says. */
function matches(pattern: RegExp, text: string): boolean {
  pattern.lastIndex = 0
  return pattern.test(text)
}

/**
 * Steps from tokens ordered outward from the anchor. A token's `skip` allows that many words between it
 * and its neighbour on the anchor's side (Vale's reading, on both sides); a token with a skip and no
 * pattern or tag adds its words to the gap before the next token out.
 */
function stepsAway(tokens: readonly SequenceToken[]): Step[] {
  const steps: Step[] = []
  let extra = 0
  for (const token of tokens) {
    if (token.text === undefined && token.tag === undefined) {
      extra += token.skip
      continue
    }
    steps.push({token, gap: token.skip + extra})
    extra = 0
  }
  return steps
}

/** Pattern syntax that means something else in a word than in the whole text: anchors, boundaries, lookaround. */
const contextual = /[\^$]|\\[bBAzZG]|\(\?<?[=!]/

function prefilterFor(pattern: string, options: ValeRegexOptions): RegExp | undefined {
  if (contextual.test(pattern)) return undefined
  try {
    return compileValeRegex(pattern, options)
  } catch {
    return undefined
  }
}

/** Every match in one sentence: one for each word the anchor accepts whose sides match. */
function matchSentence(sequence: Sequence, words: readonly TaggedWord[]): StyleMatch[] {
  const found: StyleMatch[] = []
  words.forEach((word, index) => {
    if (!accepts(sequence.anchor, word)) return
    const last = walk(words, index, 1, sequence.right)
    const first = last === undefined ? undefined : walk(words, index, -1, sequence.left)
    if (first === undefined || last === undefined) return
    const span = words.slice(first, last + 1)
    found.push({start: span[0]?.start ?? word.start, end: span[span.length - 1]?.end ?? word.end, args: span.map((each) => each.text)})
  })
  return found
}

/**
 * The index of the farthest word the steps reach from `from`, or undefined where one is not found. Each
 * step takes the first word it accepts within its gap, and the steps past it must still hold. Past the
 * sentence's edge only negated steps hold: nothing is there to be what they forbid.
 */
function walk(words: readonly TaggedWord[], from: number, direction: 1 | -1, steps: readonly Step[]): number | undefined {
  let position = from
  for (const [index, step] of steps.entries()) {
    const next = findWithin(words, position, direction, step)
    if (next === 'edge') return steps.slice(index).every((each) => each.token.negate) ? position : undefined
    if (next === undefined) return undefined
    position = next
  }
  return position
}

function findWithin(words: readonly TaggedWord[], position: number, direction: 1 | -1, step: Step): number | 'edge' | undefined {
  for (let distance = 1; distance <= step.gap + 1; distance += 1) {
    const index = position + direction * distance
    const word = words[index]
    if (word === undefined) return 'edge'
    if (accepts(step.token, word)) return index
  }
  return undefined
}

/** Vale's test of a word: each of the token's tests (tag, text) passes, or with `negate` each fails. */
function accepts(token: SequenceToken, word: TaggedWord): boolean {
  if (token.tag !== undefined && matches(token.tag, word.tag) === token.negate) return false
  if (token.text !== undefined && matches(token.text, word.text) === token.negate) return false
  return true
}
