// Vale's `substitution` check: each `swap` key is a pattern, its value the preferred form (`a|b` for
// several). A match is reported with the preferred form and what was written, unless it already is a
// preferred form, or an exception or the accepted vocabulary covers it.
import {compileValeRegex} from '../regex.js'
import {UnsupportedRuleError, type CheckFactory, type StyleMatch, type StyleRuleSource} from '../types.js'
import {Exceptions, RuleFields, bounded, capitalizeFirst, compilePattern, findAll, isPlainPhrase, refuseMatchCase, startsCapitalized, toSentence} from './common.js'

interface Swap {
  pattern: string
  preferred: string
  /** The key alone, for a preferred form that refers to its groups (`$1`). */
  rewrite: RegExp | undefined
}

const groupName = (index: number) => 'valeSwap' + index

export const substitution: CheckFactory = (rule, environment) => {
  const fields = new RuleFields(rule)
  refuseMatchCase(fields)
  const ignoreCase = fields.boolean('ignorecase', false)
  const capitalize = fields.boolean('capitalize', false)
  // Longest key first, as Vale orders them, so that the longer of two overlapping keys wins.
  const swaps: Swap[] = fields
    .pairs('swap')
    .sort(([a], [b]) => b.length - a.length)
    .map(([pattern, preferred]) => ({pattern, preferred, rewrite: /\$\d/.test(preferred) ? compileSwap(pattern, ignoreCase) : undefined}))
  const pattern = compileSwaps(swaps, fields.boolean('nonword', false), ignoreCase)
  const exceptions = Exceptions.of(fields, environment, fields.boolean('vocab', true))
  const conforms = conformance(rule)
  const spellings = new Map<string, string[] | undefined>()
  return {
    run(block) {
      const found: StyleMatch[] = []
      if (!pattern) return found
      const inPhrase = exceptions.phraseTest(block.text)
      for (const match of findAll(pattern, block.text)) {
        const swap = swaps.find((_, index) => match.groups?.[groupName(index)] !== undefined)
        if (!swap) continue
        const observed = match[0]
        const start = match.index
        const end = start + observed.length
        const expected = preferredFor(swap, observed, capitalize)
        if (conforms(expected, observed) || exceptions.except(observed, start, end, inPhrase)) continue
        found.push(report(rule, {start, end, observed, expected, capitalize, spellings}))
      }
      return found
    }
  }
}

function compileSwap(pattern: string, ignoreCase: boolean): RegExp {
  return compilePattern(pattern, {ignoreCase, multiline: false, field: 'swap'})
}

/** All keys in one pattern, each in a named group that tells which matched. */
function compileSwaps(swaps: readonly Swap[], nonword: boolean, ignoreCase: boolean): RegExp | undefined {
  if (swaps.length === 0) return undefined
  const alternatives = swaps.map((swap, index) => `(?<${groupName(index)}>${swap.pattern})`)
  try {
    return compilePattern(bounded(alternatives, nonword), {ignoreCase, multiline: true, field: 'swap'})
  } catch (error) {
    for (const swap of swaps) {
      try {
        compileValeRegex(swap.pattern, {ignoreCase})
      } catch (cause) {
        throw new UnsupportedRuleError(`the \`swap\` key \`${swap.pattern}\` is not a regular expression docs-lint can run: ${(cause as Error).message}`, 'swap')
      }
    }
    throw error
  }
}

/** The preferred form for a match: capitalized like it with `capitalize`, its `$1`s filled from the key's groups. */
function preferredFor(swap: Swap, observed: string, capitalize: boolean): string {
  let expected = swap.preferred
  if (capitalize && startsCapitalized(observed)) expected = capitalizeFirst(expected)
  if (!swap.rewrite || !/\$\d+/.test(expected)) return expected
  swap.rewrite.lastIndex = 0
  const rewritten = observed.replace(swap.rewrite, expected.replace(/\$\{(\w+)\}/g, (_, name: string) => (/^\d+$/.test(name) ? '$' + name : '$<' + name + '>')))
  swap.rewrite.lastIndex = 0
  return rewritten
}

/**
 * Whether what was written already is the preferred form. With `action: replace` the value lists literal
 * replacements; otherwise it may be a pattern (a vocabulary term such as `[pP]y.*`), matched whole.
 */
function conformance(rule: StyleRuleSource): (expected: string, observed: string) => boolean {
  if (rule.action?.name === 'replace') return (expected, observed) => optionsOf(expected).includes(observed)
  const whole = new Map<string, RegExp | undefined>()
  return (expected, observed) => {
    if (isPlainPhrase(expected)) return expected === observed
    if (!whole.has(expected)) whole.set(expected, compilesTo('^(?:' + expected + ')$'))
    const pattern = whole.get(expected)
    if (!pattern) return expected === observed
    pattern.lastIndex = 0
    return pattern.test(observed)
  }
}

function compilesTo(pattern: string): RegExp | undefined {
  try {
    return compileValeRegex(pattern)
  } catch {
    return undefined
  }
}

/** The options of a preferred form: split on `|` (an escaped `\|` is a literal pipe), empty ones dropped. */
function optionsOf(preferred: string): string[] {
  return preferred
    .split(/(?<!\\)\|/)
    .filter((option) => option !== '')
    .map((option) => option.replaceAll('\\|', '|'))
}

interface Finding {
  start: number
  end: number
  observed: string
  expected: string
  capitalize: boolean
  spellings: Map<string, string[] | undefined>
}

function report(rule: StyleRuleSource, finding: Finding): StyleMatch {
  const {start, end, observed, expected, capitalize} = finding
  const action = rule.action
  if (action?.name === 'replace' && action.params.length > 0) return {start, end, args: [expected, observed], replacements: action.params}
  if (action?.name === 'replace') {
    let options = optionsOf(expected)
    if (capitalize && startsCapitalized(observed)) options = options.map(capitalizeFirst)
    return {start, end, args: [listedForMessage(rule.message, options), observed], replacements: options}
  }
  const term = recasedToTerm(expected, observed, finding.spellings)
  return {start, end, args: [term, observed], replacements: optionsOf(term)}
}

/**
 * Vale lists a `replace` rule's options as `'a' or 'b'` and, when the message quotes both values
 * (`'%s' ... '%s'`), drops the quotes around the first. The same text, as the value for the quoted `%s`.
 */
function listedForMessage(message: string, options: readonly string[]): string {
  const quotedTwice = (quote: string) => message.split(quote + '%s' + quote).length === 3
  if (quotedTwice("'")) return toSentence(options, 'or').slice(1, -1)
  // Vale's list keeps single quotes inside the message's double ones; docs-lint quotes it as the message does.
  if (quotedTwice('"')) return toSentence(options, 'or', '"').slice(1, -1)
  return toSentence(options, 'or')
}

/** A term written as a pattern, spelled as what was written where it allows that (`OAuth2?` for `Oauth`: `OAuth`). */
function recasedToTerm(term: string, observed: string, cache: Map<string, string[] | undefined>): string {
  if (!cache.has(term)) cache.set(term, spellingsOf(term) ?? literalOf(term))
  const lower = observed.toLowerCase()
  return cache.get(term)?.find((spelling) => spelling.toLowerCase() === lower) ?? term
}

const maxSpellings = 64

/** Every text a pattern of literals, groups, alternations and `?` matches, or undefined for other patterns. */
export function spellingsOf(pattern: string): string[] | undefined {
  let index = 0
  const alternation = (nested: boolean): string[] | undefined => {
    const spellings: string[] = []
    let branch = ['']
    while (index < pattern.length) {
      const character = pattern[index]!
      if (character === ')') {
        index++
        return nested ? [...spellings, ...branch] : undefined
      }
      if (character === '|') {
        spellings.push(...branch)
        branch = ['']
        index++
        continue
      }
      let atom: string[] | undefined
      if (character === '(') {
        index++
        if (pattern.startsWith('?:', index)) index += 2
        else if (pattern[index] === '?') return undefined
        atom = alternation(true)
      } else if (character === '\\') {
        const next = pattern[index + 1]
        if (next === undefined || /[\p{L}\p{N}]/u.test(next)) return undefined
        atom = [next]
        index += 2
      } else if ('[]{}.*+^$'.includes(character)) {
        return undefined
      } else {
        atom = [character]
        index++
      }
      if (!atom) return undefined
      if (pattern[index] === '?') {
        atom = [...atom, '']
        index++
      } else if (pattern[index] === '*' || pattern[index] === '+' || pattern[index] === '{') {
        return undefined
      }
      if (branch.length * atom.length > maxSpellings) return undefined
      const suffixes = atom
      branch = branch.flatMap((prefix) => suffixes.map((suffix) => prefix + suffix))
    }
    return nested ? undefined : [...spellings, ...branch]
  }
  const spellings = alternation(false)
  return spellings && spellings.length > 0 ? spellings : undefined
}

/** The literal characters of a pattern with only escapes and `?` besides (`\.NET` gives `.NET`). */
function literalOf(pattern: string): string[] | undefined {
  let literal = ''
  for (let index = 0; index < pattern.length; index++) {
    const character = pattern[index]!
    if (character === '\\') {
      const next = pattern[++index]
      if (next === undefined) return undefined
      literal += next
    } else if ('[](){}|.*+^$'.includes(character)) {
      return undefined
    } else if (character !== '?') {
      literal += character
    }
  }
  return literal === '' ? undefined : [literal]
}
