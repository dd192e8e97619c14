// Vale's `occurrence` check: the number of times `token` appears in a block, held to `max` and `min`. One
// finding per block out of bounds, at the first match that is not code (`*`s), or at the block's first
// word when there is none; the message's value is the count.
import {UnsupportedRuleError, type CheckFactory} from '../types.js'
import {RuleFields, compilePattern, findAll} from './common.js'

export const occurrence: CheckFactory = (rule) => {
  const fields = new RuleFields(rule)
  const token = fields.string('token')
  if (token === undefined || token === '') throw new UnsupportedRuleError('`token` is missing: the rule has nothing to count', 'token')
  const max = fields.integer('max', 0)
  const min = fields.integer('min', 0)
  const pattern = compilePattern('(?:' + token + ')', {ignoreCase: fields.boolean('ignorecase', false), multiline: false, field: 'token'})
  return {
    run(block) {
      const found = findAll(pattern, block.text)
      const count = found.length
      if (!((max > 0 && count > max) || (min > 0 && count < min))) return []
      const args = [String(count)]
      if (count === 0) {
        const word = /[^\t\n\f\r ]+/.exec(block.text)
        return [word ? {start: word.index, end: word.index + word[0].length, args} : {start: 0, end: 0, args}]
      }
      const first = found.find((match) => match[0].trim() !== '' && !/^[*@]+$/.test(match[0]))
      return first ? [{start: first.index, end: first.index + first[0].length, args}] : []
    }
  }
}
