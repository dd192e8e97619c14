#!/usr/bin/env node
// The floor of a run served from the cache: unified-engine alone, finding, reading and queueing every
// page with docs-lint's options (config and ignore files, extensions, its linear queue), and a parser
// that does nothing. A warm docs-lint run can be no faster while every page passes through the engine.
// Usage: node bench/engine-floor.mjs [folder]
import path from 'node:path'
import {engine} from 'unified-engine'
import {unified} from 'unified'
import {discoveryOptions, linearQueue} from '../dist/src/engine/index.js'

/** @type {import('unified').Plugin<[], string, import('mdast').Root>} */
function noParse() {
  this.parser = () => ({type: 'root', children: []})
}

let pages = 0
function count() {
  return () => {
    pages++
  }
}

const cwd = path.resolve(process.argv[2] ?? '.')
engine(
  {
    ...discoveryOptions(cwd, ['.']),
    processor: () => unified().use(noParse),
    // A file set plugin, which unified-engine's types do not describe (src/engine/lint.ts casts it too).
    plugins: [[/** @type {never} */ (linearQueue)], [count]],
    files: ['.'],
    out: false,
    output: false,
    reporter: () => '',
    quiet: true
  },
  (error) => {
    if (error) {
      console.error('engine-floor: ' + error.message)
      process.exit(2)
    }
    console.log(pages + ' pages')
  }
)
