// Tables for translating Vale's regex dialect (src/styles/regex.ts): the POSIX classes Go defines, the
// Unicode general categories Go names, and the escapes whose meaning JavaScript does not share.

/** `[[:name:]]` inside a bracket expression, as Go's regexp/syntax defines them (code point ranges). */
export const POSIX_CLASSES: Readonly<Record<string, ReadonlyArray<readonly [number, number]>>> = {
  alnum: [[0x30, 0x39], [0x41, 0x5a], [0x61, 0x7a]],
  alpha: [[0x41, 0x5a], [0x61, 0x7a]],
  ascii: [[0x00, 0x7f]],
  blank: [[0x09, 0x09], [0x20, 0x20]],
  cntrl: [[0x00, 0x1f], [0x7f, 0x7f]],
  digit: [[0x30, 0x39]],
  graph: [[0x21, 0x7e]],
  lower: [[0x61, 0x7a]],
  print: [[0x20, 0x7e]],
  punct: [[0x21, 0x2f], [0x3a, 0x40], [0x5b, 0x60], [0x7b, 0x7e]],
  space: [[0x09, 0x0d], [0x20, 0x20]],
  upper: [[0x41, 0x5a]],
  word: [[0x30, 0x39], [0x41, 0x5a], [0x5f, 0x5f], [0x61, 0x7a]],
  xdigit: [[0x30, 0x39], [0x41, 0x46], [0x61, 0x66]]
}

/** The shorthand classes in RE2 mode: ASCII only, and `\s` without `\v` or any Unicode space. */
export const SHORTHAND_CLASSES: Readonly<Record<string, ReadonlyArray<readonly [number, number]>>> = {
  d: POSIX_CLASSES['digit']!,
  w: POSIX_CLASSES['word']!,
  s: [[0x09, 0x0a], [0x0c, 0x0d], [0x20, 0x20]]
}

/** The general categories Go's `unicode` package names (`\pL`, `\p{Lu}`); anything else must be a script. */
export const GO_CATEGORIES: ReadonlySet<string> = new Set(
  'C Cc Cf Co Cs L Ll Lm Lo Lt Lu M Mc Me Mn N Nd Nl No P Pc Pd Pe Pf Pi Po Ps S Sc Sk Sm So Z Zl Zp Zs'.split(' ')
)

/** Single-letter escapes that stand for one character, as regexp2 reads them (`\b` only inside brackets). */
export const CHARACTER_ESCAPES: Readonly<Record<string, number>> = {a: 0x07, e: 0x1b, f: 0x0c, n: 0x0a, r: 0x0d, t: 0x09, v: 0x0b}
