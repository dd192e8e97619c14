// Vale's regular expressions as JavaScript RegExps. Vale compiles every rule pattern with regexp2 in RE2
// mode (Go's regexp syntax plus lookarounds and backreferences); this writes a RegExp matching the same
// text, or throws an UnsupportedRuleError naming what JavaScript has no equivalent for. Where both accept a
// construct but mean different things, Vale's meaning is kept: `\b` knows Unicode letters while `\w`, `\d`,
// `\s` are ASCII (`\s` without `\v`), `.` stops only at `\n`, `^`/`$` under `(?m)` see only `\n`. Patterns go
// without the `u` flag where they can, which V8 runs several times faster, and take `i` if they ignore case
// (V8 runs `iu` 10 to 40 times slower). One that needs `u` (`\p{L}`, a set of some characters beyond U+FFFF)
// or ignores case in part only gets `u`, its `(?i)` parts written out as classes (`a` → `[aA]`).

import {CHARACTER_ESCAPES, CLASSES, GO_CATEGORIES, MAX_CODE_POINT, POSIX_DIGIT, type Range, anchors, boundary, caselessProperty} from './regex.data.js'
import {GROUP_NAME, NUMERIC_ESCAPE, QUANTIFIER, character, isAsciiWord, numericValue, otherCases, rangesSource, wordClass} from './regex.data.js'
import {UnsupportedRuleError} from './types.js'

export interface ValeRegexOptions {
  /** The rule's `ignorecase`: the whole pattern matches without regard to case. */
  ignoreCase?: boolean
}

/** regexp2's inline options, switched by `(?imsn-imsn)` and `(?i:...)`. */
type Flags = Record<'i' | 'm' | 's' | 'n', boolean>
/** A bracket expression: code point ranges and `\p{...}` escapes. */
type CharacterSet = {negated: boolean; ranges: Range[]; properties: string[]}

/** A translated atom or alternation, with what a `\b` beside it needs to know: whether it consumes no text
 * (`zeroWidth`), can match nothing (`empty`), has other matches that all start or end with an ASCII word
 * character, and whether it is a `\b` itself. */
interface Piece {source: string; zeroWidth: boolean; empty: boolean; startsWord: boolean; endsWord: boolean; boundary?: boolean}

/** Thrown when a pattern tried without the `u` flag turns out to need it. */
const NEEDS_UNICODE = Symbol('needs the u flag')
const CACHE_LIMIT = 10_000 // patterns, which only a long-running language server could reach
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
      compiled = translate(pattern, options.ignoreCase ?? false)
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

function translate(pattern: string, ignoreCase: boolean): RegExp {
  try {
    return new Translation(pattern, ignoreCase, false).run()
  } catch (error) {
    if (error !== NEEDS_UNICODE) throw error
  }
  return new Translation(pattern, ignoreCase, true).run()
}

class Translation {
  private pos = 0
  private flags: Flags
  /** regexp2's word character for `\b`, as a class, and the escapes that assert something. */
  private readonly word: string
  private readonly anchors: Readonly<Record<string, string>>
  /** The capturing groups in the order they open: a name, or null for an unnamed group. */
  private readonly groups: Array<string | null> = []
  /** The groups backreferences name: without `u`, JavaScript would read `\k<a>` or `\1` to no group as text. */
  private readonly references: string[] = []
  /** Some part with letters is under `(?i)` (without `u`, the `i` flag covers it), some part is not. */
  private ignoresCase = false
  private keepsCase = false
  /** Some `^` or `$` is under `(?m)`: JavaScript's `m` flag, with a guard, is much faster than a lookbehind. */
  private multiline = false

  constructor(private readonly pattern: string, ignoreCase: boolean, private readonly unicode: boolean) {
    this.flags = {i: ignoreCase, m: false, s: false, n: false}
    this.word = wordClass(unicode)
    this.anchors = anchors(this.word)
  }

  run(): RegExp {
    const body = this.alternation()
    if (this.pos < this.pattern.length) this.invalid('a `)` closes no group')
    if (!this.unicode && this.ignoresCase && this.keepsCase) throw NEEDS_UNICODE
    const missing = this.references.find((name) => (/^\d+$/.test(name) ? Number(name) > this.groups.length : !this.groups.includes(name)))
    if (missing !== undefined) this.invalid(`no group is \`${missing}\``)
    // regexp2 numbers the unnamed groups first, then the named ones; JavaScript numbers them all in order.
    const renumbered = this.groups.some((group, index) => group !== null && this.groups.indexOf(null, index) > index)
    if (renumbered && this.references.some((reference) => /^\d/.test(reference))) this.fail('uses `\\1` with a named group before an unnamed one, which JavaScript numbers otherwise')
    // The text's ends (a `\0` before `^` or `$`) stay plain unless the `m` flag is on, which they must escape.
    let source = body.source.replace(/\0([$^])/g, (_, end: string) => (!this.multiline ? end : end === '^' ? '(?<![^])' : '(?![^])'))
    // JavaScript tries a match between the two halves of an emoji: one that may be empty must not start there.
    if (body.empty) source = `(?![\\uDC00-\\uDFFF])(?=[^]|$)(?:${source})`
    const flags = 'g' + (this.ignoresCase && !this.unicode ? 'i' : '') + (this.multiline ? 'm' : '') + (this.unicode ? 'u' : '')
    return new RegExp(source, flags)
  }

  private alternation(): Piece {
    const branches = [this.sequence()]
    while (this.eat('|')) branches.push(this.sequence())
    const every = (test: (branch: Piece) => boolean) => branches.every(test)
    return {source: branches.map((b) => b.source).join('|'), zeroWidth: every((b) => b.zeroWidth), empty: !every((b) => !b.empty), startsWord: every((b) => b.startsWord), endsWord: every((b) => b.endsWord)}
  }

  private sequence(): Piece {
    const pieces: Piece[] = []
    let quantifiable = false
    while (this.pos < this.pattern.length && !this.at('|') && !this.at(')')) {
      QUANTIFIER.lastIndex = this.pos
      const quantifier = QUANTIFIER.exec(this.pattern)
      const last = pieces.at(-1)
      if (quantifier) {
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
    return joined(pieces, this.word)
  }

  private atom(): Piece | undefined {
    const char = this.take()
    if (char === '(') return this.group()
    if (char === '[') return this.characterClass(this.bracket())
    if (char === '\\') return this.escape()
    if (char === '.') return this.characterClass({negated: true, ranges: this.flags.s ? [] : [[10, 10]], properties: []})
    this.multiline ||= this.flags.m && (char === '^' || char === '$')
    if (char === '^') return assertion(this.flags.m ? '^(?<![\\r\\u2028\\u2029])' : this.anchors['A']!)
    if (char === '$') return assertion(this.flags.m ? '$(?![\\r\\u2028\\u2029])' : this.anchors['z']!)
    return this.literal(codeOf(char))
  }

  private group(): Piece | undefined {
    const outer = {...this.flags}
    const open = this.eat('?') ? this.groupKind() : this.flags.n ? '(?:' : '('
    if (typeof open !== 'string') return open
    if (open === '(') this.groups.push(null)
    const body = this.alternation()
    if (!this.eat(')')) this.invalid('a `(` is never closed')
    this.flags = outer
    return /^\(\?<?[=!]$/.test(open) ? assertion(open + body.source + ')') : {...body, source: open + body.source + ')'}
  }

  /** After `(?`: the opening to write, a whole piece (`(?P=name)`), or undefined for `(?i)` alone. */
  private groupKind(): string | Piece | undefined {
    if (this.eat(':')) return '(?:'
    for (const look of ['=', '!', '<=', '<!']) if (this.eat(look)) return '(?' + look
    if (this.eat('P=')) return this.backreference(this.name(')'))
    const close = this.eat('P<') || this.eat('<') ? '>' : this.eat("'") ? "'" : undefined
    if (close) {
      // JavaScript itself refuses a name it cannot take (`(?<2>...)`) or one used twice.
      const name = this.name(close)
      this.groups.push(name)
      return `(?<${name}>`
    }
    if (this.at('#')) this.fail('uses a `(?#...)` comment, which Go does not have and docs-lint does not read')
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
    const anchor = this.anchors[char]
    if (anchor && this.eat(char)) return {...assertion(anchor), boundary: char === 'b'}
    if (char === 'G') this.fail('uses `\\G`, which JavaScript cannot anchor where the previous match ended')
    if (this.eat('k')) return this.backreference(this.name(this.eat('<') ? '>' : this.eat("'") ? "'" : this.invalid('`\\k` needs a `<name>`')))
    if (char < '1' || char > '9') return this.literal(this.characterEscape())
    const number = /^\d+/.exec(this.pattern.slice(this.pos))?.[0] ?? ''
    this.pos += number.length
    return this.backreference(number)
  }

  /** A backreference to a group by number or name; regexp2 fails one to a group that has not matched, JavaScript matches it empty. */
  private backreference(group: string): Piece {
    if (this.flags.i && this.unicode) this.fail('uses a backreference under `(?i)` in part of a pattern, which JavaScript cannot compare')
    this.references.push(group)
    this.ignoresCase ||= this.flags.i
    this.keepsCase ||= !this.flags.i
    return {source: /^\d+$/.test(group) ? `(?:\\${group})` : `(?:\\k<${group}>)`, zeroWidth: false, empty: true, startsWord: false, endsWord: false}
  }

  /** After a `\`, in or out of brackets, the one character it stands for: `\n`, `\x{263a}`, `\101`, `\.`. */
  private characterEscape(): number {
    NUMERIC_ESCAPE.lastIndex = this.pos
    const numeric = NUMERIC_ESCAPE.exec(this.pattern)
    if (numeric) {
      this.pos = NUMERIC_ESCAPE.lastIndex
      const code = numericValue(numeric)
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
    return this.characterClass({negated: false, ranges: [[code, code]], properties: []})
  }

  /** A set of characters, a lone character written as itself. Under `(?i)`, the `i` flag or classes take every case. */
  private characterClass(set: CharacterSet): Piece {
    let {ranges, properties} = set
    let wide = false
    if (!this.unicode) {
      // Without `u` a character beyond U+FFFF is two code units: a set that takes them all (`.`, `[^a]`, `\S`)
      // takes such a pair whole, never half of one; a set with only some of them, or a `\p{...}`, needs `u`.
      if (properties.length || ranges.some(([low, high]) => high > 0xffff && (low > 0xffff || high < MAX_CODE_POINT))) throw NEEDS_UNICODE
      wide = set.negated !== ranges.some(([, high]) => high === MAX_CODE_POINT)
      ranges = ranges.map(([low, high]): Range => [low, Math.min(high, 0xffff)])
      const cased = otherCases(ranges).length > 0
      this.ignoresCase ||= cased && this.flags.i
      this.keepsCase ||= cased && !this.flags.i
    } else if (this.flags.i) {
      ranges = [...ranges, ...otherCases(ranges)]
      properties = properties.flatMap(caselessProperty)
    }
    const word = !set.negated && properties.length === 0 && ranges.length > 0 && ranges.every(isAsciiWord)
    const [only, ...others] = ranges
    const single = only && only[0] === only[1] && others.length === 0 && !set.negated && properties.length === 0
    const source = single ? character(only[0], false) : `[${set.negated ? '^' : ''}${rangesSource(ranges)}${properties.join('')}]`
    return {source: wide ? `(?:[\\uD800-\\uDBFF][\\uDC00-\\uDFFF]|(?![\\uD800-\\uDFFF])${source})` : source, zeroWidth: false, empty: false, startsWord: word, endsWord: word}
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
    const char = this.pos < this.pattern.length ? String.fromCodePoint(this.pattern.codePointAt(this.pos)!) : ''
    this.pos += char.length
    return char
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

/** A piece that matches no character: its non-empty matches, none, all start with a word character. */
function assertion(source: string): Piece {
  return {source, zeroWidth: true, empty: true, startsWord: true, endsWord: true}
}

function quantified(piece: Piece, quantifier: string, atLeastOnce: boolean): Piece {
  // JavaScript refuses a quantifier on an assertion, and skips the ways an optional group matches nothing,
  // which regexp2 takes: an assertion is put in a group, and an optional group written as an alternation.
  const group = piece.source.startsWith('(')
  const optional = quantifier === '?' && group ? `(?:${piece.source}|)` : quantifier === '??' && group ? `(?:|${piece.source})` : undefined
  const source = optional ?? (piece.zeroWidth ? `(?:${piece.source})` : piece.source) + quantifier
  return {...piece, source, empty: piece.empty || !atLeastOnce, boundary: false}
}

function joined(pieces: readonly Piece[], word: string): Piece {
  const source = pieces.map((piece, index) => (piece.boundary ? boundaryAt(pieces, index, word) : piece.source)).join('')
  const every = (test: (piece: Piece) => boolean) => pieces.every(test)
  return {source, zeroWidth: every((p) => p.zeroWidth), empty: every((p) => p.empty), startsWord: wordAtEdge(pieces, false), endsWord: wordAtEdge(pieces, true)}
}

/** Whether every non-empty match of `pieces` starts (`end`: ends) with an ASCII word character. */
function wordAtEdge(pieces: readonly Piece[], end: boolean): boolean {
  for (const piece of end ? [...pieces].reverse() : pieces) {
    if (!(end ? piece.endsWord : piece.startsWord)) return false
    if (!piece.empty) return true
  }
  return true
}

/** `\b` in the cheapest form its neighbours allow: V8 runs `\b(?<!W)` about as fast as a bare `\b`. */
function boundaryAt(pieces: readonly Piece[], index: number, word: string): string {
  const [previous, next] = [pieces.slice(0, index), pieces.slice(index + 1)]
  if (wordAtEdge(next, false) && !next.every((piece) => piece.empty)) return `\\b(?<!${word})`
  if (wordAtEdge(previous, true) && !previous.every((piece) => piece.empty)) return `\\b(?!${word})`
  return boundary(word)
}

function codeOf(char: string): number {
  return char.codePointAt(0) ?? 0
}
