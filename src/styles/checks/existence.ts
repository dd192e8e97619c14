// Vale's `existence` check: every match of the rule's `tokens` (or `raw` pattern) is reported, unless the
// rule's `exceptions` or the accepted vocabulary cover it.
import type {CheckFactory, StyleMatch} from '../types.js'
import {Exceptions, RuleFields, findAll, refuseMatchCase, reportMatch, tokenPattern} from './common.js'

export const existence: CheckFactory = (rule, environment) => {
  const fields = new RuleFields(rule)
  refuseMatchCase(fields)
  const pattern = tokenPattern(fields)
  // Vale leaves the vocabulary out of `nonword` rules: an accepted word would excuse any span containing it.
  const exceptions = Exceptions.of(fields, environment, fields.boolean('vocab', true) && !fields.boolean('nonword', false))
  return {
    run(block) {
      const found: StyleMatch[] = []
      const inPhrase = exceptions.phraseTest(block.text)
      for (const match of findAll(pattern, block.text)) {
        const start = match.index
        const end = start + match[0].length
        if (!exceptions.except(match[0].trim(), start, end, inPhrase)) found.push(reportMatch(rule, start, end, match[0]))
      }
      return found
    }
  }
}
