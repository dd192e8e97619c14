import type {Parent as NlcstParent, Word} from 'nlcst'
import type {Point} from 'unist'
import {toString} from 'nlcst-to-string'
import retextPassive from 'retext-passive'
import {VFile} from 'vfile'
import {defineRule} from '../src/rule.js'
import {doVerbs, persons} from './passive-voice.data.js'
import {quotedWords} from './second-person.js'

const beVerbPhrase = /\b(?:am|are|is|was|were|be|been|being)\s+\S/i

interface Options {
  /** Participles retext-passive should not report, such as `known` or `set`. */
  ignore: string[]
}

export default defineRule<Options>({
  id: 'passive-voice',
  severity: 'warn',
  summary: 'Instructions are in active voice: no `be` verb followed by a past participle in prose',
  fixable: false,
  prose: true,
  options: {
    type: 'object',
    properties: {
      ignore: {type: 'array', items: {type: 'string', minLength: 1}, uniqueItems: true}
    },
    additionalProperties: false
  },
  defaults: {ignore: []},
  create(options) {
    const findPassive = retextPassive({ignore: options.ignore})
    return function (_tree, {page, report}) {
      for (const block of page.proseBlocks()) {
        // Cheap pre-check on the plain text: no `be` verb before a word, no passive phrase.
        if (!beVerbPhrase.test(block.text)) continue
        const prose = block.prose()
        // retext-passive reports on a file; a scratch file keeps its messages (and rule ids) out of the page.
        const scratch = new VFile()
        findPassive(prose, scratch)
        if (scratch.messages.length === 0) continue
        // An example phrase in quotes (“"the token is sent"”) is a mention, not the page's voice.
        const quoted = new Set(prose.children.flatMap((paragraph) => (paragraph.type === 'ParagraphNode' ? [...quotedWords(paragraph)] : [])))
        for (const finding of scratch.messages) {
          const sentence = finding.ancestors?.[0] as NlcstParent | undefined
          const participleEnd = finding.place && 'end' in finding.place ? finding.place.end : undefined
          const participleStart = finding.place && 'start' in finding.place ? finding.place.start : undefined
          if (!sentence || !participleStart || !participleEnd) continue
          const verb = beVerbBefore(sentence, participleStart)
          if (!verb?.position || quoted.has(verb) || isNotPassive(sentence, verb, finding.actual ?? '')) continue
          const phrase = toString(verb) + ' ' + (finding.actual ?? '')
          report({
            message: 'Unexpected passive voice `' + phrase + '`, expected active voice: say who does it',
            place: {start: verb.position.start, end: participleEnd},
            actual: phrase
          })
        }
      }
    }
  }
})

/**
 * Phrases retext-passive matches that are not passive: “all you need to do is run the script” (a bare
 * infinitive) and `done` meaning finished (“when you are done”, “is done editing”, “are done with”,
 * “once the upload is done, …”).
 */
function isNotPassive(sentence: NlcstParent, verb: Word, participle: string): boolean {
  const index = sentence.children.indexOf(verb)
  const before = wordAcrossSpace(sentence, index, -1)
  if (before && doVerbs.has(before)) return true
  if (participle.toLowerCase() !== 'done') return false
  const after = wordAcrossSpace(sentence, index + 2, 1)
  const next = sentence.children[index + 3]
  // At the end of a clause `done` is finished: “after the page is done, …”, “when the upload is done.”
  const endsClause = next === undefined || next.type === 'PunctuationNode'
  return (
    endsClause ||
    (before !== undefined && persons.has(before)) ||
    (after !== undefined && (after === 'with' || after.endsWith('ing')))
  )
}

/** The lower-case word one white space before (`step` -1) or after (`step` 1) the node at `index`. */
function wordAcrossSpace(sentence: NlcstParent, index: number, step: -1 | 1): string | undefined {
  const space = sentence.children[index + step]
  const word = sentence.children[index + 2 * step]
  return space?.type === 'WhiteSpaceNode' && word?.type === 'WordNode' ? toString(word).toLowerCase() : undefined
}

/**
 * The `be` verb retext-passive matched, when only white space separates it from the participle:
 * retext-passive looks past inline code and punctuation (“is `x` given”, “is, given”), which is not
 * a verb phrase.
 */
function beVerbBefore(sentence: NlcstParent, participleStart: Point): Word | undefined {
  const index = sentence.children.findIndex((child) => child.position?.start.offset === participleStart.offset)
  const space = sentence.children[index - 1]
  const verb = sentence.children[index - 2]
  if (index < 2 || space?.type !== 'WhiteSpaceNode' || verb?.type !== 'WordNode') return undefined
  return verb
}
