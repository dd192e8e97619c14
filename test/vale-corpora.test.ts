// The real sites that lint with Vale today, run with their own `.vale.ini`: no style finding may fall in
// code, inline code, a JSX expression or attribute, an import/export, a URL or front matter.
import fs from 'node:fs'
import path from 'node:path'
import type {Nodes, Root} from 'mdast'
import {unified} from 'unified'
import {VFile} from 'vfile'
import {describe, expect, it} from 'vitest'
import {lintText, resolveConfig} from '../src/index.js'
import {docsLintParse} from '../src/page/parse.js'
import {visit} from '../src/shared/walk.js'
import {pageFiles} from '../bench/corpora.mjs'

const corporaRoot = path.resolve(import.meta.dirname, '../../shared/corpora')
const valeSites = ['PrefectHQ__prefect/docs', 'axiomhq__docs', 'helius-labs__docs']
  .map((site) => path.join(corporaRoot, site))
  .filter((folder) => fs.existsSync(path.join(folder, '.vale.ini')))

/** A seeded sample, the same on every run: the test's time stays bounded on a large site. */
function sample<T>(items: T[], size: number, seed: number): T[] {
  const pool = [...items]
  const chosen: T[] = []
  let state = seed
  while (chosen.length < size && pool.length > 0) {
    state = (state * 16807) % 2147483647
    chosen.push(pool.splice(state % pool.length, 1)[0]!)
  }
  return chosen
}

type Range = [number, number, string]

/** Where a page holds no prose, found from its tree on its own (not with docs-lint's prose reader). */
function nonProseRanges(source: string, name: string): Range[] {
  const tree = unified().use(docsLintParse, {}).parse(new VFile({value: source, path: name})) as Root
  const ranges: Range[] = []
  const add = (node: Nodes, start: number | undefined, end: number | undefined, what: string) => {
    if (start !== undefined && end !== undefined && end > start) ranges.push([start, end, what + ' (line ' + node.position?.start.line + ')'])
  }
  visit(tree, (node: Nodes) => {
    const start = node.position?.start.offset
    const end = node.position?.end.offset
    switch (node.type) {
      case 'code': case 'inlineCode': case 'mdxFlowExpression': case 'mdxTextExpression': case 'mdxjsEsm': case 'yaml':
        add(node, start, end, node.type)
        break
      case 'link': {
        // The URL: after the link's text.
        const last = node.children.at(-1)?.position?.end.offset
        add(node, last ?? start, end, 'URL')
        if (/^(?:https?:|www\.)/.test(node.children.map((child) => ('value' in child ? child.value : '')).join(''))) add(node, start, end, 'URL')
        break
      }
      case 'definition': case 'image':
        add(node, start, end, node.type)
        break
      case 'mdxJsxFlowElement': case 'mdxJsxTextElement': {
        // The tag and its attributes, from the element's start to its first child (or its end), but for
        // the values of `title` and `alt`, which are words a reader sees.
        const first = node.children[0]?.position?.start.offset
        if (start === undefined) break
        const tagEnd = first ?? end!
        let from = start
        const tag = source.slice(start, tagEnd)
        for (const match of tag.matchAll(/\b(?:title|alt)\s*=\s*"([^"]*)"/g)) {
          const valueStart = start + match.index + match[0].length - match[1]!.length - 1
          add(node, from, valueStart, 'JSX tag')
          from = valueStart + match[1]!.length
        }
        add(node, from, tagEnd, 'JSX tag')
        break
      }
    }
    return undefined
  })
  return ranges
}

const onlyStyles = resolveConfig({extends: []})

describe.skipIf(valeSites.length === 0)('sites that lint with Vale, with their own .vale.ini', () => {
  for (const site of valeSites) {
    it(path.relative(corporaRoot, site) + ': no style finding in code, JSX, imports, URLs or front matter', async () => {
      const pages = sample((pageFiles as (folder: string) => string[])(site), 250, 20261206)
      const misplaced: string[] = []
      let findings = 0
      for (const page of pages) {
        const source = fs.readFileSync(page, 'utf8')
        const file = await lintText(source, {path: page, config: onlyStyles})
        const styleMessages = file.messages.filter((message) => message.ruleId?.includes('.'))
        if (styleMessages.length === 0) continue
        const ranges = nonProseRanges(source, page)
        for (const message of styleMessages) {
          findings++
          const place = message.place && 'start' in message.place ? message.place : undefined
          const start = place?.start.offset
          const end = place?.end.offset
          expect(start, 'finding without a source offset').toBeTypeOf('number')
          // A finding starts in prose, and a match of several words may reach over a code span between them.
          const inside = ranges.find(([from, to]) => (start! >= from && start! < to) || (start! >= from && end! <= to))
          if (inside) misplaced.push(path.relative(site, page) + ':' + message.line + ':' + message.column + ' ' + message.ruleId + ' in ' + inside[2])
        }
      }
      expect(findings).toBeGreaterThan(0)
      expect(misplaced).toEqual([])
    }, 240_000)
  }
})
