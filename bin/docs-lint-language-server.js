#!/usr/bin/env node
// CommonJS, as every file in bin/ (bin/package.json); the server itself is the ES modules of dist/src.
'use strict'
import('../dist/src/server/index.js').then(({main}) => {
  // Standard output is the protocol channel once the server runs: nothing else may write to it.
  const code = main(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text)
  })
  if (code !== undefined) process.exitCode = code
})
