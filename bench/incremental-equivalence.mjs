#!/usr/bin/env node
// Checks that a page parsed again after an edit, reusing its last parse (the language server's way),
// gives the same tree as parsing it whole: on every page of the corpora, for edits of the kinds a
// writer makes (typing, a new line, a deleted line, a code fence or list item or component opened).
// Usage: node bench/incremental-equivalence.mjs [--edits N] [--seed S] [--limit pages per folder] [folder...] (default: every corpus)
import fs from 'node:fs'
import {parseArgs} from 'node:util'
import {parsePage, parseFailureOf} from '../dist/src/page/parse.js'
import {enableIncrementalParse, forgetIncrementalParse, incrementalStats} from '../dist/src/page/incremental-parse.js'
import {corporaRoot} from './corpora.mjs'
import {checkIncrementalParse} from './incremental-check.mjs'

const {values, positionals} = parseArgs({allowPositionals: true, options: {edits: {type: 'string'}, seed: {type: 'string'}, limit: {type: 'string'}}})
enableIncrementalParse(4)
const result = checkIncrementalParse({
  parsePage,
  parseFailureOf,
  forget: forgetIncrementalParse,
  stats: incrementalStats,
  folders: positionals.length > 0 ? positionals : fs.readdirSync(corporaRoot).filter((name) => !name.startsWith('.')).map((name) => corporaRoot + '/' + name),
  edits: Number(values.edits ?? 8),
  seed: Number(values.seed ?? 1),
  limit: values.limit === undefined ? Infinity : Number(values.limit)
})
console.log(`${result.pages} pages, ${result.edits} edits: ${result.differ} trees differ; ${result.partial} parsed in part, ${result.whole} whole; ` +
  `in part ${(result.partTime / Math.max(1, result.partial)).toFixed(2)} ms a page on average against ${(result.wholeTime / Math.max(1, result.edits)).toFixed(2)} ms whole`)
for (const line of result.examples) console.log(line)
process.exitCode = result.differ > 0 ? 1 : 0

