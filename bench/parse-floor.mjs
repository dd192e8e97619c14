#!/usr/bin/env node
// The parse floor: remark-parse + remark-frontmatter + remark-mdx over every page, one thread, nothing else.
import fs from 'node:fs'
import path from 'node:path'
import {unified} from 'unified'
import remarkParse from 'remark-parse'
import remarkFrontmatter from 'remark-frontmatter'
import remarkMdx from 'remark-mdx'
import {pageFiles} from './corpora.mjs'

const markdown = unified().use(remarkParse).use(remarkFrontmatter).freeze()
const mdx = unified().use(remarkParse).use(remarkFrontmatter).use(remarkMdx).freeze()
let pages = 0
for (const file of pageFiles(path.resolve(process.argv[2] ?? '.'))) {
  pages++
  try {
    ;(file.endsWith('.md') ? markdown : mdx).parse(fs.readFileSync(file, 'utf8'))
  } catch {}
}
console.log(pages + ' pages')
