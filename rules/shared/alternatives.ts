// Alternatives a page shows one after another: a label or heading that names a platform, a package
// manager or a language (“macOS:”, “With npm”, “## Python”), and what a code block is an example in.
import type {Code} from 'mdast'
import {
  alternativeNames,
  commonCodeWords,
  curlTitle,
  installWords,
  labelPrefixes,
  labelSuffixes,
  packageManagers,
  platformQualifiers,
  programmingLanguages,
  shellLanguages,
  type AlternativeKind
} from './alternatives.data.js'

export interface Alternative {
  kind: AlternativeKind
  /** The names as written (`Linux/macOS`, `npm`): the tab title. */
  title: string
  /** The names, lower-cased and sorted: two labels name the same alternative when their keys agree. */
  key: string
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const byLength = (a: string, b: string): number => b.length - a.length
const name = '(?:' + [...alternativeNames.keys()].sort(byLength).map(escape).join('|') + ')'
const qualifiers = '(?:\\s+(?:' + platformQualifiers.map(escape).join('|') + '))*'
const nameList = name + qualifiers + '(?:\\s*(?:/|&|,|\\band\\b|\\bor\\b)\\s*' + name + qualifiers + ')*'
const prefix = '(?:(?:' + labelPrefixes.join('|') + ')\\s+)?'
const suffix = '(?:\\s+(?:' + labelSuffixes.join('|') + '))?'
/** A whole label: “macOS”, “Install with npm”, “NPM installation”, “Windows (x64):”. */
const wholeLabel = new RegExp('^' + prefix + '(' + nameList + ')(?:\\s*\\([^()]{0,40}\\))?' + suffix + '\\s*:?$', 'iu')
/** A label that opens a paragraph, then a short instruction: “macOS: Open Terminal and run:”. */
const leadingLabel = new RegExp('^(' + nameList + ')\\s*:\\s*([^:]{0,60}:)?$', 'iu')
const nameInList = new RegExp('(?<![\\p{L}\\d])' + name + '(?![\\p{L}\\d])', 'giu')

/**
 * The alternative a label or heading names, or undefined when it is not only a name. Every name in
 * it must be of one kind: “Node.js + npm” names two things that go together, not an alternative.
 */
export function alternativeOf(text: string, paragraph: boolean): Alternative | undefined {
  const label = text.replace(/\s+/g, ' ').trim()
  if (label.length > 80) return undefined
  const match = wholeLabel.exec(label) ?? (paragraph ? leadingLabel.exec(label) : null)
  if (!match) return undefined
  const title = match[1]!.trim()
  const names = [...title.matchAll(nameInList)].map((found) => found[0].toLowerCase())
  const kinds = new Set(names.map((found) => alternativeNames.get(found)))
  if (names.length === 0 || kinds.size !== 1) return undefined
  return {kind: [...kinds][0]!, title, key: [...new Set(names)].sort().join('+') + '|' + title.toLowerCase()}
}

export interface CodeExample {
  /** What the block is an example in: a language, `cURL`, or a package manager. */
  title: string
  /** The names the code uses (identifiers, words of strings and URLs), lower-cased without `_`. */
  words: ReadonlySet<string>
  /** A package manager's ecosystem (`node`, `python`), and the packages it installs. */
  ecosystem?: string
  packages?: ReadonlySet<string>
}

/**
 * What a code block shows as one alternative among others: a program in a language, an HTTP request
 * with `curl`, or a package manager's install command. Undefined for anything else (output, a config
 * file, a shell session that does several things).
 */
export function codeExampleOf(code: Code): CodeExample | undefined {
  const lang = (code.lang ?? '').toLowerCase()
  const language = programmingLanguages.get(lang)
  const words = wordsOf(code.value)
  if (language) return {title: language, words}
  if (!shellLanguages.has(lang)) return undefined
  const lines = commandLines(code.value)
  if (lines.length === 0) return undefined
  if (/^curl\s/.test(lines[0]!) && lines.length === 1) return {title: curlTitle, words}
  const managers = new Set(lines.map((line) => line.replace(/^sudo\s+/, '').split(/\s+/)[0]!))
  const manager = managers.size === 1 ? packageManagers.get([...managers][0]!) : undefined
  if (!manager) return undefined
  const packages = new Set(lines.flatMap((line) => line.split(/\s+/).slice(1).filter((word) => !word.startsWith('-') && !installWords.has(word))))
  return {title: manager.title, words, ecosystem: manager.ecosystem, packages}
}

function wordsOf(value: string): Set<string> {
  const words = new Set<string>()
  for (const [word] of value.matchAll(/[A-Za-z_][A-Za-z\d_]{3,}/g)) {
    const key = word.toLowerCase().replace(/_/g, '')
    if (!commonCodeWords.has(key)) words.add(key)
  }
  return words
}

/** Whether `text` holds `name` as a word of its own (`Python`, `C#`). */
function mentions(text: string, name: string): boolean {
  const lower = text.toLowerCase()
  const key = name.toLowerCase()
  for (let at = lower.indexOf(key); at !== -1; at = lower.indexOf(key, at + 1)) {
    if (!/\p{L}/u.test(lower[at - 1] ?? '') && !/\p{L}/u.test(lower[at + key.length] ?? '')) return true
  }
  return false
}

/** How many names every block uses. */
function sharedWords(examples: readonly CodeExample[]): number {
  const [first, ...rest] = examples
  return [...first!.words].filter((word) => rest.every((example) => example.words.has(word))).length
}

/** The commands of a shell block: lines without comments and prompts, a `\` continuation joined to its line. */
function commandLines(value: string): string[] {
  return value
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*(?:\$|>|PS>)\s+/, '').trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
}

/**
 * Whether the blocks, one after another, show the same thing in several ways: programs in distinct
 * languages (or `curl` beside them) that use the same names, or that `introduction` (the sentence
 * before them) names each language of; or distinct package managers of one ecosystem that install
 * the same package. A program and its output, a file and the command that uses it, are steps.
 */
export function areAlternatives(examples: ReadonlyArray<CodeExample | undefined>, introduction = ''): examples is CodeExample[] {
  if (examples.length < 2 || examples.some((example) => example === undefined)) return false
  const found = examples as CodeExample[]
  if (new Set(found.map((example) => example.title)).size !== found.length) return false
  const managers = found.filter((example) => example.ecosystem !== undefined)
  if (managers.length === 0) {
    if (found.every((example) => example.title === curlTitle)) return false
    const named = found.every((example) => mentions(introduction, example.title))
    return named || sharedWords(found) >= 2
  }
  if (managers.length !== found.length || new Set(managers.map((example) => example.ecosystem)).size !== 1) return false
  const [first, ...rest] = managers
  return [...first!.packages!].some((name) => rest.every((example) => example.packages!.has(name)))
}
