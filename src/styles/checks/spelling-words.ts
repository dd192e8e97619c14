// The words of a block as the `spelling` check sees them: Vale's word tokenizer (whitespace-separated
// spans, with opening and closing punctuation taken off) and the filters that decide which tokens are
// not words to look up at all: Vale's default filters, and docs-lint's own for what is plainly code, a
// name or a number rather than a word of English prose.

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
