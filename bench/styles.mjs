#!/usr/bin/env node
// `node bench/styles.mjs`: what Vale styles cost. On the largest corpus (with the Google style) and on the
// corpora that keep a .vale.ini (with their own), docs-lint cold without styles, cold with them, and warm
// with them from the cache, interleaved in rounds; medians of wall time and the ratios. Writes its section
// of bench/results.md (kept by bench/run.mjs, which leaves what follows the scale section alone).
// Options: --runs N (default 5).
import {spawnSync} from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {parseArgs} from 'node:util'
import {corporaRoot, pageFiles, requireCorporaAndBuild, writeResultsSection} from './corpora.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const project = path.resolve(here, '..')
const {values} = parseArgs({options: {runs: {type: 'string'}}})
const runs = Number(values.runs ?? 5)
requireCorporaAndBuild('bench/styles')

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-styles-'))
const googleIni = path.join(work, 'google.ini')
fs.writeFileSync(googleIni, 'StylesPath = ' + path.resolve(project, '../shared/vale/styles/Google') + '\nMinAlertLevel = suggestion\n\n[*]\nBasedOnStyles = Google\n')

// The largest corpus by pages, with the Google style; each corpus with a .vale.ini, with its own.
const names = fs.readdirSync(corporaRoot).filter((name) => !name.startsWith('.'))
const largest = names.map((name) => ({name, pages: pageFiles(path.join(corporaRoot, name)).length})).sort((a, b) => b.pages - a.pages)[0]
/** @type {Array<{name: string, folder: string, vale: string | boolean}>} */
const targets = [{name: largest.name + ' (Google style)', folder: path.join(corporaRoot, largest.name), vale: googleIni}]
for (const name of names.sort()) {
  for (const sub of ['', 'docs']) {
    const folder = path.join(corporaRoot, name, sub)
    if (fs.existsSync(path.join(folder, '.vale.ini'))) targets.push({name: path.join(name, sub) + ' (its .vale.ini)', folder, vale: true})
  }
}

function config(target, vale) {
  const file = path.join(work, target.name.replace(/\W+/g, '-') + (vale === false ? '-off' : '-on') + '.json')
  fs.writeFileSync(file, JSON.stringify({extends: 'recommended', vale}))
  return file
}

function run(args, cwd) {
  const started = process.hrtime.bigint()
  const result = spawnSync(process.execPath, [path.join(project, 'bin/docs-lint.js'), ...args], {cwd, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 26})
  const seconds = Number(process.hrtime.bigint() - started) / 1e9
  if (result.status !== 0 && result.status !== 1) throw new Error('docs-lint failed: ' + String(result.stderr).slice(0, 500))
  return seconds
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]
const rows = []
for (const target of targets) {
  const off = config(target, false)
  const on = config(target, target.vale)
  const cache = path.join(work, 'cache-' + target.name.replace(/\W+/g, '-'))
  /** @type {{plain: number[], styles: number[], warm: number[]}} */
  const times = {plain: [], styles: [], warm: []}
  for (let round = 0; round < runs; round++) {
    times.plain.push(run(['--config', off, '--format', 'json', '.'], target.folder))
    fs.rmSync(cache, {force: true})
    times.styles.push(run(['--config', on, '--format', 'json', '--cache-location', cache, '.'], target.folder))
    times.warm.push(run(['--config', on, '--format', 'json', '--cache-location', cache, '.'], target.folder))
  }
  const [plain, styles, warm] = [median(times.plain), median(times.styles), median(times.warm)]
  rows.push(`| ${target.name} | ${pageFiles(target.folder).length} | ${plain.toFixed(2)} s | ${styles.toFixed(2)} s | ${(styles / plain).toFixed(2)} | ${warm.toFixed(2)} s | ${(warm / styles).toFixed(2)} |`)
  console.log(rows.at(-1))
}

writeResultsSection('bench/styles.mjs', [
  '## Vale styles',
  '',
  `\`node bench/styles.mjs\` on ${os.cpus().length} cores, ${runs} interleaved rounds, medians of wall time. Cold runs have no cache; the`,
  'warm run follows the cold run with styles, with its cache. Target: styles add at most 50% to a cold run (ratio ≤ 1.50).',
  '',
  '| corpus | pages | cold, no styles | cold, styles | styles ÷ no styles | warm, styles | warm ÷ cold |',
  '| --- | --- | --- | --- | --- | --- | --- |',
  ...rows
])
fs.rmSync(work, {recursive: true, force: true})
