#!/usr/bin/env node
// The bundle that `npm run build` makes of dist/src, with its code cache (see scripts/bundle.mjs): the
// same code, in one file, compiled ahead. This file is CommonJS (bin/package.json): Node starts it
// without its ES module loader, 5 ms sooner.
'use strict'
const fs = require('node:fs')
const path = require('node:path')

const loader = path.join(__dirname, '../dist/bundle/load.cjs')
const replay = path.join(__dirname, '../dist/bundle/replay.cjs')
if (!fs.existsSync(loader) || !fs.existsSync(replay) || !fs.existsSync(path.join(__dirname, '../dist/bundle/docs-lint.cjs'))) {
  process.stderr.write('docs-lint: the command line is not built (dist/bundle/ is missing): run `npm run build` in ' + path.join(__dirname, '..') + '\n')
  process.exit(2)
}
const records = require(replay)

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

const argv = process.argv.slice(2)
const command = {
  argv,
  cwd: process.cwd(),
  stdoutIsTTY: Boolean(process.stdout.isTTY),
  columns: process.stdout.isTTY ? process.stdout.columns : undefined,
  stderrIsTTY: Boolean(process.stderr.isTTY)
}

// With a cache, the same command over the same files prints what it printed last time, without
// loading docs-lint (see src/run-record.ts).
let replayed
try {
  replayed = records.replayRun(command)
} catch {
  // A record that cannot be read is only a slower run.
  replayed = undefined
}
if (replayed) {
  settled = true
  for (const [stream, text] of replayed.output) write(stream === 1 ? process.stdout : process.stderr, text)
  process.exitCode = replayed.code
} else {
  run()
}

function run() {
  const start = require(loader)
  const recorder = records.recordLocation(argv, command.cwd) === undefined ? undefined : start.recordRun(command.cwd)
  // This process is docs-lint's own: tune its heaps and compiler for linting (see src/memory.ts).
  const {main, tuneProcess, replayableRun} = start.loadBundle({ownProcess: true})
  tuneProcess()
  // What the run prints, in order, for its record: a chunk of each stream at a time. A report past
  // `records.maxOutputLength` is not kept: its run is not recorded, and the report is never held whole.
  let output = []
  let length = 0
  const keep = (stream, text) => {
    if (!output) return
    length += text.length
    if (length > records.maxOutputLength) {
      output = undefined
      return
    }
    const last = output[output.length - 1]
    if (last && last[0] === stream) last[1] += text
    else output.push([stream, text])
  }
  main(argv, {
    stdout: (text) => {
      if (recorder) keep(1, text)
      write(process.stdout, text)
    },
    stderr: (text) => {
      if (recorder) keep(2, text)
      write(process.stderr, text)
    },
    cwd: command.cwd,
    isTTY: command.stdoutIsTTY,
    columns: command.columns,
    stderrIsTTY: command.stderrIsTTY
  }).then(
    (code) => {
      settled = true
      process.exitCode = code
      if (!recorder) return
      const location = replayableRun()
      try {
        if (location && output) recorder.save(location, command, output, code)
        else recorder.stop()
      } catch {
        // A run that cannot be recorded is only a slower next run.
        recorder.stop()
      }
    },
    (error) => {
      settled = true
      recorder?.stop()
      throw error
    }
  )
}
