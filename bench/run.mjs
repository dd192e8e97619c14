#!/usr/bin/env node
// `npm run bench`: docs-lint against its peers and the parse floor, interleaved in one run, on every corpus
// in ../shared/corpora, all of them together, and generated 1,000- and 10,000-page corpora built from them.
// Prints min/median wall time of each tool, its median CPU time (user + system, all threads) and the cores
// that makes (CPU ÷ wall), pages/s, peak RSS and ratios; writes bench/results.md (not with --only).
// Options: --runs N (default 3; 9 on a corpus where one round of every tool takes under 20 s: a run of a
// second or two varies by a tenth from one run to the next on a shared machine; a tool whose run takes
// under a second runs three times a round), --only <corpus>, --skip-peers-over <pages> (default 5000: remark-cli
// takes minutes there; markdownlint-cli2, the reference of the targets, runs on every corpus),
// --tools <names> (comma-separated parts of tool names, e.g. "docs-lint cold,markdownlint": only those tools;
// a warm run needs the cold run before it). With --only or --tools, results.md is left as it is.
import {spawnSync} from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {parseArgs} from 'node:util'
import {corporaRoot, pageFiles, requireCorporaAndBuild} from './corpora.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const project = path.resolve(here, '..')
const {values} = parseArgs({options: {runs: {type: 'string'}, only: {type: 'string'}, 'skip-peers-over': {type: 'string'}, tools: {type: 'string'}}})
const runs = Number(values.runs ?? 3)
// Without --runs, the corpora whose round is short get more runs, so that their medians hold.
const shortRound = {seconds: 20, runs: values.runs === undefined ? 9 : runs}
const skipPeersOver = Number(values['skip-peers-over'] ?? 5000)
// A run of under a second (docs-lint served from its cache) is mostly process start, which varies by a
// third from one run to the next here: such a tool runs three times a round, three times the samples
// for its median.
const shortTool = {seconds: 1, repeats: 3}

requireCorporaAndBuild('bench')


// Work on copies: the corpora are read-only and docs-lint's cache must live somewhere.
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-bench-'))
const corpora = []
const names = fs.readdirSync(corporaRoot).filter((name) => !name.startsWith('.')).sort()
for (const name of names) {
  const target = path.join(work, name)
  fs.cpSync(path.join(corporaRoot, name), target, {recursive: true})
  corpora.push({name, folder: target, pages: pageFiles(target).length})
}
const allFolder = path.join(work, '_all')
for (const corpus of corpora) fs.cpSync(corpus.folder, path.join(allFolder, corpus.name), {recursive: true})
corpora.push({name: 'all corpora', folder: allFolder, pages: pageFiles(allFolder).length})

function generate(count) {
  const folder = path.join(work, '_generated-' + count)
  const sources = pageFiles(allFolder)
  for (let index = 0; index < count; index++) {
    // An even sample (or every page, repeated evenly), so both sizes hold the same mix of pages: the
    // first pages in sorted order are one corpus's heaviest and would skew the linear-growth check.
    const source = count <= sources.length ? sources[Math.floor((index * sources.length) / count)] : sources[index % sources.length]
    const target = path.join(folder, 'part-' + Math.floor(index / 500), index + '-' + path.basename(source))
    fs.mkdirSync(path.dirname(target), {recursive: true})
    fs.copyFileSync(source, target)
  }
  return {name: 'generated ' + count, folder, pages: count}
}
// Only what --only asks for: the 10,000 pages take a while to copy.
for (const count of [1000, 10000]) if (!values.only || ('generated ' + count).includes(values.only)) corpora.push(generate(count))

const bin = (name) => path.join(project, 'node_modules/.bin', name)
// The page the "1 page changed" run edits: one docs-lint lints (the first page found may be a README.md,
// which the platform never publishes and docs-lint never lints).
const changedPage = (corpus) => pageFiles(corpus.folder).find((file) => file.endsWith('.mdx')) ?? pageFiles(corpus.folder)[0]
const cacheFile = (corpus) => path.join(work, '_cache-' + corpus.name.replace(/\W+/g, '-'))
const tools = [
  {name: 'docs-lint cold', docsLint: true, args: (c) => [path.join(project, 'bin/docs-lint.js'), '--format', 'json', '--cache-location', cacheFile(c), '.'], before: (c) => fs.rmSync(cacheFile(c), {force: true})},
  {name: 'docs-lint warm', docsLint: true, args: (c) => [path.join(project, 'bin/docs-lint.js'), '--format', 'json', '--cache-location', cacheFile(c), '.']},
  {name: 'docs-lint warm, 1 page changed', docsLint: true, args: (c) => [path.join(project, 'bin/docs-lint.js'), '--format', 'json', '--cache-location', cacheFile(c), '.'], before: (c) => fs.appendFileSync(changedPage(c), '\nOne more line.\n')},
  {name: 'docs-lint --jobs 1 (no cache)', docsLint: true, args: () => [path.join(project, 'bin/docs-lint.js'), '--format', 'json', '--jobs', '1', '.']},
  {name: 'docs-lint (no cache)', docsLint: true, args: () => [path.join(project, 'bin/docs-lint.js'), '--format', 'json', '.']},
  {name: 'parse floor (1 thread)', args: () => [path.join(here, 'parse-floor.mjs'), '.']},
  {name: 'unified-engine alone (no-op parser)', args: () => [path.join(here, 'engine-floor.mjs'), '.']},
  {name: 'markdownlint-cli2', peer: true, reference: true, args: () => [bin('markdownlint-cli2'), '**/*.{md,mdx}']},
  {name: 'remark-cli', peer: true, args: () => [bin('remark'), '--rc-path', path.join(here, 'remarkrc.mjs'), '--ext', 'md,mdx', '--quiet', '--no-stdout', '.']}
]

// Every tool runs without NODE_EXTRA_CA_CERTS: where it is set, Node reads and parses that certificate
// file as each process starts (0.14 s a process on the machine of 2026-11-27), before any tool's code
// runs. None of these tools opens a connection, and a warm run of docs-lint is mostly process start.
const extraCertificates = process.env.NODE_EXTRA_CA_CERTS !== undefined
/** @type {NodeJS.ProcessEnv} */
const toolEnv = {...process.env, CI: 'true', NO_COLOR: '1'}
delete toolEnv.NODE_EXTRA_CA_CERTS

function measure(tool, corpus) {
  tool.before?.(corpus)
  const [script, ...args] = tool.args(corpus)
  // Peak RSS, user and system seconds of the process and the threads and children it waited for. The
  // wall time is taken here, to the microsecond: `time` gives it to the hundredth of a second, a
  // tenth of a run served from the cache.
  const started = process.hrtime.bigint()
  const result = spawnSync('/usr/bin/time', ['-f', '%M %U %S', process.execPath, script, ...args], {
    cwd: corpus.folder,
    encoding: 'utf8',
    maxBuffer: 1024 * 1024 * 1024,
    env: toolEnv
  })
  const seconds = Number(process.hrtime.bigint() - started) / 1e9
  const last = result.stderr.trim().split('\n').at(-1) ?? ''
  const [kilobytes, user, system] = last.split(' ').map(Number)
  if (!Number.isFinite(kilobytes) || !Number.isFinite(user)) throw new Error(tool.name + ' on ' + corpus.name + ' failed: ' + result.stderr.slice(-500))
  return {seconds, cpuSeconds: user + system, rssMb: kilobytes / 1024}
}

const stats = (list) => {
  const sorted = [...list].sort((a, b) => a - b)
  return {min: sorted[0], median: sorted[Math.floor(sorted.length / 2)]}
}

const only = values.only
const results = new Map()
const lines = []
const log = (line = '') => {
  console.log(line)
  lines.push(line)
}
log('# docs-lint benchmark')
log()
log(`Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}. ` +
  `${runs} runs per tool${shortRound.runs > runs ? ` (${shortRound.runs} on a corpus where one round of every tool takes under ${shortRound.seconds} s)` : ''}, interleaved (a tool whose run takes under ${shortTool.seconds} s runs ${shortTool.repeats} times a round); wall time min / median; CPU time (user + system, every thread) median, and ` +
  `the cores that makes (CPU ÷ wall); peak RSS of the largest run. Generated ${new Date().toISOString().slice(0, 10)}.` +
  (extraCertificates ? ' This machine sets NODE_EXTRA_CA_CERTS; every tool ran without it (see `measure` in bench/run.mjs).' : ''))
const wanted = values.tools?.split(',').map((part) => part.trim())
for (const corpus of corpora) {
  if (only && !corpus.name.includes(only)) continue
  const selected = tools.filter((tool) => !(tool.peer && !tool.reference && corpus.pages > skipPeersOver) && (!wanted || wanted.some((part) => tool.name.includes(part))))
  /** @typedef {{seconds: number[], cpuSeconds: number[], rss: number}} Measured */
  /** @type {Map<string, Measured>} */
  const times = new Map(selected.map((tool) => [tool.name, {seconds: [], cpuSeconds: [], rss: 0}]))
  let corpusRuns = runs
  for (let run = 0; run < corpusRuns; run++) {
    let round = 0
    for (const tool of selected) {
      const entry = /** @type {Measured} */ (times.get(tool.name)) // set for every selected tool above
      // A tool whose first run took under a second runs shortTool.repeats times a round.
      do {
        const {seconds, cpuSeconds, rssMb} = measure(tool, corpus)
        entry.seconds.push(seconds)
        entry.cpuSeconds.push(cpuSeconds)
        entry.rss = Math.max(entry.rss, rssMb)
        round += seconds
      } while (entry.seconds.length < (run + 1) * (entry.seconds[0] < shortTool.seconds ? shortTool.repeats : 1))
    }
    if (run === 0 && round < shortRound.seconds) corpusRuns = Math.max(runs, shortRound.runs)
  }
  const median = (name) => {
    const entry = times.get(name)
    return entry ? stats(entry.seconds).median : undefined
  }
  const reference = {
    markdownlint: median('markdownlint-cli2'),
    remark: median('remark-cli'),
    floor: median('parse floor (1 thread)'),
    cold: median('docs-lint cold')
  }
  log()
  log(`## ${corpus.name} (${corpus.pages} pages, ${corpusRuns} runs)`)
  log()
  log('| tool | min s | median s | CPU s | cores | pages/s | peak RSS MB | × markdownlint-cli2 | × remark-cli | × parse floor | × cold |')
  log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
  for (const [name, entry] of times) {
    const {min, median: med} = stats(entry.seconds)
    const cpu = stats(entry.cpuSeconds).median
    const ratio = (base) => (base ? (med / base).toFixed(2) : 'n/a')
    log(`| ${name} | ${min.toFixed(2)} | ${med.toFixed(2)} | ${cpu.toFixed(2)} | ${(cpu / med).toFixed(2)} | ${Math.round(corpus.pages / med)} | ${Math.round(entry.rss)} | ${ratio(reference.markdownlint)} | ${ratio(reference.remark)} | ${ratio(reference.floor)} | ${ratio(reference.cold)} |`)
  }
  if (corpus.pages > skipPeersOver) log(`\nremark-cli was not run on ${corpus.pages} pages (--skip-peers-over ${skipPeersOver}).`)
  const medianCpu = (name) => {
    const entry = times.get(name)
    return entry ? stats(entry.cpuSeconds).median : undefined
  }
  results.set(corpus.name, {pages: corpus.pages, median, medianCpu, rss: (name) => times.get(name)?.rss})
}

// The targets of the performance issue, checked on this run's medians. The last column is the floor of a
// warm run: every page still passes through unified-engine.
const jobs = os.availableParallelism?.() ?? os.cpus().length
const verdict = (value, limit) => (value === undefined ? 'not measured' : `${value.toFixed(2)} (target ≤ ${limit}): ${value <= limit ? 'met' : 'NOT met'}`)
log()
log('## Targets')
log()
// Warm ÷ cold is a target only where the cold run takes over 2 s: below that, start-up is most of a warm run.
log('| corpus | cold ÷ markdownlint-cli2 | cold CPU ÷ markdownlint-cli2 CPU | cold ÷ (floor ÷ jobs) | warm ÷ cold | one page changed ÷ cold | unified-engine alone ÷ cold |')
log('| --- | --- | --- | --- | --- | --- | --- |')
for (const [name, result] of results) {
  const cold = result.median('docs-lint cold')
  const ratio = (a, b) => (a !== undefined && b !== undefined ? a / b : undefined)
  const floor = result.median('parse floor (1 thread)')
  const warmRatio = ratio(result.median('docs-lint warm'), cold)
  const warm = warmRatio !== undefined && cold <= 2 ? `${warmRatio.toFixed(2)} (cold under 2 s)` : verdict(warmRatio, 0.05)
  log(`| ${name} | ${verdict(ratio(cold, result.median('markdownlint-cli2')), 0.75)} | ${ratio(result.medianCpu('docs-lint cold'), result.medianCpu('markdownlint-cli2'))?.toFixed(2) ?? 'n/a'} | ${verdict(ratio(cold, floor === undefined ? undefined : floor / jobs), 1.3)} | ${warm} | ${verdict(ratio(result.median('docs-lint warm, 1 page changed'), cold), 0.1)} | ${ratio(result.median('unified-engine alone (no-op parser)'), cold)?.toFixed(2) ?? 'n/a'} |`)
}
const small = results.get('generated 1000')
const large = results.get('generated 10000')
if (small && large) {
  log()
  log(`Linear growth: 10,000 pages ÷ 1,000 pages, docs-lint cold: ${verdict(large.median('docs-lint cold') / small.median('docs-lint cold'), 10.5)}.`)
  log(`Peak RSS on 10,000 pages, docs-lint cold: ${Math.round(large.rss('docs-lint cold'))} MB (target ≤ 400 MB): ${large.rss('docs-lint cold') <= 400 ? 'met' : 'NOT met'}.`)
}
// The section bench/scale.mjs writes (20,000 pages), and the notes written by hand after it, are kept:
// this script measures neither.
const resultsFile = path.join(here, 'results.md')
const previous = fs.existsSync(resultsFile) ? fs.readFileSync(resultsFile, 'utf8') : ''
const scaleAt = previous.indexOf('<!-- bench/scale.mjs: begin -->')
const kept = scaleAt === -1 ? '' : previous.slice(scaleAt)
if (!only && !values.tools) fs.writeFileSync(resultsFile, lines.join('\n') + '\n' + (kept ? '\n' + kept : ''))
fs.rmSync(work, {recursive: true, force: true})
