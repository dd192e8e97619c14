// Is the output of this checkout byte for byte the output of another build of docs-lint, in JSON and
// SARIF, on every corpus and with the recommended and the `all` presets? For a change that must not
// change behaviour (a refactor): build both, then
//   node bench/identical.mjs <other checkout> [folders...]
// Exit code 0 when every report and exit code is the same, 1 when one differs (the first lines that
// differ are printed).
import {execFileSync} from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {foldersFromArguments} from './corpora.mjs'

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const [other, ...names] = process.argv.slice(2)
if (!other || !fs.existsSync(path.join(other, 'bin/docs-lint.js'))) {
  console.error('usage: node bench/identical.mjs <other built checkout of docs-lint> [folders...]')
  process.exit(2)
}
const builds = {this: path.join(here, 'bin/docs-lint.js'), other: path.join(path.resolve(other), 'bin/docs-lint.js')}
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-identical-'))
const allConfig = path.join(scratch, 'all.json')
fs.writeFileSync(allConfig, JSON.stringify({extends: 'all'}))
const presets = {recommended: [], all: ['--config', allConfig]}

/** One run: the JSON report on standard output, the SARIF one in a file, and the exit code. */
function run(bin, folder, args, name) {
  const sarifFile = path.join(scratch, name + '.sarif')
  let stdout
  let status = 0
  try {
    stdout = execFileSync(process.execPath, [bin, '--format', 'json', '--output-file', 'sarif=' + sarifFile, ...args], {cwd: folder, maxBuffer: 1 << 30, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']})
  } catch (error) {
    // execFileSync's error on a non-zero exit carries the output and the status.
    const failed = /** @type {{stdout: string, status: number}} */ (error)
    stdout = failed.stdout
    status = failed.status
  }
  return {json: stdout, sarif: fs.existsSync(sarifFile) ? fs.readFileSync(sarifFile, 'utf8') : '', status}
}

function firstDifference(a, b) {
  const left = a.split('\n')
  const right = b.split('\n')
  const at = left.findIndex((line, index) => line !== right[index])
  const line = at === -1 ? left.length : at
  return 'line ' + (line + 1) + ':\n  this:  ' + (left[line] ?? '(end)').slice(0, 200) + '\n  other: ' + (right[line] ?? '(end)').slice(0, 200)
}

let differences = 0
for (const folder of foldersFromArguments('identical', names)) {
  for (const [preset, args] of Object.entries(presets)) {
    const started = Date.now()
    const mine = run(builds.this, folder, args, 'this')
    const theirs = run(builds.other, folder, args, 'other')
    const label = path.basename(folder) + ' (' + preset + ')'
    const messages = (JSON.parse(mine.json || '[]')).reduce((sum, file) => sum + file.messages.length, 0)
    const problems = []
    if (mine.status !== theirs.status) problems.push('exit code ' + mine.status + ' against ' + theirs.status)
    for (const format of ['json', 'sarif']) {
      if (mine[format] !== theirs[format]) problems.push(format + ' differs at ' + firstDifference(mine[format], theirs[format]))
    }
    differences += problems.length
    console.log((problems.length === 0 ? 'same  ' : 'DIFF  ') + label + ': ' + messages + ' messages, ' + mine.json.length + ' + ' + mine.sarif.length + ' bytes, exit ' + mine.status + ', ' + ((Date.now() - started) / 1000).toFixed(1) + ' s')
    for (const problem of problems) console.log('      ' + problem)
  }
}
fs.rmSync(scratch, {recursive: true, force: true})
process.exit(differences === 0 ? 0 : 1)
