// Vale's `sequence` check kind (src/styles/checks/sequence.ts) and the words and tags it reads
// (src/styles/checks/tagger.ts): Vale's own sequence fixture (testdata/fixtures/checks/Sequence, its
// LanguageTool rules and the output testdata/features/checks.feature expects), the examples of Vale's
// documentation, and the edges of tokens, skips and negation. Also `script`, which docs-lint cannot run.

import {createRequire} from 'node:module'
import {describe, expect, it} from 'vitest'
import {script} from '../src/styles/checks/script.js'
import {sequence} from '../src/styles/checks/sequence.js'
import {splitSentences, splitWords, tagWords} from '../src/styles/checks/tagger.js'
import {formatMessage} from '../src/styles/format.js'
import {UnsupportedRuleError, type StyleEnvironment, type StyleRuleSource} from '../src/styles/types.js'

const environment: StyleEnvironment = {
  stylesPath: '/styles',
  accept: [],
  reject: [],
  readText: () => {
    throw new Error('no files here')
  }
}

function rule(id: string, fields: Record<string, unknown>): StyleRuleSource {
  return {
    id,
    file: `/styles/${id.replace('.', '/')}.yml`,
    extends: 'sequence',
    message: typeof fields.message === 'string' ? fields.message : 'matched',
    level: 'warning',
    link: undefined,
    scope: ['text'],
    limit: undefined,
    action: undefined,
    fields: {extends: 'sequence', message: 'matched', ...fields},
    lines: {}
  }
}

/** What the rule finds in `text`: the matched text and the formatted message of each match. */
function findings(source: StyleRuleSource, text: string): {text: string; message: string}[] {
  const check = sequence(source, environment)
  return check.run({text, scope: 'text'}, new Map()).map((match) => ({
    text: text.slice(match.start, match.end),
    message: formatMessage(source.message, match.args)
  }))
}

const matched = (source: StyleRuleSource, text: string): string[] => findings(source, text).map((each) => each.text)

// Before any test tags a sentence: the tagger is loaded by the first sentence that needs tags, not before.
describe('loading the tagger', () => {
  const loaded = (): boolean => Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes('wink-pos-tagger'))

  it('is not loaded by a rule without tags, and is loaded by the first sentence a tag rule reads', () => {
    const words = rule('Test.Words', {tokens: [{pattern: 'your'}, {pattern: 'self'}]})
    const tags = rule('Test.Tags', {tokens: [{tag: 'MD'}, {pattern: 'be'}]})
    expect(matched(words, 'Ask your self what matters.')).toEqual(['your self'])
    const check = sequence(tags, environment)
    expect(check.run({text: 'Nothing to see here.', scope: 'text'}, new Map())).toEqual([])
    expect(loaded()).toBe(false)
    expect(check.run({text: 'It would be fine.', scope: 'text'}, new Map())).toHaveLength(1)
    expect(loaded()).toBe(true)
  })
})

// Vale's testdata/styles/LanguageTool. WOULD_BE_JJ_VB and APOS_ARE are written from the documentation's
// rule pages with the messages checks.feature prints (its typo 'requries' included).
const languageTool = [
  rule('LanguageTool.WOULD_BE_JJ_VB', {
    message: "The infinitive '%[4]s' after 'be' requries 'to'. Did you mean '%[2]s %[3]s *to* %[4]s'?",
    tokens: [{tag: 'MD'}, {pattern: 'be'}, {tag: 'JJ'}, {tag: 'VB|VBN'}]
  }),
  rule('LanguageTool.OF_ALL_TIMES', {
    message: "In this context, the idiom needs to be spelled 'of all time'.",
    tokens: [{tag: 'JJS', skip: 3}, {pattern: 'of'}, {pattern: 'all'}, {pattern: 'times'}]
  }),
  rule('LanguageTool.APOS_ARE', {
    message: 'Did you mean "%[1]ss" instead of "%[1]s\'s"?',
    tokens: [{tag: 'NN'}, {pattern: "'s"}, {pattern: 'are'}]
  }),
  rule('LanguageTool.Metadata', {
    message: 'Use data and metadata as plural nouns.',
    ignorecase: true,
    tokens: [{tag: 'NN', pattern: '(?:data|metadata)'}, {tag: 'VBZ', skip: 4}]
  }),
  rule('LanguageTool.ARE_USING', {
    message: "Use 'by using' instead of 'using' when it follows a noun for clarity and grammatical correctness.",
    tokens: [{tag: 'NN|NNP|NNPS|NNS'}, {pattern: 'using'}]
  })
]

// testdata/fixtures/checks/Sequence/test.md, a block a line.
const fixture = `# LanguageTool Rules

It would be great write a story.

Let us know!

Thank you!

Could we please get together with Brent Price and Mike Jordan and discuss whether Todd would be available come over.

In my opinion, he is still the greatest basketball player of all times.

The best player of all times was Pelé.

The Bible is the great best seller of all times.

Karl Popper viewed Peirce as "one of the greatest philosophers of all times".

Have you been to Don's house yet?

The endpoint's are available.

The API's endpoints are available.

Metadata for this one purpose is valid.

Metadata for this one two purpose is valid.

Metadata for this purpose is valid.

We improved the system using new algorithms.

If you are using the ElasticSearch log store do nothing.`

describe("Vale's sequence fixture", () => {
  it('reports what checks.feature expects for test.md, line, column and message', () => {
    const checks = languageTool.map((source) => ({id: source.id, message: source.message, check: sequence(source, environment)}))
    const output: string[] = []
    fixture.split('\n').forEach((line, index) => {
      const text = line.replace(/^# /, '')
      const offset = line.length - text.length
      for (const {id, message, check} of checks) {
        for (const match of check.run({text, scope: 'text'}, new Map())) {
          output.push(`test.md:${index + 1}:${offset + match.start + 1}:${id}:${formatMessage(message, match.args)}`)
        }
      }
    })
    expect(output).toEqual([
      "test.md:3:4:LanguageTool.WOULD_BE_JJ_VB:The infinitive 'write' after 'be' requries 'to'. Did you mean 'be great *to* write'?",
      "test.md:9:88:LanguageTool.WOULD_BE_JJ_VB:The infinitive 'come' after 'be' requries 'to'. Did you mean 'be available *to* come'?",
      "test.md:11:32:LanguageTool.OF_ALL_TIMES:In this context, the idiom needs to be spelled 'of all time'.",
      "test.md:13:5:LanguageTool.OF_ALL_TIMES:In this context, the idiom needs to be spelled 'of all time'.",
      "test.md:15:24:LanguageTool.OF_ALL_TIMES:In this context, the idiom needs to be spelled 'of all time'.",
      "test.md:17:42:LanguageTool.OF_ALL_TIMES:In this context, the idiom needs to be spelled 'of all time'.",
      'test.md:21:5:LanguageTool.APOS_ARE:Did you mean "endpoints" instead of "endpoint\'s"?',
      'test.md:25:1:LanguageTool.Metadata:Use data and metadata as plural nouns.',
      'test.md:29:1:LanguageTool.Metadata:Use data and metadata as plural nouns.',
      "test.md:31:17:LanguageTool.ARE_USING:Use 'by using' instead of 'using' when it follows a noun for clarity and grammatical correctness."
    ])
  })

  it('spans every word from the first token to the last, skipped words included, and gives them to %[n]s', () => {
    const [, ofAllTimes] = languageTool
    const probe = {...(ofAllTimes as StyleRuleSource), message: '%[1]s|%[2]s|%[6]s'}
    expect(findings(probe, 'He is still the greatest basketball player of all times.')).toEqual([
      {text: 'greatest basketball player of all times', message: 'greatest|basketball|times'}
    ])
  })

  it("finds the documentation's examples", () => {
    const [wouldBe, , aposAre] = languageTool as [StyleRuleSource, StyleRuleSource, StyleRuleSource]
    expect(findings(aposAre, "The car's are cheap.")).toEqual([{text: "car's are", message: 'Did you mean "cars" instead of "car\'s"?'}])
    expect(matched(wouldBe, 'It would be great write a story.')).toEqual(['would be great write'])
  })

  it('finds a match where it is in a paragraph of several sentences', () => {
    const [wouldBe] = languageTool as [StyleRuleSource]
    const text = 'We tried. It would be great write a story. Then it would be good.'
    const found = sequence(wouldBe, environment).run({text, scope: 'text'}, new Map())
    expect(found.map((match) => text.slice(match.start, match.end))).toEqual(['would be great write'])
    expect(found[0]?.start).toBe(text.indexOf('would'))
  })
})

describe('tokens', () => {
  it('takes a pattern as a whole word: `your self` is not found in `your self-worth` or `your selfishness`', () => {
    const yourSelf = rule('Test.Yourself', {tokens: [{pattern: 'your'}, {pattern: 'self'}]})
    expect(matched(yourSelf, 'Ask your self what matters.')).toEqual(['your self'])
    expect(matched(yourSelf, 'Question your self-worth sometimes.')).toEqual([])
    expect(matched(yourSelf, 'Consider your selfishness here.')).toEqual([])
  })

  it('matches patterns with their case unless `ignorecase` is set', () => {
    const tokens = [{pattern: 'metadata'}, {pattern: 'is'}]
    expect(matched(rule('Test.Case', {tokens}), 'Metadata is plural.')).toEqual([])
    expect(matched(rule('Test.NoCase', {tokens, ignorecase: true}), 'Metadata is plural.')).toEqual(['Metadata is'])
  })

  it("keeps a pattern's leading flags: `(?i)` makes that token's pattern match without regard to case", () => {
    expect(matched(rule('Test.Inline', {tokens: [{pattern: '(?i)metadata'}, {pattern: 'is'}]}), 'Metadata is plural.')).toEqual(['Metadata is'])
  })

  it('finds a passive verb after a form of be (a tag after a pattern)', () => {
    const passive = rule('Test.Passive', {ignorecase: true, tokens: [{pattern: '(is|are|was|were|be|been|being)'}, {tag: 'VBN'}]})
    expect(matched(passive, 'The file was deleted by the script.')).toEqual(['was deleted'])
    expect(matched(passive, 'The script deletes the file.')).toEqual([])
  })

  it('searches a tag unanchored, as Vale does: `NN` accepts plural and proper nouns', () => {
    const noun = rule('Test.Noun', {tokens: [{pattern: 'the'}, {tag: 'NN'}]})
    expect(matched(noun, 'Read the guides first.')).toEqual(['the guides'])
  })

  it('throws UnsupportedRuleError, naming `tokens`, for a rule with no anchor or a bad skip', () => {
    const noAnchor = rule('Test.NoAnchor', {tokens: [{tag: 'MD'}, {pattern: 'be', negate: true}]})
    expect(() => sequence(noAnchor, environment)).toThrowError(UnsupportedRuleError)
    expect(() => sequence(noAnchor, environment)).toThrowError(/pattern/)
    const badSkip = rule('Test.BadSkip', {tokens: [{pattern: 'be', skip: 'many'}]})
    expect(() => sequence(badSkip, environment)).toThrowError(expect.objectContaining({field: 'tokens'}))
    expect(() => sequence(rule('Test.NoTokens', {}), environment)).toThrowError(expect.objectContaining({field: 'tokens'}))
  })
})

describe('skip', () => {
  const pastTense = rule('Test.AfterWindow', {tokens: [{pattern: 'the'}, {tag: 'NN', skip: 3}, {tag: 'VBD'}]})

  it('allows up to `skip` words before the token, and the tokens after the window must still hold', () => {
    expect(matched(pastTense, 'Then the big dog barked loudly today.')).toEqual(['the big dog barked'])
    expect(matched(pastTense, 'Near the big dog yesterday morning.')).toEqual([])
  })

  it('allows no more than `skip` words between', () => {
    const [, , , metadata] = languageTool as StyleRuleSource[]
    expect(matched(metadata as StyleRuleSource, 'Metadata for this purpose is valid.')).toEqual(['Metadata for this purpose is'])
    expect(matched(metadata as StyleRuleSource, 'Metadata for this one two purpose is valid.')).toEqual([])
  })

  it('reads a token with only a skip as that many words of any kind', () => {
    const gap = rule('Test.Gap', {tokens: [{pattern: 'widget'}, {skip: 2}, {pattern: 'arrived'}]})
    expect(matched(gap, 'The widget finally just arrived.')).toEqual(['widget finally just arrived'])
    expect(matched(gap, 'The widget we finally got arrived.')).toEqual([])
  })
})

describe('negate', () => {
  it('matches a word not followed by a noun, the end of a heading included', () => {
    const following = rule('Test.Following', {message: "Don't use '%s'.", tokens: [{pattern: 'following'}, {tag: 'NN|NNS|NNP|NNPS', negate: true}]})
    expect(matched(following, 'Do the following steps.')).toEqual([])
    expect(findings(following, 'Do the following:')).toEqual([{text: 'following:', message: "Don't use 'following'."}])
    expect(matched(following, 'Do the following')).toEqual(['following'])
  })

  it('holds at the start of a sentence, where nothing precedes the anchor', () => {
    const notAfterAnd = rule('Test.NotAfterAnd', {ignorecase: true, tokens: [{tag: 'CC', negate: true}, {pattern: 'dogs'}, {pattern: 'bark'}]})
    expect(matched(notAfterAnd, 'Dogs bark at night.')).toEqual(['Dogs bark'])
    expect(matched(notAfterAnd, 'Some dogs bark at night.')).toEqual(['Some dogs bark'])
    expect(matched(notAfterAnd, 'Cats meow and dogs bark.')).toEqual([])
  })

  it('does not excuse a required token at the end of a sentence', () => {
    const beforePreposition = rule('Test.BeforePreposition', {ignorecase: true, tokens: [{pattern: 'dogs'}, {pattern: 'bark'}, {tag: 'IN'}]})
    expect(matched(beforePreposition, 'Dogs bark')).toEqual([])
    expect(matched(beforePreposition, 'Dogs bark at night')).toEqual(['Dogs bark at'])
  })
})

describe('words and sentences', () => {
  it('splits words as the Treebank tokenizer does: punctuation and clitics are words of their own', () => {
    expect(splitWords('"I don\'t know," she said—twice.').map((word) => word.text)).toEqual([
      '"', 'I', 'do', "n't", 'know', ',', '"', 'she', 'said', '—', 'twice', '.'
    ])
    expect(splitWords('See e.g. the U.S. docs.').map((word) => word.text)).toEqual(['See', 'e.g.', 'the', 'U.S.', 'docs', '.'])
  })

  it('splits sentences at end punctuation, not after an abbreviation', () => {
    const text = 'Install it, e.g. with npm. Then run it! Done.'
    expect(splitSentences(text).map((span) => text.slice(span.start, span.end))).toEqual([
      'Install it, e.g. with npm.',
      'Then run it!',
      'Done.'
    ])
  })

  it("tags a sentence's capitalised first word as the word it is, not as a name", () => {
    expect(tagWords('Great ideas come slowly.').map((word) => word.tag)).toEqual(['JJ', 'NNS', 'VBP', 'RB', '.'])
    expect(tagWords('Mike Jordan plays.')[0]?.tag).toBe('NNP')
  })
})

describe('script', () => {
  it('is a rule docs-lint cannot run: UnsupportedRuleError naming `script`', () => {
    const source: StyleRuleSource = {...rule('Checks.Script', {script: 'text := import("text")'}), extends: 'script'}
    expect(() => script(source, environment)).toThrowError(/Tengo scripts cannot run in docs-lint/)
    expect(() => script(source, environment)).toThrowError(expect.objectContaining({name: 'UnsupportedRuleError', field: 'script'}))
  })
})
