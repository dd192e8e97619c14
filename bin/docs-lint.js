#!/usr/bin/env node
// The bundle that `npm run build` makes of dist/src (see scripts/bundle.mjs): the same code, in a few files.
import {main} from '../dist/bundle/cli.js'
import {tuneProcess} from '../dist/bundle/memory.js'

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
