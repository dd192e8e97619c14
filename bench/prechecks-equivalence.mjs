#!/usr/bin/env node
// The prose rules (passive-voice, second-person, sentence-length) build a block's retext tree only
// when a cheap test on its text says a finding is possible. This lints each corpus twice, with the
// pre-checks and with DOCS_LINT_NO_PRECHECKS=1 (every block gets a tree), and checks that the two
// reports are the same. Usage: node bench/prechecks-equivalence.mjs [folder...]
// (default: every corpus in ../shared/corpora)
import path from 'node:path'
import {spawnSync} from 'node:child_process'
import {fileURLToPath} from 'node:url'
import {foldersFromArguments} from './corpora.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const folders = foldersFromArguments('prechecks-equivalence')
const bin = path.join(here, '../bin/docs-lint.js')
function lint(folder, env) {
  const started = performance.now()
  const result = spawnSync(process.execPath, [bin, '--format', 'json', '.'], {cwd: folder, encoding: 'utf8', maxBuffer: 1 << 30, env: {...process.env, ...env}})
  if (result.status !== 0 && result.status !== 1) throw new Error('docs-lint failed on ' + folder + ': ' + result.stderr.slice(-500))
  return {report: result.stdout, seconds: (performance.now() - started) / 1000}
}
let differ = 0
for (const folder of folders) {
  const withChecks = lint(folder, {})
  const without = lint(folder, {DOCS_LINT_NO_PRECHECKS: '1'})
  const same = withChecks.report === without.report
  if (!same) differ++
  const messages = JSON.parse(withChecks.report).reduce((sum, file) => sum + file.messages.length, 0)
  console.log(`${path.basename(folder)}: ${same ? 'same report' : 'REPORTS DIFFER'} (${messages} messages); ${withChecks.seconds.toFixed(1)} s with pre-checks, ${without.seconds.toFixed(1)} s without`)
}
process.exitCode = differ > 0 ? 1 : 0
