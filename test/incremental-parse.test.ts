import fs from 'node:fs'
import path from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {VFile} from 'vfile'
import {parseFailureOf, parsePage} from '../src/page/parse.js'
import {enableIncrementalParse, forgetIncrementalParse, incrementalStats} from '../src/page/incremental-parse.js'

// The language server parses again only the part of a page an edit changed. Whatever it reuses, the
// tree must be the one a whole parse gives: these compare the two after edits of every kind.

let page = 0
/** A page parsed as the server does: the same key every time. */
function parseAs(key: string, text: string): {tree: unknown; partial: boolean} {
  const before = incrementalStats.partial
  const file = new VFile({path: key, value: text})
  const tree = parsePage(file)
  const failure = parseFailureOf(file)
  return {tree: failure ? 'fails: ' + failure.reason : tree, partial: incrementalStats.partial > before}
}
/** The same text parsed whole, under a key never seen before. */
function parseWhole(key: string, text: string): unknown {
  const file = new VFile({path: key.replace(/(\.mdx?)$/, '.whole-' + page++ + '$1'), value: text})
  const tree = parsePage(file)
  const failure = parseFailureOf(file)
  return failure ? 'fails: ' + failure.reason : tree
}

const {referencePage} = (await import('../bench/reference-page.mjs')) as {referencePage: (lines: number, options?: {imports?: string[]}) => string}
const base: string = referencePage(240, {imports: ['import {Tabs} from "/snippets/tabs.mdx"']})

describe('incremental parse (language server)', () => {
  beforeAll(() => enableIncrementalParse(8))
  afterAll(() => enableIncrementalParse(0))

  // Each case: an edit at the first match of `find` (replace it with `replace`) on the page above.
  const cases: Array<{name: string; find: string; replace: string; partial: boolean}> = [
    {name: 'typing in a paragraph', find: 'override it per page.', replace: 'override it per pages.', partial: true},
    {name: 'a new line in a paragraph', find: 'config file. It', replace: 'config file.\nIt', partial: true},
    {name: 'a new paragraph', find: 'per page.\n', replace: 'per page.\n\nOne more.\n', partial: true},
    {name: 'an attribute value in a component', find: '{props.name}', replace: '{props.title}', partial: true},
    {name: 'a code fence opened and left open (all after it is code)', find: '## Setting 3\n', replace: '## Setting 3\n\n```\n', partial: false},
    {name: 'a list item right after a list (joins it)', find: 'for details.\n\n<Note>', replace: 'for details.\n\n- joined\n\n<Note>', partial: false},
    {name: 'a line indented under a list item (continues it)', find: 'for details.\n\n<Note>', replace: 'for details.\n\n  continued\n\n<Note>', partial: false},
    {name: 'front matter closed later on', find: '---\n\nimport', replace: '--\n\nimport', partial: false},
    {name: 'a link reference definition', find: 'per page.\n', replace: 'per page.\n\n[guide]: /guides/setup\n', partial: false},
    {name: 'a component left open (a parse error)', find: '</Note>', replace: '', partial: false},
    // `import {Tabs}` holds one estree node twice, whose positions the parser moves twice: never moved.
    {name: 'the front matter above an import changed', find: 'title: Reference', replace: 'title: References', partial: false},
    {name: 'text added at the end of the page', find: '| `enabled` | `true` |\n\n## Setting 11', replace: '| `enabled` | `true` |\n\n## Setting 11', partial: true}
  ]
  for (const {name, find, replace, partial} of cases) {
    it(name + ': the tree a whole parse gives' + (partial ? ', parsing only the edited part' : ''), () => {
      const key = path.resolve('reference-' + page++ + '.mdx')
      parseAs(key, base)
      const index = base.indexOf(find)
      expect(index).toBeGreaterThan(-1)
      const edited = base.slice(0, index) + replace + base.slice(index + find.length)
      const result = parseAs(key, edited)
      expect(result.tree).toEqual(parseWhole(key, edited))
      expect(result.partial).toBe(partial)
      // And back: undoing the edit gives the first tree again.
      expect(parseAs(key, base).tree).toEqual(parseWhole(key, base))
    })
  }

  it('appending to the last block at the end of the page: the tree a whole parse gives', () => {
    const key = path.resolve('end-' + page++ + '.md')
    const text = '# Title\n\nA paragraph that ends the page.\n'
    parseAs(key, text)
    for (const added of ['1. ', '- item\n', '===\n', 'more text\n']) {
      expect(parseAs(key, text + added).tree).toEqual(parseWhole(key, text + added))
      parseAs(key, text)
    }
  })

  it('a page forgotten (closed in the editor) is parsed whole the next time', () => {
    const key = path.resolve('closed-' + page++ + '.mdx')
    parseAs(key, base)
    forgetIncrementalParse(key)
    expect(parseAs(key, base + '\nMore.\n').partial).toBe(false)
  })

  it('the tree handed out is a copy: changing it changes no later parse', () => {
    const key = path.resolve('copy-' + page++ + '.mdx')
    const first = parseAs(key, base).tree as {children: Array<{type: string}>}
    first.children.length = 0
    const edited = base.replace('per page.', 'per page!')
    expect(parseAs(key, edited).tree).toEqual(parseWhole(key, edited))
  })

  // Edits of every kind at random places on real pages (bench/incremental-equivalence.mjs runs all of them).
  const corporaRoot = path.resolve(import.meta.dirname, '../../shared/corpora')
  it.skipIf(!fs.existsSync(corporaRoot))('random edits on 120 real pages: every tree is the one a whole parse gives', async () => {
    const {checkIncrementalParse} = (await import('../bench/incremental-check.mjs')) as {
      checkIncrementalParse: (options: {folders: string[]; edits: number; seed: number; limit: number; parsePage: typeof parsePage; parseFailureOf: typeof parseFailureOf; forget: typeof forgetIncrementalParse; stats: typeof incrementalStats}) => {pages: number; edits: number; differ: number; partial: number; examples: string[]}
    }
    const folders = fs.readdirSync(corporaRoot).filter((name) => !name.startsWith('.')).map((name) => path.join(corporaRoot, name))
    // About 120 pages in all, however many corpora there are: seven from each.
    const result = checkIncrementalParse({folders, edits: 8, seed: 1126, limit: Math.max(1, Math.ceil(120 / folders.length)), parsePage, parseFailureOf, forget: forgetIncrementalParse, stats: incrementalStats})
    expect(result.examples).toEqual([])
    expect(result.differ).toBe(0)
    expect(result.pages).toBeGreaterThan(100)
    // Most edits reuse the rest of the page.
    expect(result.partial / result.edits).toBeGreaterThan(0.4)
    // A bound for a hung parse only: the work takes seconds on a quiet machine, minutes on a busy one.
  }, 900_000)
})

// A page of some hundreds of kilobytes is parsed in sections cut before headings (the parser takes
// time that grows faster than the page). The tree must be the one a parse of the whole text gives.
describe('a large page parsed in sections', async () => {
  const {parseWhole: inSections, sectionedFrom} = await import('../src/page/incremental-parse.js')
  const {unified} = await import('unified')
  const remarkParse = (await import('remark-parse')).default
  const remarkMdx = (await import('remark-mdx')).default
  const remarkGfm = (await import('remark-gfm')).default
  const remarkFrontmatter = (await import('remark-frontmatter')).default
  const parser = unified().use(remarkParse).use(remarkFrontmatter).use(remarkGfm).use(remarkMdx).freeze()
  const parse = (text: string) => parser.parse(text)
  const docs = path.resolve(import.meta.dirname, '../docs')
  const pages = fs.readdirSync(path.join(docs, 'rules')).filter((name) => name.endsWith('.mdx')).map((name) => fs.readFileSync(path.join(docs, 'rules', name), 'utf8'))
  // Rule pages without their front matter and imports, one after another under headings, until the page is large.
  const bodies = pages.map((text) => text.replace(/^---[\s\S]*?---\n/, '').split('\n').filter((line) => !/^(import|export)\s/.test(line)).join('\n'))
  let large = '---\ntitle: All rules\ndescription: Every rule on one page.\n---\n'
  for (let index = 0; large.length < sectionedFrom * 1.4; index++) large += '\n## Part ' + index + '\n\n' + bodies[index % bodies.length] + '\n'

  it('gives the tree of a whole parse, positions included', () => {
    expect(large.length).toBeGreaterThan(sectionedFrom * 1.4)
    let sections = 0
    const sectioned = inSections(large, (text) => {
      sections++
      return parse(text)
    })
    // In sections indeed, not parsed whole.
    expect(sections).toBeGreaterThan(3)
    expect(JSON.stringify(sectioned)).toBe(JSON.stringify(parse(large)))
  }, 120_000)

  it('parses whole what does not stand alone: a component, a fence or a comment open across a heading', () => {
    // Opened before one part's heading, closed before a heading 150 KB on: across the cuts between.
    const open = large.indexOf('\n## Part ', sectionedFrom / 2)
    const close = large.indexOf('\n## Part ', open + 150_000)
    const inside = (opening: string, closing: string) => large.slice(0, open) + '\n\n' + opening + '\n' + large.slice(open, close) + '\n\n' + closing + '\n' + large.slice(close)
    const tree = (text: string, read: (text: string) => unknown) => {
      try {
        return JSON.stringify(read(text))
      } catch (error) {
        return 'fails: ' + String(error)
      }
    }
    // Link definitions: used before and after their place, and a line that looks like one in code.
    const withDefinitions = large.slice(0, open) + '\n\nSee [the guide][guide].\n\n[guide]: https://example.com/guide\n\n~~~text\n[other]: https://example.com\n~~~\n' + large.slice(open, close) + '\n\nAgain [the guide][guide], and [other].\n' + large.slice(close)
    const definitionsOnly = withDefinitions.replace('~~~text\n[other]: https://example.com\n~~~\n', '')
    for (const text of [inside('<Note>', '</Note>'), inside('~~~~~~text', '~~~~~~'), inside('{/*', '*/}'), withDefinitions, definitionsOnly]) {
      const whole = tree(text, parse)
      expect(whole.startsWith('fails')).toBe(false)
      expect(tree(text, (page) => inSections(page, parse))).toBe(whole)
    }
  }, 120_000)
})
