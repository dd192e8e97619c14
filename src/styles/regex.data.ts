// Tables for translating Vale's regex dialect (src/styles/regex.ts): the character classes of Go's syntax
// as regexp2 reads them in RE2 mode, as code point ranges, and JavaScript's spelling of regexp2's `\b`.

type Ranges = ReadonlyArray<readonly [number, number]>

export const MAX_CODE_POINT = 0x10ffff

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
  const gaps: Array<[number, number]> = []
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

// regexp2's word character, for `\b`: letters, non-spacing marks, decimal digits, connectors, ZWNJ, ZWJ.
export const WORD = '[\\p{L}\\p{Mn}\\p{Nd}\\p{Pc}\\u200C\\u200D]'
const BOUNDARY = `(?:(?<=${WORD})(?!${WORD})|(?<!${WORD})(?=${WORD}))`

/** The zero-width escapes. In RE2 mode regexp2's `\Z` is the end of the text, as `$` is. */
export const ANCHORS: Readonly<Record<string, string>> = {
  A: '^',
  z: '$',
  Z: '$',
  b: BOUNDARY,
  B: `(?:(?<=${WORD})(?=${WORD})|(?<!${WORD})(?!${WORD}))`
}
