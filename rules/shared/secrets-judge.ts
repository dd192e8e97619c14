// Whether a candidate value is a real-looking secret or something a person typed: a placeholder in
// any language, a template, a run of keys, a word, a default password, a key made to be public.
import {documentedExamples, placeholderPasswordWords, publicTokenRoles, publishableKey} from './secrets.data.js'
import {identifierWords, placeholderWordsByLanguage} from './secrets-words.data.js'

/** How a candidate is judged: a vendor token, a value that must look random, a password, or already checked. */
export type Test = 'vendor' | 'private-key' | 'random' | 'password' | 'assigned-password' | 'checked'

// Filler `x`s are a whole part (`sk_test_xxx`) or a long run (`ghp_xxxxxxxx`): three inside random characters happen by chance.
const templateMarker = /[<>{}[\]()]|^\$|\$[A-Z_]{3,}|%[A-Z_]+%|\.\.\.|…|\*{3,}|#{3,}|_{3,}|(?<![A-Za-z\d])[xX]{3,}(?![A-Za-z\d])|[xX]{5,}/
const repeatedCharacter = /(.)\1{3,}/
// A unit of two to four characters three times over (`b1b1b1`, `bbb1bbb1bbb1`) is typed, not random.
const repeatedUnit = /(.{2,4})\1{2,}/
const constantName = /^[A-Z][A-Z\d]*(?:_[A-Z\d]+)+$/
const dottedPath = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+(?:\(\)?)?$/
const jwt = /^eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+$/
// Machine-made keys are ASCII: a letter outside it (`CLÉ`, `キー`) was typed by a person.
const nonAsciiLetter = /[^\x00-\x7F]/
// Runs of five keys in order (`12345`, `abcde`, `qwert`) or reversed mark a made-up value.
const sequenceRuns: readonly string[] = ['0123456789', 'abcdefghijklmnopqrstuvwxyz', 'qwertyuiop', 'asdfghjkl'].flatMap(
  (sequence) => [...sequence].slice(0, -4).flatMap((_, index) => {
    const run = sequence.slice(index, index + 5)
    return [run, [...run].reverse().join('')]
  })
)
const base58Alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const leet: Readonly<Record<string, string>> = {'0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', '$': 's'}

/** Without accents, so `clé` and `cle` are one word. */
function folded(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
}

const allPlaceholderWords: readonly string[] = [...new Set(Object.values(placeholderWordsByLanguage).flat().map(folded))]
// Words long enough to mark a placeholder anywhere in a value: English from four letters (as always),
// other languages from five, where a random value would hold a short word by chance too often.
const englishWords = new Set((placeholderWordsByLanguage['en'] ?? []).map(folded))
const anywhereWords: readonly string[] = allPlaceholderWords.filter((word) => word.length >= (englishWords.has(word) ? 4 : 5) && /^[a-z]+$/.test(word))
const passwordWords: readonly string[] = [...anywhereWords, ...placeholderPasswordWords]
const words: ReadonlySet<string> = new Set([...identifierWords, ...allPlaceholderWords])
const examples: ReadonlySet<string> = new Set(documentedExamples)

/** A vendor's published example, or a key made to be public: neither reported nor masked. */
export function isKnownPublic(value: string): boolean {
  return examples.has(value) || publishableKey.test(value) || (jwt.test(value) && publicTokenRoles.includes(String(jwtClaims(value)['role'])))
}

/** The claims of a JSON Web Token's payload, or none when it does not decode. */
function jwtClaims(token: string): Record<string, unknown> {
  try {
    const claims: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'))
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/** Whether `value`, found as `test` says, looks like a real secret rather than a placeholder. */
export function looksReal(value: string, test: Test, user = ''): boolean {
  switch (test) {
    case 'checked':
      return true
    case 'private-key':
      return !/\.\.\.|…|x{4,}|X{4,}|\*{3,}/.test(value)
    case 'vendor':
      // A JWT's header and claims are encoded JSON, which repeats (`MDAwMDAw` for a round timestamp): its signature is what is random.
      if (jwt.test(value)) return vendorLooksReal(value.slice(value.lastIndexOf('.') + 1))
      return vendorLooksReal(value)
    case 'password':
      return passwordLooksReal(value, user)
    case 'assigned-password':
      // A password in a config file or a call: long and mixed enough not to be a word or a default.
      return value.length >= 10 && passwordLooksReal(value, '') && characterClasses(value, true) >= 3 && entropy(value) >= 3
    case 'random':
      return looksRandom(value)
  }
}

function vendorLooksReal(value: string): boolean {
  return !isPlaceholder(value, anywhereWords) && !repeatedCharacter.test(value) && !repeatedUnit.test(value) && entropy(value) >= 3 && !readsAsWords(value)
}

export function looksRandom(value: string): boolean {
  if (value.length < 16 || value.length > 2000) return false
  // Four of a character in a row mark filler (`0000`), but one random hex value in a hundred has them.
  const filler = /^[\da-f-]+$/i.test(value) ? /(.)\1{4,}/ : repeatedCharacter
  if (isPlaceholder(value, anywhereWords) || filler.test(value) || repeatedUnit.test(value)) return false
  if (jwt.test(value)) return true
  if (/^\d+$/.test(value) || constantName.test(value) || dottedPath.test(value) || value.includes('://')) return false
  if (characterClasses(value) < 2) return false
  const hex = /^[\da-f-]+$/i.test(value)
  // Random strings of 16 characters often repeat a few; the bar rises with the length.
  const threshold = Math.min(hex ? 3 : 3.5, Math.log2(value.length) - 1.1)
  if (entropy(value) < threshold) return false
  return !readsAsWords(value)
}

/**
 * A blockchain's public address, which web3 docs assign to names like `accountKey` or `SWAP_TO_TOKEN`:
 * an Ethereum address (`0x` and 40 hexadecimal digits; a private key has 64) or a Solana address, 32
 * bytes in Base58 (a Solana secret key is 64).
 */
export function isPublicAddress(value: string): boolean {
  if (/^0x[\da-fA-F]{40}$/.test(value)) return true
  return /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value) && base58Length(value) === 32
}

/** How many bytes a Base58 (Bitcoin alphabet) text decodes to. */
function base58Length(value: string): number {
  let number = 0n
  for (const character of value) number = number * 58n + BigInt(base58Alphabet.indexOf(character))
  const zeros = value.length - value.replace(/^1+/, '').length
  return zeros + (number === 0n ? 0 : number.toString(16).length + 1 >> 1)
}

export function passwordLooksReal(password: string, user: string): boolean {
  if (password.length < 6 || password.length > 200) return false
  if (password.toLowerCase() === user.toLowerCase()) return false
  const plain = [...password.toLowerCase()].map((character) => leet[character] ?? character).join('')
  if (isPlaceholder(password, passwordWords) || isPlaceholder(plain, passwordWords)) return false
  if (repeatedCharacter.test(password) || repeatedUnit.test(password)) return false
  if (/^[a-z]+$/i.test(password) || /^\d+$/.test(password)) return false
  return !readsAsWords(plain)
}

/** A template (`${TOKEN}`), a truncation (`sk_...`), a typed letter (`CLÉ`), a placeholder word (`your_key`) or a key run (`12345`). */
function isPlaceholder(value: string, markers: readonly string[]): boolean {
  if (templateMarker.test(value) || nonAsciiLetter.test(value)) return true
  const lower = value.toLowerCase()
  return markers.some((word) => lower.includes(word)) || sequenceRuns.some((run) => lower.includes(run))
}

/**
 * Words and separators rather than random characters: every part between separators is a word
 * (`VOTRE_JETON_ICI`, `sua-chave`), or most letters belong to known words (`myApiKeyValue`, `VotreCleIci`).
 */
export function readsAsWords(value: string): boolean {
  const parts = value.split(/[-_.:/+]+/).filter(Boolean)
  if (parts.length >= 2 && parts.every(wordLike)) return true
  return dictionaryLike(value)
}

/** One part between separators that a person typed: a known word, or short letters in one case that read as a word. */
function wordLike(part: string): boolean {
  if (!/^(?:[a-z]+|[A-Z]+|[A-Z][a-z]+)$/.test(part)) return false
  const lower = part.toLowerCase()
  return part.length <= 3 || words.has(lower) || pronounceable(lower)
}

/** How many of lower case, upper case and digits (and symbols, when asked) `value` mixes. */
export function characterClasses(value: string, symbols = false): number {
  const letters = Number(/[a-z]/.test(value)) + Number(/[A-Z]/.test(value)) + Number(/\d/.test(value))
  return letters + Number(symbols && /[^A-Za-z\d]/.test(value))
}

/** Shannon entropy in bits per character. */
export function entropy(value: string): number {
  const counts = new Map<string, number>()
  for (const character of value) counts.set(character, (counts.get(character) ?? 0) + 1)
  let bits = 0
  for (const count of counts.values()) {
    const share = count / value.length
    bits -= share * Math.log2(share)
  }
  return bits
}

/** True when most letters and digits of `value` belong to common identifier or placeholder words. */
function dictionaryLike(value: string): boolean {
  const alphanumeric = value.replace(/[^A-Za-z\d]/g, '').length
  if (alphanumeric === 0) return true
  let covered = 0
  for (const part of value.match(/[A-Z]?[a-z]+|[A-Z]+(?![a-z])/g) ?? []) {
    covered += coverage(part.toLowerCase())
  }
  return covered / alphanumeric >= 0.6
}

/** Most letters of `part` that a sequence of dictionary words (3+ letters) can cover. */
function coverage(part: string): number {
  if (pronounceable(part)) return part.length
  const best = new Array<number>(part.length + 1).fill(0)
  for (let end = 1; end <= part.length; end++) {
    best[end] = best[end - 1]!
    for (let start = Math.max(0, end - 16); start <= end - 3; start++) {
      if (words.has(part.slice(start, end))) best[end] = Math.max(best[end]!, best[start]! + end - start)
    }
  }
  return best[part.length]!
}

/** A lower-case run that reads like a word (`satellite`, `vibekit`), unlike random letters. */
function pronounceable(part: string): boolean {
  if (part.length < 6) return false
  const vowels = part.replace(/[^aeiouy]/g, '').length / part.length
  return vowels >= 0.3 && vowels <= 0.65 && !/[^aeiouy]{4}|[aeiou]{3}/.test(part)
}
