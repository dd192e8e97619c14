#!/usr/bin/env node
// Time per rule (and parse) over a corpus, in one thread: where the lint time goes.
// Usage: DOCS_LINT_TIMING=1 node bench/rule-timing.mjs <folder> [preset]
import fs from 'node:fs'
import path from 'node:path'
import {VFile} from 'vfile'
import {createProcessor, resolveConfig} from '../dist/src/index.js'
import {timings} from '../dist/src/shared/timing.js'
import {pageFiles} from './corpora.mjs'

const folder = path.resolve(process.argv[2] ?? '.')
const config = resolveConfig({extends: process.argv[3] ?? 'recommended'})
const pages = pageFiles(folder).map((file) => ({path: file, value: fs.readFileSync(file, 'utf8')}))
let parse = 0
let total = 0
for (const page of pages) {
  const file = new VFile(page)
  const processor = createProcessor(config)
  const start = performance.now()
  const tree = processor.parse(file)
  parse += performance.now() - start
  await processor.run(tree, file)
  total += performance.now() - start
}
/** @type {Array<[string, number]>} */
const rows = [['parse', parse], ...[...timings].sort((a, b) => b[1] - a[1])]
console.log(`${pages.length} pages, total ${(total / 1000).toFixed(2)} s`)
for (const [name, ms] of rows) console.log(`${name.padEnd(24)} ${(ms / 1000).toFixed(2).padStart(7)} s  ${((100 * ms) / total).toFixed(1).padStart(5)} %`)
