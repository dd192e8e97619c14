#!/usr/bin/env node
import {main} from '../dist/src/server/index.js'

// Standard output is the protocol channel once the server runs: nothing else may write to it.
const code = main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text)
})
if (code !== undefined) process.exitCode = code
