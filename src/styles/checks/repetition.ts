// Vale's `repetition` check: a token matched twice in a row ("the the"). The finding spans both, within
// one sentence; the message's value is the repeated token.
import {load, once} from '../../shared/lazy.js'
import {UnsupportedRuleError, type CheckFactory, type StyleMatch} from '../types.js'
import {Exceptions, RuleFields, compilePattern, findAll, isLetters} from './common.js'

export const repetition: CheckFactory = (rule, environment) => {
  const fields = new RuleFields(rule)
  const tokens = fields.list('tokens')
  if (tokens.length === 0) throw new UnsupportedRuleError('`tokens` is missing: the rule has nothing to look for', 'tokens')
  const ignoreCase = fields.boolean('ignorecase', false)
  const alpha = fields.boolean('alpha', false)
  const max = fields.integer('max', 0)
  const pattern = compilePattern('(' + tokens.join('|') + ')', {ignoreCase, multiline: false, field: 'tokens'})
  const exceptions = Exceptions.of(fields, environment, fields.boolean('vocab', true))
  const same = ignoreCase ? (a: string, b: string) => a.toLowerCase() === b.toLowerCase() : (a: string, b: string) => a === b
  return {
    run(block) {
      const found: StyleMatch[] = []
      const text = block.text
      const inPhrase = exceptions.phraseTest(text)
      let previous = ''
      let previousStart = 0
      // Vale counts repeats over the whole block and starts again only after a finding.
      let repeats = 0
      for (const match of findAll(pattern, text)) {
        const current = match[0].trim()
        const repeated = current !== '' && same(current, previous) && (!alpha || isLetters(current))
        if (repeated) repeats++
        if (repeated && repeats > max) {
          const end = match.index + match[0].length
          const span = text.slice(previousStart, end)
          if (!endsSentence.test(span) && sentenceCount(span) === 1 && !exceptions.except(span, previousStart, end, inPhrase)) {
            found.push({start: previousStart, end, args: [current]})
            repeats = 0
          }
        }
        previous = current
        previousStart = match.index
      }
      return found
    }
  }
}

/** A point and a capital between the two words: two sentences, even after a word that can be an abbreviation (`in. In`). */
const endsSentence = /[.!?\u2026]["')\]\u2019\u201d]*\s+\p{Lu}/u

const english = once(() => {
  const {ParseEnglish} = load('parse-english') as typeof import('parse-english')
  return new ParseEnglish()
})

/** The sentences in a text: a repeat across two ("Use Redis. Redis is fast.") is not reported. */
function sentenceCount(text: string): number {
  let count = 0
  for (const paragraph of english().parse(text).children) {
    if (paragraph.type !== 'ParagraphNode') continue
    for (const child of paragraph.children) if (child.type === 'SentenceNode') count++
  }
  return count
}
