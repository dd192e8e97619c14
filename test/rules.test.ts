import fs from 'node:fs'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {rules} from '../rules/index.js'
import {docsRoot, examplesOf, fixturesRoot} from './helpers/examples.js'
import {coverageProblems, RuleTester} from '../src/testing/rule-tester.js'

const rulesFolder = path.resolve(import.meta.dirname, '../rules')

describe('rule registry', () => {
  it('lists exactly the rule files in rules/', () => {
    const files = fs
      .readdirSync(rulesFolder)
      .filter((name) => name.endsWith('.ts') && name !== 'index.ts' && !name.endsWith('.d.ts') && !name.includes('.data.'))
      .map((name) => name.replace(/\.ts$/, ''))
      .sort()
    expect(rules.map((rule) => rule.id).sort()).toEqual(files)
  })

  it('has a doc page with ok and not-ok examples for every rule', () => {
    for (const rule of rules) expect(coverageProblems(examplesOf(rule.id)), rule.id).toEqual([])
  })

  it('derives each docs URL from the rule id', () => {
    for (const rule of rules) {
      expect(rule.url).toBe('https://docs-lint.dev/rules/' + rule.id)
      expect(fs.existsSync(path.join(docsRoot, 'rules', rule.id + '.mdx'))).toBe(true)
    }
  })
})

// Every example of every rule page, through the RuleTester plugin authors use for their own rules.
const tester = new RuleTester({fixtures: fixturesRoot})
for (const rule of rules) {
  describe('rule ' + rule.id, () => {
    for (const example of examplesOf(rule.id)) {
      it(example.kind + ': ' + example.name + ' (docs line ' + example.line + ')', async () => {
        expect(await tester.checkExample(rule, example)).toEqual([])
      })
    }
  })
}
