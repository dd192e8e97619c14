#!/usr/bin/env node
// The bundle that `npm run build` makes of dist/src, with its code cache (see scripts/bundle.mjs): the
// same code, in one file, compiled ahead. This file is CommonJS (bin/package.json): Node starts it
// without its ES module loader, 5 ms sooner.
'use strict'
const fs = require('node:fs')
const path = require('node:path')

const loader = path.join(__dirname, '../dist/bundle/load.cjs')
if (!fs.existsSync(loader) || !fs.existsSync(path.join(__dirname, '../dist/bundle/docs-lint.cjs'))) {
  process.stderr.write('docs-lint: the command line is not built (dist/bundle/ is missing): run `npm run build` in ' + path.join(__dirname, '..') + '\n')
  process.exit(2)
}
// This process is docs-lint's own: tune its heaps and compiler for linting (see src/engine/memory.ts).
const {main, tuneProcess} = require(loader).loadBundle({ownProcess: true})
tuneProcess()

// A reader that stops early (`docs-lint . | head`) closes the pipe. Writing to it again would end the
// run with an unhandled EPIPE error and a stack trace: stop writing to it, finish the run, keep its exit code.
const closed = new Set()
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED') throw error
    closed.add(stream)
  })
}
const write = (stream, text) => {
  if (!closed.has(stream)) stream.write(text)
}

// A run that never settles (a bug: nothing left to wait for, and no result) must not pass for a clean one.
let settled = false
process.once('beforeExit', () => {
  if (settled) return
  process.exitCode = 2
  process.stderr.write('docs-lint: the run stopped before it finished, with nothing left to wait for (an internal error)\n')
})

/** Standard input as UTF-8 text, refused past `limit` bytes (a page larger than `--max-file-size`). */
function readStdin(limit) {
  return new Promise((resolve, reject) => {
    const chunks = []
    let size = 0
    process.stdin.on('data', (chunk) => {
      size += chunk.length
      if (size > limit) {
        process.stdin.destroy()
        reject(new Error('it is larger than ' + limit + ' bytes (`--max-file-size`)'))
      } else chunks.push(chunk)
    })
    process.stdin.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    process.stdin.on('error', reject)
  })
}

main(process.argv.slice(2), {
  stdout: (text) => write(process.stdout, text),
  stderr: (text) => write(process.stderr, text),
  cwd: process.cwd(),
  isTTY: Boolean(process.stdout.isTTY),
  // The terminal's width; elsewhere (a CI log, a pipe) `COLUMNS` when set, else 80, as `ls` and git do.
  columns: (process.stdout.isTTY && process.stdout.columns) || Number.parseInt(process.env.COLUMNS ?? '', 10) || 80,
  stderrIsTTY: Boolean(process.stderr.isTTY),
  readStdin
}).then(
  (code) => {
    settled = true
    process.exitCode = code
  },
  (error) => {
    settled = true
    throw error
  }
)
