// Vale's `consistency` check: of each `either` pair (`advisor: adviser`), only one may appear on a page.
// Once both have, a block that has either is reported once per pair, with the last of its matches.
import type {CheckFactory, StyleMatch} from '../types.js'
import {RuleFields, bounded, compilePattern, findAll, refuseMatchCase, reportMatch} from './common.js'

const seenKey = 'consistency.seen'

export const consistency: CheckFactory = (rule) => {
  const fields = new RuleFields(rule)
  refuseMatchCase(fields)
  const options = {ignoreCase: fields.boolean('ignorecase', false), multiline: true, field: 'either'}
  const nonword = fields.boolean('nonword', false)
  const pairs = fields.pairs('either').map(([one, other]) => compilePattern(bounded([`(?<valeOne>${one})`, `(?<valeOther>${other})`], nonword), options))
  return {
    run(block, state) {
      const seen = pageSet(state)
      const found: StyleMatch[] = []
      pairs.forEach((pattern, index) => {
        const matches = findAll(pattern, block.text)
        for (const match of matches) seen.add(index + (match.groups?.['valeOne'] !== undefined ? ':one' : ':other'))
        const last = matches[matches.length - 1]
        if (!last || !seen.has(index + ':one') || !seen.has(index + ':other')) return
        const start = firstOccurrence(block.text, last[0]) ?? last.index
        found.push(reportMatch(rule, start, start + last[0].length, last[0]))
      })
      return found
    }
  }
}

function pageSet(state: Map<string, unknown>): Set<string> {
  let seen = state.get(seenKey) as Set<string> | undefined
  if (!seen) {
    seen = new Set()
    state.set(seenKey, seen)
  }
  return seen
}

/** Where Vale places the finding: it looks for the matched text in the block, as a word where it can. */
function firstOccurrence(text: string, matched: string): number | undefined {
  if (matched === '') return undefined
  const escaped = matched.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&')
  const word = new RegExp('(?:^|\\b|_)' + escaped + '(?:_|\\b|$)').exec(text)
  if (word) return word.index + (text[word.index] === '_' ? 1 : 0)
  const index = text.indexOf(matched)
  return index < 0 ? undefined : index
}
