#!/usr/bin/env node
// The parse floor: remark-parse + remark-frontmatter + remark-mdx over every page, one thread, nothing else.
import fs from 'node:fs'
import path from 'node:path'
import {unified} from 'unified'
import remarkParse from 'remark-parse'
import remarkFrontmatter from 'remark-frontmatter'
import remarkMdx from 'remark-mdx'

const markdown = unified().use(remarkParse).use(remarkFrontmatter).freeze()
const mdx = unified().use(remarkParse).use(remarkFrontmatter).use(remarkMdx).freeze()
let pages = 0
const walk = (folder) => {
  for (const entry of fs.readdirSync(folder, {withFileTypes: true})) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue
    const full = path.join(folder, entry.name)
    if (entry.isDirectory()) walk(full)
    else if (/\.mdx?$/.test(entry.name)) {
      pages++
      try {
        ;(entry.name.endsWith('.md') ? markdown : mdx).parse(fs.readFileSync(full, 'utf8'))
      } catch {}
    }
  }
}
walk(path.resolve(process.argv[2] ?? '.'))
console.log(pages + ' pages')
