// The style packages' own feature tests, run against docs-lint: each scenario lints its fixture's
// `test.md` with the fixture's `.vale.ini`, and docs-lint must report exactly the findings Vale's test
// expects, at the same line and column, with the same message.
import fs from 'node:fs'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {lintText, resolveConfig} from '../src/index.js'

const packagesRoot = path.resolve(import.meta.dirname, '../../shared/vale/styles')
const packages = ['Google', 'Microsoft', 'write-good', 'proselint'].filter((name) => fs.existsSync(path.join(packagesRoot, name, 'features')))

interface Scenario {
  name: string
  fixture: string
  expected: string[]
}

/** The scenarios of a package's `features/*.feature` files: `When I test "X"` and the lines expected. */
function scenariosOf(packageName: string): Scenario[] {
  const folder = path.join(packagesRoot, packageName, 'features')
  const scenarios: Scenario[] = []
  for (const name of fs.readdirSync(folder).filter((file) => file.endsWith('.feature'))) {
    const text = fs.readFileSync(path.join(folder, name), 'utf8')
    for (const block of text.split(/^\s*Scenario:/m).slice(1)) {
      const title = block.split('\n')[0]!.trim()
      const fixture = /When I test "([^"]+)"/.exec(block)?.[1]
      const output = /"""\n([\s\S]*?)\n\s*"""/.exec(block)?.[1] ?? ''
      if (!fixture) continue
      scenarios.push({name: title, fixture, expected: output.split('\n').map((line) => line.trim()).filter((line) => line !== '')})
    }
  }
  return scenarios
}

const onlyStyles = resolveConfig({extends: []})

async function lintFixture(file: string): Promise<string[]> {
  const linted = await lintText(fs.readFileSync(file, 'utf8'), {path: file, config: onlyStyles})
  return linted.messages
    .filter((message) => message.ruleId?.includes('.'))
    .map((message) => path.basename(file) + ':' + message.line + ':' + message.column + ':' + message.ruleId + ':' + message.reason)
}

/** Scenarios whose fixture is not Markdown (reStructuredText, code, HTML): docs-lint lints Markdown and MDX. */
function markdownExpectations(scenario: Scenario): string[] {
  return scenario.expected.filter((line) => /^[^:]+\.md:/.test(line)).map((line) => line.replace(/^.*?([^/]+\.md:)/, '$1'))
}

/**
 * Scenarios whose expectations were recorded with another Vale version than the one the Google package's
 * tests use (3.9.0), which docs-lint follows; each is adjusted to what Vale 3.9 prints, and says why.
 */
const versionDifferences: Record<string, {why: string; adjust: (expected: string[]) => string[]}> = {
  'Microsoft/Contractions': {
    why: 'recorded with Vale 3.3.0, which capitalised a suggestion at the start of a sentence; Vale 3.9 (Google\'s `Use \'it\'s\' instead of \'It is\'`) keeps the swap value as written',
    adjust: (expected) => expected.map((line) => line.replace(/Use '(\w)/, (_, first: string) => "Use '" + first.toLowerCase()))
  },
  'write-good/Weasel': {
    why: 'recorded before `fairly` was added to the rule\'s tokens',
    adjust: (expected) => [...expected, "test.md:5:23:write-good.Weasel:'fairly' is a weasel word!"]
  },
  'proselint/basic': {
    why: 'recorded before Vale 3 quoted the options of a `replace` action: Vale 3.9 prints `\'\'Hong Konger\'\'`',
    adjust: (expected) => expected.map((line) => line.replace("Did you mean 'Hong Konger'?", "Did you mean ''Hong Konger''?"))
  }
}

describe.skipIf(packages.length === 0)('Vale style packages: their own feature tests', () => {
  for (const packageName of packages) {
    describe(packageName, () => {
      for (const scenario of scenariosOf(packageName)) {
        const fixture = path.join(packagesRoot, packageName, 'fixtures', scenario.fixture)
        const page = path.join(fixture, 'test.md')
        const run = fs.existsSync(page) ? it : it.skip
        run(scenario.name + ' (' + scenario.fixture + ')', async () => {
          const actual = await lintFixture(page)
          const difference = versionDifferences[packageName + '/' + scenario.fixture]
          const expected = markdownExpectations(scenario)
          expect(actual.sort()).toEqual((difference ? difference.adjust(expected) : expected).sort())
        })
      }
    })
  }
})
