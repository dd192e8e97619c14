// The tables of Vale's regex dialect, for src/styles/regex.ts: its lexical forms, Go's classes as regexp2
// reads them in RE2 mode (code point ranges), regexp2's word character and `\b` in JavaScript, the case
// variants of a character, and how a character is written in a JavaScript pattern.

import {once} from '../shared/lazy.js'

export type Range = readonly [number, number]
type Ranges = readonly Range[]

export const MAX_CODE_POINT = 0x10ffff
/** Wider ranges are taken as closed under case mapping rather than walked (complements such as `\W`). */
const CASE_WALK_LIMIT = 0x2000

/** The dialect's quantifiers, its numeric escapes (`\x{263a}`, `\x41`, `\u0041`, octal `\101`, `\cM`), its group names. */
export const QUANTIFIER = /([*+?]|\{(\d+)(,(\d*))?\})([?+]?)/y
export const NUMERIC_ESCAPE = /x\{([0-9A-Fa-f]{1,6})\}|x([0-9A-Fa-f]{2})|u([0-9A-Fa-f]{4})|([0-7]{1,3})|c([@-_a-z])/y
export const GROUP_NAME = /[\p{L}\p{Mn}\p{Nd}\p{Pc}\u200C\u200D]*/uy

/** The code point a NUMERIC_ESCAPE match stands for; an octal escape keeps its low 8 bits, as regexp2 does. */
export function numericValue([, braced, hex, unicode, octal, control]: RegExpExecArray): number {
  if (octal) return parseInt(octal, 8) & 0xff
  if (control) return (control.toUpperCase().codePointAt(0) ?? 0) - 0x40
  return parseInt(braced ?? hex ?? unicode ?? '', 16)
}

/**
 * `[[:name:]]` inside a bracket expression, as Go's regexp/syntax defines them, but for two that regexp2
 * reads otherwise: `digit` is `\p{Nd}` (see POSIX_DIGIT), `space` is JavaScript's `\s` (NBSP, U+2000...).
 */
const POSIX: Readonly<Record<string, Ranges>> = {
  alnum: [[0x30, 0x39], [0x41, 0x5a], [0x61, 0x7a]],
  alpha: [[0x41, 0x5a], [0x61, 0x7a]],
  ascii: [[0x00, 0x7f]],
  blank: [[0x09, 0x09], [0x20, 0x20]],
  cntrl: [[0x00, 0x1f], [0x7f, 0x7f]],
  graph: [[0x21, 0x7e]],
  lower: [[0x61, 0x7a]],
  print: [[0x20, 0x7e]],
  punct: [[0x21, 0x2f], [0x3a, 0x40], [0x5b, 0x60], [0x7b, 0x7e]],
  space: [[0x09, 0x0d], [0x20, 0x20], [0xa0, 0xa0], [0x1680, 0x1680], [0x2000, 0x200a], [0x2028, 0x2029], [0x202f, 0x202f], [0x205f, 0x205f], [0x3000, 0x3000], [0xfeff, 0xfeff]],
  upper: [[0x41, 0x5a]],
  word: [[0x30, 0x39], [0x41, 0x5a], [0x5f, 0x5f], [0x61, 0x7a]],
  xdigit: [[0x30, 0x39], [0x41, 0x46], [0x61, 0x66]]
}

/** `\d \s \w` in RE2 mode: ASCII only, and `\s` is `[\t\n\f\r ]` (no `\v`, no Unicode space). */
const SHORTHAND: Readonly<Record<string, Ranges>> = {d: [[0x30, 0x39]], s: [[0x09, 0x0a], [0x0c, 0x0d], [0x20, 0x20]], w: POSIX['word']!}

/** The code points outside sorted, disjoint `ranges`. */
function complement(ranges: Ranges): Ranges {
  const gaps: Range[] = []
  let next = 0
  for (const [low, high] of ranges) {
    if (low > next) gaps.push([next, low - 1])
    next = high + 1
  }
  return next <= MAX_CODE_POINT ? [...gaps, [next, MAX_CODE_POINT]] : gaps
}

/** Each class by the name its escape or POSIX form uses, the negated ones too: `d`, `D`, `alpha`, `^alpha`. */
export const CLASSES: ReadonlyMap<string, Ranges> = new Map([
  ...Object.entries(SHORTHAND).flatMap(([name, ranges]) => [[name, ranges], [name.toUpperCase(), complement(ranges)]] as const),
  ...Object.entries(POSIX).flatMap(([name, ranges]) => [[name, ranges], ['^' + name, complement(ranges)]] as const)
])

/** `[[:digit:]]` and `[[:^digit:]]`: regexp2 takes every decimal digit, not only ASCII ones. */
export const POSIX_DIGIT: Readonly<Record<string, string>> = {digit: '\\p{Nd}', '^digit': '\\P{Nd}'}

/** The general categories Go's `unicode` package names (`\pL`, `\p{Lu}`); anything else must be a script. */
export const GO_CATEGORIES: ReadonlySet<string> = new Set(
  'C Cc Cf Co Cs L Ll Lm Lo Lt Lu M Mc Me Mn N Nd Nl No P Pc Pd Pe Pf Pi Po Ps S Sc Sk Sm So Z Zl Zp Zs'.split(' ')
)

/** Single-letter escapes that stand for one character, as regexp2 reads them (`\b` only inside brackets). */
export const CHARACTER_ESCAPES: Readonly<Record<string, number>> = {a: 0x07, e: 0x1b, f: 0x0c, n: 0x0a, r: 0x0d, t: 0x09, v: 0x0b}

/** regexp2's word character for `\b`: letters, non-spacing marks, decimal digits, connectors, ZWNJ, ZWJ. */
const WORD = '[\\p{L}\\p{Mn}\\p{Nd}\\p{Pc}\\u200C\\u200D]'

/**
 * The same class for a pattern without the `u` flag, which cannot say `\p{L}`: its ranges in the Basic
 * Multilingual Plane, joined over unassigned code points so that it stays short (about 1,000 characters;
 * V8 stops optimizing patterns over 20 kB). Letters beyond U+FFFF, rare in prose, are not word characters.
 */
const BMP_WORD = once(() => {
  const [word, unassigned] = [new RegExp(WORD, 'u'), /\p{Cn}/u]
  const ranges: Range[] = []
  for (let code = 0, start = -1, last = -1; code <= 0x10000; code++) {
    const char = String.fromCharCode(code)
    if (code < 0x10000 && word.test(char)) {
      if (start < 0) start = code
      last = code
    } else if (start >= 0 && (code === 0x10000 || !unassigned.test(char))) {
      ranges.push([start, last])
      start = -1
    }
  }
  return `[${rangesSource(ranges)}]`
})

/** regexp2's word character as a class, for a pattern with the `u` flag or without. */
export function wordClass(unicode: boolean): string {
  return unicode ? WORD : BMP_WORD()
}

/**
 * regexp2's `\b`, between a `word` character and another. Where ASCII's `\b` holds, one side is an ASCII
 * word character; where it does not, only a character beyond ASCII can make a boundary: checking those
 * first makes it 4 times faster than the plain `(?:(?<=W)(?!W)|(?<!W)(?=W))`.
 */
export function boundary(word: string): string {
  const beyondAscii = '(?=[^\\x00-\\x7f]|(?<=[^\\x00-\\x7f]))'
  return `(?:\\b(?:(?<!${word})|(?!${word}))|(?![0-9A-Z_a-z])(?<![0-9A-Z_a-z])${beyondAscii}(?:(?<=${word})(?!${word})|(?<!${word})(?=${word})))`
}

/**
 * The escapes that assert something, with regexp2's `word` character. The text's ends are marked with a `\0`
 * (see Translation.run); in RE2 mode regexp2's `\Z` is the end of the text, as `$` is.
 */
export function anchors(word: string): Readonly<Record<string, string>> {
  const nonBoundary = `(?:(?<=${word})(?=${word})|(?<!${word})(?!${word}))`
  return {A: '\0^', z: '\0$', Z: '\0$', b: boundary(word), B: nonBoundary}
}

/** regexp2 under `(?i)` lets `\p{Lu}`, `\p{Ll}` and `\p{Lt}` each match all three. */
export function caselessProperty(escape: string): string[] {
  return /^\\[pP]\{L[lut]\}$/.test(escape) ? ['Lu', 'Ll', 'Lt'].map((category) => escape.slice(0, 3) + category + '}') : [escape]
}

const variants = new Map<number, number[]>()

/** The characters regexp2 takes for `code` under `(?i)`: itself and its other cases, one code point each. */
function caseVariants(code: number): number[] {
  let found = variants.get(code)
  if (!found) {
    const char = String.fromCodePoint(code)
    const forms = [char, char.toLowerCase(), char.toUpperCase(), char.toLowerCase().toUpperCase(), char.toUpperCase().toLowerCase()]
    found = [...new Set(forms.filter((form) => [...form].length === 1).map((form) => form.codePointAt(0) ?? 0))]
    variants.set(code, found)
  }
  return found
}

/** The other cases of the characters in `ranges`, as regexp2 lowercases both sides under `(?i)`. */
export function otherCases(ranges: Ranges): Range[] {
  const added: Range[] = []
  for (const [low, high] of ranges.filter(([low, high]) => high - low <= CASE_WALK_LIMIT)) {
    for (let code = low; code <= high; code++) {
      for (const variant of caseVariants(code)) if (variant < low || variant > high) added.push([variant, variant])
    }
  }
  return added
}

export function isAsciiWord([low, high]: Range): boolean {
  return SHORTHAND['w']!.some(([first, last]) => low >= first && high <= last)
}

export function rangesSource(ranges: Ranges): string {
  return ranges.map(([low, high]) => character(low, true) + (high === low ? '' : (high > low + 1 ? '-' : '') + character(high, true))).join('')
}

/** One character as pattern source, escaped for where it stands (in brackets or not), spelled out if unprintable. */
export function character(code: number, inBrackets: boolean): string {
  const char = String.fromCodePoint(code)
  if ((inBrackets ? '\\]^-[' : '^$\\.*+?()[]{}|/').includes(char)) return '\\' + char
  if (char === ' ' || !/[\p{C}\p{Z}]/u.test(char)) return char
  if (code >= 9 && code <= 13) return '\\' + 'tnvfr'[code - 9]
  return code > 0xffff ? `\\u{${code.toString(16)}}` : '\\u' + code.toString(16).padStart(4, '0')
}
