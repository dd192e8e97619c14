#!/usr/bin/env node
// Checks that passive-voice's pre-check never skips a prose block that holds a finding: every block
// it skips gets a retext tree anyway and must give no finding. Also counts how many blocks it spares.
// Usage: node bench/passive-equivalence.mjs [folder...] (default: every corpus in ../shared/corpora)
import fs from 'node:fs'
import retextPassive from 'retext-passive'
import {VFile} from 'vfile'
import {parsePage} from '../dist/src/page/parse.js'
import {createPage} from '../dist/src/page/page.js'
import {passiveFindings} from '../dist/rules/passive-voice.js'
import {mayBePassive, participleTest} from '../dist/rules/shared/passive-candidates.js'
import {regularReaderActions} from '../dist/rules/passive-voice.data.js'
import {foldersFromArguments, pageFiles} from './corpora.mjs'

const folders = foldersFromArguments('passive-equivalence')
const findPassive = retextPassive()
const isParticiple = participleTest(findPassive, regularReaderActions)
let blocks = 0
let passed = 0
let withFindings = 0
let missed = 0
for (const folder of folders) {
  for (const filePath of pageFiles(folder)) {
    const file = new VFile({path: filePath, value: fs.readFileSync(filePath, 'utf8')})
    const page = createPage(file, parsePage(file))
    for (const block of page.proseBlocks()) {
      blocks++
      const pass = mayBePassive(block, isParticiple)
      const found = passiveFindings(block.prose(), findPassive).length > 0
      if (pass) passed++
      if (found) withFindings++
      if (found && !pass) {
        missed++
        if (missed <= 10) console.log(`skipped a finding: ${filePath}:${block.node.position?.start.line}: ${block.text.slice(0, 80)}`)
      }
    }
  }
}
console.log(`${blocks} prose blocks: ${passed} pass the pre-check (${((100 * passed) / blocks).toFixed(1)} %), ${withFindings} hold a finding, ${missed} findings skipped`)
process.exitCode = missed > 0 ? 1 : 0
