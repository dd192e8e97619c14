// Vale's `spelling` check kind (src/styles/checks/spelling.ts and its spelling-*.ts helpers): Vale's own
// spelling fixture (testdata/fixtures/checks/Spelling, with the output testdata/features/checks.feature
// expects), the examples of Vale's documentation (styles/index.md "spelling", vocab/index.md), and the
// words of documentation prose that are no English words and must not be reported.

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {spelling, spellingSuggestions} from '../src/styles/checks/spelling.js'
import {formatMessage} from '../src/styles/format.js'
import {UnsupportedRuleError, type StyleEnvironment, type StyleRuleSource} from '../src/styles/types.js'

const stylesPath = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-spelling-'))
afterAll(() => fs.rmSync(stylesPath, {recursive: true, force: true}))

function write(relative: string, text: string): string {
  const file = path.join(stylesPath, relative)
  fs.mkdirSync(path.dirname(file), {recursive: true})
  fs.writeFileSync(file, text)
  return file
}

function environment(accept: string[] = []): StyleEnvironment {
  return {stylesPath, accept, reject: [], readText: (file) => fs.readFileSync(file, 'utf8')}
}

const valeSpelling: StyleRuleSource = {
  id: 'Vale.Spelling',
  file: undefined,
  extends: 'spelling',
  message: "Did you really mean '%s'?",
  level: 'error',
  link: undefined,
  scope: ['text'],
  limit: undefined,
  action: {name: 'suggest', params: ['spellings']},
  fields: {},
  lines: {}
}

function rule(fields: Record<string, unknown>): StyleRuleSource {
  return {...valeSpelling, id: 'Test.Spelling', file: path.join(stylesPath, 'Test', 'Spelling.yml'), action: undefined, fields: {extends: 'spelling', ...fields}}
}

/** The words the rule reports in `text`, as the text holds them. */
function flagged(text: string, source: StyleRuleSource = valeSpelling, accept: string[] = []): string[] {
  const check = spelling(source, environment(accept))
  return check.run({text, scope: 'text'}, new Map()).map((match) => text.slice(match.start, match.end))
}

function unsupported(source: StyleRuleSource, accept: string[] = []): UnsupportedRuleError {
  try {
    spelling(source, environment(accept))
  } catch (error) {
    if (error instanceof UnsupportedRuleError) return error
    throw error
  }
  throw new Error('the rule was accepted')
}

describe('Vale.Spelling on Vale’s spelling fixture', () => {
  it('reports `gitlab` with the message checks.feature expects, and nothing else of the fixture', () => {
    const check = spelling(valeSpelling, environment())
    const [match, ...rest] = check.run({text: 'gitlab', scope: 'text'}, new Map())
    expect(rest).toEqual([])
    expect(match).toMatchObject({start: 0, end: 6, args: ['gitlab']})
    expect(formatMessage(valeSpelling.message, match!.args)).toBe("Did you really mean 'gitlab'?")
    expect(match!.replacements).toBeUndefined()
    expect(flagged('オプション')).toEqual([])
    expect(flagged("Before you get started, you may want to familiarize yourself with GitHub Apps, Webhooks, and the Checks API, if you're not already.")).toEqual([])
  })

  it('reports the typos of the fixture’s last paragraph, not its hyphenated package name', () => {
    expect(flagged('This is a typpo.\nA sentence with remark-gfm.\nA sentence with remark.\nA sentence with remmark.')).toEqual(['typpo', 'remmark'])
  })

  it('reports each occurrence of a repeated misspelling at its own place', () => {
    const check = spelling(valeSpelling, environment())
    const text = 'We recieve it, then recieve it again.'
    expect(check.run({text, scope: 'text'}, new Map()).map((match) => match.start)).toEqual([3, 20])
  })
})

describe('words of documentation prose that are not English words', () => {
  it('skips acronyms, camelCase, PascalCase and words with capitals inside', () => {
    expect(flagged('The HTTPS API returns accountKeys from the GitHub SDKs via getAsset and iOS.')).toEqual([])
  })

  it('skips numbers, versions, file names, snake_case, paths and handles', () => {
    expect(flagged('Upgrade to v1.2.3 with 100GB, edit config.yaml or file.py, set max_retries, see docs/quickstart, ping @helius, 0x1f.')).toEqual([])
  })

  it('skips the `*` runs that stand for code spans, and words joined to them', () => {
    expect(flagged('Run ********** and read the ******’s output or the *****s list.')).toEqual([])
  })

  it('takes possessives, contractions and curly apostrophes of known words', () => {
    expect(flagged('The user’s key, the users’ keys: don’t worry, it’ll work and we’re done.')).toEqual([])
  })

  it('keeps abbreviations whole and strips the punctuation around words', () => {
    expect(flagged('Use a tool (e.g. the U.S. one, i.e. Mr. Smith’s) for "quoted" [bracketed] $100 costs; etc.')).toEqual([])
  })

  it('takes British spellings, as Vale’s en_US-web does, and plurals of known words', () => {
    expect(flagged('The behaviour was cancelled: organise the catalogue, not the colours.')).toEqual([])
  })

  it('knows the software words SCOWL lacks (backend, namespace, webhook) and the adverbs of -ic adjectives', () => {
    expect(flagged('Deploy the backend to a namespace, register webhooks and call it programmatically.')).toEqual([])
  })

  it('still reports a misspelled word beside a dash, a code span or a quote', () => {
    expect(flagged('The “recieve” step—recieve it—reads ****** seperately.')).toEqual(['recieve', 'recieve', 'seperately'])
  })

  it('does not take a plural `s` on a closed-class word: `thats` is misspelled', () => {
    expect(flagged('The backend thats used by LaserStream.', valeSpelling, ['LaserStream'])).toEqual(['thats'])
  })
})

describe('words the Hunspell dictionary lacks', () => {
  it('takes the words of cspell’s American English that SCOWL lacks', () => {
    expect(flagged('An influencer reinstalls it: the uptime heatmap shows the tradeoff.')).toEqual([])
  })

  it('takes company names, cryptocurrency terms and software terms from cspell’s word lists', () => {
    expect(flagged('Grafana and Twilio support Ethereum and stablecoin payments; the codebase roadmap covers the lifecycle.')).toEqual([])
  })

  it('takes the Python, npm and Kubernetes names prose mentions, and the -ed and -ing forms of such terms', () => {
    expect(flagged('Pass kwargs to the pydantic model; vite and kubectl run it, upserting rows for the daemonized job.')).toEqual([])
  })

  it('does not inflect an English word past its dictionary: a wrong -ed or -ing form is reported', () => {
    expect(flagged('The job restartted and jumpped.')).toEqual(['restartted', 'jumpped'])
  })

  it('takes a known word with a productive prefix or ending', () => {
    expect(flagged('Unmetered, unhashable and overprovisioned multicloud hosts; reindexing is permissionless, done seamlessly.')).toEqual([])
  })

  it('takes two everyday words run together, but not a function word run into the next', () => {
    expect(flagged('Set the lookback timeframe, the keepalive, the backpressure and the healthcheck checkmark.')).toEqual([])
    expect(flagged('Put it intothe box withthe lid.')).toEqual(['intothe', 'withthe'])
  })

  it('reports a known typo and a contraction without its apostrophe, though a word list holds it', () => {
    expect(flagged('It was accidently a seperate step, everytime: thats why it doesnt work.')).toEqual(['accidently', 'seperate', 'everytime', 'thats', 'doesnt'])
  })

  it('uses none of these with a rule’s own dictionaries', () => {
    const source = rule({dicpath: path.join(stylesPath, 'dics'), dictionaries: ['en_tiny'], custom: true})
    expect(flagged('Hello uptime worlds', source)).toEqual(['uptime'])
  })
})

describe('names', () => {
  it('takes a capitalised word inside a sentence as a name, and checks it at the start of one', () => {
    expect(flagged('We host it on Zorblax, with Quuxly and Frobnitz.')).toEqual([])
    expect(flagged('Zorblax hosts it. Then Quuxly: Frobnitz runs.')).toEqual(['Zorblax', 'Frobnitz'])
  })

  it('checks a capitalised word beside a capitalised dictionary word, as in a title', () => {
    expect(flagged('Read the Processing Lnaguage Guide and the Zorblax Guidde.')).toEqual(['Lnaguage', 'Guidde'])
  })

  it('reports a capitalised word one slip from a known word, and a known typo, inside a sentence', () => {
    expect(flagged('This maps Englishh words to the Seperate pools.')).toEqual(['Englishh', 'Seperate'])
  })

  it('checks every capitalised word with a rule’s own dictionaries', () => {
    const source = rule({dicpath: path.join(stylesPath, 'dics'), dictionaries: ['en_tiny'], custom: true})
    expect(flagged('hello Zorblax', source)).toEqual(['Zorblax'])
  })
})

describe('the vocabulary', () => {
  it('accepts its entries case-insensitively, as patterns matching the whole word', () => {
    const accept = ['Helius', '[Zz]orbulat(e|ing)', 'memecoin']
    expect(flagged('helius runs zorbulating on HELIUS memecoins.', valeSpelling, accept)).toEqual([])
    expect(flagged('Zorbulation is not accepted. Heliusx is not.', valeSpelling, accept)).toEqual(['Zorbulation', 'Heliusx'])
  })

  it('accepts possessives and plurals of an accepted word', () => {
    expect(flagged("Solana's validators and Solanas.", valeSpelling, ['Solana'])).toEqual([])
  })

  it('accepts a phrase only as a phrase: its words are checked elsewhere', () => {
    expect(flagged('A Zorbulate engine here, but zorbulate alone there.', valeSpelling, ['zorbulate engine'])).toEqual(['zorbulate'])
  })

  it('accepts its words in a rule of the style as well as in Vale.Spelling', () => {
    expect(flagged('Teraswitch hosts it.', rule({}), ['Teraswitch'])).toEqual([])
  })
})

describe('a rule’s filters and `custom`', () => {
  it('skips every word a filter matches, as the documentation’s `[pP]y.*\\b` skips PyYAML-like names', () => {
    expect(flagged('Pyxlsx installs pyxl.', rule({}))).toEqual(['Pyxlsx', 'pyxl'])
    expect(flagged('Pyxlsx installs pyxl.', rule({filters: ['[pP]y.*\\b']}))).toEqual([])
  })

  it('with `custom: true` checks hyphenated and accented words that the default filters skip', () => {
    expect(flagged('A well-known, well-konwn café or cafè.', rule({}))).toEqual([])
    expect(flagged('A well-known, well-konwn café or cafè.', rule({custom: true}))).toEqual(['well-konwn', 'cafè'])
  })

  it('refuses a filter that is not a regular expression, naming the field', () => {
    expect(unsupported(rule({filters: ['[a-']})).field).toBe('filters')
  })

  it('refuses `split`, which docs-lint does not run', () => {
    expect(unsupported(rule({split: true})).field).toBe('split')
  })
})

describe('ignore files', () => {
  it('accepts the words of a file under StylesPath, one case-insensitive word a line', () => {
    write('Test/ignore1.txt', 'zorbulate\nQuuxifier\n')
    expect(flagged('Zorbulate needs a quuxifier.', rule({}))).toEqual(['Zorbulate', 'quuxifier'])
    expect(flagged('Zorbulate needs a quuxifier.', rule({ignore: 'Test/ignore1.txt'}))).toEqual([])
  })

  it('finds a file under StylesPath/config/ignore, and reads every file listed', () => {
    write('config/ignore/ignore2.txt', 'frobulator\n')
    expect(flagged('The quuxifier and frobulator.', rule({ignore: ['Test/ignore1.txt', 'ignore2.txt']}))).toEqual([])
    expect(flagged('The quuxifier and frobulator.', rule({ignore: ['Test/ignore1.txt']}))).toEqual(['frobulator'])
  })

  it('refuses a rule whose ignore file is nowhere, naming the file', () => {
    const error = unsupported(rule({ignore: ['missing-words.txt']}))
    expect(error.field).toBe('ignore')
    expect(error.message).toContain('missing-words.txt')
  })

  it('Vale.Spelling reads every file of StylesPath/config/ignore', () => {
    write('config/ignore/ignore2.txt', 'frobulator\n')
    write('config/ignore/ignore3.txt', 'deshredding\n')
    expect(flagged('Frobulator and deshredding, but no zorbulate.')).toEqual(['zorbulate'])
  })
})

describe('dictionaries', () => {
  const aff = 'SET UTF-8\nSFX S Y 1\nSFX S 0 s .\n'
  write('dics/en_tiny.aff', aff)
  write('dics/en_tiny.dic', '3\nhello/S\nworld/S\nbokmål\n')
  write('config/dictionaries/nb_tiny.aff', aff)
  write('config/dictionaries/nb_tiny.dic', '2\nhei\nverden/S\n')

  it('checks against the named dictionaries of `dicpath` instead of the default one', () => {
    const source = rule({dicpath: path.join(stylesPath, 'dics'), dictionaries: ['en_tiny'], custom: true})
    expect(flagged('Hello worlds, the bokmål.', source)).toEqual(['the'])
  })

  it('finds `dicpath` relative to StylesPath, and adds the default dictionary with `append`', () => {
    expect(flagged('Hello worlds, the bokmål.', rule({dicpath: 'dics', dictionaries: ['en_tiny'], custom: true, append: true}))).toEqual([])
  })

  it('looks in StylesPath/config/dictionaries when there is no `dicpath`', () => {
    expect(flagged('Hei verdens.', rule({dictionaries: ['nb_tiny']}))).toEqual([])
  })

  it('refuses a dictionary that is not there, naming it', () => {
    const error = unsupported(rule({dicpath: 'dics', dictionaries: ['en_tiny', 'en_medical']}))
    expect(error.field).toBe('dictionaries')
    expect(error.message).toContain('en_medical')
  })
})

describe('suggestions', () => {
  it('are given on request, closest first, and never computed while linting', () => {
    expect(spellingSuggestions('recieve')[0]).toBe('receive')
    const [match] = spelling(valeSpelling, environment()).run({text: 'recieve', scope: 'text'}, new Map())
    expect(match?.replacements).toBeUndefined()
  })
})
