import fs from 'node:fs'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {parse} from 'yaml'
import {conditional} from '../src/styles/checks/conditional.js'
import {consistency} from '../src/styles/checks/consistency.js'
import {existence} from '../src/styles/checks/existence.js'
import {occurrence} from '../src/styles/checks/occurrence.js'
import {repetition} from '../src/styles/checks/repetition.js'
import {substitution} from '../src/styles/checks/substitution.js'
import {formatMessage} from '../src/styles/format.js'
import {UnsupportedRuleError, type CheckFactory, type StyleEnvironment, type StyleRuleSource} from '../src/styles/types.js'

// The style packages live in ../shared beside the project; a fresh clone without them skips these tests.
const styles = path.resolve(import.meta.dirname, '../../shared/vale/styles')
const available = fs.existsSync(styles)

function environment(accept: string[] = []): StyleEnvironment {
  return {stylesPath: styles, accept, reject: [], readText: (file) => fs.readFileSync(file, 'utf8')}
}

/** A rule as the loader gives it, from its fields. */
function ruleOf(id: string, fields: Record<string, unknown>): StyleRuleSource {
  const action = fields['action'] as {name: string; params?: unknown[]} | undefined
  return {
    id,
    file: undefined,
    extends: String(fields['extends']),
    message: String(fields['message'] ?? ''),
    level: 'warning',
    link: undefined,
    scope: ['text'],
    limit: undefined,
    action: action ? {name: action.name, params: (action.params ?? []).map(String)} : undefined,
    fields,
    lines: {}
  }
}

/** A rule file of a style package: `Google/Slang`. */
function packageRule(name: string): StyleRuleSource {
  const [style, rule] = name.split('/') as [string, string]
  return ruleOf(style + '.' + rule, parse(fs.readFileSync(path.join(styles, style, style, rule + '.yml'), 'utf8')) as Record<string, unknown>)
}

/** Line `number` (1-based) of a package's fixture. */
function fixtureLine(style: string, fixture: string, number: number): string {
  return fs.readFileSync(path.join(styles, style, 'fixtures', fixture, 'test.md'), 'utf8').split('\n')[number - 1]!
}

/** The findings of a rule on blocks of one page, as `column:value` (the column 1-based, as Vale prints it). */
function findings(factory: CheckFactory, rule: StyleRuleSource, blocks: string[], accept: string[] = []): string[][] {
  const check = factory(rule, environment(accept))
  const state = new Map<string, unknown>()
  return blocks.map((text) => check.run({text, scope: 'text'}, state).map((match) => `${match.start + 1}:${text.slice(match.start, match.end)}`))
}

/** The messages of a rule on one block, formatted as Vale prints them after `line:column:`. */
function messages(factory: CheckFactory, rule: StyleRuleSource, text: string): string[] {
  return factory(rule, environment())
    .run({text, scope: 'text'}, new Map())
    .map((match) => `${match.start + 1}:${rule.id}:${formatMessage(rule.message, match.args)}`)
}

describe.skipIf(!available)('existence', () => {
  it('reports Google.Slang and Google.FirstPerson where the Terms fixture expects', () => {
    const slang = packageRule('Google/Slang')
    expect(messages(existence, slang, fixtureLine('Google', 'Terms', 21))).toEqual([
      "1:Google.Slang:Don't use internet slang abbreviations such as 'TL;DR'.",
      "19:Google.Slang:Don't use internet slang abbreviations such as 'RTFM'."
    ])
    expect(messages(existence, slang, fixtureLine('Google', 'Terms', 23))).toEqual(["21:Google.Slang:Don't use internet slang abbreviations such as 'IMO'."])
    const firstPerson = packageRule('Google/FirstPerson')
    expect(findings(existence, firstPerson, [9, 17, 19, 25, 31].map((line) => fixtureLine('Google', 'Terms', line)))).toEqual([['1:I '], ['1:I '], ['13:me'], ['18:my'], ['1:I ', '8:my']])
    expect(messages(existence, firstPerson, fixtureLine('Google', 'Terms', 31))[0]).toBe("1:Google.FirstPerson:Avoid first-person pronouns such as 'I '.")
  })

  it('matches `^` at each line of a block, as Vale`s (?m) template does', () => {
    const rule = ruleOf('Test.So', {extends: 'existence', message: "'%s'", nonword: true, tokens: ['^So\\b']})
    expect(findings(existence, rule, ['Yes.\nSo what? So.'])).toEqual([['6:So']])
  })

  it('reports every Google.Ordinal of the Numbers fixture', () => {
    expect(findings(existence, packageRule('Google/Ordinal'), [fixtureLine('Google', 'Numbers', 3)])).toEqual([['1:1st', '6:2nd', '11:5th', '16:12th', '22:43rd']])
  })

  it('reports Google.OxfordComma and Google.Spacing in the Punctuation fixture', () => {
    const oxford = packageRule('Google/OxfordComma')
    expect(messages(existence, oxford, fixtureLine('Google', 'Punctuation', 9))).toEqual(["1:Google.OxfordComma:Use the Oxford comma in 'I dedicate this book to my parents, Ayn, Rand and'."])
    expect(messages(existence, oxford, fixtureLine('Google', 'Punctuation', 29))).toEqual(["1:Google.OxfordComma:Use the Oxford comma in 'Apples, pears or'."])
    const spacing = factoryRun(existence, packageRule('Google/Spacing'), fixtureLine('Google', 'Punctuation', 37))
    // `action: remove`: the fix Vale offers is the empty text, the message's second value.
    expect(spacing).toEqual([{start: 20, end: 25, args: ['y.  T', '']}])
  })

  it('reports Microsoft.Avoid and Microsoft.Adverbs in the Terms fixture', () => {
    expect(messages(existence, packageRule('Microsoft/Avoid'), fixtureLine('Microsoft', 'Terms', 3))).toEqual(["25:Microsoft.Avoid:Don't use 'abortion'. See the A-Z word list for details."])
    expect(messages(existence, packageRule('Microsoft/Adverbs'), fixtureLine('Microsoft', 'Terms', 7))).toEqual(["8:Microsoft.Adverbs:Remove 'very' if it's not important to the meaning of the statement."])
  })

  it('lets `exceptions` and the accepted vocabulary through, as Vale matches them', () => {
    const rule = (fields: Record<string, unknown>) => ruleOf('Test.Foo', {extends: 'existence', message: "'%s'", tokens: ['foo\\w*'], ...fields})
    const text = 'foobar foobaz FooBaz foomatic'
    expect(findings(existence, rule({exceptions: ['foobar'], ignorecase: true}), [text])).toEqual([['8:foobaz', '15:FooBaz', '22:foomatic']])
    // An entry keeps its case unless it starts with `(?i)`; a vocabulary entry excepts like an exception.
    expect(findings(existence, rule({ignorecase: true}), [text], ['foobaz'])).toEqual([['1:foobar', '15:FooBaz', '22:foomatic']])
    expect(findings(existence, rule({ignorecase: true}), [text], ['(?i)foobaz'])).toEqual([['1:foobar', '22:foomatic']])
    expect(findings(existence, rule({ignorecase: true, vocab: false}), [text], ['foobaz'])).toHaveLength(1)
    expect(findings(existence, rule({ignorecase: true, vocab: false}), [text], ['foobaz'])[0]).toHaveLength(4)
    // An accepted phrase covers a match inside it, whatever its case.
    expect(findings(existence, rule({}), ['foo fighters and foo'], ['Foo Fighters'])).toEqual([['18:foo']])
  })

  it('leaves the vocabulary out of `nonword` rules', () => {
    const rule = ruleOf('Test.Quoted', {extends: 'existence', message: "'%s'", nonword: true, tokens: ['"[^"]+"[.,]']})
    expect(findings(existence, rule, ['Say "plugh", then go.'], ['plugh'])).toEqual([['5:"plugh",']])
  })

  it('puts `raw` before the tokens, or after them with `append`', () => {
    const units = packageRule('Microsoft/Units')
    expect(findings(existence, units, ['It weighs five pounds.'])).toEqual([['11:five pounds']])
    const appended = ruleOf('Test.Append', {extends: 'existence', message: "'%s'", tokens: ['see'], raw: ['\\s+also'], append: true})
    expect(findings(existence, appended, ['see also this, also see'])).toEqual([['1:see also']])
  })

  it('keeps `^` of a leading `raw` to the block start, as Vale`s template puts `(?m)` after it', () => {
    const rule = (append: boolean) => ruleOf('Test.So', {extends: 'existence', message: "'%s'", raw: ['^So '], append})
    expect(findings(existence, rule(false), ['Yes.\nSo what'])).toEqual([[]])
    expect(findings(existence, rule(true), ['Yes.\nSo what'])).toEqual([['6:So ']])
  })

  it('refuses a field of the wrong type, naming it', () => {
    const wrong = (fields: Record<string, unknown>) => () => existence(ruleOf('Test.Wrong', {extends: 'existence', message: '', tokens: ['a'], ...fields}), environment())
    expect(wrong({tokens: {a: 'b'}})).toThrow(expect.objectContaining({name: 'UnsupportedRuleError', field: 'tokens'}))
    expect(wrong({ignorecase: 'maybe'})).toThrow(expect.objectContaining({field: 'ignorecase'}))
    expect(wrong({tokens: [], raw: []})).toThrow(UnsupportedRuleError)
    // Vale's decoder reads these weakly typed values; so does docs-lint.
    expect(findings(existence, ruleOf('Test.Weak', {extends: 'existence', message: '', tokens: 'fwiw', ignorecase: 'true'}), ['FWIW, no'])).toEqual([['1:FWIW']])
  })
})

function factoryRun(factory: CheckFactory, rule: StyleRuleSource, text: string, accept: string[] = []) {
  return factory(rule, environment(accept)).run({text, scope: 'text'}, new Map())
}

describe.skipIf(!available)('substitution', () => {
  it('reports Google.WordList in the Terms fixture with the preferred forms', () => {
    const wordList = packageRule('Google/WordList')
    expect(messages(substitution, wordList, fixtureLine('Google', 'Terms', 29))).toEqual(["21:Google.WordList:Use 'preceding' instead of 'above'."])
    expect(messages(substitution, wordList, fixtureLine('Google', 'Terms', 31))).toEqual(["11:Google.WordList:Use 'phone' or 'mobile phone' instead of 'cell phone'."])
    expect(factoryRun(substitution, wordList, fixtureLine('Google', 'Terms', 31))[0]?.replacements).toEqual(['phone', 'mobile phone'])
    expect(messages(substitution, wordList, fixtureLine('Google', 'Terms', 3))).toEqual([])
    expect(messages(substitution, wordList, 'Do not kill the process.')).toEqual(["8:Google.WordList:Use 'stop', 'exit', 'cancel', or 'end' instead of 'kill'."])
  })

  it('reports Google.Contractions and Google.Latin as their fixtures expect', () => {
    expect(messages(substitution, packageRule('Google/Contractions'), fixtureLine('Google', 'Contractions', 3))).toEqual(["1:Google.Contractions:Use 'it's' instead of 'It is'."])
    expect(messages(substitution, packageRule('Google/Latin'), fixtureLine('Google', 'Foreign', 3))).toEqual(["31:Google.Latin:Use 'that is' instead of 'i.e.'."])
  })

  it('reports Microsoft.Wordiness in the Terms fixture', () => {
    const wordiness = packageRule('Microsoft/Wordiness')
    expect(messages(substitution, wordiness, fixtureLine('Microsoft', 'Terms', 9))).toEqual(["27:Microsoft.Wordiness:Consider using 'enough' instead of 'an adequate number of'."])
    expect(messages(substitution, wordiness, fixtureLine('Microsoft', 'Terms', 37))).toEqual(["21:Microsoft.Wordiness:Consider using 'to' instead of 'as a means to'."])
  })

  it('skips a match that already is a preferred form', () => {
    const terms = ruleOf('Vale.Terms', {extends: 'substitution', message: "Use '%s' instead of '%s'.", ignorecase: true, swap: {'docs-lint': 'docs-lint'}, action: {name: 'replace'}})
    expect(findings(substitution, terms, ['Run docs-lint, not Docs-Lint.'])).toEqual([['20:Docs-Lint']])
    const okay = packageRule('Google/WordList')
    expect(findings(substitution, okay, ['Okay, it is ok.'])).toEqual([['1:Okay', '13:ok']])
  })

  it('reads a preferred form that is a pattern as the term, spelled as written', () => {
    const rule = ruleOf('Test.OAuth', {extends: 'substitution', message: "Use '%s' instead of '%s'.", ignorecase: true, swap: {'oauth2?': 'OAuth2?'}})
    expect(factoryRun(substitution, rule, 'Use OAuth2 or oauth.')).toEqual([{start: 14, end: 19, args: ['OAuth', 'oauth'], replacements: ['OAuth']}])
  })

  it('prefers the longer of two overlapping keys', () => {
    const rule = ruleOf('Test.Longest', {extends: 'substitution', message: "'%s' '%s'", swap: {cell: 'mobile', 'cell phone': 'phone'}})
    expect(findings(substitution, rule, ['My cell phone and my cell.'])).toEqual([['4:cell phone', '22:cell']])
  })

  it('capitalizes the preferred form like the match with `capitalize`', () => {
    const rule = ruleOf('Test.Use', {extends: 'substitution', message: "Use '%s' instead of '%s'.", ignorecase: true, capitalize: true, swap: {utilize: 'use'}, action: {name: 'replace'}})
    expect(factoryRun(substitution, rule, 'Utilize it, then utilize more.')).toEqual([
      {start: 0, end: 7, args: ['Use', 'Utilize'], replacements: ['Use']},
      {start: 17, end: 24, args: ['use', 'utilize'], replacements: ['use']}
    ])
  })

  it('fills `$1` of a preferred form from the key`s groups', () => {
    const rule = ruleOf('Test.Mail', {extends: 'substitution', message: "Use '%s' instead of '%s'.", swap: {'e-(mail|book)': 'e$1'}})
    expect(factoryRun(substitution, rule, 'Send an e-mail about the e-book.').map((match) => match.args)).toEqual([
      ['email', 'e-mail'],
      ['ebook', 'e-book']
    ])
  })

  it('quotes the options as Vale does when the message does not quote both values', () => {
    const rule = ruleOf('Test.Mean', {extends: 'substitution', message: "Did you mean '%s'?", swap: {Hongkonger: 'Hong Konger'}, action: {name: 'replace'}})
    expect(messages(substitution, rule, 'A Hongkonger.')).toEqual(["3:Test.Mean:Did you mean ''Hong Konger''?"])
  })

  it('lets the accepted vocabulary through unless `vocab: false`', () => {
    const rule = (vocab: boolean) => ruleOf('Test.Admin', {extends: 'substitution', message: "'%s' '%s'", vocab, swap: {admin: 'administrator'}})
    expect(findings(substitution, rule(true), ['the admin'], ['admin'])).toEqual([[]])
    expect(findings(substitution, rule(false), ['the admin'], ['admin'])).toEqual([['5:admin']])
  })

  it('names the `swap` key it cannot run', () => {
    const rule = ruleOf('Test.Bad', {extends: 'substitution', message: '', swap: {good: 'fine', 'bad(': 'worse'}})
    expect(() => substitution(rule, environment())).toThrow(/bad\(/)
  })
})

describe.skipIf(!available)('occurrence', () => {
  const commas = (fields: Record<string, unknown>) => ruleOf('Test.Commas', {extends: 'occurrence', message: 'More than 3 commas (%d)!', token: ',', ...fields})

  it('reports a block over `max` once, at its first match, with the count', () => {
    expect(factoryRun(occurrence, commas({max: 3}), 'a, b, c, d, e')).toEqual([{start: 1, end: 2, args: ['4']}])
    expect(factoryRun(occurrence, commas({max: 3}), 'a, b, c, d')).toEqual([])
    expect(messages(occurrence, commas({max: 3}), 'a, b, c, d, e')).toEqual(['2:Test.Commas:More than 3 commas (4)!'])
  })

  it('reports a block under `min` at its first word, and skips matches that are code', () => {
    expect(factoryRun(occurrence, commas({min: 2}), '  no commas here')).toEqual([{start: 2, end: 4, args: ['0']}])
    const words = ruleOf('Test.Words', {extends: 'occurrence', message: '', token: '[*\\w]+', max: 2})
    expect(factoryRun(occurrence, words, '**** one two')).toEqual([{start: 5, end: 8, args: ['3']}])
  })

  it('counts Microsoft.SentenceLength`s words', () => {
    const rule = ruleOf('Microsoft.SentenceLength', parse(fs.readFileSync(path.join(styles, 'Microsoft/Microsoft/SentenceLength.yml'), 'utf8')) as Record<string, unknown>)
    const long = Array.from({length: 31}, (_, index) => 'word' + index).join(' ') + '.'
    expect(factoryRun(occurrence, rule, long)).toEqual([{start: 0, end: 5, args: ['31']}])
    expect(factoryRun(occurrence, rule, long.split(' ').slice(1).join(' '))).toEqual([])
  })
})

describe.skipIf(!available)('repetition', () => {
  const illusions = () => packageRule('write-good/Illusions')

  it('reports write-good.Illusions in its fixture, spanning both tokens', () => {
    const text = fs.readFileSync(path.join(styles, 'write-good/fixtures/Illusions/test.md'), 'utf8').split('\n')
    expect(messages(repetition, illusions(), text[0]!)).toEqual(["1:write-good.Illusions:'the' is repeated!"])
    expect(factoryRun(repetition, illusions(), text[0]!)).toEqual([{start: 0, end: 7, args: ['the']}])
    // `// //` is not letters; the code span became `*`s.
    expect(messages(repetition, illusions(), text[2]!)).toEqual([])
    expect(messages(repetition, illusions(), 'the ***** the')).toEqual([])
  })

  it('compares tokens ignoring case with `ignorecase`, within one sentence', () => {
    const valeRepetition = ruleOf('Vale.Repetition', {extends: 'repetition', message: "'%s' is repeated!", ignorecase: true, alpha: true, tokens: ['[^\\s.!?]+']})
    expect(findings(repetition, valeRepetition, ['This is The the end.', 'All plans can use Redis. Redis is fast.'])).toEqual([['9:The the'], []])
    expect(findings(repetition, illusions(), ['The the end.'])).toEqual([[]])
  })

  it('reports only past `max` repeats, and excepts what `exceptions` match', () => {
    const rule = (fields: Record<string, unknown>) => ruleOf('Test.Again', {extends: 'repetition', message: "'%s'", tokens: ['\\w+'], ...fields})
    expect(findings(repetition, rule({max: 1}), ['go go now', 'go go go now'])).toEqual([[], ['4:go go']])
    expect(findings(repetition, rule({exceptions: ['bye bye']}), ['bye bye now now'])).toEqual([['9:now now']])
  })
})

describe.skipIf(!available)('consistency', () => {
  it('reports proselint.Spelling where its fixture expects, once both spellings appeared', () => {
    const spelling = packageRule('proselint/Spelling')
    const line = fs.readFileSync(path.join(styles, 'proselint/fixtures/basic/test.md'), 'utf8').split('\n')[10]!
    expect(messages(consistency, spelling, line).sort()).toEqual(["20:proselint.Spelling:Inconsistent spelling of 'color'.", "61:proselint.Spelling:Inconsistent spelling of 'center'."].sort())
  })

  it('remembers what earlier blocks of the page used', () => {
    const rule = ruleOf('Test.Spelling', {extends: 'consistency', message: "'%s'", ignorecase: true, either: {advisor: 'adviser'}})
    expect(findings(consistency, rule, ['An advisor.', 'No one.', 'The Adviser and the adviser.', 'An advisor again.'])).toEqual([[], [], ['21:adviser'], ['4:advisor']])
    expect(findings(consistency, rule, ['An advisor.'])).toEqual([[]])
  })
})

describe.skipIf(!available)('conditional', () => {
  it('reports Microsoft.Acronyms where its fixture expects, with definitions from earlier blocks', () => {
    const rule = packageRule('Microsoft/Acronyms')
    const lines = fs.readFileSync(path.join(styles, 'Microsoft/fixtures/Acronyms/test.md'), 'utf8').split('\n')
    // The code span `DAFB` comes to the check as `*`s.
    const blocks = [lines[2]!, lines[4]!.replace('`DAFB`', '******'), lines[6]!]
    expect(findings(conditional, rule, blocks)).toEqual([[], ['66:DAFB'], []])
    expect(formatMessage(rule.message, factoryRun(conditional, rule, blocks[1]!)[1]!.args)).toBe("'DAFB' has no definition.")
  })

  it('counts a definition later in the same block, but not one on another page', () => {
    const rule = packageRule('Google/Acronyms')
    expect(findings(conditional, rule, ['Use WHO, the World Health Organization (WHO).'])).toEqual([[]])
    expect(findings(conditional, rule, ['We can now use WHO.'])).toEqual([['16:WHO']])
  })

  it('needs `second` somewhere in the block when it captures nothing', () => {
    const rule = ruleOf('Test.Pair', {extends: 'conditional', message: "'%s'", first: '\\bTODO\\b', second: '\\bowner:'})
    expect(findings(conditional, rule, ['TODO fix, owner: me', 'TODO fix', 'TODO later'])).toEqual([[], ['1:TODO'], ['1:TODO']])
  })

  it('refuses `in` and a missing `first`', () => {
    expect(() => conditional(ruleOf('Test.In', {extends: 'conditional', message: '', first: 'a', second: 'b', in: 'glossary'}), environment())).toThrow(expect.objectContaining({field: 'in'}))
    expect(() => conditional(ruleOf('Test.None', {extends: 'conditional', message: '', second: 'b'}), environment())).toThrow(expect.objectContaining({field: 'first'}))
  })
})
