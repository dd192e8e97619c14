#!/usr/bin/env node
import {main} from '../dist/src/cli.js'
import {tuneHeap} from '../dist/src/memory.js'

// This process is docs-lint's own: size its heaps for linting (see src/memory.ts).
tuneHeap()

const code = await main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
  isTTY: Boolean(process.stdout.isTTY),
  stderrIsTTY: Boolean(process.stderr.isTTY)
})
process.exitCode = code
