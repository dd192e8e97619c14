#!/usr/bin/env node
// The precision harness (docs/accuracy.mdx): draw a seeded random sample of findings on the real sites
// in ../shared/corpora for judging, and score judged samples per rule.
//
//   node scripts/precision.mjs sample --seed 20261126 [--per-rule 20] [--out sample.tsv] [--context brief.md]
//   node scripts/precision.mjs score test/precision/*.tsv
//   node scripts/precision.mjs status [--write] test/precision/*.tsv
//
// A sample line: corpus, file:line:col, rule, message, verdict (empty until judged), reason. Judges
// fill the last two columns (TP or FP) as ../shared/PRECISION.md says.
import fs from 'node:fs'
import path from 'node:path'
import {parseArgs} from 'node:util'

const root = path.resolve(import.meta.dirname, '..')
const corporaRoot = path.resolve(root, '../shared/corpora')
const {positionals, values} = parseArgs({
  allowPositionals: true,
  options: {
    seed: {type: 'string'},
    'per-rule': {type: 'string', default: '20'},
    out: {type: 'string'},
    context: {type: 'string'},
    corpora: {type: 'string'},
    write: {type: 'boolean', default: false}
  }
})
const [command, ...rest] = positionals

/** mulberry32: a small seeded generator, so a seed written down draws the same sample again. */
function random(seed) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export const clean = (text) => String(text).replace(/[\t\r\n]+/g, ' ')

async function sample() {
  if (!values.seed) throw new Error('sample needs --seed <number>: write it down with the results')
  const next = random(Number(values.seed))
  const perRule = Number(values['per-rule'])
  const {lint} = await import(path.join(root, 'dist/src/index.js'))
  const names = values.corpora ? values.corpora.split(',') : fs.readdirSync(corporaRoot).filter((name) => !name.startsWith('.')).sort()
  const byRule = new Map()
  for (const name of names) {
    const cwd = path.join(corporaRoot, name)
    const result = await lint({patterns: ['.'], cwd, jobs: 'auto'})
    for (const file of result.files) {
      for (const message of file.messages) {
        const finding = {corpus: name, file: file.path, line: message.line, column: message.column, rule: message.ruleId, message: clean(message.reason), severity: message.fatal ? 'error' : message.fatal === false ? 'warn' : 'info'}
        if (!byRule.has(finding.rule)) byRule.set(finding.rule, [])
        byRule.get(finding.rule).push(finding)
      }
    }
    process.stderr.write(name + ': ' + result.files.length + ' pages\n')
  }
  const lines = []
  const picked = []
  for (const rule of [...byRule.keys()].sort()) {
    const findings = byRule.get(rule)
    // A partial Fisher-Yates shuffle: the first `perRule` of a seeded permutation.
    for (let index = 0; index < Math.min(perRule, findings.length); index++) {
      const swap = index + Math.floor(next() * (findings.length - index))
      ;[findings[index], findings[swap]] = [findings[swap], findings[index]]
      const f = findings[index]
      picked.push(f)
      lines.push([f.corpus, f.file + ':' + f.line + ':' + f.column, f.rule, f.message, '', ''].join('\t'))
    }
  }
  const header = '# seed ' + values.seed + ', up to ' + perRule + ' findings per rule over ' + names.join(', ') + '\n# corpus\tplace\trule\tmessage\tverdict\treason\n'
  const tsv = header + lines.join('\n') + '\n'
  if (values.out) fs.writeFileSync(values.out, tsv)
  else process.stdout.write(tsv)
  if (values.context) fs.writeFileSync(values.context, contextOf(picked))
}

/** Each sampled finding with the page lines around it, so a judge reads it in place. */
function contextOf(findings) {
  const parts = []
  for (const [index, f] of findings.entries()) {
    const full = path.join(corporaRoot, f.corpus, f.file)
    let lines = []
    try {
      lines = fs.readFileSync(full, 'utf8').split('\n')
    } catch {}
    const from = Math.max(0, f.line - 6)
    const to = Math.min(lines.length, f.line + 5)
    const excerpt = lines.slice(from, to).map((text, offset) => String(from + offset + 1).padStart(5) + (from + offset + 1 === f.line ? ' > ' : ' | ') + text).join('\n')
    parts.push('## ' + (index + 1) + '. ' + f.rule + ' — ' + f.corpus + '/' + f.file + ':' + f.line + ':' + f.column + '\n\n' + f.message + '\n\n```\n' + excerpt + '\n```\n')
  }
  return parts.join('\n')
}

function score(files) {
  const tally = new Map()
  for (const file of files) {
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      if (!line || line.startsWith('#')) continue
      const [, , rule, , verdict] = line.split('\t')
      if (verdict !== 'TP' && verdict !== 'FP') continue
      const entry = tally.get(rule) ?? {tp: 0, fp: 0}
      entry[verdict === 'TP' ? 'tp' : 'fp']++
      tally.set(rule, entry)
    }
  }
  let tp = 0
  let judged = 0
  console.log('| rule | judged | TP | FP | precision |\n|---|---|---|---|---|')
  for (const [rule, entry] of [...tally].sort(([a], [b]) => a.localeCompare(b))) {
    const n = entry.tp + entry.fp
    tp += entry.tp
    judged += n
    console.log('| ' + rule + ' | ' + n + ' | ' + entry.tp + ' | ' + entry.fp + ' | ' + Math.round((100 * entry.tp) / n) + '% |')
  }
  console.log('| all | ' + judged + ' | ' + tp + ' | ' + (judged - tp) + ' | ' + Math.round((100 * tp) / judged) + '% |')
}

/**
 * Which judged findings the current build still reports: a TP not reported is `lost`, an FP reported is
 * `open`. With --write, the 7th column records that state, for a reviewer to read in the diff.
 */
async function status(files) {
  const {lint} = await import(path.join(root, 'dist/src/index.js'))
  const tables = files.map((file) => ({file, lines: fs.readFileSync(file, 'utf8').split('\n')}))
  const corpora = new Set(tables.flatMap(({lines}) => lines.filter((line) => line && !line.startsWith('#')).map((line) => line.split('\t')[0])))
  const reported = new Map()
  for (const name of corpora) {
    const cwd = path.join(corporaRoot, name)
    const result = await lint({patterns: ['.'], cwd, jobs: 'auto'})
    for (const file of result.files) {
      for (const message of file.messages) {
        const key = name + '\t' + file.path + ':' + message.line + '\t' + message.ruleId
        reported.set(key, [...(reported.get(key) ?? []), String(message.reason)])
      }
    }
  }
  const tally = {kept: 0, lost: 0, fixed: 0, open: 0}
  for (const table of tables) {
    table.lines = table.lines.map((line) => {
      if (!line || line.startsWith('#')) return line
      const columns = line.split('\t')
      // The 8th column: a text the message holds, where a rule puts several findings on one line.
      const [corpus, place, rule, , verdict, , , holds = ''] = columns
      const present = (reported.get(corpus + '\t' + place.replace(/:\d+$/, '') + '\t' + rule) ?? []).some((reason) => reason.includes(holds))
      const state = verdict === 'TP' ? (present ? '' : 'lost') : present ? 'open' : ''
      tally[verdict === 'TP' ? (present ? 'kept' : 'lost') : present ? 'open' : 'fixed']++
      if (state) console.log(state + '\t' + line)
      columns.length = 6
      if (state || holds) columns.push(state)
      if (holds) columns.push(holds)
      return columns.join('\t')
    })
    if (values.write) fs.writeFileSync(table.file, table.lines.join('\n'))
  }
  console.error('TP kept ' + tally.kept + ', TP lost ' + tally.lost + ', FP fixed ' + tally.fixed + ', FP open ' + tally.open)
}

if (command === 'sample') await sample()
else if (command === 'status') await status(rest)
else if (command === 'score') score(rest)
else {
  console.error('usage: node scripts/precision.mjs sample --seed N [--per-rule 20] [--out file.tsv] [--context file.md]\n       node scripts/precision.mjs score file.tsv ...')
  process.exit(2)
}
