#!/usr/bin/env node
// The bundle that `npm run build` makes of dist/src (see scripts/bundle.mjs): the same code, in a few files.
import {main} from '../dist/bundle/cli.js'
import {tuneProcess} from '../dist/bundle/memory.js'

// This process is docs-lint's own: tune its heaps and compiler for linting (see src/memory.ts).
tuneProcess()

const code = await main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
  isTTY: Boolean(process.stdout.isTTY),
  columns: process.stdout.isTTY ? process.stdout.columns : undefined,
  stderrIsTTY: Boolean(process.stderr.isTTY)
})
process.exitCode = code
