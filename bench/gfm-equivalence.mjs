#!/usr/bin/env node
// Checks that the page parser, which leaves out the GFM constructs a page cannot contain, gives the
// same tree as full remark-gfm on every page of the corpora, and how much time it saves.
// Usage: node bench/gfm-equivalence.mjs [folder...] (default: every corpus in ../shared/corpora)
import fs from 'node:fs'
import {unified} from 'unified'
import remarkParse from 'remark-parse'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import remarkMdx from 'remark-mdx'
import {VFile} from 'vfile'
import {parsePage, parseFailureOf} from '../dist/src/page/parse.js'
import {foldersFromArguments, pageFiles} from './corpora.mjs'

const folders = foldersFromArguments('gfm-equivalence')
const full = {
  md: unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkGfm).freeze(),
  mdx: unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkGfm).use(remarkMdx).freeze()
}
const walk = (folder) => pageFiles(folder).map((file) => ({path: file, value: fs.readFileSync(file, 'utf8')}))
let pages = 0
let differ = 0
let fullTime = 0
let pageTime = 0
for (const folder of folders) {
  for (const page of walk(folder)) {
    if (page.value.charCodeAt(0) === 0xfeff) continue
    pages++
    let expected
    let start = performance.now()
    try {
      expected = JSON.stringify(full[page.path.endsWith('.md') ? 'md' : 'mdx'].parse(page.value))
    } catch {
      expected = 'fails'
    }
    fullTime += performance.now() - start
    const file = new VFile(page)
    start = performance.now()
    const tree = parsePage(file)
    pageTime += performance.now() - start
    const actual = parseFailureOf(file) ? 'fails' : JSON.stringify(tree)
    if (actual !== expected) {
      differ++
      if (differ <= 10) console.log('differs: ' + page.path)
    }
  }
}
console.log(`${pages} pages, ${differ} trees differ; full GFM ${(fullTime / 1000).toFixed(2)} s, docs-lint's parser ${(pageTime / 1000).toFixed(2)} s (${(pageTime / fullTime).toFixed(2)}×)`)
process.exitCode = differ > 0 ? 1 : 0
