#!/usr/bin/env node
// The bundle that `npm run build` makes of dist/src, with its code cache (see scripts/bundle.mjs): the
// same code, in one file, compiled ahead.
import fs from 'node:fs'
import {createRequire} from 'node:module'
import {fileURLToPath} from 'node:url'

const loader = fileURLToPath(new URL('../dist/bundle/load.cjs', import.meta.url))
if (!fs.existsSync(loader) || !fs.existsSync(new URL('../dist/bundle/docs-lint.cjs', import.meta.url))) {
  process.stderr.write('docs-lint: the command line is not built (dist/bundle/ is missing): run `npm run build` in ' + fileURLToPath(new URL('..', import.meta.url)) + '\n')
  process.exit(2)
}
const {main, tuneProcess} = createRequire(import.meta.url)(loader).loadBundle()

// This process is docs-lint's own: tune its heaps and compiler for linting (see src/memory.ts).
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

const code = await main(process.argv.slice(2), {
  stdout: (text) => write(process.stdout, text),
  stderr: (text) => write(process.stderr, text),
  cwd: process.cwd(),
  isTTY: Boolean(process.stdout.isTTY),
  columns: process.stdout.isTTY ? process.stdout.columns : undefined,
  stderrIsTTY: Boolean(process.stderr.isTTY)
})
process.exitCode = code
