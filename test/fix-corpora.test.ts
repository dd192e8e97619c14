import fs from 'node:fs'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {rules} from '../rules/index.js'
// The check itself lives in the benchmark script, which prints the same numbers as a table.
import {checkFixes, corporaRoot, newFindings} from '../bench/fix-corpora.mjs'

interface FixCheck {
  pages: number
  changed: number
  introduced: string[]
  fixesLeft: string[]
  seconds: number
}

const corpora = fs.existsSync(corporaRoot) ? fs.readdirSync(corporaRoot).filter((name) => !name.startsWith('.')).sort() : []
const fixable = new Set(rules.filter((rule) => rule.fixable === true).map((rule) => rule.id))
const check = checkFixes as (folder: string, fixableRules: Set<string>, settings?: {extends: string | string[]; vale?: boolean}) => FixCheck

type Report = Map<string, Array<{ruleId: string; reason: string; line: number}>>

describe('the comparison of findings before and after --fix', () => {
  it('matches findings whose lines moved, counts repeats, lets a fix narrow a finding of its own rule, and reports the rest', () => {
    const before: Report = new Map([
      ['a.mdx', [{ruleId: 'front-matter', reason: 'Missing front matter', line: 1}, {ruleId: 'link-text', reason: 'Vague link', line: 3}]]
    ])
    const after: Report = new Map([
      ['a.mdx', [
        {ruleId: 'front-matter', reason: 'Missing `description`', line: 1},
        {ruleId: 'link-text', reason: 'Vague link', line: 8},
        {ruleId: 'link-text', reason: 'Vague link', line: 9},
        {ruleId: 'broken-links', reason: 'No anchor `#install`', line: 4}
      ]],
      ['b.mdx', [{ruleId: 'parse-error', reason: 'Unexpected end of file', line: 2}]]
    ])
    expect((newFindings as (before: Report, after: Report) => string[])(before, after)).toEqual([
      'a.mdx: link-text: Vague link (line 9)',
      'a.mdx: broken-links: No anchor `#install` (line 4)',
      'b.mdx: parse-error: Unexpected end of file (line 2)'
    ])
  })
})

// `--fix` runs the built CLI (bin/docs-lint.js), as a user runs it; `npm test` builds first.
describe.skipIf(corpora.length === 0)('--fix on real corpora (../shared/corpora), strict preset', () => {
  for (const name of corpora) {
    it(name + ': a re-lint after --fix shows no finding that was not there before, and nothing left to fix', () => {
      // docs-lint's own rules here; a site's Vale styles below, each on its own: a style's right fix can
      // move another rule's threshold (`fully-typed` to `fully typed` makes a sentence one word longer).
      const result = check(path.join(corporaRoot as string, name), fixable, {extends: 'strict', vale: false})
      expect(result.pages).toBeGreaterThan(10)
      expect(result.introduced, 'findings that --fix brought in').toEqual([])
      expect(result.fixesLeft, 'fixes a second --fix would apply').toEqual([])
    }, 900_000)
  }
  for (const name of corpora.filter((corpus) => valeSite(path.join(corporaRoot as string, corpus)))) {
    it(name + ': with its own Vale styles only, --fix brings in no finding and leaves nothing to fix', () => {
      const result = check(path.join(corporaRoot as string, name), new Set(), {extends: []})
      expect(result.introduced, 'findings that --fix brought in').toEqual([])
      expect(result.fixesLeft, 'fixes a second --fix would apply').toEqual([])
    }, 900_000)
  }
})

/** A site that keeps a `.vale.ini` at its root or in `docs/`. */
function valeSite(folder: string): boolean {
  return ['', 'docs'].some((sub) => fs.existsSync(path.join(folder, sub, '.vale.ini')))
}

describe.runIf(corpora.length === 0)('--fix on real corpora', () => {
  it('are absent: skipped (place the corpora in ../shared/corpora to run them)', () => {
    expect(fs.existsSync(corporaRoot as string)).toBe(false)
  })
})
