#!/usr/bin/env node
// `node bench/fix-corpora.mjs [--only <corpus>]`: run `docs-lint --fix` with the `strict` preset (every
// fixable rule on) on a temporary copy of every corpus in ../shared/corpora and print, per corpus:
// files changed, problems fixed (fixable-rule problems before minus after), problems remaining, files
// that parsed before and no longer parse, findings the re-lint shows that were not there before, and
// fixes the re-lint still offers (a second `--fix` would change files). The last three must be 0;
// exits 1 otherwise. test/fix-corpora.test.ts runs the same check on every corpus in `npm test`.
//
// Cost: the first lint fills a cache, so `--fix` re-lints only the pages that have fixes, and the
// re-lint after it only the pages it changed.
import {spawnSync} from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {parseArgs} from 'node:util'
import {corporaRoot, requireCorporaAndBuild} from './corpora.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const project = path.resolve(here, '..')
const bin = path.join(project, 'bin/docs-lint.js')
export {corporaRoot}

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
  const changed = []
  for (const [file, hash] of after) if (before.get(file) !== hash) changed.push(file)
  for (const file of before.keys()) if (!after.has(file)) changed.push(file)
  return changed
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

/**
 * Findings of `after` that `before` does not have, as `file: rule: reason`. Lines move when a fix
 * adds or removes some, so findings are matched by file, rule and message, as many times as each
 * occurs. A finding left unmatched may still pair with an unmatched one of the same rule on the same
 * page: a fix that mends part of a problem changes what the rule says about the rest (front-matter's
 * `Missing front matter` becomes `Missing description` once the title is added), which is no new problem.
 */
export function newFindings(before, after) {
  const exactKey = (file, message) => file + ': ' + message.ruleId + ': ' + message.reason
  const ruleKey = (file, message) => file + ': ' + message.ruleId
  const exact = new Map()
  for (const [file, messages] of before) for (const message of messages) exact.set(exactKey(file, message), (exact.get(exactKey(file, message)) ?? 0) + 1)
  const unmatched = []
  for (const [file, messages] of after) {
    for (const message of messages) {
      const left = exact.get(exactKey(file, message)) ?? 0
      if (left > 0) exact.set(exactKey(file, message), left - 1)
      else unmatched.push({file, message})
    }
  }
  // What is left of `before` (the findings the fixes removed or changed), counted by page and rule.
  const sameRule = new Map()
  for (const [file, messages] of before) {
    for (const message of messages) {
      const left = exact.get(exactKey(file, message)) ?? 0
      if (left === 0) continue
      exact.set(exactKey(file, message), left - 1)
      sameRule.set(ruleKey(file, message), (sameRule.get(ruleKey(file, message)) ?? 0) + 1)
    }
  }
  const found = []
  for (const {file, message} of unmatched) {
    const left = sameRule.get(ruleKey(file, message)) ?? 0
    if (left > 0) sameRule.set(ruleKey(file, message), left - 1)
    else found.push(exactKey(file, message) + ' (line ' + message.line + ')')
  }
  return found
}

/**
 * `--fix` with the `strict` preset (or the config `settings`) on a temporary copy of `corpusFolder`, and what it did: the
 * findings a re-lint shows that were not there before (`introduced`), and the fixes it still offers
 * (`fixesLeft`), each as `file: rule: reason`; both must be empty.
 */
export function checkFixes(corpusFolder, fixableRules, settings = {extends: 'strict'}) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-fix-corpus-'))
  const copy = path.join(work, 'site')
  try {
    fs.cpSync(corpusFolder, copy, {recursive: true})
    // The shared corpora are read-only, and `--fix` leaves read-only files alone.
    makeWritable(copy)
    const config = path.join(work, 'strict.json')
    fs.writeFileSync(config, JSON.stringify(settings))
    const common = ['--config', config, '--cache', '--cache-location', path.join(work, 'cache')]
    const started = Date.now()
    const original = hashes(copy)
    const before = lint(copy, common)
    lint(copy, [...common, '--fix'])
    const changed = changedFiles(original, hashes(copy))
    const after = lint(copy, common)
    const isFixable = (message) => fixableRules.has(message.ruleId)
    const fixesLeft = []
    for (const [file, messages] of after) for (const message of messages) if (message.fix) fixesLeft.push(file + ': ' + message.ruleId + ': ' + message.reason + ' (line ' + message.line + ')')
    const introduced = newFindings(before, after)
    return {
      pages: before.size,
      changed: changed.length,
      fixed: count(before, isFixable) - count(after, isFixable),
      remaining: count(after, () => true),
      introduced,
      broken: introduced.filter((finding) => finding.includes(': parse-error: ')).length,
      fixesLeft,
      seconds: (Date.now() - started) / 1000
    }
  } finally {
    fs.rmSync(work, {recursive: true, force: true})
  }
}

async function main() {
  const {values} = parseArgs({options: {only: {type: 'string'}}})
  requireCorporaAndBuild('fix-corpora')
  const {rules} = await import(path.join(project, 'dist/rules/index.js'))
  const fixable = new Set(rules.filter((rule) => rule.fixable === true).map((rule) => rule.id))
  const corpora = fs.readdirSync(corporaRoot).filter((name) => fs.statSync(path.join(corporaRoot, name)).isDirectory() && (!values.only || name === values.only))
  const rows = []
  let failed = false
  for (const corpus of corpora) {
    const result = checkFixes(path.join(corporaRoot, corpus), fixable)
    if (result.introduced.length > 0 || result.fixesLeft.length > 0) {
      failed = true
      for (const finding of result.introduced) console.error(corpus + ': new after --fix: ' + finding)
      for (const finding of result.fixesLeft) console.error(corpus + ': still fixable after --fix: ' + finding)
    }
    rows.push({corpus, ...result, introduced: result.introduced.length, fixesLeft: result.fixesLeft.length, seconds: result.seconds.toFixed(1)})
    console.error(corpus + ' done in ' + result.seconds.toFixed(1) + ' s')
  }
  const header = ['corpus', 'pages', 'files changed', 'problems fixed', 'remaining', 'no longer parse', 'new findings', 'fixes left', 'seconds']
  const keys = ['corpus', 'pages', 'changed', 'fixed', 'remaining', 'broken', 'introduced', 'fixesLeft', 'seconds']
  console.log('| ' + header.join(' | ') + ' |')
  console.log('|' + header.map(() => ' --- ').join('|') + '|')
  for (const row of rows) console.log('| ' + keys.map((key) => row[key]).join(' | ') + ' |')
  process.exitCode = failed ? 1 : 0
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main()
