#!/usr/bin/env node
// How much a second core speeds up the parse floor on this machine: the same pages parsed in one
// thread, split over two worker threads, and split over two processes. Bounds what --jobs can give.
// Usage: node bench/parallel-ceiling.mjs [folder] [runs]
import fs from 'node:fs'
import path from 'node:path'
import {Worker, isMainThread, workerData, parentPort} from 'node:worker_threads'
import {spawn} from 'node:child_process'
import {fileURLToPath} from 'node:url'
import {unified} from 'unified'
import remarkParse from 'remark-parse'
import remarkFrontmatter from 'remark-frontmatter'
import remarkMdx from 'remark-mdx'
import {corporaRoot, pageFiles} from './corpora.mjs'
const md = unified().use(remarkParse).use(remarkFrontmatter).freeze()
const mdx = unified().use(remarkParse).use(remarkFrontmatter).use(remarkMdx).freeze()
function parseShare(folder, index, count) {
  const files = pageFiles(folder).filter((_, i) => i % count === index)
  for (const file of files) { try { (file.endsWith('.md') ? md : mdx).parse(fs.readFileSync(file, 'utf8')) } catch {} }
}
const self = fileURLToPath(import.meta.url)
const variants = {
  'one thread': (folder) => parseShare(folder, 0, 1),
  'two worker threads': (folder) =>
    Promise.all([0, 1].map((index) => new Promise((resolve) => new Worker(self, {workerData: {folder, index, count: 2}}).on('message', resolve)))),
  'two processes': (folder) =>
    Promise.all([0, 1].map((index) => new Promise((resolve) => spawn(process.execPath, [self, '--share', folder, String(index), '2'], {stdio: 'inherit'}).on('exit', resolve))))
}
if (!isMainThread) {
  parseShare(workerData.folder, workerData.index, workerData.count)
  parentPort?.postMessage('done')
} else if (process.argv[2] === '--share') {
  parseShare(process.argv[3], Number(process.argv[4]), Number(process.argv[5]))
} else {
  const folder = path.resolve(process.argv[2] ?? path.join(corporaRoot, 'box__box-mintlify'))
  if (!fs.existsSync(folder)) {
    console.error('parallel-ceiling: folder not found: ' + folder)
    process.exit(2)
  }
  const times = Object.fromEntries(Object.keys(variants).map((name) => [name, /** @type {number[]} */ ([])]))
  for (let run = 0; run < Number(process.argv[3] ?? 2); run++) {
    for (const [name, variant] of Object.entries(variants)) {
      const started = performance.now()
      await variant(folder)
      times[name].push((performance.now() - started) / 1000)
    }
  }
  const best = Object.fromEntries(Object.entries(times).map(([name, list]) => [name, Math.min(...list)]))
  for (const [name, seconds] of Object.entries(best)) {
    console.log(`${name.padEnd(20)} min ${seconds.toFixed(2)} s  speed-up ${(best['one thread'] / seconds).toFixed(2)}×  (runs: ${times[name].map((time) => time.toFixed(2)).join(', ')})`)
  }
}
