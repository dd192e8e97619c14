import fs from 'node:fs'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {rules} from '../rules/index.js'
// The check itself lives in the benchmark script, which prints the same numbers as a table.
// @ts-expect-error: a plain ES module without types
import {checkFixes, corporaRoot} from '../bench/fix-corpora.mjs'

interface FixCheck {
  pages: number
  changed: number
  introduced: string[]
  fixesLeft: string[]
  seconds: number
}

const corpora = fs.existsSync(corporaRoot) ? fs.readdirSync(corporaRoot).filter((name) => !name.startsWith('.')).sort() : []
const fixable = new Set(rules.filter((rule) => rule.fixable === true).map((rule) => rule.id))
const check = checkFixes as (folder: string, fixableRules: Set<string>) => FixCheck

// `--fix` runs the built CLI (bin/docs-lint.js), as a user runs it; `npm test` builds first.
describe.skipIf(corpora.length === 0)('--fix on real corpora (../shared/corpora), strict preset', () => {
  for (const name of corpora) {
    it(name + ': a re-lint after --fix shows no finding that was not there before, and nothing left to fix', () => {
      const result = check(path.join(corporaRoot as string, name), fixable)
      expect(result.pages).toBeGreaterThan(10)
      expect(result.introduced, 'findings that --fix brought in').toEqual([])
      expect(result.fixesLeft, 'fixes a second --fix would apply').toEqual([])
    }, 900_000)
  }
})

describe.runIf(corpora.length === 0)('--fix on real corpora', () => {
  it('are absent: skipped (place the corpora in ../shared/corpora to run them)', () => {
    expect(fs.existsSync(corporaRoot as string)).toBe(false)
  })
})
