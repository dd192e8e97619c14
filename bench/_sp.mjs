import fs from 'node:fs'
import path from 'node:path'
import {VFile} from 'vfile'
import {parsePage} from '../dist/src/parse.js'
import {createPage} from '../dist/src/page.js'
const walk = (dir, out = []) => { for (const e of fs.readdirSync(dir, {withFileTypes: true})) { if (e.name.startsWith('.')||e.name==='node_modules') continue; const f = path.join(dir, e.name); if (e.isDirectory()) walk(f, out); else if (/\.mdx?$/.test(e.name)) out.push(f) } return out }
const words = new Map(); let blocks = 0, pass = 0
const candidateWord = /\b(?:we|our|ours|ourselves|us|let|i|my|me|myself|users?)\b/gi
for (const f of walk(process.argv[2])) {
  const file = new VFile({path: f, value: fs.readFileSync(f, 'utf8')})
  for (const b of createPage(file, parsePage(file)).proseBlocks()) {
    blocks++
    const m = b.text.match(candidateWord)
    if (m) { pass++; for (const w of new Set(m.map(x => x.toLowerCase()))) words.set(w, (words.get(w) ?? 0) + 1) }
  }
}
console.log(blocks, pass, [...words].sort((a, b) => b[1] - a[1]))
