// The words a `spelling` rule accepts besides its dictionaries: the entries of the active vocabularies'
// `accept.txt` (regular expressions in Vale's dialect, matched case-insensitively against the whole
// word) and the words of the rule's ignore files (one case-insensitive word a line). An accepted phrase
// (`mea culpa`) is accepted only as a phrase: its words are masked where it occurs, and checked elsewhere.
import {compileValeRegex} from '../regex.js'

export interface AcceptedWords {
  /** Whether `word` is an accepted word, whatever its case. */
  accepts(word: string): boolean
  /** `text` with every accepted phrase blanked out (spaces of the same length), or `text` itself. */
  maskPhrases(text: string): string
}

const regexSyntax = /[\\^$.|?*+()[\]{}]/
/** A phrase entry: two words or more, written with a space or `\s`. */
const phraseEntry = /\s|\\s/

/** The accepted words of the vocabularies (`accept`) and of the ignore files' lines (`ignored`). */
export function acceptedWords(accept: readonly string[], ignored: readonly string[]): AcceptedWords {
  const literal = new Set<string>()
  for (const line of ignored) literal.add(line.toLowerCase())
  const patterns: RegExp[] = []
  const phrases: string[] = []
  for (const entry of accept) {
    if (phraseEntry.test(entry)) phrases.push(entry)
    else if (!regexSyntax.test(entry)) literal.add(entry.toLowerCase())
    else {
      const pattern = wholeWordPattern(entry)
      if (pattern) patterns.push(pattern)
    }
  }
  const phraseMask = phrasePattern(phrases)
  return {
    accepts: (word) => literal.has(word.toLowerCase()) || patterns.some((pattern) => pattern.test(word)),
    maskPhrases: (text) => (phraseMask ? text.replace(phraseMask, (phrase) => ' '.repeat(phrase.length)) : text)
  }
}

/**
 * An entry as a test of a whole word, or `undefined` for one that does not compile: the vocabulary is
 * read for every rule, and `Vale.Terms` is the rule that reports its bad entries.
 */
function wholeWordPattern(entry: string): RegExp | undefined {
  try {
    return nonGlobal(compileValeRegex('^(?:' + entry + ')$', {ignoreCase: true}))
  } catch {
    return undefined
  }
}

/** One pattern for every phrase entry (those that compile), or `undefined` when there is none. */
function phrasePattern(phrases: readonly string[]): RegExp | undefined {
  const valid = phrases.filter((phrase) => {
    try {
      compileValeRegex(phrase, {ignoreCase: true})
      return true
    } catch {
      return false
    }
  })
  if (valid.length === 0) return undefined
  // Longest first, so that an alternation takes the longer of two phrases that begin alike.
  valid.sort((a, b) => b.length - a.length)
  return compileValeRegex('\\b(?:' + valid.join('|') + ')\\b', {ignoreCase: true})
}

/** The same pattern without the `g` flag, so that `test` keeps no position between calls. */
export function nonGlobal(pattern: RegExp): RegExp {
  return pattern.global ? new RegExp(pattern.source, pattern.flags.replace('g', '')) : pattern
}
