// The prose a style reads from an MDX page: what is text, what is not, and the way back to the source.
import {describe, expect, it} from 'vitest'
import {VFile} from 'vfile'
import {docsLintParse} from '../src/page/parse.js'
import {unified} from 'unified'
import type {Root} from 'mdast'
import {proseOf} from '../src/styles/prose.js'

function parse(source: string, name = 'page.mdx'): Root {
  const file = new VFile({value: source, path: name})
  const processor = unified().use(docsLintParse, {})
  return processor.parse(file) as Root
}

const defaults = {ignoredScopes: new Set(['code', 'tt', 'kbd']), skippedScopes: new Set(['script', 'style', 'pre', 'figure']), masked: []}

function blocks(source: string, name?: string) {
  const prose = proseOf(parse(source, name), source, defaults)
  return prose.blocks.map((block) => [block.scope, block.mapped.text])
}

describe('prose of an MDX page', () => {
  it('reads headings, paragraphs, list items, table cells and blockquotes by scope', () => {
    const source = '## Set up\n\nRun the tool.\n\n- First item\n- Second item\n\n| Field name | What it holds |\n| --- | --- |\n| a | The first value. |\n\n> Quoted words.\n'
    expect(blocks(source)).toEqual([
      ['text.heading.h2', 'Set up'],
      ['text', 'Run the tool.'],
      ['text.list', 'First item'],
      ['text.list', 'Second item'],
      ['text.table.header', 'Field name'],
      ['text.table.header', 'What it holds'],
      ['text.table.cell', 'The first value.'],
      ['text.blockquote', 'Quoted words.']
    ])
  })

  it('reads code written without backticks as code: dotted names, snake_case, calls, paths, addresses', () => {
    const source = 'Subclass logging.Handler, set flow_run_id, call serve() on /api/v1/me from 10.x.x.x, e.g. today, as list\\[orm_models.Deployment].\n'
    expect(blocks(source)).toEqual([['text', 'Subclass ***************, set ***********, call ******* on ********** from ********, e.g. today, as ***************************.']])
  })

  it('reads a call with arguments and a UUID as code, and a plural in parentheses as words', () => {
    const source = 'Use url_for("flow-run", obj_id="123e4567-e89b-12d3-a456-426614174000") for the key(s).\n'
    expect(blocks(source)).toEqual([['text', 'Use ' + source.slice(4, source.indexOf(' for')).replace(/\S/g, '*') + ' for the key(s).']])
  })

  it('leaves a table of data alone: columns named in code, values joined by pipes', () => {
    const source = '| _time | trace_summary |\n| --- | --- |\n| now | frontend \\| server \\| 125ms |\n\n| Field | What it means |\n| --- | --- |\n| Name | The name of the run |\n'
    expect(blocks(source)).toEqual([['text.table.header', 'What it means'], ['text.table.cell', 'The name of the run']])
  })

  it('leaves table cells of data alone: one token, a list of values, numbers', () => {
    const source = '| Service | Latency | Samples |\n| --- | --- | --- |\n| frontend service | 125ms | [35ms, 40ms] |\n'
    expect(blocks(source)).toEqual([['text.table.cell', 'frontend service']])
  })

  it('never reads code, expressions, imports, front matter or URLs as words', () => {
    const source = '---\ntitle: Very good\n---\nimport {X} from "x"\n\nRun `npm install` with {props.name} at https://example.com today.\n\n```js\nconst really = 1\n```\n\n{/* a comment */}\n'
    expect(blocks(source)).toEqual([['text', 'Run *********** with * at ******************* today.']])
  })

  it('reads text inside components and the titles of components, never other attributes', () => {
    const source = '<Note>\n  Read this first.\n</Note>\n\n<Card title="Get started" href="/start" icon="rocket">\n  Set up the SDK.\n</Card>\n'
    expect(blocks(source)).toEqual([
      ['text', 'Read this first.'],
      ['text.attr.title', 'Get started'],
      ['text', 'Set up the SDK.']
    ])
  })

  it('maps every offset of the text back to the source, across escapes, references and markup', () => {
    const source = 'A **bold** move \\* and &amp; [a link](https://x.y) end.\n'
    const prose = proseOf(parse(source), source, defaults)
    const paragraph = prose.blocks.find((block) => block.scope === 'text')!.mapped
    expect(paragraph.text).toBe('A bold move * and & a link end.')
    for (const word of ['bold', 'move', 'and', 'link', 'end']) {
      const at = paragraph.text.indexOf(word)
      const [start, end] = paragraph.sourceRange(at, at + word.length)
      expect(source.slice(start, end)).toBe(word)
    }
    const [start, end] = paragraph.sourceRange(paragraph.text.indexOf('&'), paragraph.text.indexOf('&') + 1)
    expect(source.slice(start, end)).toBe('&amp;')
  })

  it('gives links, bold and italic text blocks of their own, as Vale does', () => {
    expect(blocks('See [the guide](/guide) and *this*.\n')).toEqual([
      ['link', 'the guide'],
      ['emphasis', 'this'],
      ['text', 'See the guide and this.']
    ])
  })

  it('replaces TokenIgnores matches by `*`s and leaves SkippedScopes out', () => {
    const source = 'Use {{ site.name }} here.\n\n> Skipped.\n'
    const at = source.indexOf('{{')
    const prose = proseOf(parse(source, 'page.md'), source, {...defaults, skippedScopes: new Set(['blockquote']), masked: [[at, source.indexOf('}}') + 2]]})
    expect(prose.blocks.map((block) => block.mapped.text)).toEqual(['Use ** ********* ** here.'])
  })
})
