// The dictionaries of the `spelling` check. The rule's own: Hunspell dictionaries run by nspell (wooorm's
// Hunspell-compatible checker), by default SCOWL's en_US-large (`hunspell-dict-en-us`, 79,300 stems; Vale's
// own en_US-web is SCOWL's large list with web words). Beside the default one, docs-lint reads cspell's
// maintained word lists (MIT): its American English (`@cspell/dict-en_us`, SCOWL's large list with the
// words of today's English it lacks: uptime, heatmap, withdrawer), the software terms (backend, namespace,
// webhook), full-stack terms (lifecycle), company names (Cloudflare), cryptocurrency terms (stablecoin,
// Ethereum), and the Python, npm and Kubernetes names documentation writes in prose (kwargs, pydantic,
// vite, kubectl); and, as typos to report whatever those lists take, cspell's common English misspellings
// (`accidently`, `progam`: CC BY-SA 4.0, read from its package as published). Each is read once per process,
// on first use (SCOWL 0.25 s, the American English trie 0.2 s, the rest 0.1 s), and shared by every rule.
// A rule's own `.dic`/`.aff` pairs are built once per process for each pair.
import fs from 'node:fs'
import path from 'node:path'
import {createHash} from 'node:crypto'
import {gunzipSync} from 'node:zlib'
import {load, once} from '../../shared/lazy.js'
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

/** cspell's lists of plain words, by package (its other lists are patterns or code words). */
const cspellWordLists: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['@cspell/dict-software-terms', ['softwareTerms.txt.gz', 'software-tools.txt', 'webServices.txt', 'networkingTerms.txt']],
  ['@cspell/dict-fullstack', ['fullstack.txt']],
  ['@cspell/dict-companies', ['companies.txt']],
  ['@cspell/dict-cryptocurrencies', ['cryptocurrencies.txt']],
  ['@cspell/dict-python', ['python.txt']],
  ['@cspell/dict-npm', ['npm.txt']],
  ['@cspell/dict-k8s', ['k8s.txt']]
]

/**
 * The terms of cspell's word lists, as one dictionary: a term in lower case is known in any case (as a
 * Hunspell dictionary takes `backend` for `Backend`), a name with a capital only as written.
 */
export const cspellTerms = once((): Speller => {
  const exact = new Set<string>()
  const anyCase = new Set<string>()
  for (const [name, lists] of cspellWordLists) {
    const folder = path.join(packageFolder(name), 'dict')
    for (const list of lists) {
      for (const line of readText(path.join(folder, list)).split(/\r?\n/)) {
        const term = line.trim()
        if (term === '' || /[#*!+~:\s]/.test(term)) continue
        if (term === term.toLowerCase()) anyCase.add(term)
        else exact.add(term)
      }
    }
  }
  return {correct: (word) => anyCase.has(word.toLowerCase()) || exact.has(word)}
})

/** What docs-lint uses of cspell-trie-lib, which reads cspell's dictionaries (tries of words, gzipped). */
interface TrieLibrary {
  decodeTrie(text: string): {hasWord(word: string, caseSensitive: boolean): boolean}
}

/**
 * cspell's American English, as a dictionary: a word as written, or a capitalised one (`Uptime`) as the
 * word in lower case. cspell-trie-lib is an ES module that exports nothing to `require`, so it is loaded
 * by its file (Node's `require` of an ES module).
 */
export const modernEnglish = once((): Speller => {
  const trieLibrary = load(path.join(packageFolder('cspell-trie-lib'), 'dist', 'index.js')) as TrieLibrary
  // Its compact form (typed arrays, 1.3 MB): the tree of objects is read 0.1 s sooner but holds 20 MB.
  const trie = trieLibrary.decodeTrie(readText(path.join(packageFolder('@cspell/dict-en_us'), 'en_US.trie.gz')))
  const has = (word: string) => trie.hasWord(word, true)
  return {correct: (word) => has(word) || (/^\p{Lu}\p{Ll}/u.test(word) && has(word[0]!.toLowerCase() + word.slice(1)))}
})

/** The lists of @cspell/dict-en-common-misspellings that hold American English's typos. */
const misspellingLists = ['dict-en.json', 'dict-en-us.json']

interface MisspellingList {
  dictionaryDefinitions?: Array<{suggestWords?: string[]; flagWords?: string[]}>
}

/** Known typos, in lower case: each `typo->correction` entry of cspell's common English misspellings. */
export const commonMisspellings = once((): ReadonlySet<string> => {
  const typos = new Set<string>()
  const folder = path.join(packageFolder('@cspell/dict-en-common-misspellings'), 'dict')
  for (const list of misspellingLists) {
    const data = JSON.parse(readText(path.join(folder, list))) as MisspellingList
    for (const definition of data.dictionaryDefinitions ?? []) {
      for (const entries of [definition.suggestWords ?? [], definition.flagWords ?? []]) {
        for (const entry of entries) {
          const arrow = entry.indexOf('->')
          if (arrow > 0) typos.add(entry.slice(0, arrow).trim().toLowerCase())
        }
      }
    }
  }
  return typos
})

/**
 * Everyday English words (wink-lexicon's 13,500, less the few misspellings it holds): the parts a compound
 * the dictionaries lack may be made of (`lookback`, `checkmark`).
 */
export const commonWords = once((): ReadonlySet<string> => {
  const lexicon = load('wink-lexicon/src/lexicon.js') as Record<string, unknown>
  const typos = commonMisspellings()
  return new Set(Object.keys(lexicon).filter((word) => /^[a-z]+$/.test(word) && !typos.has(word)))
})

/** An installed package's folder, found without its `exports` (which may export no `package.json`). */
function packageFolder(name: string): string {
  for (const folder of load.resolve.paths(name) ?? []) {
    const candidate = path.join(folder, name)
    if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate
  }
  throw new Error('The package `' + name + '` is not installed')
}

/** A file of a package as text, gunzipped when its name ends in `.gz`. */
function readText(file: string): string {
  const bytes = fs.readFileSync(file)
  return (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8')
}

/** The dictionary of a rule that names none: SCOWL's en_US-large (cspell's lists are the check's). */
const defaultDictionaries = (): Speller[] => [defaultDictionary()]

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

/** Whether the rule checks against the default dictionary (and so English, with cspell's lists beside it). */
export function usesDefaultDictionary(fields: DictionaryFields): boolean {
  if (fields.dic !== undefined && fields.aff !== undefined) return false
  return fields.dictionaries.length === 0 || fields.append
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
