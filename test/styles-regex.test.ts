// Vale's regex dialect as JavaScript (src/styles/regex.ts): every pattern of the style packages and of the
// corpora's own styles compiles, Vale's expected alerts are found where its feature files put them, and
// each construct of the dialect matches what Vale's engine (regexp2 in RE2 mode) matches.

import fs from 'node:fs'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {parse} from 'yaml'
import {compileValeRegex, type ValeRegexOptions} from '../src/styles/regex.js'
import {UnsupportedRuleError} from '../src/styles/types.js'

// shared/ lies beside the project, here and in CI.
const shared = path.resolve(import.meta.dirname, '../../shared')
const packages = ['Google', 'Microsoft', 'write-good', 'proselint']

function matches(pattern: string, text: string, options?: ValeRegexOptions): string[] {
  return [...text.matchAll(compileValeRegex(pattern, options))].map((match) => match[0])
}

/** The UnsupportedRuleError's message, or '' when the pattern compiles. */
function refusal(pattern: string, options?: ValeRegexOptions): string {
  try {
    compileValeRegex(pattern, options)
    return ''
  } catch (error) {
    if (error instanceof UnsupportedRuleError) return error.message
    throw error
  }
}

function ymlFiles(folder: string): string[] {
  return fs.readdirSync(folder, {withFileTypes: true}).flatMap((entry) => {
    const file = path.join(folder, entry.name)
    return entry.isDirectory() ? ymlFiles(file) : entry.name.endsWith('.yml') ? [fs.realpathSync(file)] : []
  })
}

function ruleFiles(): string[] {
  const folders = packages.map((name) => path.join(shared, 'vale/styles', name))
  const corpora = path.join(shared, 'corpora')
  for (const corpus of fs.existsSync(corpora) ? fs.readdirSync(corpora) : []) {
    for (const styles of ['.vale', 'docs/styles', '.vale/styles']) folders.push(path.join(shared, 'corpora', corpus, styles))
  }
  return [...new Set(folders.filter((folder) => fs.existsSync(folder)).flatMap(ymlFiles))]
}

type Rule = Record<string, unknown>

const strings = (value: unknown): string[] => (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === 'string')

/** Every field of a rule that Vale reads as a regular expression. */
function fieldPatterns(rule: Rule): string[] {
  const tokens = Array.isArray(rule['tokens']) ? (rule['tokens'] as unknown[]) : []
  const sequence = tokens.flatMap((token) => (token && typeof token === 'object' ? strings((token as Rule)['pattern']) : []))
  const swap = rule['swap'] && typeof rule['swap'] === 'object' ? Object.keys(rule['swap']) : []
  const either = rule['either'] && typeof rule['either'] === 'object' ? Object.entries(rule['either']).flat() : []
  const match = strings(rule['match']).filter((value) => !value.startsWith('$'))
  const fields = ['tokens', 'raw', 'token', 'first', 'second', 'exceptions', 'filters'].flatMap((key) => strings(rule[key]))
  return [...fields, ...sequence, ...swap, ...strings(either), ...match]
}

/** The pattern Vale builds for an existence or substitution rule (internal/check, makeRegexp). */
function valePattern(rule: Rule): string | undefined {
  const bounded = (alternatives: string[]) => (rule['nonword'] ? `(?:${alternatives.join('|')})` : `\\b(?:${alternatives.join('|')})\\b`)
  if (rule['extends'] === 'substitution' && rule['swap']) return '(?m)' + bounded(Object.keys(rule['swap']).map((key) => `(${key})`))
  if (rule['extends'] !== 'existence') return undefined
  const tokens = strings(rule['tokens']).filter((token) => token.trim() !== '')
  const raw = strings(rule['raw']).join('')
  const template = tokens.length > 0 ? bounded(tokens) : '(?:)'
  return '(?m)' + (rule['append'] ? template + raw : raw + template)
}

// The packages and corpora live in ../shared beside the project; a fresh clone without them skips this part.
describe.skipIf(!fs.existsSync(shared))('the patterns of the style packages and the corpora', () => {
  const rules = ruleFiles().map((file) => ({file, rule: parse(fs.readFileSync(file, 'utf8')) as Rule}))

  it('all compile: every field Vale reads as a regex, and every pattern Vale builds from a rule', () => {
    let compiled = 0
    const unsupported: string[] = []
    for (const {file, rule} of rules) {
      const options = {ignoreCase: Boolean(rule['ignorecase'])}
      const built = valePattern(rule)
      for (const pattern of [...fieldPatterns(rule), ...(built === undefined ? [] : [built])]) {
        const reason = refusal(pattern, options)
        if (reason) unsupported.push(`${path.basename(file)}: ${reason}`)
        else compiled++
      }
    }
    expect(rules.length).toBe(202)
    expect(unsupported).toEqual([])
    expect(compiled).toBeGreaterThan(5000)
  })
})

describe.skipIf(!fs.existsSync(shared))("Vale's expected alerts", () => {
  it('are matched where the packages’ feature files put them, by the pattern Vale builds for the rule', () => {
    let checked = 0
    for (const style of packages) {
      const root = path.join(shared, 'vale/styles', style)
      const feature = fs.readFileSync(path.join(root, 'features/rules.feature'), 'utf8')
      for (const scenario of feature.split(/\n\s*Scenario:/).slice(1)) {
        const fixture = /When I test "([^"]+)"/.exec(scenario)?.[1]
        if (!fixture || !fs.existsSync(path.join(root, 'fixtures', fixture, 'test.md'))) continue
        const lines = fs.readFileSync(path.join(root, 'fixtures', fixture, 'test.md'), 'utf8').split('\n')
        for (const [, line, column, name] of scenario.matchAll(/^\s*test\.md:(\d+):(\d+):[\w-]+\.([\w-]+):/gm)) {
          const text = lines[Number(line) - 1] ?? ''
          const file = path.join(root, style, `${name}.yml`)
          // Only lines whose text is the prose itself: no markup moves a column, no scope or sentence split matters.
          if (!fs.existsSync(file) || /[*_`#<>[\]|]/.test(text)) continue
          const rule = parse(fs.readFileSync(file, 'utf8')) as Rule
          const pattern = valePattern(rule)
          if (pattern === undefined || rule['scope'] !== undefined) continue
          const starts = [...text.matchAll(compileValeRegex(pattern, {ignoreCase: Boolean(rule['ignorecase'])}))].map((match) => [...text.slice(0, match.index)].length + 1)
          expect(starts, `${style}.${name} on ${fixture}/test.md:${line}: ${text}`).toContain(Number(column))
          checked++
        }
      }
    }
    expect(checked).toBeGreaterThan(200)
  })
})

describe('compileValeRegex', () => {
  it('returns a global RegExp of its own on each call, the translation made once', () => {
    const first = compileValeRegex('\\bfoo\\b')
    const second = compileValeRegex('\\bfoo\\b')
    expect(first.global && second.global).toBe(true)
    expect(first).not.toBe(second)
    expect(second.source).toBe(first.source)
    first.lastIndex = 3
    expect(second.lastIndex).toBe(0)
  })

  it('ignores case with the rule’s `ignorecase`, without the slow `u` flag for a word list', () => {
    expect(matches('\\b(?:ok|fine)\\b', 'OK, Fine, ok.', {ignoreCase: true})).toEqual(['OK', 'Fine', 'ok'])
    expect(compileValeRegex('\\b(?:ok|fine)\\b', {ignoreCase: true}).unicode).toBe(false)
    expect(matches('(?-i)ok', 'OK ok', {ignoreCase: true})).toEqual(['ok'])
  })
})

describe('inline flags', () => {
  it('(?i) at the start, in the middle (to the end of its group), scoped, and turned off', () => {
    expect(matches('(?i)ok', 'ok OK Ok oK')).toEqual(['ok', 'OK', 'Ok', 'oK'])
    expect(matches('foo(?i)bar', 'fooBAR FOObar foobar')).toEqual(['fooBAR', 'foobar'])
    expect(matches('(?i:a)b', 'Ab aB ab AB')).toEqual(['Ab', 'ab'])
    expect(matches('(?i)a(?-i)b', 'Ab AB ab')).toEqual(['Ab', 'ab'])
    expect(matches('(?:(?i)a)a', 'Aa AA')).toEqual(['Aa'])
    expect(matches('(?i)café', 'CAFÉ')).toEqual(['CAFÉ'])
    expect(matches('(?i:[a-c]+)x', 'ABCx ABCX')).toEqual(['ABCx'])
  })

  it('(?s) lets `.` cross a newline; without it `.` stops only at `\\n`, as regexp2’s does', () => {
    expect(matches('(?s)a.b', 'a\nb')).toEqual(['a\nb'])
    expect(matches('a.b', 'a\nb a\rb a\u2028b')).toEqual(['a\rb', 'a\u2028b'])
  })

  it('(?m) makes `^` and `$` line anchors at `\\n` only; without it they are the text’s ends', () => {
    expect(matches('(?m)^foo$', 'foo\nfoo\r\nfoo')).toEqual(['foo', 'foo'])
    expect(matches('(?im)^FOO', 'x\nfoo')).toEqual(['foo'])
    expect(matches('^foo$', 'foo\nfoo')).toEqual([])
    expect(matches('\\Afoo|bar\\z', 'foo bar')).toEqual(['foo', 'bar'])
    expect(matches('\\Afoo|(?m)^bar', 'x\nfoo\nbar\nfoo')).toEqual(['bar'])
  })

  it('(?U) changes nothing, as regexp2 reads it as its ECMAScript-only Unicode option', () => {
    expect(matches('(?U)a+', 'aaa')).toEqual(['aaa'])
  })
})

describe('classes and word boundaries', () => {
  it('`\\b` knows Unicode letters, as regexp2’s does', () => {
    expect(matches('\\bsum\\b', 'résumé sum')).toEqual(['sum'])
    expect(matches('\\bcafé\\b', 'un café noir, cafés')).toEqual(['café'])
    expect(matches('(?i)\\bnaïve\\b', 'Naïve naïvety')).toEqual(['Naïve'])
    expect(matches('\\b(?:e\\.g\\.|etc\\.)', 'e.g. and xe.g.')).toEqual(['e.g.'])
    expect(matches('a\\Bb|\\Bé', 'ab aé é')).toEqual(['ab', 'é'])
  })

  it('`\\w`, `\\d` and `\\s` are ASCII, `\\s` without `\\v`', () => {
    expect(matches('\\w+', 'café')).toEqual(['caf'])
    expect(matches('\\d+', '٣3')).toEqual(['3'])
    expect(matches('a\\sb', 'a b a\u00a0b a\u000bb a\tb')).toEqual(['a b', 'a\tb'])
    expect(matches('[\\S]+', 'a\u00a0b')).toEqual(['a\u00a0b'])
  })

  it('POSIX classes in brackets, `[:digit:]` and `[:space:]` as regexp2 reads them', () => {
    expect(matches('[[:upper:]]+', 'abcDEFghi')).toEqual(['DEF'])
    expect(matches('[[:^alpha:]]+', 'ab12cd')).toEqual(['12'])
    expect(matches('[[:digit:]]+', 'x٣3')).toEqual(['٣3'])
    expect(matches('a[[:space:]]b', 'a\u00a0b')).toEqual(['a\u00a0b'])
  })

  it('Unicode classes: `\\pL`, `\\p{Greek}`, `\\PL`', () => {
    expect(matches('\\pL+', 'café123')).toEqual(['café'])
    expect(matches('\\p{Greek}+', 'alpha λόγος')).toEqual(['λόγος'])
    expect(matches('\\PL+', 'ab12cd')).toEqual(['12'])
    expect(matches('(?i)\\p{Lu}', 'a')).toEqual(['a'])
  })

  it('brackets as regexp2 reads them: a `]` first is a member, `-` at an end too', () => {
    expect(matches('[]a]+', 'x]a]')).toEqual([']a]'])
    expect(matches('[^]a]+', ']xy')).toEqual(['xy'])
    expect(matches('[a-]+', '-a-')).toEqual(['-a-'])
    expect(matches('[\\d-z]+', '1-z')).toEqual(['1-z'])
  })

  it('characters beyond U+FFFF are one character, with or without case', () => {
    expect(matches('a.b', 'a😀b')).toEqual(['a😀b'])
    expect(matches('(?i)a.b', 'A😀B')).toEqual(['A😀B'])
    expect(matches('\\x{1F600}+', '😀😀')).toEqual(['😀😀'])
    expect(matches('^[^x]$', '😀')).toEqual(['😀'])
    expect(matches('(?i)[^\\S]|x', 'X😀 ')).toEqual(['X', ' '])
  })
})

describe('Go syntax JavaScript lacks', () => {
  it('named groups and backreferences', () => {
    expect(matches('(?P<x>a)(?P=x)', 'aa ab')).toEqual(['aa'])
    expect(matches('(?P<x>a)\\k<x>', 'aa')).toEqual(['aa'])
    expect(matches('(a)\\1', 'aa ab')).toEqual(['aa'])
    expect(matches('(?i)(\\w+) \\1', 'The the')).toEqual(['The the'])
    expect(matches('(a)(?<n>x)\\1', 'axa axx')).toEqual(['axa'])
  })

  it('\\Q...\\E literal runs, a quantifier after them taking the last character', () => {
    expect(matches('\\Qa.b\\E', 'a.b axb')).toEqual(['a.b'])
    expect(matches('\\Qa.b\\E+', 'a.bbb')).toEqual(['a.bbb'])
    expect(matches('x\\Q(*)', 'x(*)')).toEqual(['x(*)'])
  })

  it('escapes: hexadecimal, octal, control, and punctuation written with a backslash', () => {
    expect(matches('\\x41\\x{42}\\u0043', 'ABC')).toEqual(['ABC'])
    expect(matches('a\\012b', 'a\nb')).toEqual(['a\nb'])
    expect(matches('\\cJ', '\n')).toEqual(['\n'])
    expect(matches("3\\-D|don\\'t|\\_x|a\\/b", "3-D don't _x a/b")).toEqual(['3-D', "don't", '_x', 'a/b'])
  })

  it('braces that are no quantifier are text', () => {
    expect(matches('a{,2}', 'a{,2}')).toEqual(['a{,2}'])
    expect(matches('{}x{2}', '{}xx')).toEqual(['{}xx'])
  })

  it('an optional group takes its first way of matching, even an empty one, as regexp2 does', () => {
    // JavaScript alone would skip the empty `b*` and take `xa`.
    expect(compileValeRegex('x(?:b*|a)?').exec('xa')?.[0]).toBe('x')
    expect(compileValeRegex('x(?:b*|a)??a').exec('xa')?.[0]).toBe('xa')
  })
})

describe('patterns docs-lint cannot run, and patterns Vale rejects', () => {
  it('names the construct JavaScript has no equivalent for', () => {
    expect(refusal('a\\Cb')).toMatch(/uses `\\C` \(any byte/)
    expect(refusal('(?>a)b')).toMatch(/atomic group/)
    expect(refusal('a*+')).toMatch(/possessive quantifier `\*\+`/)
    expect(refusal('\\Ga')).toMatch(/`\\G`/)
    expect(refusal('[a-z-[aeiou]]')).toMatch(/subtraction/)
    expect(refusal('(?(1)a|b)')).toMatch(/conditional/)
    expect(refusal('(?<a-b>x)')).toMatch(/balancing group/)
    expect(refusal('(?x) a')).toMatch(/free-spacing/)
    expect(refusal('\\y')).toMatch(/uses `\\y`/)
    expect(refusal('(a)(?i:\\1)')).toMatch(/backreference under `\(\?i\)`/)
    expect(refusal('(?<n>x)(a)\\1')).toMatch(/named group before an unnamed one/)
  })

  it('says when Vale itself would refuse the pattern', () => {
    for (const pattern of ['\\1', '(?P=x)', '[[:foo:]]', 'a(', 'a)', '*a', 'a{2,1}', '[b-a]', 'a\\', '\\p{Letter}']) {
      expect(refusal(pattern), pattern).toMatch(/not a valid regular expression for Vale|cannot be compiled/)
    }
  })
})
