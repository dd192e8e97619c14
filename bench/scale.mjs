#!/usr/bin/env node
// `node bench/scale.mjs`: docs-lint on a generated site of 20,000 pages (real pages from ../shared/corpora,
// replicated, with a docs.json whose navigation lists them all).
// 1. Under `ulimit -n 256`: every page must be linted and no read may fail with EMFILE.
// 2. Peak memory of the whole process tree (this thread and the workers are one process; any child
//    process is summed in), sampled from /proc every 50 ms, with `/usr/bin/time`'s maximum beside it.
// 3. The pretty report of a warm run with the strict preset: total time and the time spent formatting.
// Options: --pages N (default 20000), --runs N (default 1), --folder <dir> (reuse or create the site there),
// --only ulimit|memory|pretty (one step), --jobs <n> (passed on).
// Each step's result replaces its line in the "Scale" section of bench/results.md (which bench/run.mjs keeps).
import {spawn, spawnSync} from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {parseArgs} from 'node:util'
import {corporaRoot, pageFiles, requireCorporaAndBuild} from './corpora.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
/** The markers of this script's section in bench/results.md; bench/run.mjs keeps it, and the notes after it. */
const sectionStart = '<!-- bench/scale.mjs: begin -->'
const sectionEnd = '<!-- bench/scale.mjs: end -->'
const project = path.resolve(here, '..')
const cli = path.join(project, 'bin/docs-lint.js')
const {values} = parseArgs({
  options: {pages: {type: 'string'}, runs: {type: 'string'}, folder: {type: 'string'}, only: {type: 'string'}, jobs: {type: 'string'}}
})
const pageCount = Number(values.pages ?? 20000)
const runs = Number(values.runs ?? 1)
const only = values.only

requireCorporaAndBuild('bench')

/** Pages the platform never publishes (and docs-lint never lints): left out, so every copied page counts. */
const unpublished = /^(README|LICENSE|CHANGELOG|CONTRIBUTING|CLAUDE|CLAUDE\.local|AGENTS?|GEMINI|SKILL|skill)\.md$/

function generate(folder, count) {
  const marker = path.join(folder, '.generated-' + count)
  if (fs.existsSync(marker)) return
  fs.rmSync(folder, {recursive: true, force: true})
  const sources = pageFiles(corporaRoot).filter((file) => !unpublished.test(path.basename(file)))
  /** @type {Array<{group: string, pages: string[]}>} */
  const groups = []
  for (let index = 0; index < count; index++) {
    // Every page of every corpus in turn, so the site holds their mix (long API references, short guides).
    const source = sources[index % sources.length]
    const part = 'part-' + String(Math.floor(index / 500)).padStart(2, '0')
    const name = index + '-' + path.basename(source).replace(/\.mdx?$/, '')
    const target = path.join(folder, part, name + path.extname(source))
    fs.mkdirSync(path.dirname(target), {recursive: true})
    fs.copyFileSync(source, target)
    if (index % 500 === 0) groups.push({group: part, pages: []})
    groups[groups.length - 1].pages.push(part + '/' + name)
  }
  const docs = {
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: 'Scale test',
    colors: {primary: '#0B6E4F'},
    navigation: {groups}
  }
  fs.writeFileSync(path.join(folder, 'docs.json'), JSON.stringify(docs, undefined, 2) + '\n')
  fs.writeFileSync(marker, '')
}

/** Resident memory of `pid` and every process below it, in KB (threads are part of their process). */
function treeRss(pid) {
  let total = 0
  const stack = [pid]
  while (stack.length > 0) {
    const current = stack.pop()
    try {
      const status = fs.readFileSync('/proc/' + current + '/status', 'utf8')
      total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
      for (const task of fs.readdirSync('/proc/' + current + '/task')) {
        const children = fs.readFileSync('/proc/' + current + '/task/' + task + '/children', 'utf8').trim()
        if (children) stack.push(...children.split(/\s+/).map(Number))
      }
    } catch {
      // The process ended between two reads.
    }
  }
  return total
}

/**
 * Run docs-lint (under /usr/bin/time, in a shell for `ulimit`) and sample the tree's memory.
 * Resolves with wall time, peak tree RSS (MB, sampled), max RSS from /usr/bin/time (MB), exit code,
 * and the paths of stdout and stderr.
 * @param {string} folder
 * @param {string[]} args
 * @param {{ulimit?: number, label: string}} options
 */
function runDocsLint(folder, args, {ulimit, label}) {
  const out = path.join(os.tmpdir(), 'docs-lint-scale-' + label + '.out')
  const err = path.join(os.tmpdir(), 'docs-lint-scale-' + label + '.err')
  const quoted = [process.execPath, cli, ...args].map((word) => "'" + word.replace(/'/g, "'\\''") + "'").join(' ')
  const script = (ulimit ? 'ulimit -n ' + ulimit + ' && ' : '') + "exec /usr/bin/time -f 'time %e %M' " + quoted + ' > ' + out + ' 2> ' + err
  const started = process.hrtime.bigint()
  const child = spawn('bash', ['-c', script], {cwd: folder, stdio: 'ignore'})
  let peak = 0
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRss(child.pid))
  }, 50)
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      clearInterval(timer)
      const seconds = Number(process.hrtime.bigint() - started) / 1e9
      const stderr = fs.readFileSync(err, 'utf8')
      const time = /time ([\d.]+) (\d+)\s*$/.exec(stderr)
      resolve({code, seconds, peakMb: Math.round(peak / 1024), timeMb: time ? Math.round(Number(time[2]) / 1024) : undefined, out, err, stderr})
    })
  })
}

const folder = path.resolve(values.folder ?? path.join(os.tmpdir(), 'docs-lint-scale-' + pageCount))
console.log('site: ' + folder + ' (' + pageCount + ' pages)')
generate(folder, pageCount)
const jobs = values.jobs ? ['--jobs', values.jobs] : []
/** @type {Array<[string, string]>} */
const results = []

if (!only || only === 'ulimit') {
  const run = await runDocsLint(folder, ['--format', 'json', ...jobs, '.'], {ulimit: 256, label: 'ulimit'})
  const report = JSON.parse(fs.readFileSync(run.out, 'utf8'))
  const pages = report.filter((file) => /\.mdx?$/.test(file.path))
  const unreadable = pages.filter((file) => file.messages.some((message) => message.ruleId === 'read-error'))
  const emfile = /EMFILE/.test(run.stderr) || fs.readFileSync(run.out, 'utf8').includes('EMFILE')
  const passed = pages.length === pageCount && unreadable.length === 0 && !emfile && run.code !== 2
  results.push(['ulimit', 'ulimit -n 256: ' + pages.length + ' of ' + pageCount + ' pages linted, ' + unreadable.length + ' unreadable, EMFILE ' +
    (emfile ? 'seen' : 'never') + ', exit ' + run.code + ', ' + run.seconds.toFixed(1) + ' s: ' + (passed ? 'passed' : 'FAILED')])
  console.log(results[results.length - 1][1])
  if (!passed) process.exitCode = 1
}

if (!only || only === 'memory') {
  for (let index = 0; index < runs; index++) {
    const run = await runDocsLint(folder, ['--format', 'json', ...jobs, '.'], {label: 'memory'})
    results.push(['memory', 'cold run, --format json: ' + run.seconds.toFixed(1) + ' s, peak RSS of the process tree ' + run.peakMb +
      ' MB (sampled), ' + run.timeMb + ' MB (/usr/bin/time), exit ' + run.code + (run.peakMb < 600 ? '' : ': over 600 MB')])
    console.log(results[results.length - 1][1])
    if (run.code === 2) console.log(run.stderr)
  }
}

if (!only || only === 'pretty') {
  // A warm run with the strict preset: the cache answers every page, so the report is most of the time.
  const config = path.join(os.tmpdir(), 'docs-lint-scale-strict.json')
  fs.writeFileSync(config, JSON.stringify({extends: 'strict'}))
  const cache = path.join(os.tmpdir(), 'docs-lint-scale-cache-' + pageCount)
  fs.rmSync(cache, {force: true})
  const args = ['--config', config, '--cache-location', cache, '--no-color', ...jobs, '.']
  await runDocsLint(folder, args, {label: 'pretty-cold'})
  for (let index = 0; index < runs; index++) {
    const run = await runDocsLint(folder, [...args, '--format', 'pretty'], {label: 'pretty'})
    const json = await runDocsLint(folder, [...args, '--format', 'json'], {label: 'pretty-json'})
    const messages = JSON.parse(fs.readFileSync(json.out, 'utf8')).reduce((sum, file) => sum + file.messages.length, 0)
    const bytes = fs.statSync(run.out).size
    results.push(['pretty', 'warm run, strict, ' + messages + ' messages: pretty ' + run.seconds.toFixed(1) + ' s (' + run.peakMb + ' MB, ' +
      (bytes / 1024 / 1024).toFixed(1) + ' MB of output), json ' + json.seconds.toFixed(1) + ' s (' + json.peakMb + ' MB)'])
    console.log(results[results.length - 1][1])
  }
}

const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {cwd: project, encoding: 'utf8'}).stdout.trim()
const machine = 'Node ' + process.version + ', ' + os.cpus().length + ' cores, load average ' + os.loadavg()[0].toFixed(1) + ', commit ' + commit + ', ' + new Date().toISOString().slice(0, 10)
console.log('\n' + machine)
if (pageCount === 20000) writeSection(results.map(([step, text]) => '- ' + step + ': ' + text + ' (' + machine + ')'))

/** Put each step's line in the "Scale" section of bench/results.md, keeping the lines of steps not run. */
function writeSection(lines) {
  const file = path.join(here, 'results.md')
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : ''
  const start = text.indexOf(sectionStart)
  const end = text.indexOf(sectionEnd)
  const old = start !== -1 && end > start ? text.slice(start + sectionStart.length, end).split('\n').filter((line) => line.startsWith('- ')) : []
  const steps = new Set(lines.map((line) => line.slice(2, line.indexOf(':'))))
  const kept = old.filter((line) => !steps.has(line.slice(2, line.indexOf(':'))))
  const order = ['ulimit', 'memory', 'pretty', 'pretty-format']
  const merged = [...kept, ...lines].sort((a, b) => order.indexOf(a.slice(2, a.indexOf(':'))) - order.indexOf(b.slice(2, b.indexOf(':'))))
  const section = sectionStart + '\n## Scale: 20,000 pages (node bench/scale.mjs)\n\n' + merged.join('\n') + '\n' + sectionEnd
  const body = start !== -1 && end > start ? text.slice(0, start) + section + text.slice(end + sectionEnd.length) : text.trimEnd() + '\n\n' + section + '\n'
  fs.writeFileSync(file, body)
}
