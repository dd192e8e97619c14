// The `capitalization`, `metric` and `readability` check kinds, run with the style packages' own rule files
// on their fixtures (the feature files give Vale's output) and with the examples of Vale's documentation.
import {existsSync, readFileSync} from 'node:fs'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {parse} from 'yaml'
import {capitalization} from '../src/styles/checks/capitalization.js'
import {metric} from '../src/styles/checks/metric.js'
import {readability} from '../src/styles/checks/readability.js'
import {textStats} from '../src/styles/checks/text-stats.js'
import {formatMessage} from '../src/styles/format.js'
import {UnsupportedRuleError, type CheckFactory, type StyleBlock, type StyleEnvironment, type StyleRuleSource} from '../src/styles/types.js'

// Vale's docs and style packages live in ../shared beside the project; a fresh clone without them skips these tests.
const shared = path.resolve(import.meta.dirname, '../../shared/vale')
const available = existsSync(shared)
const styles = path.join(shared, 'styles')
const docs = available ? readFileSync(path.join(shared, 'docs/content/en/docs/topics/styles/index.md'), 'utf8') : ''

function environment(accept: string[] = []): StyleEnvironment {
  return {stylesPath: styles, accept, reject: [], readText: (file) => readFileSync(file, 'utf8')}
}

function ruleOf(fields: Record<string, unknown>, id = 'Test.Rule', file?: string): StyleRuleSource {
  const scope = fields['scope']
  return {
    id,
    file,
    extends: String(fields['extends']),
    message: String(fields['message'] ?? ''),
    level: 'warning',
    link: undefined,
    scope: Array.isArray(scope) ? scope.map(String) : [typeof scope === 'string' ? scope : 'text'],
    limit: undefined,
    action: undefined,
    fields,
    lines: {}
  }
}

/** A rule file of a style package, with `changes` made to its fields. */
function packageRule(style: string, name: string, changes: Record<string, unknown> = {}): StyleRuleSource {
  const file = path.join(styles, style, style, name + '.yml')
  return ruleOf({...(parse(readFileSync(file, 'utf8')) as Record<string, unknown>), ...changes}, `${style}.${name}`, file)
}

/** The first YAML example after `heading` in Vale's rule documentation. */
function docsExample(heading: string): Record<string, unknown> {
  const section = docs.slice(docs.indexOf(heading))
  const block = /```yaml\n([\s\S]*?)```/.exec(section)?.[1]
  if (block === undefined) throw new Error(`no example after ${heading}`)
  return parse(block) as Record<string, unknown>
}

/** `file:line:col:Rule:message` for each heading of a fixture the rule reports, as Vale's feature files write them. */
function headingReports(factory: CheckFactory, rule: StyleRuleSource, fixture: string, accept: string[] = []): string[] {
  const check = factory(rule, environment(accept))
  const reports: string[] = []
  readFileSync(fixture, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      const heading = /^(#+) (.*)$/.exec(line)
      if (!heading?.[1] || heading[2] === undefined) return
      const block: StyleBlock = {text: heading[2], scope: `text.heading.h${heading[1].length}`}
      for (const match of check.run(block, new Map())) {
        const column = heading[1].length + 2 + match.start
        reports.push(`test.md:${index + 1}:${column}:${rule.id}:${formatMessage(rule.message, match.args)}`)
      }
    })
  return reports
}

function runOn(factory: CheckFactory, rule: StyleRuleSource, block: StyleBlock, accept: string[] = []) {
  return factory(rule, environment(accept)).run(block, new Map())
}

function heading(text: string): StyleBlock {
  return {text, scope: 'text.heading.h2'}
}

function unsupportedField(build: () => unknown): string | undefined {
  try {
    build()
  } catch (error) {
    if (error instanceof UnsupportedRuleError) return error.field ?? '(none)'
    throw error
  }
  return undefined
}

describe.skipIf(!available)('capitalization', () => {
  it('reports what Google.Headings reports on its fixture, and nothing else', () => {
    const reports = headingReports(capitalization, packageRule('Google', 'Headings'), path.join(styles, 'Google/fixtures/Headings/test.md'))
    expect(reports).toEqual(["test.md:5:3:Google.Headings:'This is a Heading' should use sentence-style capitalization."])
  })

  it('reports what Microsoft.Headings reports on its fixture (no JSON exception; `Test: modern` wants a capital after the colon)', () => {
    const reports = headingReports(capitalization, packageRule('Microsoft', 'Headings'), path.join(styles, 'Microsoft/fixtures/Headings/test.md'))
    expect(reports).toEqual([
      "test.md:1:3:Microsoft.Headings:'Test: modern documentation management' should use sentence-style capitalization.",
      "test.md:5:3:Microsoft.Headings:'This is a Heading' should use sentence-style capitalization.",
      "test.md:9:3:Microsoft.Headings:'Accepting a JSON response' should use sentence-style capitalization."
    ])
  })

  it('accepts the vocabulary as exceptions unless the rule says `vocab: false`', () => {
    const text = heading('Accepting a JSON response')
    expect(runOn(capitalization, packageRule('Microsoft', 'Headings'), text, ['JSON'])).toEqual([])
    expect(runOn(capitalization, packageRule('Microsoft', 'Headings', {vocab: false}), text, ['JSON'])).toHaveLength(1)
  })

  it('reads a vocabulary entry written `(?i)term` as case-insensitive', () => {
    expect(runOn(capitalization, packageRule('Microsoft', 'Headings'), heading('Accepting a JSON response'), ['(?i)json'])).toEqual([])
  })

  it('spans the whole block and gives the text and the sentence-case form Vale expects', () => {
    const rule = packageRule('Microsoft', 'Headings', {message: "Found: '%s'; expected: '%s'."})
    const [match] = runOn(capitalization, rule, heading('Find The Thief: introduction to Kubernetes'))
    expect(match).toEqual({
      start: 0,
      end: 'Find The Thief: introduction to Kubernetes'.length,
      args: ['Find The Thief: introduction to Kubernetes', 'Find the thief: Introduction to Kubernetes'],
      replacements: ['Find the thief: Introduction to Kubernetes']
    })
    expect(formatMessage(rule.message, match?.args ?? [])).toBe(
      "Found: 'Find The Thief: introduction to Kubernetes'; expected: 'Find the thief: Introduction to Kubernetes'."
    )
  })

  it('fails a sentence-case block whose first word is neither capitalized nor an exception', () => {
    const rule = packageRule('Google', 'Headings')
    expect(runOn(capitalization, rule, heading('using the API from Go'))).toHaveLength(1)
    expect(runOn(capitalization, rule, heading('8. Do step eight'))).toEqual([])
  })

  it('ignores the rule\'s `prefix` when converting', () => {
    const text = heading('ABC-12: Fix the login form')
    expect(runOn(capitalization, packageRule('Google', 'Headings'), text)).toHaveLength(1)
    expect(runOn(capitalization, packageRule('Google', 'Headings', {prefix: '^[A-Z]+-\\d+: '}), text)).toEqual([])
  })

  const titleRule = (changes: Record<string, unknown> = {}) => ruleOf({...docsExample('### capitalization'), ...changes})

  it('converts to AP title case as Vale does (the documentation example)', () => {
    const [match] = runOn(capitalization, titleRule(), heading('follow step-by-step instructions'))
    expect(match?.args).toEqual(['follow step-by-step instructions', 'Follow Step-by-Step Instructions'])
    expect(formatMessage(titleRule().message, match?.args ?? [])).toBe("'follow step-by-step instructions' should be in title case")
    for (const title of ['Small Words Are for by and of Lowercase', 'Catchy Title: A Subtitle', 'Snakes on a Plane - The TV Edit', 'What I Want To Be']) {
      expect(runOn(capitalization, titleRule(), heading(title)), title).toEqual([])
    }
  })

  it('gives the title-case forms of Vale\'s converter tests (AP)', () => {
    const cases: [string, string][] = [
      ['follow step-BY-step instructions', 'Follow Step-by-Step Instructions'],
      ['catchy title: “‘a twice quoted subtitle’”', 'Catchy Title: “‘A Twice Quoted Subtitle’”'],
      ['a small word it ends on', 'A Small Word It Ends On'],
      ['have you read “The Lottery”?', 'Have You Read “The Lottery”?'],
      ['your hair[cut] looks (nice)', 'Your Hair[cut] Looks (Nice)'],
      ['dance with me/let’s face the music and dance', 'Dance With Me/Let’s Face the Music and Dance'],
      ['Starting a Hyphen Delimited Sub-Phrase With a Small Word - a Trick, Perhaps?', 'Starting a Hyphen Delimited Sub-Phrase With a Small Word - A Trick, Perhaps?'],
      ['Mr McTavish went to MacDonalds', 'Mr McTavish Went to MacDonalds']
    ]
    for (const [input, title] of cases) {
      expect(runOn(capitalization, titleRule({threshold: 1}), heading(input))[0]?.args[1], input).toBe(title)
    }
  })

  it('keeps Chicago\'s long prepositions in lower case, and AP\'s not', () => {
    expect(runOn(capitalization, titleRule(), heading('Dance With Me'))).toEqual([])
    const [match] = runOn(capitalization, titleRule({style: 'Chicago'}), heading('Dance With Me'))
    expect(match?.args[1]).toBe('Dance with Me')
  })

  it('passes a title when at least `threshold` of its words are right (0.8 unless set)', () => {
    const text = heading('Getting Started with the Search Reference Guide')
    expect(runOn(capitalization, titleRule(), text)).toEqual([])
    expect(runOn(capitalization, titleRule({threshold: 0.9}), text)).toHaveLength(1)
  })

  it('checks `$lower`, `$upper` and a pattern, with exceptions', () => {
    const lower = ruleOf({extends: 'capitalization', message: "'%s' should be '%s'", match: '$lower', exceptions: ['GitHub']})
    expect(runOn(capitalization, lower, heading('Hello world'))[0]?.args).toEqual(['Hello world', 'hello world'])
    expect(runOn(capitalization, lower, heading('hello GitHub'))).toEqual([])
    // A vocabulary entry's `(?i)` is its own: the rule's `GitHub` stays case-sensitive.
    expect(runOn(capitalization, lower, heading('hello GITHUB'), ['(?i)longer-entry'])).toHaveLength(1)
    const upper = ruleOf({extends: 'capitalization', message: '%s', match: '$upper'})
    expect(runOn(capitalization, upper, heading('NOTE'))).toEqual([])
    const pattern = ruleOf({extends: 'capitalization', message: "'%s' should match %s", match: '^[A-Z][a-z]+$'})
    expect(runOn(capitalization, pattern, heading('Overview'))).toEqual([])
    expect(runOn(capitalization, pattern, heading('overview'))).toEqual([
      {start: 0, end: 8, args: ['overview', '^[A-Z][a-z]+$'], replacements: undefined}
    ])
  })

  it('refuses a rule without `match`', () => {
    expect(unsupportedField(() => capitalization(ruleOf({extends: 'capitalization', message: '%s'}), environment()))).toBe('match')
  })
})

// 5 words, 1 sentence, 24 syllables, 65 letters; every word polysyllabic and complex.
const denseText = 'Institutional accountability necessitates comprehensive documentation.'
// The summary block as docs-lint's runner gives it: the scope carries the page's extension, as in Vale.
const summary = (text: string, metrics: Record<string, number> = {}): StyleBlock => ({text, scope: 'summary.mdx', metrics})

describe.skipIf(!available)('text statistics', () => {
  it('counts words, sentences, syllables and characters as the metric variables name them', () => {
    expect(textStats(denseText)).toEqual({
      words: 5,
      sentences: 1,
      paragraphs: 1,
      syllables: 24,
      characters: 65,
      longWords: 5,
      polysyllabicWords: 5,
      complexWords: 5
    })
  })

  it('splits sentences at their ends but not at abbreviations, and paragraphs at blank lines', () => {
    const stats = textStats('Mr. Smith went to Washington, e.g. by train. He slept!\n\nThe U.S. is large. Is it?')
    expect(stats.sentences).toBe(4)
    expect(stats.paragraphs).toBe(2)
  })
})

describe.skipIf(!available)('metric', () => {
  const fleschKincaid = () => ruleOf(docsExample('### metric'))

  it('reports the documentation\'s Flesch-Kincaid rule with the grade to two decimals, at the page start', () => {
    // 0.39 × 5/1 + 11.8 × 24/5 − 15.59 = 43.00
    const matches = runOn(metric, fleschKincaid(), summary(denseText))
    expect(matches).toEqual([{start: 0, end: 0, args: ['43.00']}])
    expect(formatMessage(fleschKincaid().message, matches[0]?.args ?? [])).toBe('Try to keep the Flesch-Kincaid grade level (43.00) below 8.')
    // 0.39 × 6 + 11.8 × 6/6 − 15.59 = −1.45: under the condition.
    expect(runOn(metric, fleschKincaid(), summary('The cat sat on the mat.'))).toEqual([])
  })

  it('reads the page counts, `heading.h2` or `heading_h2`, a missing one as 0', () => {
    const rule = ruleOf({extends: 'metric', message: '%s', formula: 'heading.h2 + heading_h3 + list', condition: '>= 2.0'})
    expect(runOn(metric, rule, summary(denseText, {'heading.h2': 2}))[0]?.args).toEqual(['2.00'])
    expect(runOn(metric, rule, summary(denseText, {'heading.h2': 1}))).toEqual([])
  })

  it('computes math.sqrt, math.abs and parentheses, and compares as Vale\'s script engine does', () => {
    const rule = (condition: string) => ruleOf({extends: 'metric', message: '%s', formula: 'math.sqrt(words - 1) * (math.abs(0 - 2.5))', condition})
    expect(runOn(metric, rule('== 5.0'), summary(denseText))[0]?.args).toEqual(['5.00'])
    // A float never equals an integer in Tengo: the documentation asks for `8.0`, not `8`.
    expect(runOn(metric, rule('== 5'), summary(denseText))).toEqual([])
    // Integers divide as integers: 1/2 is 0.
    const halves = ruleOf({extends: 'metric', message: '%s', formula: 'words * (1/2)', condition: '< 1.0'})
    expect(runOn(metric, halves, summary(denseText))[0]?.args).toEqual(['0.00'])
  })

  it('measures only a summary with words', () => {
    expect(runOn(metric, fleschKincaid(), {text: denseText, scope: 'summary'})).toHaveLength(1)
    expect(runOn(metric, fleschKincaid(), {text: denseText, scope: 'text.mdx'})).toEqual([])
    expect(runOn(metric, fleschKincaid(), summary(''))).toEqual([])
  })

  it('refuses an unknown variable, bad syntax, code and a missing condition, naming the field', () => {
    const build = (formula: string, condition = '> 1.0') => () => metric(ruleOf({extends: 'metric', message: '', formula, condition}), environment())
    expect(unsupportedField(build('words / pages'))).toBe('formula')
    expect(unsupportedField(build('(words / sentences'))).toBe('formula')
    expect(unsupportedField(build('process.exit(1)'))).toBe('formula')
    expect(unsupportedField(build('words; sentences'))).toBe('formula')
    expect(unsupportedField(build('words', ''))).toBe('condition')
    expect(unsupportedField(build('words', 'is big'))).toBe('condition')
  })
})

describe.skipIf(!available)('readability', () => {
  const rule = (metrics: unknown, grade = 8) => ruleOf({extends: 'readability', message: 'Grade %s is too high.', metrics, grade})

  it('reports the grade of one metric as the metric kind computes it', () => {
    expect(runOn(readability, rule(['Flesch-Kincaid']), summary(denseText))).toEqual([{start: 0, end: 0, args: ['43.00']}])
    expect(runOn(readability, rule(['Flesch-Kincaid']), summary('The cat sat on the mat.'))).toEqual([])
  })

  it('averages the metrics it names', () => {
    // Gunning Fog 0.4 × (5 + 100 × 5/5) = 42; SMOG 1.043 × √150 + 3.1291 = 15.90; mean 28.95.
    expect(runOn(readability, rule(['Gunning Fog', 'SMOG']), summary(denseText))[0]?.args).toEqual(['28.95'])
    // Coleman-Liau 0.0588 × 1300 − 0.296 × 20 − 15.8 = 54.72; ARI 4.71 × 13 + 2.5 − 21.43 = 42.30; mean 48.51.
    expect(runOn(readability, rule(['Coleman-Liau', 'Automated Readability']), summary(denseText))[0]?.args).toEqual(['48.51'])
    expect(runOn(readability, rule(['SMOG'], 16), summary(denseText))).toEqual([])
  })

  it('refuses a metric it does not know', () => {
    expect(unsupportedField(() => readability(rule(['Dale-Chall']), environment()))).toBe('metrics')
    expect(unsupportedField(() => readability(rule([]), environment()))).toBe('metrics')
  })
})
