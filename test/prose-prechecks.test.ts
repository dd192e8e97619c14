import {spawnSync} from 'node:child_process'
import path from 'node:path'
import {pathToFileURL} from 'node:url'
import {describe, expect, it} from 'vitest'
import retextPassive from 'retext-passive'
import {VFile} from 'vfile'
import {parsePage} from '../src/page/parse.js'
import {createPage} from '../src/page/page.js'
import {passiveFindings} from '../rules/passive-voice.js'
import {mayBePassive, participleTest} from '../rules/shared/passive-candidates.js'
import {readerActions, regularReaderActions} from '../rules/passive-voice.data.js'
import {tempSite} from './helpers/cli.js'
import {userThenObligation} from '../rules/second-person.js'
import {userObligations} from '../rules/second-person.data.js'

// passive-voice builds a block's retext tree only when a cheap pre-check on the block says a finding
// is possible. Skipping a block with a finding would lose it: the pre-check must be true for every
// block that has one, and false for most blocks that have none.
const findPassive = retextPassive()
const isParticiple = participleTest(findPassive, regularReaderActions)
// retext-passive's list, read from its file: the package exports only its plugin, and the rule asks
// the plugin instead.
const participleList = ((await import(pathToFileURL(path.resolve('node_modules/retext-passive/lib/list.js')).href)) as {list: string[]}).list

function blocksOf(value: string, path = 'page.mdx') {
  const file = new VFile({path, value})
  return createPage(file, parsePage(file)).proseBlocks()
}

function check(value: string, path?: string): {precheck: boolean; findings: number} {
  let precheck = false
  let findings = 0
  for (const block of blocksOf(value, path)) {
    const pass = mayBePassive(block, isParticiple)
    const found = passiveFindings(block.prose(), findPassive, false, regularReaderActions).length
    // The property under test, block by block.
    if (found > 0) expect(pass, 'pre-check skipped a block with a finding: ' + block.text).toBe(true)
    precheck ||= pass
    findings += found
  }
  return {precheck, findings}
}

const hard: Record<string, string> = {}

describe('passive-voice pre-check', () => {
  it('asks retext-passive which words are participles, with the rule’s ignore list', () => {
    expect(participleList.length).toBeGreaterThan(100)
    expect(participleList.filter((word) => !isParticiple(word))).toEqual([])
    expect(['blue', 'ready', 'the', 'given-up'].filter(isParticiple)).toEqual([])
    const ignoring = participleTest(retextPassive({ignore: ['given']}))
    expect([ignoring('given'), ignoring('taken')]).toEqual([false, true])
  })

  it('lets through every participle of the list after every be verb', () => {
    // The rule reports an obligation in the passive that leaves the reader out (“must be given”), for
    // the participles of what a reader does; `can be given` needs a where or a how after it.
    const modals = ['can', 'must', 'should', 'needs to', 'has to', 'can also']
    let found = 0
    for (const participle of participleList) {
      const modal = modals[participle.length % modals.length]!
      check(`The value ${modal} be ${participle} first.\n`)
      found += check(`The value must be ${participle} in the file.\n`).findings
      check(`The value can be ${participle} in the file.\n`)
    }
    // Some reader actions are not reported in every position (`done` meaning finished); most are.
    expect(found).toBeGreaterThan(readerActions.size * 0.8)
  })

  it('lets through and reports every regular participle of a reader action, which retext-passive does not list', () => {
    for (const participle of regularReaderActions) {
      expect(participleList).not.toContain(participle)
      expect(check(`The value must be ${participle} first.\n`).findings, participle).toBe(1)
      expect(check(`The value can be ${participle} in the dashboard.\n`).findings, participle).toBe(1)
      expect(check(`The value can be ${participle} for your plan.\n`).findings, participle).toBe(0)
    }
  })

  Object.assign(hard, {
    'emphasis around the participle': 'The token must be *given* to you.\n',
    'emphasis around the verb': 'The token must **be** given to you.\n',
    'a link around both': 'See how [the key must be given](/keys) to you.\n',
    'a capital verb': 'Must be given when you ask.\n',
    'a line ending between': 'The key must be\ngiven to you.\n',
    'a hard break between': 'The key must be\\\ngiven to you.\n',
    'a tab between': 'The key must be\tgiven to you.\n',
    'a hyphenated participle': 'The job must be broken-down into steps.\n',
    'a participle before an apostrophe': "The key must be given's twin.\n",
    'a curly apostrophe': 'The key must be given’s twin.\n',
    'an expression between verb and participle': 'The key must be{/* note */} given to you.\n',
    'an image alt text': '![The key must be given to you](/key.png)\n',
    'a heading': '## The key must be given to you\n',
    'a component around the sentence': '<Note>\n  The key must be given to you.\n</Note>\n',
    'being before been': 'The key must be being given out.\n',
    'an upper-case participle': 'The key MUST BE GIVEN to you.\n',
    'a block quote': '> The key\n> must be given to you.\n',
    'a word that runs on past emphasis': 'The key must be *given*s to you.\n',
    'a word that runs on past a link': 'The key must be [given](/keys)s to you.\n',
    'a hyphen before emphasis': 'The key must be given-*up* to you.\n',
    'a double hyphen after the participle': 'The key must be given--by the server--to you.\n',
    'a hyphen and a word after the participle': "The key must be given- or taken-back.\n",
    'quotes around the participle': "The key must be 'given' to you.\n",
    'an apostrophe before emphasis': "The key must be given'*s* to you.\n"
  })
  for (const [name, value] of Object.entries(hard)) {
    it('never skips a finding: ' + name, () => {
      check(value)
      check(value.replace(/\{\/\*.*?\*\/\}/g, ''), 'page.md')
    })
  }

  it('finds the passive phrases of the hard cases (the checks above are not vacuous)', () => {
    const found = Object.entries(hard).filter(([, value]) => check(value).findings > 0).map(([name]) => name)
    expect(found.length).toBeGreaterThan(10)
  })

  it('skips blocks that cannot hold a finding', () => {
    for (const value of [
      'This is a plain sentence about keys.\n',
      'The value is `given` here.\n',
      'The server is sending the key.\n',
      'Thisgiven is one word, and so is isgiven.\n',
      'The key is new, and it is appended to the list.\n'
    ]) {
      const result = check(value)
      expect(result, value).toEqual({precheck: false, findings: 0})
    }
  })
})

describe('second-person pre-check', () => {
  it('lets through “the user” and “users” before every obligation the rule knows', () => {
    for (const obligation of userObligations) {
      expect(userThenObligation.test('Then the user ' + obligation.join(' ') + ' install it.'), obligation.join(' ')).toBe(true)
      expect(userThenObligation.test('So USERS\n' + obligation.join(' ') + ' run it.'), obligation.join(' ')).toBe(true)
    }
    expect(userThenObligation.test('The user can go. Superusers must wait. The user-must list. The users, who must.')).toBe(false)
  })
})

describe('prose pre-checks change no report', () => {
  // Each prose rule tests a block's text before it builds the block's retext tree. With
  // DOCS_LINT_NO_PRECHECKS=1 every block gets a tree: the report must be the same.
  const pages: Record<string, string> = {
    // One trigger per paragraph: a pre-check that misses one of them loses that paragraph's finding.
    'user.mdx': [
      'The user must install the tool first.',
      'Users should run the script.',
      'So users need to configure the key.',
      'The **user** must *install* it.',
      'After that, [users](/users) have to restart the server.',
      'The user\nmust then update the token.',
      'The users are required to verify the email.',
      'The user has access to the dashboard. Users can select files.'
    ].join('\n\n'),
    'we.mdx': ["We recommend this.", "Let's install it.", "I'm sure it works.", 'Ask our team.', 'Phase I is done.'].join('\n\n'),
    'passive.mdx': Object.values(hard).join('\n'),
    'long.mdx': [
      Array.from({length: 40}, (_, index) => 'word' + index).join(' ') + '.',
      // The plain text joins the words on either side of a hard break into one.
      Array.from({length: 37}, (_, index) => 'word' + index).join('\\\n') + '.',
      Array.from({length: 13}, () => 'a `code` b').join(' ') + '.'
    ].join('\n\n'),
    'will.mdx': ['The API will return a list.', 'By default, `init()` won\'t retry.', 'The **server** will\nstart. The server\'ll respond.'].join('\n\n'),
    'plain.md': 'The user must install the tool.\nWe are done. The key is given to you.\n'
  }
  const front = '---\ntitle: Page\ndescription: A page.\n---\n\n'
  it('on pages full of near misses', () => {
    const root = tempSite({
      ...Object.fromEntries(Object.entries(pages).map(([name, body]) => [name, front + body.replace(/\{\/\*.*?\*\/\}/g, name.endsWith('.md') ? '' : '$&') + '\n'])),
      // sentence-length is in `strict` and present-tense reads all of its class there (recommended runs it on guides only);
      // passive-voice reads every passive instruction, not the pointers only.
      '.docs-lintrc.json': JSON.stringify({
        extends: 'recommended',
        rules: {'passive-voice': ['info', {scope: 'instructions'}], 'second-person': 'info', 'sentence-length': 'info', 'present-tense': ['info', {scope: 'all'}]}
      })
    })
    const bin = path.resolve(import.meta.dirname, '../bin/docs-lint.js')
    const lint = (env: Record<string, string>) =>
      spawnSync(process.execPath, [bin, '--format', 'json', '--jobs', '0', '.'], {cwd: root, encoding: 'utf8', env: {...process.env, ...env}}).stdout
    const withChecks = lint({})
    const report = JSON.parse(withChecks) as Array<{messages: Array<{ruleId: string}>}>
    const ruleIds = new Set(report.flatMap((file) => file.messages.map((message) => message.ruleId)))
    expect([...ruleIds]).toEqual(expect.arrayContaining(['passive-voice', 'second-person', 'sentence-length', 'present-tense']))
    expect(lint({DOCS_LINT_NO_PRECHECKS: '1'})).toBe(withChecks)
  })
})
