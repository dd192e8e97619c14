#!/usr/bin/env node
// Time of the recommended preset against the parse floor (remark-parse + remark-frontmatter + remark-mdx,
// one thread), both measured in this one process over the same pages read into memory beforehand, and
// the CLI end to end. Usage: node bench/core.mjs [corpus folder] [runs]
import fs from 'node:fs'
import path from 'node:path'
import {unified} from 'unified'
import remarkParse from 'remark-parse'
import remarkFrontmatter from 'remark-frontmatter'
import remarkMdx from 'remark-mdx'
import {VFile} from 'vfile'
import {createProcessor, resolveConfig, lint} from '../dist/src/index.js'
import {corporaRoot, pageFiles} from './corpora.mjs'

const corpus = path.resolve(process.argv[2] ?? path.join(corporaRoot, 'box__box-mintlify'))
const runs = Number(process.argv[3] ?? 3)
if (!fs.existsSync(corpus)) {
  console.error('bench: corpus folder not found: ' + corpus + ' (the corpora live in ../shared/corpora)')
  process.exit(2)
}

const pages = pageFiles(corpus).map((file) => ({path: file, value: fs.readFileSync(file, 'utf8')}))
const bytes = pages.reduce((sum, page) => sum + page.value.length, 0)
console.log(`corpus ${path.basename(corpus)}: ${pages.length} pages, ${(bytes / 1e6).toFixed(1)} MB`)

const md = unified().use(remarkParse).use(remarkFrontmatter).freeze()
const mdx = unified().use(remarkParse).use(remarkFrontmatter).use(remarkMdx).freeze()
function parseFloor() {
  for (const page of pages) {
    try {
      ;(page.path.endsWith('.md') ? md : mdx).parse(page.value)
    } catch {}
  }
}

const config = resolveConfig(undefined)
async function recommended() {
  for (const page of pages) {
    const file = new VFile(page)
    const processor = createProcessor(config)
    await processor.run(processor.parse(file), file)
  }
}

async function cli() {
  await lint({patterns: [corpus], cwd: corpus})
}

const variants = {'parse floor': parseFloor, 'recommended (in-process)': recommended, 'recommended (CLI engine)': cli}
const times = Object.fromEntries(Object.keys(variants).map((name) => [name, /** @type {number[]} */ ([])]))
await recommended() // warm up the JIT and module caches for every variant alike
parseFloor()
for (let run = 0; run < runs; run++) {
  for (const [name, fn] of Object.entries(variants)) {
    const start = performance.now()
    await fn()
    times[name].push(performance.now() - start)
  }
}
const stats = (list) => {
  const sorted = [...list].sort((a, b) => a - b)
  return {min: sorted[0], median: sorted[Math.floor(sorted.length / 2)]}
}
const floor = stats(times['parse floor']).median
for (const [name, list] of Object.entries(times)) {
  const {min, median} = stats(list)
  console.log(
    `${name.padEnd(26)} min ${(min / 1000).toFixed(2)} s  median ${(median / 1000).toFixed(2)} s  ` +
      `${(pages.length / (median / 1000)).toFixed(0)} pages/s  ${(median / floor).toFixed(2)}× parse floor`
  )
}
