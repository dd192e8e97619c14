import fc from 'fast-check'
import {afterAll, describe, expect, it} from 'vitest'
import fs from 'node:fs'
// The generators and invariants of bench/fuzz.mjs (which runs 10,000 cases on the build), here on the
// sources with a few hundred cases and a fixed seed.
import {buildCase, caseArbitrary, loadSeeds, prepareFolder, runCase} from '../bench/fuzz.mjs'
import {lintText, resolveConfig} from '../src/index.js'
import {lint} from '../src/engine/index.js'

const seed = 20_240_917
const budgetMs = 2000
const seeds = loadSeeds(undefined, {maxPages: 60})
const api = {lintText, lint, config: resolveConfig({extends: 'all'})}
const folder: string = prepareFolder()
// Deep nesting and huge lines at full size are for the script (and test/hostile.test.ts): here they stay small.
const small = {maxDepth: 150, maxLine: 5000}

interface Outcome {
  problems: string[]
  ms: number
}

async function check(testCase: unknown): Promise<boolean> {
  let result = (await runCase(testCase, seeds, api, folder)) as Outcome
  // One slow run under load is noise; a second one is a finding.
  if (result.ms > budgetMs) result = {...result, ms: Math.min(result.ms, ((await runCase(testCase, seeds, api, folder)) as Outcome).ms)}
  const problems = [...result.problems]
  if (result.ms > budgetMs) problems.push('slow: ' + result.ms.toFixed(0) + ' ms')
  if (problems.length > 0) {
    const files = buildCase(testCase, seeds) as Record<string, string>
    throw new Error(problems.join('\n') + '\nfiles: ' + JSON.stringify(files).slice(0, 1000))
  }
  return true
}

describe('fuzzing the whole pipeline (every rule on)', () => {
  afterAll(() => fs.rmSync(folder, {recursive: true, force: true}))

  it('mutated pages and random front matter: no crash, positions inside the page, one parse-error when it does not parse', async () => {
    await fc.assert(fc.asyncProperty(caseArbitrary(fc, seeds, {site: false, ...small}), check), {seed, numRuns: 150})
  }, 120_000)

  it('random docs.json with includes: no crash, every message placed', async () => {
    const arbitrary = caseArbitrary(fc, seeds, small).filter((testCase: {kind: string}) => testCase.kind === 'site')
    await fc.assert(fc.asyncProperty(arbitrary, check), {seed, numRuns: 30})
  }, 120_000)

  it('the generators make what they say', () => {
    const sample = fc.sample(caseArbitrary(fc, seeds), {seed, numRuns: 200}) as Array<{kind: string}>
    expect(new Set(sample.map((testCase) => testCase.kind))).toEqual(new Set(['page', 'front-matter', 'site']))
  })
})
