#!/usr/bin/env node
// `node bench/fix-corpora.mjs [--only <corpus>]`: run `docs-lint --fix` on a temporary copy of every
// corpus in ../shared/corpora and print, per corpus: files changed, problems fixed (fixable-rule
// problems before minus after), problems remaining, files that parsed before and no longer parse
// (must be 0), and whether a second `--fix` run changes any file (must not). Exits 1 when either fails.
import {spawnSync} from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {parseArgs} from 'node:util'

const here = path.dirname(fileURLToPath(import.meta.url))
const project = path.resolve(here, '..')
const bin = path.join(project, 'bin/docs-lint.js')
const corporaRoot = path.resolve(project, '../shared/corpora')
const {values} = parseArgs({options: {only: {type: 'string'}}})

if (!fs.existsSync(corporaRoot)) {
  console.error('fix-corpora: needs the corpora in ../shared/corpora (real documentation repositories beside this project).')
  process.exit(2)
}
if (!fs.existsSync(path.join(project, 'dist/src/cli.js'))) {
  console.error('fix-corpora: build first (npx tsc -p .)')
  process.exit(2)
}

const {rules} = await import(path.join(project, 'dist/rules/index.js'))
const fixable = new Set(rules.filter((rule) => rule.fixable === true).map((rule) => rule.id))

/** Every file under `root` (the linter may fix any page it finds), by relative path, with its SHA-1. */
function hashes(root) {
  const result = new Map()
  const walk = (folder) => {
    for (const entry of fs.readdirSync(folder, {withFileTypes: true})) {
      const full = path.join(folder, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (entry.isFile()) result.set(path.relative(root, full), crypto.createHash('sha1').update(fs.readFileSync(full)).digest('hex'))
    }
  }
  walk(root)
  return result
}

function makeWritable(folder) {
  fs.chmodSync(folder, 0o755)
  for (const entry of fs.readdirSync(folder, {withFileTypes: true})) {
    const full = path.join(folder, entry.name)
    if (entry.isDirectory()) makeWritable(full)
    else if (entry.isFile()) fs.chmodSync(full, 0o644)
  }
}

function changedFiles(before, after) {
  let count = 0
  for (const [file, hash] of after) if (before.get(file) !== hash) count++
  for (const file of before.keys()) if (!after.has(file)) count++
  return count
}

/** Run the CLI in `cwd`; its JSON report, by file path. */
function lint(cwd, args) {
  const run = spawnSync(process.execPath, [bin, ...args, '--format', 'json'], {cwd, encoding: 'utf8', maxBuffer: 1 << 30})
  if (run.status !== 0 && run.status !== 1) throw new Error('docs-lint ' + args.join(' ') + ' exited with ' + run.status + ':\n' + run.stderr)
  return new Map(JSON.parse(run.stdout).map((file) => [file.path, file.messages]))
}

function count(report, test) {
  let total = 0
  for (const messages of report.values()) total += messages.filter(test).length
  return total
}

function unparsed(report) {
  return new Set([...report].filter(([, messages]) => messages.some((message) => message.ruleId === 'parse-error')).map(([file]) => file))
}

const corpora = fs.readdirSync(corporaRoot).filter((name) => fs.statSync(path.join(corporaRoot, name)).isDirectory() && (!values.only || name === values.only))
const rows = []
let failed = false
for (const corpus of corpora) {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-fix-corpus-'))
  try {
    fs.cpSync(path.join(corporaRoot, corpus), copy, {recursive: true})
    // The shared corpora are read-only, and `--fix` leaves read-only files alone.
    makeWritable(copy)
    const started = Date.now()
    const original = hashes(copy)
    const before = lint(copy, [])
    const fixedReport = lint(copy, ['--fix'])
    const afterFix = hashes(copy)
    const again = lint(copy, ['--fix'])
    const afterSecond = hashes(copy)
    const isFixable = (message) => fixable.has(message.ruleId)
    const brokenFiles = [...unparsed(fixedReport)].filter((file) => !unparsed(before).has(file))
    const secondChanged = changedFiles(afterFix, afterSecond)
    const row = {
      corpus,
      pages: before.size,
      changed: changedFiles(original, afterFix),
      fixed: count(before, isFixable) - count(fixedReport, isFixable),
      fixableLeft: count(fixedReport, isFixable),
      remaining: count(fixedReport, () => true),
      broken: brokenFiles.length,
      secondRun: secondChanged === 0 && count(again, isFixable) === count(fixedReport, isFixable) ? 'no change' : secondChanged + ' files changed',
      seconds: ((Date.now() - started) / 1000).toFixed(1)
    }
    if (row.broken > 0 || secondChanged > 0) {
      failed = true
      for (const file of brokenFiles) console.error(corpus + ': ' + file + ' no longer parses: ' + fixedReport.get(file).find((message) => message.ruleId === 'parse-error').reason)
    }
    rows.push(row)
    console.error(corpus + ' done in ' + row.seconds + ' s')
  } finally {
    fs.rmSync(copy, {recursive: true, force: true})
  }
}

const header = ['corpus', 'pages', 'files changed', 'problems fixed', 'fixable left', 'remaining', 'no longer parse', 'second --fix', 'seconds']
const keys = ['corpus', 'pages', 'changed', 'fixed', 'fixableLeft', 'remaining', 'broken', 'secondRun', 'seconds']
console.log('| ' + header.join(' | ') + ' |')
console.log('|' + header.map(() => ' --- ').join('|') + '|')
for (const row of rows) console.log('| ' + keys.map((key) => row[key]).join(' | ') + ' |')
process.exitCode = failed ? 1 : 0
