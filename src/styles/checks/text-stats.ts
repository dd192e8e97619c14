// Counts of a page's body text as Vale's `metric` variables and `readability` formulas use them: words,
// sentences, paragraphs, syllables, characters, and the long, polysyllabic and complex words. Sentences
// come from parse-english (the tokenizer docs-lint's prose rules already use), syllables from `syllable`.
import type {Paragraph, Root, Sentence} from 'nlcst'
import {load, once} from '../../shared/lazy.js'

/** The counts of a text's words. */
export interface WordStats {
  words: number
  syllables: number
  /** Letters and digits of the words. */
  characters: number
  /** Words of more than 6 characters. */
  longWords: number
  /** Words of more than 2 syllables. */
  polysyllabicWords: number
  /** Words of more than 2 syllables once an `es`, `ed` or `ing` ending is left out (Gunning's rule). */
  complexWords: number
}

/** The counts of a text's sentences and paragraphs (separated by blank lines). */
export interface SentenceStats {
  sentences: number
  paragraphs: number
}

export type TextStats = WordStats & SentenceStats

/**
 * A word as Vale counts them: an initialism (`U.S.`) or a run of letters, digits and apostrophes (here
 * with at least one letter or digit, and the typographic apostrophe too, so that `don’t` is one word). It
 * starts only where such a run starts, so a long run of apostrophes is read once, not once per character.
 */
const wordPattern = /(?:[A-Z]\.){2,}|(?<![\p{N}\p{L}'’])['’]*[\p{N}\p{L}][\p{N}\p{L}'’]*/gu
const complexEnding = /(?:es|ed|ing)$/
/** Past this many distinct words the syllable counts remembered are forgotten (a bound on memory). */
const maxRemembered = 50_000

const syllableCount = once(() => (load('syllable') as typeof import('syllable')).syllable)
const englishParser = once(() => new (load('parse-english') as typeof import('parse-english')).ParseEnglish())
const syllablesOfWord = new Map<string, number>()

/** The last result of `measure` for one text: every metric and readability rule of a page measures the same summary. */
function lastOf<T>(measure: (text: string) => T): (text: string) => T {
  let lastText: string | undefined
  let lastResult: T | undefined
  return (text) => {
    if (text !== lastText || lastResult === undefined) {
      lastResult = measure(text)
      lastText = text
    }
    return lastResult
  }
}

/** Whether `block` is a page's summary, the block metric and readability rules measure (`summary.mdx` too). */
export function isSummary(block: {scope: string}): boolean {
  return block.scope === 'summary' || block.scope.startsWith('summary.')
}

/** Every count of `text`. */
export function textStats(text: string): TextStats {
  return {...wordStats(text), ...sentenceStats(text)}
}

/** The counts of the words of `text`. */
export const wordStats = lastOf((text: string): WordStats => {
  const stats = {words: 0, syllables: 0, characters: 0, longWords: 0, polysyllabicWords: 0, complexWords: 0}
  for (const [word] of text.matchAll(wordPattern)) {
    const syllables = syllablesOf(word)
    let length = 0
    let letters = 0
    for (const char of word) {
      length++
      if (char !== "'" && char !== '’' && char !== '.') letters++
    }
    stats.words++
    stats.syllables += syllables
    stats.characters += letters
    if (length > 6) stats.longWords++
    if (syllables > 2) stats.polysyllabicWords++
    if (syllables - (complexEnding.test(word) ? 1 : 0) > 2) stats.complexWords++
  }
  return stats
})

function syllablesOf(word: string): number {
  let count = syllablesOfWord.get(word)
  if (count === undefined) {
    if (syllablesOfWord.size >= maxRemembered) syllablesOfWord.clear()
    count = syllableCount()(word)
    syllablesOfWord.set(word, count)
  }
  return count
}

/** The counts of the sentences and paragraphs of `text`, as parse-english splits them. */
export const sentenceStats = lastOf((text: string): SentenceStats => {
  const tree: Root = englishParser().parse(text)
  let sentences = 0
  let paragraphs = 0
  for (const child of tree.children) {
    if (child.type !== 'ParagraphNode') continue
    const count = sentencesOf(child)
    sentences += count
    if (count > 0) paragraphs++
  }
  return {sentences, paragraphs}
})

function sentencesOf(paragraph: Paragraph): number {
  return paragraph.children.filter((child): child is Sentence => child.type === 'SentenceNode').length
}
