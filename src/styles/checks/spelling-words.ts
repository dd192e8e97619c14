// The words of a block as the `spelling` check sees them: Vale's word tokenizer (whitespace-separated
// spans, with opening and closing punctuation taken off) and the filters that decide which tokens are
// not words to look up at all: Vale's default filters, and docs-lint's own for what is plainly code, a
// name or a number rather than a word of English prose. Then the forms a word may take that no dictionary
// lists (possessives, plurals, British spellings, prefixes, endings, compounds), the typos no dictionary
// lists (contractions without their apostrophe, slips of the keyboard), and where a sentence starts.

/** One word of a block: its text as written and where it is. */
export interface WordToken {
  text: string
  start: number
  end: number
}

/** What Vale's tokenizer takes off the front of a span, one character at a time: `$100`, `(see`, `"word`. */
const openers = new Set(['$', '(', '"', '[', "'"])
/** What it takes off the end: `word,` `word)` `word."` */
const closers = new Set([',', ')', '"', ']', '!', ';', '.', '?', ':', "'"])
/** Abbreviations kept whole, final dot and all: `e.g.`, `U.S.`, `Mr.` */
const abbreviation = /^(?:[A-Za-z]\.){2,}$|^[A-Z][a-z]{1,2}\.$/
/** What separates spans: white space, and dashes between words (`this—that`), which Vale leaves joined. */
const separator = /[\s\u2013\u2014]+/g
const letter = /\p{L}/u

/** Curly quotes as straight ones (same length), so that `don’t` is looked up as `don't`. */
export function straightenQuotes(text: string): string {
  return text.replace(/[\u2018\u2019\u201c\u201d]/g, (quote) => (quote === '\u2018' || quote === '\u2019' ? "'" : '"'))
}

/** The words of `text`, in order, with their offsets in it. */
export function tokenizeWords(text: string): WordToken[] {
  const words: WordToken[] = []
  let spanStart = 0
  for (const gap of text.matchAll(separator)) {
    addSpan(text, spanStart, gap.index, words)
    spanStart = gap.index + gap[0].length
  }
  addSpan(text, spanStart, text.length, words)
  return words
}

function addSpan(text: string, start: number, end: number, words: WordToken[]): void {
  while (start < end) {
    const span = text.slice(start, end)
    if (abbreviation.test(span)) break
    if (openers.has(text[start]!)) start++
    else if (closers.has(text[end - 1]!)) end--
    else break
  }
  if (start < end && letter.test(text.slice(start, end))) words.push({text: text.slice(start, end), start, end})
}

/**
 * Vale's default filters, which `custom: true` turns off: a word with any character but an ASCII
 * letter, `_` or `'` (numbers, hyphenated and dotted words, `*` runs of code, accented words); a word
 * that ends in a capital (`API`, `HTTP`); a capitalised word with capitals inside (`GitHub`).
 */
export function skippedByValeDefaults(word: string): boolean {
  return /[^a-zA-Z_']/.test(word) || /[A-Z]$/.test(word) || /[A-Z][a-z]+[A-Z]\w/.test(word)
}

/** A character no word of prose holds: digits, code punctuation, paths, handles, the `*`s of code. */
const codeCharacter = /[\d_./\\@*:#$%&+=<>|~^`{}[\]()]/
/** A capital after the first letter: camelCase, PascalCase, ALLCAPS, `SDKs`. */
const innerCapital = /.\p{Lu}/u

/** Longer than any word of a dictionary: a hash, a key, a run of letters that is no word. */
const maxWordLength = 45

/**
 * docs-lint's own filter, on whatever the rule's filters: what is plainly not an English word in prose
 * (an identifier, a file name, a version, an acronym, a handle, a single letter, a key) is never looked up.
 */
export function notProse(word: string): boolean {
  return codeCharacter.test(word) || innerCapital.test(word) || word.length > maxWordLength || countLetters(word) < 2
}

function countLetters(word: string): number {
  let count = 0
  for (const character of word) if (letter.test(character)) count++
  return count
}

/** Endings of possessives and contractions: `user's`, `Helius'`, `it'll`, `we're`, `they've`, `I'd`, `I'm`, `don't`. */
const clitic = /(?:'s|'|'ll|'re|'ve|'d|'m|n't)$/i

/** The word without its possessive or contraction ending, or `undefined` when it has none. */
export function stemOf(word: string): string | undefined {
  const stem = word.replace(clitic, '')
  return stem !== word && stem.length > 0 ? stem : undefined
}

/** Words of a closed class (determiners, pronouns, conjunctions, question words): none takes a plural `s`. */
const closedClass = new Set(
  'a an the this that these those there here where what which who whom whose when why how it its he she they them their you your we our us my me his her him and or but nor if than then so all any each every some such no none one other another both either neither'.split(' ')
)

/** The adjective an `-ically` adverb is of: `programmatically` of `programmatic`. */
export function adjectiveOf(word: string): string | undefined {
  return /ically$/i.test(word) && word.length > 8 ? word.slice(0, -4) : undefined
}

/**
 * The singulars a plural may be of, for a word the dictionaries lack but whose singular they (or the
 * vocabulary) know: `webhooks` of an accepted `webhook`, `latencies`, `configs`. `thats` is of no singular.
 */
export function singularsOf(word: string): string[] {
  const lower = word.toLowerCase()
  const candidates: string[] = []
  if (lower.endsWith('ies')) candidates.push(word.slice(0, -3) + 'y')
  if (lower.endsWith('es')) candidates.push(word.slice(0, -2))
  if (lower.endsWith('s') && !lower.endsWith('ss')) candidates.push(word.slice(0, -1))
  return candidates.filter((singular) => singular.length >= 3 && !closedClass.has(singular.toLowerCase()))
}

/**
 * The words an `-ed` or `-ing` form may be of, for the terms of word lists that hold no inflections:
 * `upserting` of `upsert`, `acked` of `ack`, `daemonized` of `daemonize`, `slugified` of `slugify`.
 */
export function uninflected(word: string): string[] {
  const ending = /^(\p{L}{2,}?)(ing|ed)$/iu.exec(word)
  if (!ending) return []
  const stem = ending[1]!
  const bases = [stem, stem + 'e']
  if (stem.length > 2 && stem.at(-1) === stem.at(-2)) bases.push(stem.slice(0, -1))
  if (ending[2]!.toLowerCase() === 'ed' && /i$/i.test(stem)) bases.push(stem.slice(0, -1) + 'y')
  return bases
}

/** British spellings and the American ones they stand for: `behaviour`, `organise`, `cancelled`, `centre`. */
const britishEndings: ReadonlyArray<readonly [RegExp, string]> = [
  [/our(?=(?:s|ed|ing|ful|ite|ites|able|ably|er|ers|less)?$)/i, 'or'],
  [/is(?=(?:e|ed|es|er|ers|ing|ation|ations|able)$)/i, 'iz'],
  [/ys(?=(?:e|ed|es|er|ers|ing)$)/i, 'yz'],
  [/ll(?=(?:ed|ing|er|ers)$)/i, 'l'],
  [/tre(?=s?$)/i, 'ter'],
  [/ogue(?=s?$)/i, 'og'],
  [/ence(?=s?$)/i, 'ense'],
  [/mme(?=s?$)/i, 'm']
]

/**
 * The American spellings a British one may stand for. Vale's en_US-web takes British spellings
 * (`behaviour`, `utilise`); SCOWL's en_US does not, so the check looks up their American form.
 */
export function americanSpellingsOf(word: string): string[] {
  const spellings: string[] = []
  for (const [ending, american] of britishEndings) {
    const respelled = word.replace(ending, american)
    if (respelled !== word) spellings.push(respelled)
  }
  return spellings
}

/** Contractions whose letters alone are no word (`thats`, `dont`): written so, each is a typo. */
const contractions =
  "that's what's here's there's where's who's how's don't doesn't didn't isn't aren't wasn't weren't hasn't haven't hadn't couldn't wouldn't shouldn't mustn't needn't shan't ain't you're you've you'll you'd we've they're they've they'll they'd it'll that'll there'll who'll could've would've should've might've must've"
const apostropheLess = new Set(contractions.split(' ').map((contraction) => contraction.replace("'", '')))

/** Whether the word is a contraction written without its apostrophe (`thats`, `doesnt`). */
export function isContractionWithoutApostrophe(word: string): boolean {
  return apostropheLess.has(word.toLowerCase())
}

/** Prefixes that make a word of any word, with at least four letters after them: `unmetered`, `reindexing`, `unarchive`. */
const productivePrefix = /^(?:un|re|de|non|pre|sub|multi|over|under)(?=\p{Ll}{4})/iu

/** The word without a productive prefix, or `undefined` when it has none. */
export function unprefixed(word: string): string | undefined {
  const prefix = productivePrefix.exec(word)
  return prefix ? word.slice(prefix[0].length) : undefined
}

/** Endings that make a word of any word: `permissionless`, `permissionlessly`, `annualize`, `annualization`. */
const productiveSuffixes = [/^(\p{Ll}{4,})less(?:ly|ness)?$/u, /^(\p{Ll}{3,}al)iz(?:e|ed|es|ing|ation|ations)$/u]

/** The words a word may be made of with a productive ending, in lower case (none when it has no such ending). */
export function unsuffixed(word: string): string[] {
  const lower = word.toLowerCase()
  return productiveSuffixes.flatMap((suffix) => suffix.exec(lower)?.[1] ?? [])
}

/** Words that join no compound: run into the next word, they are a missing space (`everytime`, `aboutthe`). */
const functionWords = new Set([
  ...closedClass,
  ...'about above after again against before below between during from into onto over under with without within through upon are was were been being have has had does did not can could may might must shall should will would very'.split(' ')
])

/** Compounds are at least this long, their first part at least four letters and their second three. */
const minCompound = 7
const minFirstPart = 4
const minSecondPart = 3

/**
 * The ways to read a word as two words run together (`lookback` as look + back), in lower case, leaving
 * out function words: only content words make closed compounds.
 */
export function compoundSplits(word: string): Array<readonly [string, string]> {
  const lower = word.toLowerCase()
  if (lower.length < minCompound || !/^\p{Ll}+$/u.test(lower)) return []
  const splits: Array<readonly [string, string]> = []
  for (let at = minFirstPart; at <= lower.length - minSecondPart; at++) {
    const first = lower.slice(0, at)
    const second = lower.slice(at)
    if (!functionWords.has(first) && !functionWords.has(second)) splits.push([first, second])
  }
  return splits
}

/** A capitalised word, possessive or not: a capital then small letters only (`Zurich`, `Grafana's`). */
export function isCapitalised(word: string): boolean {
  return /^\p{Lu}\p{Ll}+(?:'s?)?$/u.test(word)
}

/** Whether what separates two words ends a sentence, a line or a cell. */
export function breaksSentence(gap: string): boolean {
  return /[.!?:\n|•]/.test(gap)
}

/** Slips are looked for in words this long or longer: a shorter name is often one slip from some word. */
const minSlipped = 6

/**
 * The words a word may be a slip of the keyboard for: with a doubled letter typed once (`Englishh`), or
 * with two neighbouring letters swapped back (`Lnaguage`).
 */
export function slipsOf(word: string): string[] {
  if (word.length < minSlipped) return []
  const slips: string[] = []
  for (let at = 0; at + 1 < word.length; at++) {
    const [here, next] = [word[at]!, word[at + 1]!]
    slips.push(word.slice(0, at) + (here === next ? here : next + here) + word.slice(at + 2))
  }
  return slips
}
