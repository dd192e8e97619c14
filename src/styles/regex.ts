// Vale's regular expressions as JavaScript RegExps. Vale compiles every rule pattern with regexp2 in RE2
// mode: Go's regexp syntax plus lookarounds and backreferences, on a backtracking engine. This reads that
// dialect and writes a `u`-flag RegExp matching the same text, or throws an UnsupportedRuleError naming the
// construct JavaScript has no equivalent for. Where both engines accept a construct but mean different
// things, Vale's meaning is kept: `\b` knows Unicode letters while `\w`, `\d` and `\s` are ASCII (`\s` without
// `\v`), `.` stops only at `\n`, and `^`/`$` under `(?m)` see only `\n` as a line end. Case-insensitivity,
// whole or in part, is written out as classes (`a` → `[aA]`), which V8 runs 2 to 3 times faster than `iu`.

import {ANCHORS, CHARACTER_ESCAPES, CLASSES, GO_CATEGORIES, MAX_CODE_POINT, POSIX_DIGIT, WORD} from './regex.data.js'
import {UnsupportedRuleError} from './types.js'

export interface ValeRegexOptions {
  /** The rule's `ignorecase`: the whole pattern matches without regard to case. */
  ignoreCase?: boolean
}

type Range = readonly [number, number]
/** regexp2's inline options, switched by `(?imsn-imsn)` and `(?i:...)`. */
type Flags = Record<'i' | 'm' | 's' | 'n', boolean>
/** A bracket expression: code point ranges and `\p{...}` escapes. */
type CharacterSet = {negated: boolean; ranges: Range[]; properties: string[]}

/**
 * A translated atom or alternation, with what a `\b` beside it needs to know: whether it consumes no text
 * (`zeroWidth`), whether every match starts or ends with an ASCII word character, whether it is a `\b`.
 */
interface Piece {source: string; zeroWidth: boolean; startsWord: boolean; endsWord: boolean; boundary?: boolean}

/** Wider ranges are taken as closed under case mapping rather than walked (complements such as `\W`). */
const CASE_WALK_LIMIT = 0x2000
const QUANTIFIER = /([*+?]|\{(\d+)(,(\d*))?\})([?+]?)/y
/** `\x{263a}`, `\x41`, `\u0041`, `\101` (octal, up to 0377), `\cM`. */
const NUMERIC_ESCAPE = /x\{([0-9A-Fa-f]{1,6})\}|x([0-9A-Fa-f]{2})|u([0-9A-Fa-f]{4})|([0-7]{1,3})|c([@-_a-z])/y
const GROUP_NAME = /[\p{L}\p{Mn}\p{Nd}\p{Pc}\u200C\u200D]*/uy
const CACHE_LIMIT = 10_000
const cache = new Map<string, RegExp | string>()

/**
 * Compile a pattern written in Vale's dialect to a global JavaScript RegExp that matches exactly what Vale
 * matches. Throws `UnsupportedRuleError` for a pattern with no faithful JavaScript equivalent. Each call
 * returns its own RegExp (its own `lastIndex`); the translation is made once per pattern and options.
 */
export function compileValeRegex(pattern: string, options: ValeRegexOptions = {}): RegExp {
  const key = (options.ignoreCase ? 'i:' : 'c:') + pattern
  let compiled = cache.get(key)
  if (compiled === undefined) {
    try {
      compiled = new RegExp(new Translation(pattern, options.ignoreCase ?? false).run(), 'gu')
    } catch (error) {
      if (!(error instanceof UnsupportedRuleError || error instanceof SyntaxError)) throw error
      // JavaScript refuses a bad group name, a name used twice, a backreference to no group (`\10` up too).
      compiled = error instanceof UnsupportedRuleError ? error.message : `The regex \`${pattern}\` cannot be compiled: ${error.message}`
    }
    if (cache.size >= CACHE_LIMIT) cache.clear()
    cache.set(key, compiled)
  }
  if (typeof compiled === 'string') throw new UnsupportedRuleError(compiled)
  return new RegExp(compiled)
}

class Translation {
  private pos = 0
  private flags: Flags
  /** The capturing groups in the order they open: a name, or null for an unnamed group. */
  private readonly groups: Array<string | null> = []
  private numberedReference = false

  constructor(private readonly pattern: string, ignoreCase: boolean) {
    this.flags = {i: ignoreCase, m: false, s: false, n: false}
  }

  run(): string {
    const body = this.alternation()
    if (this.pos < this.pattern.length) this.invalid('a `)` closes no group')
    // regexp2 numbers the unnamed groups first, then the named ones; JavaScript numbers them all in order.
    const renumbered = this.groups.some((group, index) => group !== null && this.groups.indexOf(null, index) > index)
    if (this.numberedReference && renumbered) this.fail('uses `\\1` with a named group before an unnamed one, which JavaScript numbers otherwise')
    return body.source
  }

  private alternation(): Piece {
    const branches = [this.sequence()]
    while (this.eat('|')) branches.push(this.sequence())
    const every = (test: (branch: Piece) => boolean) => branches.every(test)
    const source = branches.map((branch) => branch.source).join('|')
    return {source, zeroWidth: every((b) => b.zeroWidth), startsWord: every((b) => b.startsWord), endsWord: every((b) => b.endsWord)}
  }

  private sequence(): Piece {
    const pieces: Piece[] = []
    let quantifiable = false
    while (this.pos < this.pattern.length && !this.at('|') && !this.at(')')) {
      QUANTIFIER.lastIndex = this.pos
      const quantifier = QUANTIFIER.exec(this.pattern)
      const last = pieces.at(-1)
      if (this.at('(?#')) {
        // A comment, which regexp2 skips even between an atom and its quantifier.
        this.pos = this.pattern.indexOf(')', this.pos) + 1 || this.invalid('a `(?#` comment is never closed')
      } else if (quantifier) {
        const [text, kind, min, , max, suffix] = quantifier
        if (!quantifiable || !last) this.invalid('a quantifier repeats nothing')
        if (suffix === '+') this.fail(`uses a possessive quantifier \`${text}\`, which JavaScript does not have`)
        if (Number(max || Infinity) < Number(min)) this.invalid('a `{min,max}` quantifier has max below min')
        pieces[pieces.length - 1] = quantified(last, text, kind === '+' || Number(min) > 0)
        this.pos = QUANTIFIER.lastIndex
        quantifiable = false
      } else if (this.eat('\\Q')) {
        // Each quoted character is an atom of its own, so that a quantifier takes only the last one.
        const end = this.pattern.indexOf('\\E', this.pos)
        const quoted = Array.from(this.pattern.slice(this.pos, end < 0 ? undefined : end), (char) => this.literal(codeOf(char)))
        this.pos = end < 0 ? this.pattern.length : end + 2
        pieces.push(...quoted)
        quantifiable = quantifiable || quoted.length > 0
      } else {
        const piece = this.atom()
        quantifiable = piece !== undefined
        if (piece) pieces.push(piece)
      }
    }
    return joined(pieces)
  }

  private atom(): Piece | undefined {
    const char = this.take()
    if (char === '(') return this.group()
    if (char === '[') return this.characterClass(this.bracket())
    if (char === '\\') return this.escape()
    if (char === '.') return {source: this.flags.s ? '[^]' : '[^\\n]', zeroWidth: false, startsWord: false, endsWord: false}
    if (char === '^') return assertion(this.flags.m ? '(?<![^\\n])' : '^')
    if (char === '$') return assertion(this.flags.m ? '(?![^\\n])' : '$')
    return this.literal(codeOf(char))
  }

  private group(): Piece | undefined {
    const outer = {...this.flags}
    let open = this.flags.n ? '(?:' : '('
    if (this.eat('?')) {
      const kind = this.groupKind()
      if (typeof kind !== 'string') return kind
      open = kind
    }
    if (open === '(') this.groups.push(null)
    const body = this.alternation()
    if (!this.eat(')')) this.invalid('a `(` is never closed')
    this.flags = outer
    const look = /^\(\?<?[=!]$/.test(open)
    return {source: open + body.source + ')', zeroWidth: look || body.zeroWidth, startsWord: !look && body.startsWord, endsWord: !look && body.endsWord}
  }

  /** After `(?`: the opening to write, a whole piece (`(?P=name)`), or undefined for `(?i)` alone. */
  private groupKind(): string | Piece | undefined {
    if (this.eat(':')) return '(?:'
    for (const look of ['=', '!', '<=', '<!']) if (this.eat(look)) return '(?' + look
    if (this.eat('P=')) return this.backreference(`\\k<${this.name(')')}>`)
    const close = this.eat('P<') || this.eat('<') ? '>' : this.eat("'") ? "'" : undefined
    if (close) {
      // JavaScript itself refuses a name it cannot take (`(?<2>...)`) or one used twice.
      const name = this.name(close)
      this.groups.push(name)
      return `(?<${name}>`
    }
    if (this.at('>')) this.fail('uses `(?>...)`, an atomic group, which JavaScript does not have')
    if (this.at('(')) this.fail('uses `(?(...)...)`, a conditional group, which JavaScript does not have')
    // regexp2's options, in either case. `u` (and `U`, Go's ungreedy) is regexp2's ECMAScript-only Unicode
    // option, which does nothing in RE2 mode: Vale runs `(?U)a+` greedy, and so does this.
    let on = true
    for (let char = this.pattern[this.pos] ?? ''; /^[-+imsxnu]$/i.test(char); char = this.pattern[++this.pos] ?? '') {
      const key = char.toLowerCase()
      if (key === 'x') this.fail('uses `(?x)`, free-spacing mode, which Go does not have and docs-lint does not read')
      if (key === '-' || key === '+') on = key === '+'
      else if (key !== 'u') this.flags[key as keyof Flags] = on
    }
    if (this.eat(')')) return undefined
    if (this.eat(':')) return '(?:'
    return this.invalid('unknown group syntax `(?' + this.pattern.slice(this.pos, this.pos + 1) + '`')
  }

  private name(close: string): string {
    GROUP_NAME.lastIndex = this.pos
    const name = GROUP_NAME.exec(this.pattern)?.[0] ?? ''
    this.pos += name.length
    if (this.at('-')) this.fail('uses a balancing group `(?<a-b>...)`, which JavaScript does not have')
    if (name === '' || !this.eat(close)) this.invalid(`a group name must be word characters closed by \`${close}\``)
    return name
  }

  private escape(): Piece | undefined {
    const char = this.pattern[this.pos] ?? ''
    const set: CharacterSet = {negated: false, ranges: [], properties: []}
    if (this.classEscape(set)) return this.characterClass(set)
    const anchor = ANCHORS[char]
    if (anchor) {
      this.pos++
      return {...assertion(anchor), boundary: char === 'b'}
    }
    if (char === 'G') this.fail('uses `\\G`, which JavaScript cannot anchor where the previous match ended')
    if (this.eat('k')) {
      const name = this.name(this.eat('<') ? '>' : this.eat("'") ? "'" : this.invalid('`\\k` must be followed by `<name>`'))
      return this.backreference(/^\d+$/.test(name) ? `\\${name}` : `\\k<${name}>`)
    }
    if (char < '1' || char > '9') return this.literal(this.characterEscape())
    const number = /^\d+/.exec(this.pattern.slice(this.pos))?.[0] ?? ''
    this.pos += number.length
    return this.backreference('\\' + number)
  }

  private backreference(target: string): Piece {
    if (this.flags.i) this.fail('uses a backreference under `(?i)`, which needs JavaScript\'s `i` flag rather than the letter classes written here')
    this.numberedReference ||= /^\\\d/.test(target)
    // regexp2 fails a backreference to a group that has not matched; JavaScript matches it empty.
    return {source: `(?:${target})`, zeroWidth: false, startsWord: false, endsWord: false}
  }

  /** After a `\`, in or out of brackets, the one character it stands for: `\n`, `\x{263a}`, `\101`, `\.`. */
  private characterEscape(): number {
    NUMERIC_ESCAPE.lastIndex = this.pos
    const numeric = NUMERIC_ESCAPE.exec(this.pattern)
    if (numeric) {
      this.pos = NUMERIC_ESCAPE.lastIndex
      const [, braced, hex, unicode, octal, control] = numeric
      if (octal) return parseInt(octal, 8) & 0xff
      if (control) return codeOf(control.toUpperCase()) - 0x40
      const code = parseInt(braced ?? hex ?? unicode ?? '', 16)
      return code <= MAX_CODE_POINT ? code : this.invalid('a `\\x{...}` escape is above 10FFFF')
    }
    const char = this.take()
    const known = CHARACTER_ESCAPES[char]
    if (known !== undefined) return known
    if (char === '' || /^[xuc]$/.test(char)) this.invalid(`a \`\\${char}\` escape is incomplete`)
    if (char === 'C') this.fail('uses `\\C` (any byte in Go, a plain `C` or an error in Vale\'s engine), which JavaScript cannot match')
    if (/^[A-Za-z89]$/.test(char)) this.fail(`uses \`\\${char}\`, which Go rejects and Vale's engine reads as a plain letter or rejects`)
    // `\<` and `\'` are taken as plain characters, although regexp2 reads `\<name>` as a backreference.
    return codeOf(char)
  }

  /** After a `\`: adds `\d \D \s \S \w \W \pL \P{Greek}` to `set`, or returns false for any other escape. */
  private classEscape(set: CharacterSet): boolean {
    const char = this.pattern[this.pos] ?? ''
    const shorthand = /^[dswDSW]$/.test(char) ? CLASSES.get(char) : undefined
    if (!shorthand && char !== 'p' && char !== 'P') return false
    this.pos++
    if (shorthand) set.ranges.push(...shorthand)
    else set.properties.push(this.property(char === 'P'))
    return true
  }

  /** `\pL`, `\p{Greek}`: the category and script names Go knows, as JavaScript's `\p{...}`. */
  private property(negated: boolean): string {
    const [written = '', braced, name = braced ?? ''] = /^(?:\{([^}]*)\}|(.?))/u.exec(this.pattern.slice(this.pos)) ?? []
    this.pos += written.length
    if (!/^\w+$/.test(name)) this.invalid(`\`\\p${written}\` names no Unicode category or script`)
    // Any other name must be a script (Greek, Latin): JavaScript refuses the rest, as regexp2 does.
    return `\\${negated ? 'P' : 'p'}{${GO_CATEGORIES.has(name) ? name : 'Script=' + name}}`
  }

  private literal(code: number): Piece {
    const variants = this.flags.i ? caseVariants(code) : [code]
    const word = isAsciiWord([code, code])
    const source = variants.length > 1 ? `[${variants.map((variant) => character(variant, true)).join('')}]` : character(code, false)
    return {source, zeroWidth: false, startsWord: word, endsWord: word}
  }

  /** A set of characters; under `(?i)` with every case added, as regexp2 lowercases both sides. */
  private characterClass(set: CharacterSet): Piece {
    const ranges = this.flags.i ? withCaseVariants(set.ranges) : set.ranges
    const properties = this.flags.i ? set.properties.flatMap(caselessProperty) : set.properties
    const word = !set.negated && properties.length === 0 && ranges.length > 0 && ranges.every(isAsciiWord)
    const written = ranges.map(([low, high]) => character(low, true) + (high === low ? '' : (high > low + 1 ? '-' : '') + character(high, true)))
    return {source: `[${set.negated ? '^' : ''}${written.join('')}${properties.join('')}]`, zeroWidth: false, startsWord: word, endsWord: word}
  }

  /** A bracket expression after its `[`, as regexp2 reads it in RE2 mode (a `]` first is a literal). */
  private bracket(): CharacterSet {
    const set: CharacterSet = {negated: this.eat('^'), ranges: [], properties: []}
    for (let first = true; ; first = false) {
      if (this.pos >= this.pattern.length) this.invalid('a `[` is never closed')
      if (!first && this.eat(']')) return set
      if (this.at('[:')) {
        const [written = '', name = ''] = /^\[:(\^?[a-z]{2,}):\]/.exec(this.pattern.slice(this.pos)) ?? []
        if (POSIX_DIGIT[name]) set.properties.push(POSIX_DIGIT[name])
        else set.ranges.push(...(CLASSES.get(name) ?? this.invalid('`[:` starts no POSIX class Go knows')))
        this.pos += written.length
        continue
      }
      if (this.at('-[') && !first) this.fail('uses a subtraction `[a-z-[aeiou]]`, which Go does not have and JavaScript writes otherwise')
      const low = this.bracketMember(set)
      if (low === undefined) continue
      if (!this.at('-') || this.at('-]') || this.at('-[') || this.pos + 1 >= this.pattern.length) {
        set.ranges.push([low, low])
        continue
      }
      this.pos++
      const high = this.bracketMember(set) ?? this.invalid('a range cannot end in a class such as `\\d`')
      if (high < low) this.invalid('a range runs backwards')
      set.ranges.push([low, high])
    }
  }

  /** One character inside brackets, or undefined when it was a class (`\d`, `\pL`) added to `set`. */
  private bracketMember(set: CharacterSet): number | undefined {
    if (!this.eat('\\')) return codeOf(this.take())
    if (this.classEscape(set)) return undefined
    if (this.eat('b')) return 0x08
    if (this.at('Q')) this.fail('uses `\\Q...\\E` inside brackets, which Go and Vale\'s engine do not read alike')
    return this.characterEscape()
  }

  private take(): string {
    const code = this.pattern.codePointAt(this.pos)
    if (code === undefined) return ''
    this.pos += code > 0xffff ? 2 : 1
    return String.fromCodePoint(code)
  }

  private at(text: string): boolean {
    return this.pattern.startsWith(text, this.pos)
  }

  private eat(text: string): boolean {
    const found = this.at(text)
    if (found) this.pos += text.length
    return found
  }

  /** A pattern regexp2 itself rejects, so that Vale cannot load the rule either. */
  private invalid(reason: string): never {
    return this.fail('is not a valid regular expression for Vale: ' + reason)
  }

  /** Throws the rule's error; `what` says what the pattern is or uses. */
  private fail(what: string): never {
    const near = this.pattern.length <= 60 ? this.pattern : '…' + this.pattern.slice(Math.max(0, this.pos - 30), this.pos + 30) + '…'
    throw new UnsupportedRuleError(`The regex \`${near}\` ${what}`)
  }
}

function assertion(source: string): Piece {
  return {source, zeroWidth: true, startsWord: false, endsWord: false}
}

function quantified(piece: Piece, quantifier: string, atLeastOnce: boolean): Piece {
  // JavaScript refuses a quantifier on an assertion, and skips the ways an optional group matches nothing,
  // which regexp2 takes: an assertion is put in a group, and an optional group written as an alternation.
  const optional = piece.source.startsWith('(') ? {'?': `(?:${piece.source}|)`, '??': `(?:|${piece.source})`}[quantifier] : undefined
  const source = optional ?? (piece.zeroWidth ? `(?:${piece.source})` : piece.source) + quantifier
  return {source, zeroWidth: piece.zeroWidth, startsWord: atLeastOnce && piece.startsWord, endsWord: atLeastOnce && piece.endsWord}
}

function joined(pieces: readonly Piece[]): Piece {
  const consuming = pieces.filter((piece) => !piece.zeroWidth)
  const source = pieces.map((piece, index) => (piece.boundary ? boundaryAt(pieces, index) : piece.source)).join('')
  return {source, zeroWidth: consuming.length === 0, startsWord: consuming[0]?.startsWord ?? false, endsWord: consuming.at(-1)?.endsWord ?? false}
}

/** `\b` in the cheapest form its neighbours allow: V8 runs `\b(?<!W)` about as fast as a bare `\b`. */
function boundaryAt(pieces: readonly Piece[], index: number): string {
  const next = pieces.slice(index + 1).find((piece) => !piece.zeroWidth)
  const previous = pieces.slice(0, index).reverse().find((piece) => !piece.zeroWidth)
  if (next?.startsWord) return `\\b(?<!${WORD})`
  if (previous?.endsWord) return `\\b(?!${WORD})`
  return ANCHORS['b']!
}

/** The characters regexp2 takes for `code` under `(?i)`: itself and its other cases, one code point each. */
function caseVariants(code: number): number[] {
  const char = String.fromCodePoint(code)
  const forms = [char, char.toLowerCase(), char.toUpperCase(), char.toLowerCase().toUpperCase(), char.toUpperCase().toLowerCase()]
  return [...new Set(forms.filter((form) => [...form].length === 1).map(codeOf))]
}

function withCaseVariants(ranges: readonly Range[]): Range[] {
  const added: Range[] = []
  for (const [low, high] of ranges.filter(([low, high]) => high - low <= CASE_WALK_LIMIT)) {
    for (let code = low; code <= high; code++) added.push(...caseVariants(code).map((variant): Range => [variant, variant]))
  }
  return [...ranges, ...added]
}

/** regexp2 under `(?i)` lets `\p{Lu}`, `\p{Ll}` and `\p{Lt}` each match all three. */
function caselessProperty(escape: string): string[] {
  return /^\\[pP]\{L[lut]\}$/.test(escape) ? ['Lu', 'Ll', 'Lt'].map((category) => escape.slice(0, 3) + category + '}') : [escape]
}

function isAsciiWord([low, high]: Range): boolean {
  return CLASSES.get('w')!.some(([first, last]) => low >= first && high <= last)
}

/** One character as regex source, escaped for where it stands (in brackets or not), spelled out if unprintable. */
function character(code: number, inBrackets: boolean): string {
  const char = String.fromCodePoint(code)
  if ((inBrackets ? '\\]^-[' : '^$\\.*+?()[]{}|/').includes(char)) return '\\' + char
  return char === ' ' || !/[\p{C}\p{Z}]/u.test(char) ? char : `\\u{${code.toString(16)}}`
}

function codeOf(char: string): number {
  return char.codePointAt(0) ?? 0
}
