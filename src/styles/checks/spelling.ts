// Vale's `spelling` check kind: every word of a block that no dictionary of the rule knows, that no
// filter skips and that neither the vocabularies nor the rule's ignore files accept, is reported with
// the word as the message's `%s`. Suggestions are not computed while linting: `spellingSuggestions`
// gives them to an editor that asks.
//
// Where the rule checks against the default dictionary, docs-lint reports fewer correct words than
// Vale, which reports every word its Hunspell dictionary lacks. It also takes a word of cspell's word
// lists (and the `-ed`/`-ing` forms of their terms: `upserting`), a known word with a productive prefix
// or ending (`unmetered`, `permissionless`), two everyday words run together (`lookback`), and a
// capitalised word inside a sentence, which names something (`Zorblax`) unless it stands in Title
// Case or is one slip of the keyboard from a known word (`Lnaguage`). A known typo (cspell's common
// misspellings, `accidently`, or a contraction without its apostrophe, `thats`) is reported whatever
// those say.
import fs from 'node:fs'
import path from 'node:path'
import {compileValeRegex} from '../regex.js'
import {UnsupportedRuleError, type CheckFactory, type StyleEnvironment, type StyleMatch, type StyleRuleSource} from '../types.js'
import {commonMisspellings, commonWords, cspellTerms, defaultDictionary, modernEnglish, ruleDictionaries, usesDefaultDictionary, type DictionaryFields} from './spelling-dictionary.js'
import {acceptedWords, nonGlobal} from './spelling-vocabulary.js'
import {
  adjectiveOf,
  americanSpellingsOf,
  breaksSentence,
  compoundSplits,
  isCapitalised,
  isContractionWithoutApostrophe,
  notProse,
  singularsOf,
  skippedByValeDefaults,
  slipsOf,
  stemOf,
  straightenQuotes,
  tokenizeWords,
  uninflected,
  unprefixed,
  unsuffixed,
  type WordToken
} from './spelling-words.js'

export {spellingSuggestions} from './spelling-dictionary.js'

/** The folder of ignore files under StylesPath, which `Vale.Spelling` reads whole. */
const ignoreFolder = path.join('config', 'ignore')
/** Past this many distinct words, a rule forgets the verdicts it remembers (a bound on memory, not a limit). */
const maxRemembered = 50_000

/** What the check makes of a word wherever it is: known, a known typo, or unknown (reported unless a name). */
type Verdict = 'known' | 'typo' | 'unknown'

export const spelling: CheckFactory = (rule, environment) => {
  const fields = rule.fields
  if (fields['split'] === true) throw new UnsupportedRuleError('`split` (checking the parts of identifiers) is not supported by docs-lint', 'split')
  const dictionaryChoice = dictionaryFields(fields)
  const dictionaries = ruleDictionaries(dictionaryChoice, environment)
  const english = usesDefaultDictionary(dictionaryChoice)
  const filters = ruleFilters(fields['filters'])
  const accepted = acceptedWords(environment.accept, ignoredWords(rule, environment))
  const valeDefaults = fields['custom'] !== true
  const verdicts = new Map<string, Verdict>()

  function isKnown(word: string): boolean {
    return dictionaries.some((dictionary) => dictionary.correct(word)) || accepted.accepts(word)
  }

  function verdictOf(word: string): Verdict {
    if (filters.some((filter) => filter.test(word))) return 'known'
    if (valeDefaults && skippedByValeDefaults(word)) return 'known'
    if (notProse(word) || isKnownWithEnding(word, isKnown)) return 'known'
    // A compound is spelled right when each of its parts is (`custom` rules only: Vale's defaults skip it).
    const parts = word.split('-').filter((part) => part !== '')
    if (parts.length > 1 && parts.every((part) => notProse(part) || isKnownWithEnding(part, isKnown))) return 'known'
    if (!english) return 'unknown'
    if (isKnownTypo(word)) return 'typo'
    return isKnownWithEnding(word, (form) => isKnownToLists(form) || isDerived(form)) ? 'known' : 'unknown'
  }

  /** A known word with a productive prefix (`unmetered`), or two everyday words run together (`lookback`). */
  function isDerived(word: string): boolean {
    const rest = unprefixed(word)
    if (rest !== undefined && (isKnown(rest) || isKnownToLists(rest))) return true
    if (unsuffixed(word).some((base) => isKnown(base) || isKnownToLists(base))) return true
    const everyday = commonWords()
    return compoundSplits(word).some(([first, second]) => everyday.has(first) && everyday.has(second))
  }

  /** Whether a capitalised word among other words of a sentence names something (it is not reported). */
  function isNameInSentence(text: string, words: readonly WordToken[], index: number): boolean {
    const word = words[index]!
    if (!english || !isCapitalised(word.text) || startsSentence(text, words, index) || standsInTitleCase(text, words, index)) return false
    return !slipsOf(stemOf(word.text) ?? word.text).some((slip) => isKnownWithEnding(slip, (form) => isKnown(form) || isKnownToLists(form)))
  }

  /**
   * Whether a word stands in Title Case: next to a capitalised dictionary word (one that does not start the
   * sentence, whose capital says nothing), with only spaces between.
   */
  function standsInTitleCase(text: string, words: readonly WordToken[], index: number): boolean {
    return [index - 1, index + 1].some((at) => {
      const neighbour = words[at]
      if (neighbour === undefined || !isCapitalised(neighbour.text) || startsSentence(text, words, at)) return false
      const [left, right] = at < index ? [neighbour, words[index]!] : [words[index]!, neighbour]
      const lower = neighbour.text.toLowerCase()
      return /^[ \t]+$/.test(text.slice(left.end, right.start)) && dictionaries.some((dictionary) => dictionary.correct(lower))
    })
  }

  return {
    run(block) {
      const text = accepted.maskPhrases(straightenQuotes(block.text))
      const words = tokenizeWords(text)
      const matches: StyleMatch[] = []
      words.forEach((word, index) => {
        let verdict = verdicts.get(word.text)
        if (verdict === undefined) {
          verdict = verdictOf(word.text)
          if (verdicts.size >= maxRemembered) verdicts.clear()
          verdicts.set(word.text, verdict)
        }
        if (verdict === 'known' || (verdict === 'unknown' && isNameInSentence(text, words, index))) return
        matches.push({start: word.start, end: word.end, args: [word.text]})
      })
      return matches
    }
  }
}

/** Whether a word is the first of its block, or follows the end of a sentence, a line or a cell. */
function startsSentence(text: string, words: readonly WordToken[], index: number): boolean {
  const previous = words[index - 1]
  return previous === undefined || breaksSentence(text.slice(previous.end, words[index]!.start))
}

/**
 * Whether cspell's word lists or its American English know the word, or the lists know the term it is the
 * `-ed` or `-ing` form of (a term no English dictionary knows: English words inflect as the dictionary says).
 */
function isKnownToLists(word: string): boolean {
  const terms = cspellTerms()
  if (terms.correct(word) || modernEnglish().correct(word)) return true
  return uninflected(word).some((base) => terms.correct(base) && !defaultDictionary().correct(base) && !modernEnglish().correct(base))
}

/** A known typo, or the possessive of one: cspell's common misspellings (`accidently`), or `thats` for `that's`. */
function isKnownTypo(word: string): boolean {
  const forms = [word, stemOf(word) ?? word].map((form) => form.toLowerCase())
  return forms.some((form) => commonMisspellings().has(form) || isContractionWithoutApostrophe(form))
}

/**
 * Known as written, as the word it is a possessive or contraction of (`Helius's`, `API'll`), as the
 * plural of a known word (`webhooks` of an accepted `webhook`), as the adverb of a known `-ic` adjective
 * (`programmatically`), or as a British spelling (`behaviour`).
 */
function isKnownWithEnding(word: string, isKnown: (word: string) => boolean): boolean {
  if (isKnown(word)) return true
  const stem = stemOf(word)
  if (stem !== undefined) return isKnownWithEnding(stem, isKnown)
  const adjective = adjectiveOf(word)
  return singularsOf(word).some(isKnown) || americanSpellingsOf(word).some(isKnown) || (adjective !== undefined && isKnown(adjective))
}

function dictionaryFields(fields: StyleRuleSource['fields']): DictionaryFields {
  return {
    dictionaries: stringList(fields['dictionaries'], 'dictionaries'),
    dicpath: optionalString(fields['dicpath'], 'dicpath'),
    dic: optionalString(fields['dic'], 'dic'),
    aff: optionalString(fields['aff'], 'aff'),
    append: fields['append'] === true
  }
}

/** The rule's `filters`, each a Vale regex that skips any word it matches anywhere in it. */
function ruleFilters(value: unknown): RegExp[] {
  return stringList(value, 'filters').map((pattern) => {
    try {
      return nonGlobal(compileValeRegex(pattern))
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      throw new UnsupportedRuleError('The filter `' + pattern + '` cannot be used: ' + reason, 'filters')
    }
  })
}

/**
 * The lines of the rule's ignore files. A rule's `ignore` names files found as written (from the working
 * folder), under StylesPath or under `StylesPath/config/ignore`; every one that exists is read.
 * `Vale.Spelling` reads every file of `StylesPath/config/ignore` instead.
 */
function ignoredWords(rule: StyleRuleSource, environment: StyleEnvironment): string[] {
  const texts = isBuiltIn(rule)
    ? builtInIgnoreFiles(environment.stylesPath).map((file) => environment.readText(file))
    : stringList(rule.fields['ignore'], 'ignore').flatMap((name) => ignoreFileTexts(name, environment))
  return texts.flatMap(wordLines)
}

function isBuiltIn(rule: StyleRuleSource): boolean {
  return rule.id === 'Vale.Spelling' && rule.file === undefined
}

function ignoreFileTexts(name: string, environment: StyleEnvironment): string[] {
  const candidates = new Set([path.resolve(name), path.resolve(environment.stylesPath, name), path.resolve(environment.stylesPath, ignoreFolder, name)])
  const texts = [...candidates].flatMap((file) => {
    try {
      return [environment.readText(file)]
    } catch {
      return []
    }
  })
  if (texts.length === 0) {
    throw new UnsupportedRuleError('The ignore file `' + name + '` is not in StylesPath (`' + environment.stylesPath + '`) nor in its `config/ignore` folder', 'ignore')
  }
  return texts
}

/** Every file of `StylesPath/config/ignore`, in name order (none when the folder is not there). */
function builtInIgnoreFiles(stylesPath: string): string[] {
  const folder = path.join(stylesPath, ignoreFolder)
  try {
    return fs
      .readdirSync(folder, {withFileTypes: true})
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(folder, entry.name))
      .sort()
  } catch {
    return []
  }
}

/** The words of an ignore file: one a line, blank lines and a lone `#` left out. */
function wordLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && line !== '#')
}

function stringList(value: unknown, field: string): string[] {
  if (value === undefined || value === null) return []
  if (typeof value === 'string') return [value]
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value
  throw new UnsupportedRuleError('`' + field + '` must be a string or a list of strings', field)
}

function optionalString(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value === 'string') return value
  throw new UnsupportedRuleError('`' + field + '` must be a string', field)
}
