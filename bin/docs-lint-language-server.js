#!/usr/bin/env node
// CommonJS, as every file in bin/ (bin/package.json); the server itself is the ES modules of dist/src.
'use strict'
// From Node 22.1 on, Node keeps the compiled code of the server's modules between starts (the command
// line starts from its own code cache, see scripts/bundle.mjs). Node 20 has no such cache.
require('node:module').enableCompileCache?.()
import('../dist/src/server/index.js').then(({main}) => {
  // Standard output is the protocol channel once the server runs: nothing else may write to it.
  const code = main(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text)
  })
  if (code !== undefined) process.exitCode = code
})
