// The Hunspell dictionaries of the `spelling` check, run by nspell (wooorm's Hunspell-compatible checker).
// Vale's default is its own en_US-web (81,500 stems: SCOWL's large list, British spellings, web words);
// docs-lint's is SCOWL's en_US-large (`hunspell-dict-en-us`, 79,300 stems) with the software terms of
// `@cspell/dict-software-terms` beside it (backend, namespace, webhook). `dictionary-en` (SCOWL's normal
// size, 49,600 stems) lacks words like reconnection, cryptographic and scalable: on one site's 325 pages
// it flagged twice as many correct words. Both are built once per process, on first use (about 0.35 s),
// and shared by every rule. A rule's own `.dic`/`.aff` pairs are built once per process for each pair.
import fs from 'node:fs'
import path from 'node:path'
import {createHash} from 'node:crypto'
import {gunzipSync} from 'node:zlib'
import {load, once} from '../../lazy.js'
import {UnsupportedRuleError, type StyleEnvironment} from '../types.js'

type NSpell = ReturnType<typeof import('nspell')>

/** A dictionary as the check uses it. */
export interface Speller {
  correct(word: string): boolean
}

const nspell = once(() => load('nspell') as typeof import('nspell'))

/** The default dictionary, built on first use and kept for the process. */
export const defaultDictionary = once((): NSpell => {
  const dic = load.resolve('hunspell-dict-en-us/en-us.dic')
  return nspell()(fs.readFileSync(dic.replace(/\.dic$/, '.aff')), fs.readFileSync(dic))
})

/** The word lists of `@cspell/dict-software-terms` that are plain words (its compound list is patterns). */
const softwareTermLists = ['softwareTerms.txt.gz', 'software-tools.txt', 'webServices.txt', 'networkingTerms.txt']

/**
 * The software terms, as a dictionary: a word in lower case there is known in any case (as a Hunspell
 * dictionary takes `backend` for `Backend` and `BACKEND`), a name with a capital only as written.
 */
export const softwareTerms = once((): Speller => {
  const folder = path.join(path.dirname(load.resolve('@cspell/dict-software-terms')), 'dict')
  const exact = new Set<string>()
  const anyCase = new Set<string>()
  for (const list of softwareTermLists) {
    const file = fs.readFileSync(path.join(folder, list))
    for (const line of (list.endsWith('.gz') ? gunzipSync(file) : file).toString('utf8').split(/\r?\n/)) {
      const term = line.trim()
      if (term === '' || /[#*!+~:\s]/.test(term)) continue
      if (term === term.toLowerCase()) anyCase.add(term)
      else exact.add(term)
    }
  }
  return {correct: (word) => anyCase.has(word.toLowerCase()) || exact.has(word)}
})

/** The dictionaries of a rule that names none: `dictionary-en` and the software terms. */
const defaultDictionaries = (): Speller[] => [defaultDictionary(), softwareTerms()]

const built = new Map<string, NSpell>()

/** What a rule says about dictionaries: `dictionaries` and `dicpath`, or the older `dic` and `aff`. */
export interface DictionaryFields {
  dictionaries: readonly string[]
  dicpath: string | undefined
  dic: string | undefined
  aff: string | undefined
  append: boolean
}

/**
 * The dictionaries a rule checks against, as Vale chooses them: the `dic` and `aff` files when both
 * are given; else the named `dictionaries` from `dicpath` (or `StylesPath/config/dictionaries`), with
 * the default one after them when `append` is set; else the default one.
 */
export function ruleDictionaries(fields: DictionaryFields, environment: StyleEnvironment): Speller[] {
  if (fields.dic !== undefined && fields.aff !== undefined) {
    const dic = readAsset(fields.dic, 'dic', environment)
    const aff = readAsset(fields.aff, 'aff', environment)
    return [buildDictionary(aff, dic)]
  }
  if (fields.dictionaries.length === 0) return defaultDictionaries()
  const folders = dictionaryFolders(fields.dicpath, environment.stylesPath)
  const named = fields.dictionaries.map((name) => namedDictionary(name, folders, environment))
  return fields.append ? [...named, ...defaultDictionaries()] : named
}

/** Where `dicpath` may be, in Vale's order: as written (from the working folder), then under StylesPath. */
function dictionaryFolders(dicpath: string | undefined, stylesPath: string): string[] {
  if (dicpath === undefined) return [path.join(stylesPath, 'config', 'dictionaries')]
  return [...new Set([path.resolve(dicpath), path.resolve(stylesPath, dicpath)])]
}

function namedDictionary(name: string, folders: readonly string[], environment: StyleEnvironment): NSpell {
  for (const folder of folders) {
    const dic = tryRead(path.join(folder, name + '.dic'), environment)
    const aff = dic === undefined ? undefined : tryRead(path.join(folder, name + '.aff'), environment)
    if (dic !== undefined && aff !== undefined) return buildDictionary(aff, dic)
  }
  throw new UnsupportedRuleError(
    'The dictionary `' + name + '` is not there: no readable `' + name + '.dic` and `' + name + '.aff` in ' + folders.map((folder) => '`' + folder + '`').join(' or '),
    'dictionaries'
  )
}

/** A `dic` or `aff` file: an absolute path, or one relative to StylesPath. */
function readAsset(file: string, field: 'dic' | 'aff', environment: StyleEnvironment): string {
  const full = path.resolve(environment.stylesPath, file)
  try {
    return environment.readText(full)
  } catch (error) {
    throw new UnsupportedRuleError('The `' + field + '` file `' + full + '` cannot be read: ' + (error as Error).message, field)
  }
}

function tryRead(file: string, environment: StyleEnvironment): string | undefined {
  try {
    return environment.readText(file)
  } catch {
    return undefined
  }
}

/** nspell for an `.aff` and a `.dic` text, built once per process for the same two texts. */
function buildDictionary(aff: string, dic: string): NSpell {
  const key = createHash('sha256').update(aff).update('\0').update(dic).digest('hex')
  let dictionary = built.get(key)
  if (!dictionary) {
    dictionary = nspell()(aff, dic)
    built.set(key, dictionary)
  }
  return dictionary
}

const suggestionCache = new Map<string, string[]>()
const maxSuggestedLength = 40

/**
 * Spellings the default dictionary suggests for `word`, closest first: for an editor to call when a
 * person asks, never while linting (nspell's suggest takes milliseconds a word).
 */
export function spellingSuggestions(word: string): string[] {
  if (word.length > maxSuggestedLength) return []
  let suggestions = suggestionCache.get(word)
  if (!suggestions) {
    suggestions = defaultDictionary().suggest(word)
    if (suggestionCache.size > 1000) suggestionCache.clear()
    suggestionCache.set(word, suggestions)
  }
  return [...suggestions]
}
