#!/usr/bin/env node
// `node bench/pretty-report.mjs <report.json> [times] [reporter module]`: the time and memory the pretty
// format takes on a large report. Reads a `--format json` report, repeats its files `times` times
// (default 1) under new paths, and formats it at no width and at 80 columns, writing the output to
// /dev/null as the command does. Prints CPU time (all threads) and heap growth of each. The reporter
// module defaults to this checkout's dist/src/reporters/pretty.js; give another build's to compare.
import fs from 'node:fs'
import path from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'
import {VFile} from 'vfile'

const [reportPath, timesText, modulePath] = process.argv.slice(2)
if (!reportPath) {
  console.error('usage: node bench/pretty-report.mjs <report.json> [times] [reporter module]')
  process.exit(2)
}
const here = path.dirname(fileURLToPath(import.meta.url))
const reporter = await import(pathToFileURL(path.resolve(modulePath ?? path.join(here, '../dist/src/reporters/pretty.js'))).href)
const report = JSON.parse(fs.readFileSync(reportPath, 'utf8'))
const files = []
for (let copy = 0; copy < Number(timesText ?? 1); copy++) {
  for (const entry of report) {
    const file = new VFile({path: copy + '/' + entry.path, cwd: entry.cwd})
    for (const json of entry.messages) {
      const place = {start: {line: json.line ?? 1, column: json.column ?? 1}, end: {line: json.endLine ?? 1, column: json.endColumn ?? 1}}
      const message = file.message(json.reason, {place, ruleId: json.ruleId, source: json.source})
      message.fatal = json.fatal
      if (json.fix) Object.assign(message, {fix: json.fix})
    }
    files.push(file)
  }
}
const messages = files.reduce((sum, file) => sum + file.messages.length, 0)
const sink = fs.openSync('/dev/null', 'w')
for (const width of [undefined, 80]) {
  globalThis.gc?.()
  const before = process.memoryUsage().heapUsed
  let peak = before
  const started = process.cpuUsage()
  if (reporter.prettyChunks) {
    // As the command writes it: blocks of about 64 KB.
    let block = ''
    for (const piece of reporter.prettyChunks(files, {width, pages: files.length})) {
      block += piece
      if (block.length < 64 * 1024) continue
      fs.writeSync(sink, block)
      block = ''
      peak = Math.max(peak, process.memoryUsage().heapUsed)
    }
    fs.writeSync(sink, block)
  } else {
    const output = reporter.pretty(files, {width, pages: files.length})
    peak = Math.max(peak, process.memoryUsage().heapUsed)
    fs.writeSync(sink, output)
  }
  const used = process.cpuUsage(started)
  console.log(messages + ' messages in ' + files.length + ' files, width ' + (width ?? 'none') + ': ' + Math.round((used.user + used.system) / 1000) +
    ' ms CPU, heap growth ' + Math.round((peak - before) / 1024 / 1024) + ' MB')
}
