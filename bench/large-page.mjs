#!/usr/bin/env node
// `node bench/large-page.mjs`: one very large page, linted and fixed. The page is the pages of one shared
// corpus (default hoppscotch__docs) one after another under headings, without their imports, up to
// 2.7 MB; a quarter and a half of it are timed too, so that the growth with size shows. Each size is
// linted, then fixed (`--fix`) in a copy; a second `--fix` must change nothing. Wall time and peak
// memory (/usr/bin/time when present). Writes its section of bench/results.md.
// Options: --corpus <name>, --megabytes N (default 2.7).
import {spawnSync} from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {parseArgs} from 'node:util'
import {corporaRoot, pageFiles, requireCorporaAndBuild, currentCommit, writeResultsSection} from './corpora.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const project = path.resolve(here, '..')
const {values} = parseArgs({options: {corpus: {type: 'string'}, megabytes: {type: 'string'}}})
const corpus = values.corpus ?? 'hoppscotch__docs'
const size = Number(values.megabytes ?? 2.7) * 1e6
requireCorporaAndBuild('bench/large-page')

const sources = pageFiles(path.join(corporaRoot, corpus)).filter((file) => file.endsWith('.mdx'))
let page = '---\ntitle: Everything\ndescription: Every page of the site on one page.\n---\n'
for (let index = 0; page.length < size; index++) {
  const body = fs.readFileSync(sources[index % sources.length], 'utf8').replace(/^---[\s\S]*?---\n/, '')
  page += '\n## Part ' + index + '\n\n' + body.split('\n').filter((line) => !/^(import|export)\s/.test(line)).join('\n') + '\n'
}
const lines = page.split('\n')
/** The first `fraction` of the page, cut before a part's heading. */
function part(fraction) {
  let at = Math.floor(lines.length * fraction)
  while (at < lines.length && !lines[at].startsWith('## Part ')) at++
  return lines.slice(0, at).join('\n')
}

const time = fs.existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined
function run(args, cwd) {
  const command = [process.execPath, path.join(project, 'bin/docs-lint.js'), ...args]
  const started = process.hrtime.bigint()
  const result = time ? spawnSync(time, ['-f', '%M', ...command], {cwd, encoding: 'utf8', maxBuffer: 1 << 28}) : spawnSync(command[0], command.slice(1), {cwd, encoding: 'utf8', maxBuffer: 1 << 28})
  const seconds = Number(process.hrtime.bigint() - started) / 1e9
  const peak = time ? Number(result.stderr.trim().split('\n').at(-1)) / 1024 : undefined
  return {seconds, peak, stdout: result.stdout}
}

const rows = []
for (const fraction of [0.25, 0.5, 1]) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-large-'))
  const text = part(fraction)
  fs.writeFileSync(path.join(folder, 'docs.json'), JSON.stringify({theme: 'mint', name: 'Large', colors: {primary: '#0B6E4F'}, navigation: {groups: [{group: 'All', pages: ['everything']}]}}))
  fs.writeFileSync(path.join(folder, 'everything.mdx'), text)
  const lint = run(['--format', 'json', '.'], folder)
  const fix = run(['--fix', '--format', 'json', '.'], folder)
  const fixed = fs.readFileSync(path.join(folder, 'everything.mdx'), 'utf8')
  run(['--fix', '--format', 'json', '.'], folder)
  const settled = fs.readFileSync(path.join(folder, 'everything.mdx'), 'utf8') === fixed
  const memory = (peak) => (peak === undefined ? '' : ', ' + Math.round(peak) + ' MB')
  rows.push(`| ${(text.length / 1e6).toFixed(2)} MB | ${lint.seconds.toFixed(2)} s${memory(lint.peak)} | ${fix.seconds.toFixed(2)} s${memory(fix.peak)} | ${settled ? 'yes' : 'NO'} |`)
  console.log(rows.at(-1))
  fs.rmSync(folder, {recursive: true, force: true})
}

const commit = currentCommit()
writeResultsSection('bench/large-page.mjs', [
  '## One large page',
  '',
  `\`node bench/large-page.mjs\` on ${os.cpus().length} cores (commit ${commit}, ${new Date().toISOString().slice(0, 10)}): the pages of ${corpus} on one page, and the first`,
  'quarter and half of it. Wall time and peak memory of one run; "settled": a second `--fix` changes nothing.',
  '',
  '| page | lint | `--fix` | settled |',
  '| ---: | ---: | ---: | --- |',
  ...rows
])
