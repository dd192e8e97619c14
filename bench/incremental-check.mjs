// The check behind bench/incremental-equivalence.mjs and test/incremental-parse.test.ts.
import fs from 'node:fs'
import {VFile} from 'vfile'
import {pageFiles} from './corpora.mjs'

/**
 * Edit pages at random places (seeded), as writers do: typing, new lines, deleted stretches, a code
 * fence or list item or component or table started. After each edit the page is parsed as the
 * language server does (reusing its last parse) and whole; the trees must be the same. `limit`: pages
 * per folder. The parse functions come from the caller (the built code, or the sources in tests),
 * with incremental parsing enabled.
 */
export function checkIncrementalParse({folders, edits, seed, limit, parsePage, parseFailureOf, forget, stats}) {
  let state = seed >>> 0 || 1
  const random = () => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    return (state >>> 0) / 2 ** 32
  }
  const insertions = ['x', ' ', '\n', '\n\n', '```', '```js\n', '- ', '1. ', '> ', '<Note>', '</Note>', '<Card title="A">\n\n', '{', '}', '|', '| a | b |\n| - | - |\n', '# ', '    ', '---\n', '<!--', '*', '`', '[', '](/a)', '\t']
  const totals = {pages: 0, edits: 0, differ: 0, partial: 0, whole: 0, partTime: 0, wholeTime: 0, examples: /** @type {string[]} */ ([])}
  for (const folder of folders) {
    let inFolder = 0
    for (const filePath of pageFiles(folder)) {
      if (inFolder++ >= limit) break
      let text = fs.readFileSync(filePath, 'utf8')
      if (text.charCodeAt(0) === 0xfeff) continue
      totals.pages++
      const key = filePath
      parsePage(new VFile({path: key, value: text}))
      for (let edit = 0; edit < edits; edit++) {
        const at = Math.floor(random() * (text.length + 1))
        const kind = random()
        if (kind < 0.15) {
          // Delete a stretch (up to a line or two).
          const end = Math.min(text.length, at + 1 + Math.floor(random() * 80))
          text = text.slice(0, at) + text.slice(end)
        } else if (kind < 0.25) {
          // Insert at the start of a line.
          const lineStart = text.lastIndexOf('\n', at - 1) + 1
          const insert = insertions[Math.floor(random() * insertions.length)]
          text = text.slice(0, lineStart) + insert + text.slice(lineStart)
        } else {
          const insert = insertions[Math.floor(random() * insertions.length)]
          text = text.slice(0, at) + insert + text.slice(at)
        }
        totals.edits++
        const before = {...stats}
        let started = performance.now()
        const file = new VFile({path: key, value: text})
        const tree = parsePage(file)
        const took = performance.now() - started
        if (stats.partial > before.partial) {
          totals.partial++
          totals.partTime += took
        } else totals.whole++
        const actual = parseFailureOf(file) ? 'fails: ' + parseFailureOf(file).reason : JSON.stringify(tree)
        started = performance.now()
        const wholeFile = new VFile({path: key.replace(/(\.mdx?)$/i, '.whole-' + totals.edits + '$1'), value: text})
        const wholeTree = parsePage(wholeFile)
        totals.wholeTime += performance.now() - started
        const expected = parseFailureOf(wholeFile) ? 'fails: ' + parseFailureOf(wholeFile).reason : JSON.stringify(wholeTree)
        if (actual !== expected) {
          totals.differ++
          if (totals.examples.length < 10) totals.examples.push('differs: ' + filePath + ' after edit ' + (edit + 1) + ' at ' + at)
          // Start the page again from a whole parse, so one difference is not counted on every later edit.
          forget(key)
        }
      }
    }
  }
  return totals
}
