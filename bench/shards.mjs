#!/usr/bin/env node
// `node bench/shards.mjs`: a CI matrix of four shards against one run. On the two largest corpora, in
// interleaved rounds: one run over the whole site, then `--shard i/4 --write-result` for each shard in
// turn (on a matrix each runs on its own machine, so each is timed alone), then `docs-lint merge` of
// the four results; medians of wall time. Checks that the merged report is the single run's, byte for
// byte. Writes its section of bench/results.md (kept by bench/run.mjs, which leaves what follows the
// scale section alone). Options: --runs N (default 3), --count N (default 4).
import {spawnSync} from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {parseArgs} from 'node:util'
import {corporaRoot, pageFiles, requireCorporaAndBuild, currentCommit, writeResultsSection} from './corpora.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const project = path.resolve(here, '..')
const {values} = parseArgs({options: {runs: {type: 'string'}, count: {type: 'string'}}})
const runs = Number(values.runs ?? 3)
const count = Number(values.count ?? 4)
requireCorporaAndBuild('bench/shards')

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-shards-'))
const names = fs.readdirSync(corporaRoot).filter((name) => !name.startsWith('.'))
const largest = names.map((name) => ({name, pages: pageFiles(path.join(corporaRoot, name)).length})).sort((a, b) => b.pages - a.pages).slice(0, 2)

function run(args, cwd) {
  const started = process.hrtime.bigint()
  const result = spawnSync(process.execPath, [path.join(project, 'bin/docs-lint.js'), ...args, '--format', 'json'], {cwd, encoding: 'utf8', maxBuffer: 1 << 30})
  const seconds = Number(process.hrtime.bigint() - started) / 1e9
  if (result.status !== 0 && result.status !== 1) throw new Error('docs-lint ' + args.join(' ') + ' exited ' + result.status + ': ' + result.stderr)
  return {seconds, stdout: result.stdout}
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]
const rows = []
for (const corpus of largest) {
  const folder = path.join(corporaRoot, corpus.name)
  /** @type {{single: number[], shards: number[][], merge: number[]}} */
  const times = {single: [], shards: Array.from({length: count}, () => []), merge: []}
  let identical = true
  for (let round = 0; round < runs; round++) {
    const single = run(['.'], folder)
    times.single.push(single.seconds)
    const results = []
    for (let index = 1; index <= count; index++) {
      results.push(path.join(work, corpus.name + '-' + index + '.json'))
      times.shards[index - 1].push(run(['--shard', index + '/' + count, '--write-result', results.at(-1), '.'], folder).seconds)
    }
    const merged = run(['merge', ...results], folder)
    times.merge.push(merged.seconds)
    identical &&= merged.stdout === single.stdout
  }
  const shards = times.shards.map(median)
  const slowest = Math.max(...shards)
  const merge = median(times.merge)
  const single = median(times.single)
  rows.push(`| ${corpus.name} | ${corpus.pages} | ${single.toFixed(2)} s | ${shards.map((seconds) => seconds.toFixed(2) + ' s').join(' / ')} | ${merge.toFixed(2)} s | ${((slowest + merge) / single).toFixed(2)} | ${identical ? 'yes' : 'NO'} |`)
  console.log(rows.at(-1))
}

const commit = currentCommit()
writeResultsSection('bench/shards.mjs', [
  `## A matrix of ${count} shards`,
  '',
  `\`node bench/shards.mjs\` on ${os.cpus().length} cores (commit ${commit}, ${new Date().toISOString().slice(0, 10)}), ${runs} interleaved rounds, medians of wall time,`,
  '`--format json`. Each shard (`--shard i/' + count + ' --write-result`) is timed alone, as on its own machine of a matrix;',
  'the merge (`docs-lint merge` of the results) runs the site checks once. "matrix ÷ single" is (slowest shard + merge) ÷ single run.',
  '',
  `| corpus | pages | single run | shards 1 to ${count} | merge | matrix ÷ single | merged report = single run |`,
  '| --- | ---: | ---: | --- | ---: | ---: | --- |',
  ...rows
])
fs.rmSync(work, {recursive: true, force: true})
