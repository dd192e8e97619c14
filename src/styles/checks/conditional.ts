// Vale's `conditional` check: a match of `first` needs `second` too. When `second` captures (an acronym's
// definition, `World Health Organization (WHO)`), each `first` match must be a value it captured earlier
// on the page or in the same block; otherwise `second` must match somewhere in the block.
import {UnsupportedRuleError, type CheckFactory, type StyleMatch} from '../types.js'
import {Exceptions, RuleFields, compilePattern, findAll, matchesIn, refuseMatchCase, reportMatch} from './common.js'

const definedKey = 'conditional.defined'

export const conditional: CheckFactory = (rule, environment) => {
  const fields = new RuleFields(rule)
  refuseMatchCase(fields)
  if (fields.string('in') !== undefined) throw new UnsupportedRuleError('`in` names a scope of a Vale View, which docs-lint does not read', 'in')
  // Vale compiles both patterns as written: `ignorecase` does not apply to them.
  const antecedent = compilePattern(required(fields, 'first'), {ignoreCase: false, multiline: false, field: 'first'})
  const second = required(fields, 'second')
  const consequent = compilePattern(second, {ignoreCase: false, multiline: false, field: 'second'})
  const captures = countOf(second, '(') > countOf(second, '(?') + countOf(second, '\\(')
  const exceptions = Exceptions.of(fields, environment, fields.boolean('vocab', true))
  return {
    run(block, state) {
      const text = block.text
      let defined: ReadonlySet<string> = new Set()
      if (!captures) {
        if (matchesIn(consequent, text)) return []
      } else {
        defined = recordDefinitions(consequent, text, state)
      }
      const found: StyleMatch[] = []
      const inPhrase = exceptions.phraseTest(text)
      for (const match of findAll(antecedent, text)) {
        const start = match.index
        const end = start + match[0].length
        if (defined.has(match[0]) || exceptions.except(match[0], start, end, inPhrase)) continue
        found.push(reportMatch(rule, start, end, match[0]))
      }
      return found
    }
  }
}

function required(fields: RuleFields, name: string): string {
  const value = fields.string(name)
  if (value === undefined || value === '') throw new UnsupportedRuleError(`\`${name}\` is missing: a conditional rule needs \`first\` and \`second\``, name)
  return value
}

function countOf(text: string, part: string): number {
  return text.split(part).length - 1
}

/** Add every value `second` captures in the block to the page's definitions. */
function recordDefinitions(consequent: RegExp, text: string, state: Map<string, unknown>): ReadonlySet<string> {
  let defined = state.get(definedKey) as Set<string> | undefined
  if (!defined) {
    defined = new Set()
    state.set(definedKey, defined)
  }
  for (const match of findAll(consequent, text)) {
    for (const value of match.slice(1)) if (value) defined.add(value)
  }
  return defined
}
