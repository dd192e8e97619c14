#!/usr/bin/env node
// Fuzz the whole pipeline with every rule on (the `all` preset): pages mutated from the corpora,
// random YAML front matter, random docs.json with `$ref` includes. Invariants: no exception escapes,
// no rule fails, every message has a rule id, source `docs-lint` and a position inside the page, a
// page that does not parse has exactly one `parse-error`, and no case takes more than 2 s.
//
// Usage: node bench/fuzz.mjs [--cases 10000] [--seed N] [--replay INDEX] [--corpora DIR] [--budget-ms 2000]
// Needs the build (`npx tsc -p .`). A failure prints its seed and index: `--seed N --replay INDEX`
// runs that one case again and prints it. The test suite imports the generators from this file.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'
import {Worker, isMainThread, parentPort, workerData} from 'node:worker_threads'
import {unified} from 'unified'
import remarkParse from 'remark-parse'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import remarkMdx from 'remark-mdx'
import YAML from 'yaml'

const here = path.dirname(fileURLToPath(import.meta.url))
export const defaultCorpora = path.resolve(here, '../../shared/corpora')

/** Seed pages used when the corpora are absent; each exercises a different part of the syntax. */
export const builtinSeeds = [
  {path: 'index.mdx', text: '---\ntitle: Install\ndescription: Install the command-line tool.\n---\n\n## Requirements\n\nYou need Node.js 20.\n'},
  {
    path: 'guide.mdx',
    text:
      '---\ntitle: Guide\ndescription: Set up the client.\n---\n\nimport {Chart} from "/snippets/chart.mdx"\n\n' +
      '## Steps {#steps}\n\n<Steps>\n  <Step title="Get a key">\n    Open [the dashboard](/dashboard) and copy `API_KEY`.\n  </Step>\n</Steps>\n\n' +
      '<CodeGroup>\n```bash npm\nnpm install client\n```\n```js index.js {2}\nconst client = new Client({key: process.env.KEY})\n```\n</CodeGroup>\n\n' +
      '<Card title="Next" href="/guide/next" icon="rocket">\n  Read the *next* page.\n</Card>\n\n{/* a comment */}\n\nThe value is {1 + 1}.\n'
  },
  {
    path: 'notes.md',
    text:
      '---\ntitle: Notes\ndescription: Release notes.\n---\n\n<!-- comment -->\n\n# Heading\n\n> [!NOTE]\n> Quoted\n\n' +
      '| a | b |\n| - | - |\n| 1 | 2 |\n\n- [x] done\n- [ ] todo\n\n![Diagram of the flow](/images/flow.png)\n\n<a href="/x">raw</a>\n\n[^1]: Footnote.\n'
  },
  {
    path: 'api.mdx',
    text:
      '---\ntitle: Create user\ndescription: Create a user.\nopenapi: POST /users\n---\n\n<ParamField body="name" type="string" required>\n  The name.\n</ParamField>\n\n' +
      '<ResponseExample>\n```json 200\n{"id": 1}\n```\n</ResponseExample>\n\n<Tabs>\n  <Tab title="One">Text</Tab>\n</Tabs>\n\n<Note>\n  Keep it short.\n</Note>\n'
  }
]

const maxSeedBytes = 12_000

function walk(folder, out = []) {
  let entries
  try {
    entries = fs.readdirSync(folder, {withFileTypes: true})
  } catch {
    return out
  }
  for (const entry of entries) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue
    const full = path.join(folder, entry.name)
    if (entry.isDirectory()) walk(full, out)
    else if (/\.mdx?$/.test(entry.name) || entry.name === 'docs.json' || entry.name === 'mint.json') out.push(full)
  }
  return out
}

/**
 * Seed pages and configs: the built-in ones first (shrinking moves toward them), then up to
 * `maxPages` corpus pages spread evenly over every corpus, each at most 12 KB so a case stays fast.
 */
export function loadSeeds(corpora = defaultCorpora, {maxPages = 400} = {}) {
  const pages = [...builtinSeeds]
  const configs = []
  if (!fs.existsSync(corpora)) return {pages, configs, corpora: undefined}
  const files = walk(corpora).sort()
  const candidates = files.filter((file) => /\.mdx?$/.test(file) && fs.statSync(file).size <= maxSeedBytes)
  const step = Math.max(1, Math.floor(candidates.length / maxPages))
  for (let index = 0; index < candidates.length && pages.length < maxPages + builtinSeeds.length; index += step) {
    const file = candidates[index]
    pages.push({path: path.basename(file), text: fs.readFileSync(file, 'utf8')})
  }
  for (const file of files) {
    if (/(docs|mint)\.json$/.test(file)) configs.push(fs.readFileSync(file, 'utf8'))
  }
  return {pages, configs, corpora}
}

// ---------------------------------------------------------------------------------------------
// Generators

const tokens = [
  '<', '>', '{', '}', '---\n', '`', '```', '````\n', '\n```\n', '<Note>', '</Note>', '<Card title="x"', '<Steps>\n', '</Tabs>',
  '{/*', '*/}', '<!--', '-->', '\uFEFF', '\r\n', '\r', '\t', '\u00A0', '\uD800', '\uDC00', '😀', '\u200B', '&', '&nbsp;', '&#x0;',
  '[', '](', '![', '](/', '|', '\n| a |\n| - |\n', '$$', 'export const a = ', 'import x from "y"\n', '\\', '*', '_', '~~',
  '# ', '\n## ', '\n#{#id}', ' {#custom-id}', '<a href="', '<img src="x" />', '</a>', '<br>', '<div>', 'http://', 'mailto:',
  '[^1]', '\n[^1]: ', '\n- ', '\n1. ', '\n> ', '\n    ', '\n\n', ':', '"', "'", '=', '<Step title="a">', '<Tab title="a">',
  '<CodeGroup>', '<ParamField body="x">', '<Frame>', '<Tooltip tip="x">', '{1 +', '{`', '<>', '</>', '<a.b>', '<x:y>',
  '\u0000', '\u0007', '\u001b[31m', '\u2028', '\u2029', 'Ω', 'ﬁ', 'İ', 'ß', 'e\u0301'
]
const hugeUnits = ['x', 'word ', 'the ', '`', '<', '{', '*', '_', '[', '|', ' ', '\t', '/', 'a/', '-', '=', 'A', '{##', '/**/', '<a\te', '> ', '# ', 'a.', '\\', '![', '&amp;']
const nestStyles = ['blockquote', 'list', 'ordered', 'jsx', 'steps', 'emphasis', 'link', 'brace', 'html', 'indent']
const jsxTags = ['Note', 'Warning', 'Card', 'CardGroup', 'Steps', 'Step', 'Tabs', 'Tab', 'CodeGroup', 'Accordion', 'AccordionGroup', 'Frame', 'ParamField', 'ResponseField', 'Expandable', 'Tooltip', 'Check', 'Info', 'Tip', 'Columns', 'div', 'a', 'x-y']

/**
 * `maxDepth` and `maxLine` bound nesting and huge lines (the test suite keeps cases small to stay fast).
 * @param {typeof import('fast-check').default} fc
 */
export function caseArbitrary(fc, seeds, {site = true, maxDepth = 2000, maxLine = 30_000} = {}) {
  const at = fc.nat({max: 1_000_000})
  const pagePath = fc.constantFrom('page.mdx', 'page.md', 'snippets/part.mdx', 'api/ref.mdx')
  const seed = fc.nat({max: seeds.pages.length - 1})
  const bytes = fc.uint8Array({maxLength: 64}).map((array) => Buffer.from(array))
  const insertText = fc.oneof(
    {weight: 6, arbitrary: fc.constantFrom(...tokens)},
    {weight: 2, arbitrary: fc.string({unit: 'binary', maxLength: 40})},
    {weight: 1, arbitrary: fc.string({unit: 'grapheme', maxLength: 40})},
    {weight: 1, arbitrary: bytes.map((buffer) => buffer.toString('utf8'))},
    {weight: 1, arbitrary: bytes.map((buffer) => buffer.toString('latin1'))}
  )
  const op = fc.oneof(
    {weight: 2, arbitrary: fc.record({op: fc.constant('truncate'), at})},
    {weight: 6, arbitrary: fc.record({op: fc.constant('insert'), at, text: insertText, lineStart: fc.boolean()})},
    {weight: 1, arbitrary: fc.record({op: fc.constant('huge-line'), at, unit: fc.constantFrom(...hugeUnits), count: fc.integer({min: 1, max: maxLine})})},
    {weight: 1, arbitrary: fc.record({op: fc.constant('nest'), at, style: fc.constantFrom(...nestStyles), depth: fc.integer({min: 1, max: maxDepth})})},
    {
      weight: 2,
      arbitrary: fc.record({
        op: fc.constant('unclosed-jsx'),
        at,
        tag: fc.constantFrom(...jsxTags),
        attributes: fc.constantFrom('', ' title="x"', ' title={"x"}', ' href="/a"', ' {...props}', ' title="', ' title={', ' a=b'),
        close: fc.constantFrom('>', '', ' />', '>\ntext\n')
      })
    },
    {weight: 1, arbitrary: fc.record({op: fc.constant('delete'), at, length: fc.integer({min: 1, max: 200})})},
    {weight: 1, arbitrary: fc.record({op: fc.constant('splice'), at, from: at, length: fc.integer({min: 1, max: 400})})},
    {weight: 1, arbitrary: fc.record({op: fc.constant('line-endings'), style: fc.constantFrom('crlf', 'cr', 'bom', 'bom-crlf')})}
  )
  const ops = fc.array(op, {minLength: 1, maxLength: 6})
  const pageCase = fc.record({kind: fc.constant('page'), path: pagePath, seed, ops})

  const yamlScalar = fc.oneof(
    fc.string({maxLength: 30}),
    fc.constantFrom('', 'null', '~', 'yes', 'no', '0x1F', '1e3', '.nan', '2024-01-01', '*anchor', '&anchor x', '!!binary x', '|', '>', '"unterminated', "'q", '{a: [', '- a', '? x', '%YAML 1.2', '@x', '`y`', 'a: b: c'),
    fc.integer().map(String)
  )
  const yamlText = fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .record(
          {
            title: fc.oneof(fc.string({maxLength: 60}), fc.jsonValue({maxDepth: 2})),
            description: fc.oneof(fc.string({maxLength: 200}), fc.jsonValue({maxDepth: 2})),
            sidebarTitle: fc.string({maxLength: 20}),
            icon: fc.constantFrom('rocket', 'x', ''),
            mode: fc.constantFrom('wide', 'custom', 'center', 'weird'),
            openapi: fc.constantFrom('GET /users', 'openapi.json POST /x', 'nonsense', ''),
            keywords: fc.array(fc.string({maxLength: 10}), {maxLength: 4}),
            extra: fc.dictionary(fc.string({maxLength: 12}), fc.jsonValue({maxDepth: 3}), {maxKeys: 4})
          },
          {requiredKeys: []}
        )
        .map(({extra, ...rest}) => YAML.stringify({...extra, ...rest}))
    },
    {weight: 2, arbitrary: fc.array(fc.tuple(fc.string({maxLength: 12}), yamlScalar), {maxLength: 6}).map((pairs) => pairs.map(([key, value]) => key + ': ' + value).join('\n'))},
    {weight: 1, arbitrary: fc.string({unit: fc.constantFrom(...':-[]{}&*!|>\'"#%@`,? \t\nab0'.split('')), maxLength: 120})}
  )
  const frontMatterCase = fc.record({
    kind: fc.constant('front-matter'),
    path: pagePath,
    seed,
    yaml: yamlText,
    fence: fc.constantFrom('---\n', '---\r\n', '--- \n', '---'),
    closed: fc.boolean(),
    ops: fc.array(op, {maxLength: 2})
  })
  if (!site) return fc.oneof({weight: 4, arbitrary: pageCase}, {weight: 1, arbitrary: frontMatterCase})

  const pageRef = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        'index', 'guide/a', 'guide', 'missing', '../outside', '/index', '/etc/passwd', 'https://example.com/x', 'GET /users',
        'openapi.json GET /x', '', ' ', 'index.mdx', './index', 'guide/../index', '%2e%2e/outside', 'guide/a#anchor', 'a\u0000b', 'C:\\x', '//host/x'
      )
    },
    {weight: 1, arbitrary: fc.string({maxLength: 20})}
  )
  const refTarget = fc.constantFrom('nav.json', 'docs.json', './nav.json', '../outside.json', '/abs.json', 'missing.json', 'https://example.com/x.json', 'nav.json#/a', '', 'guide', 'index.mdx')
  const {node: navNode} = fc.letrec((tie) => ({
    node: fc.oneof(
      {depthSize: 'small', withCrossShrink: true},
      {weight: 4, arbitrary: pageRef},
      {weight: 2, arbitrary: fc.record({group: fc.string({maxLength: 12}), pages: fc.array(tie('node'), {maxLength: 4})}, {requiredKeys: ['group']})},
      {weight: 1, arbitrary: fc.record({tab: fc.string({maxLength: 12}), groups: fc.array(tie('node'), {maxLength: 3}), openapi: fc.constantFrom('openapi.json', '../x.yaml', 'https://x/y.json')}, {requiredKeys: []})},
      {weight: 1, arbitrary: fc.record({$ref: refTarget, group: fc.string({maxLength: 8})}, {requiredKeys: ['$ref']})},
      {weight: 1, arbitrary: fc.jsonValue({maxDepth: 2})}
    )
  }))
  const divisions = fc.record(
    {
      tabs: fc.array(fc.record({tab: fc.string({maxLength: 10}), pages: fc.array(navNode, {maxLength: 4}), groups: fc.array(navNode, {maxLength: 3})}, {requiredKeys: ['tab']}), {maxLength: 3}),
      groups: fc.array(navNode, {maxLength: 4}),
      pages: fc.array(navNode, {maxLength: 4}),
      anchors: fc.array(fc.record({anchor: fc.string({maxLength: 8}), href: pageRef, pages: fc.array(navNode, {maxLength: 3})}, {requiredKeys: []}), {maxLength: 2}),
      versions: fc.array(fc.record({version: fc.string({maxLength: 8}), pages: fc.array(navNode, {maxLength: 3})}), {maxLength: 2}),
      $ref: refTarget
    },
    {requiredKeys: []}
  )
  const wildcardSource = fc
    .array(fc.constantFrom('*', ':slug', ':a*', 'a', 'docs', '**', '.html', '(x)'), {maxLength: 14})
    .map((parts) => '/' + parts.join('/'))
  const docsJson = fc
    .record(
      {
        $schema: fc.constantFrom('https://mintlify.com/docs.json', 'x'),
        theme: fc.oneof(fc.constantFrom('mint', 'maple', 'palm', 'willow', 'linden', 'almond', 'aspen'), fc.string({maxLength: 8})),
        name: fc.string({maxLength: 20}),
        colors: fc.record({primary: fc.oneof(fc.constantFrom('#0D9373', '#fff', 'red', '#12345'), fc.string({maxLength: 8})), light: fc.constantFrom('#ffffff', '#07C983'), dark: fc.constantFrom('#000000', '#0D9373')}, {requiredKeys: []}),
        logo: fc.oneof(fc.constantFrom('/logo.svg', '../outside.svg', 'https://x/logo.png'), fc.record({light: pageRef, dark: pageRef})),
        favicon: fc.constantFrom('/favicon.svg', '/missing.ico', '../outside.ico', ''),
        navigation: fc.oneof(divisions, fc.array(navNode, {maxLength: 5})),
        redirects: fc.array(fc.record({source: fc.oneof(wildcardSource, pageRef), destination: fc.oneof(pageRef, wildcardSource)}, {requiredKeys: []}), {maxLength: 4}),
        openapi: fc.oneof(fc.constantFrom('openapi.json', '/openapi.yaml', '../outside.json', 'https://x/api.json'), fc.array(pageRef, {maxLength: 2})),
        api: fc.record({openapi: fc.constantFrom('openapi.json', '../outside.json')}, {requiredKeys: []}),
        $ref: refTarget,
        extra: fc.dictionary(fc.string({maxLength: 10}), fc.jsonValue({maxDepth: 3}), {maxKeys: 3})
      },
      {requiredKeys: []}
    )
    .map(({extra, ...rest}) => ({...extra, ...rest}))
  const jsonMutation = fc.option(
    fc.oneof(
      fc.record({op: fc.constant('truncate'), at}),
      fc.record({op: fc.constant('insert'), at, text: fc.constantFrom(',', '{', '}', '[', '"', ':', '\\', '\u0000', '/*', '//', 'NaN', '\uFEFF', '\n')})
    ),
    {freq: 4}
  )
  const configText = fc.oneof(
    {weight: 4, arbitrary: fc.tuple(docsJson, jsonMutation).map(([value, mutation]) => mutateJson(JSON.stringify(value, null, 2), mutation))},
    ...(seeds.configs.length > 0
      ? [{weight: 1, arbitrary: fc.tuple(fc.nat({max: seeds.configs.length - 1}), jsonMutation).map(([index, mutation]) => mutateJson(seeds.configs[index], mutation))}]
      : [])
  )
  const siteCase = fc.record({
    kind: fc.constant('site'),
    configName: fc.constantFrom('docs.json', 'docs.json', 'mint.json'),
    config: configText,
    included: fc.tuple(fc.oneof(navNode, divisions), jsonMutation).map(([value, mutation]) => mutateJson(JSON.stringify(value), mutation)),
    links: fc.array(
      fc.oneof(
        pageRef,
        fc.integer({min: 1, max: 200}).map((count) => '/' + 'a/'.repeat(count) + 'b'),
        fc.constantFrom('#steps', 'guide/a#missing', '../outside.mdx', '/images/x.png', '/logo.svg', 'mailto:a@b.c')
      ),
      {maxLength: 5}
    ),
    seed
  })
  return fc.oneof({weight: 14, arbitrary: pageCase}, {weight: 4, arbitrary: frontMatterCase}, {weight: 2, arbitrary: siteCase})
}

function mutateJson(text, mutation) {
  if (!mutation) return text
  const offset = Math.floor((mutation.at / 1_000_001) * (text.length + 1))
  return mutation.op === 'truncate' ? text.slice(0, offset) : text.slice(0, offset) + mutation.text + text.slice(offset)
}

function nested(style, depth) {
  switch (style) {
    case 'blockquote': return '> '.repeat(depth) + 'deep\n'
    // Indented styles grow with the square of the depth: keep them under about 60 KB.
    case 'list': return Array.from({length: Math.min(depth, 250)}, (_, index) => '  '.repeat(index) + '- item').join('\n') + '\n'
    case 'ordered': return Array.from({length: Math.min(depth, 200)}, (_, index) => '   '.repeat(index) + '1. item').join('\n') + '\n'
    case 'jsx': return '<Note>\n'.repeat(depth) + 'deep\n' + '</Note>\n'.repeat(depth)
    case 'steps': return '<Steps>\n<Step title="a">\n'.repeat(depth) + 'deep\n' + '</Step>\n</Steps>\n'.repeat(depth)
    case 'emphasis': return '*'.repeat(depth) + 'deep' + '*'.repeat(depth)
    case 'link': return '['.repeat(depth) + 'deep' + '](/x)'.repeat(depth)
    case 'brace': return '{'.repeat(depth) + '1' + '}'.repeat(depth)
    case 'html': return '<div>'.repeat(depth) + 'deep' + '</div>'.repeat(depth)
    default: return Array.from({length: Math.min(depth, 350)}, (_, index) => ' '.repeat(index) + 'indented').join('\n') + '\n'
  }
}

function applyOps(text, ops) {
  for (const op of ops) {
    const offset = Math.floor((op.at / 1_000_001) * (text.length + 1))
    switch (op.op) {
      case 'truncate':
        text = text.slice(0, offset)
        break
      case 'insert': {
        const where = op.lineStart ? text.lastIndexOf('\n', offset - 1) + 1 : offset
        text = text.slice(0, where) + op.text + text.slice(where)
        break
      }
      case 'huge-line': {
        const line = op.unit.repeat(Math.ceil(op.count / op.unit.length)).slice(0, op.count)
        text = text.slice(0, offset) + line + text.slice(offset)
        break
      }
      case 'nest': {
        const where = text.lastIndexOf('\n', offset - 1) + 1
        text = text.slice(0, where) + '\n' + nested(op.style, op.depth) + '\n' + text.slice(where)
        break
      }
      case 'unclosed-jsx':
        text = text.slice(0, offset) + '<' + op.tag + op.attributes + op.close + text.slice(offset)
        break
      case 'delete':
        text = text.slice(0, offset) + text.slice(offset + op.length)
        break
      case 'splice': {
        const from = Math.floor((op.from / 1_000_001) * (text.length + 1))
        text = text.slice(0, offset) + text.slice(from, from + op.length) + text.slice(offset)
        break
      }
      case 'line-endings':
        if (op.style.includes('crlf')) text = text.replace(/\r?\n/g, '\r\n')
        if (op.style === 'cr') text = text.replace(/\r?\n/g, '\r')
        if (op.style.startsWith('bom')) text = '\uFEFF' + text
        break
    }
  }
  return text
}

const frontMatterPattern = /^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/

/** The files a case lints: one page, or a small site (relative path → text). */
export function buildCase(testCase, seeds) {
  const seedPage = seeds.pages[testCase.seed % seeds.pages.length]
  if (testCase.kind === 'page') return {[testCase.path]: applyOps(seedPage.text, testCase.ops)}
  if (testCase.kind === 'front-matter') {
    const body = seedPage.text.replace(frontMatterPattern, '')
    const closing = testCase.closed ? (testCase.fence.endsWith('\r\n') ? '\r\n---\r\n' : '\n---\n') : '\n'
    return {[testCase.path]: applyOps(testCase.fence + testCase.yaml + closing + body, testCase.ops)}
  }
  const links = testCase.links.map((link, index) => '- [Link ' + index + '](' + link + ')').join('\n')
  return {
    [testCase.configName]: testCase.config,
    'nav.json': testCase.included,
    'index.mdx': '---\ntitle: Home\ndescription: The home page.\n---\n\n## Steps\n\n' + links + '\n',
    'guide/a.mdx': seedPage.text,
    'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>'
  }
}

// ---------------------------------------------------------------------------------------------
// Invariants

const markdownParser = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkGfm).freeze()
const mdxParser = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkGfm).use(remarkMdx).freeze()

/** Lists and block quotes nest at most this deep in a page that parses (see test/hostile.test.ts). */
const maxNesting = 100

/**
 * Whether the page parses, decided without docs-lint: `binary` for a NUL byte, `fails` when the
 * parser throws or lists and block quotes nest deeper than the limit.
 */
export function parseOutcome(filePath, text) {
  // `## Title {#id}` is the platform's custom anchor ID, which docs-lint reads: blank it out here.
  const source = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).replace(/^([ \t]{0,3}#{1,6}[ \t][^\n]*?)\{#[^{}\n]*\}(?=[ \t]*$)/gm, (whole, head) => head + ' '.repeat(whole.length - head.length))
  if (source.includes('\u0000')) return 'binary'
  let tree
  try {
    tree = (/\.(md|markdown)$/.test(filePath) ? markdownParser : mdxParser).parse(source)
  } catch {
    return 'fails'
  }
  /** @type {Array<[import('mdast').Nodes, number]>} */
  const stack = [[tree, 0]]
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    const [node, above] = entry
    const depth = above + (node.type === 'list' || node.type === 'blockquote' ? 1 : 0)
    if (depth > maxNesting) return 'fails'
    if ('children' in node) for (const child of node.children) stack.push([child, depth])
  }
  return 'ok'
}

/** Problems with one linted file's messages; `text` is what was linted (undefined for a site's config files). */
export function checkMessages(filePath, text, messages) {
  const problems = []
  const source = text === undefined ? undefined : text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  const lines = source?.split(/\r\n|\r|\n/)
  for (const message of messages) {
    const label = '`' + filePath + '` ' + (message.ruleId ?? '(no rule id)') + ' ' + message.line + ':' + message.column + ' ' + JSON.stringify(String(message.reason).slice(0, 160))
    if (typeof message.ruleId !== 'string' || message.ruleId === '') problems.push('message without a rule id: ' + label)
    if (message.source !== 'docs-lint') problems.push('message whose source is not docs-lint: ' + label)
    if (!(Number.isInteger(message.line) && message.line >= 1 && Number.isInteger(message.column) && message.column >= 1)) {
      problems.push('message without a position: ' + label)
    } else if (lines && message.ruleId !== 'file-too-large') {
      const line = lines[message.line - 1]
      if (line === undefined || message.column > line.length + 1) problems.push('message placed outside the page: ' + label)
    }
    const end = message.place && 'end' in message.place ? message.place.end : undefined
    if (end && (end.line < message.line || (end.line === message.line && end.column < message.column))) {
      problems.push('message that ends before it starts: ' + label)
    }
    if (message.ruleId === 'rule-error') problems.push('a rule failed: ' + label)
  }
  if (text !== undefined && /\.mdx?$/.test(filePath)) {
    const outcome = parseOutcome(filePath, text)
    const parseErrors = messages.filter((message) => message.ruleId === 'parse-error').length
    const expected = outcome === 'ok' ? 0 : 1
    if (parseErrors !== expected) problems.push('`' + filePath + '` ' + (outcome === 'ok' ? 'parses' : outcome === 'binary' ? 'is binary' : 'does not parse') + ' but has ' + parseErrors + ' parse-error messages')
  }
  return problems
}

/**
 * Lint one case with the given API (`dist/` from the script, `src/` from the tests) and return its
 * problems and time. Site cases are written under `folder` (a fresh `site` folder each time) beside
 * an `outside.json` and `outside.mdx` that must never be read.
 */
export async function runCase(testCase, seeds, api, folder) {
  const files = buildCase(testCase, seeds)
  const started = performance.now()
  const problems = []
  // Time of the lint alone, and of parsing the page once with the bare parser (for comparison).
  let ms
  let parseMs = 0
  try {
    if (testCase.kind !== 'site') {
      const [filePath, text] = Object.entries(files)[0]
      const file = await api.lintText(text, {path: filePath, config: api.config})
      ms = performance.now() - started
      const parseStarted = performance.now()
      problems.push(...checkMessages(filePath, text, file.messages))
      parseMs = performance.now() - parseStarted
    } else {
      const root = path.join(folder, 'site')
      fs.rmSync(root, {recursive: true, force: true})
      for (const [name, text] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(root, name)), {recursive: true})
        fs.writeFileSync(path.join(root, name), text)
      }
      fs.writeFileSync(path.join(root, '.docs-lintrc.json'), '{"extends": "all"}')
      const result = await api.lint({patterns: ['.'], cwd: root})
      ms = performance.now() - started
      if (result.configErrors.length > 0) problems.push('configuration error: ' + result.configErrors.join('; '))
      for (const file of result.files) {
        const relative = path.relative(root, path.resolve(root, file.path)).split(path.sep).join('/')
        const text = /\.mdx?$/.test(relative) ? files[relative] : undefined
        problems.push(...checkMessages(relative, text, file.messages))
        for (const message of file.messages) {
          if (/OUTSIDE-MARKER/.test(String(message.reason))) problems.push('a file outside the site root was read: ' + message.reason)
        }
      }
    }
  } catch (error) {
    problems.push('exception escaped: ' + String((error instanceof Error ? error.stack : undefined) ?? error).split('\n').slice(0, 4).join(' | '))
  }
  return {problems, ms: ms ?? performance.now() - started, parseMs}
}

export function prepareFolder() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-fuzz-'))
  fs.writeFileSync(path.join(folder, 'outside.json'), JSON.stringify({navigation: ['OUTSIDE-MARKER'], $ref: 'OUTSIDE-MARKER.json'}))
  fs.writeFileSync(path.join(folder, 'outside.mdx'), '# OUTSIDE-MARKER\n')
  return folder
}

/** A problem's kind, numbers and quoted text left out: failures of one kind are shrunk once. */
export function signatureOf(problem) {
  return problem.replace(/`[^`]*`/g, '`…`').replace(/"(?:[^"\\]|\\.)*"/g, '"…"').replace(/\d+/g, 'N')
}

// ---------------------------------------------------------------------------------------------
// The script: fast-check generates in this thread, a worker lints, so a hang is a finding, not the end.

async function workerMain() {
  const port = parentPort
  if (!port) throw new Error('fuzz: workerMain runs in a worker thread')
  const dist = pathToFileURL(path.resolve(here, '../dist/src/index.js')).href
  const {lintText, lint, resolveConfig} = await import(dist)
  const api = {lintText, lint, config: resolveConfig({extends: 'all'})}
  const seeds = loadSeeds(workerData.corpora)
  const folder = prepareFolder()
  port.on('message', async ({id, testCase}) => {
    let result = await runCase(testCase, seeds, api, folder)
    // A slow case is timed again: under load one slow run is noise, two are a finding.
    if (result.ms > workerData.budgetMs && result.ms < workerData.budgetMs * 5) {
      const again = await runCase(testCase, seeds, api, folder)
      result = {...result, ms: Math.min(result.ms, again.ms), firstMs: result.ms}
    }
    port.postMessage({id, ...result})
  })
  port.postMessage({ready: true})
}

function parseArguments(argv) {
  const options = {cases: 10_000, seed: Date.now() % 2 ** 31, replay: /** @type {number | undefined} */ (undefined), corpora: defaultCorpora, budgetMs: 2000}
  for (let index = 0; index < argv.length; index++) {
    const name = argv[index]
    const value = argv[++index]
    if (name === '--cases') options.cases = Number(value)
    else if (name === '--seed') options.seed = Number(value)
    else if (name === '--replay') options.replay = Number(value)
    else if (name === '--corpora') options.corpora = path.resolve(value)
    else if (name === '--budget-ms') options.budgetMs = Number(value)
    else {
      console.error('fuzz: unknown option `' + name + '`; usage: node bench/fuzz.mjs [--cases N] [--seed N] [--replay INDEX] [--corpora DIR] [--budget-ms N]')
      process.exit(2)
    }
  }
  return options
}

/** @typedef {{problems: string[], ms: number, firstMs?: number, parseMs?: number}} CaseResult */

class Linter {
  /** @type {Worker | undefined} the worker that lints the cases, a fresh one after a hang (set by `start`) */
  worker
  /** @type {Map<number, (result: CaseResult) => void>} the cases sent, by id, waiting for their result */
  pending = new Map()
  /** @type {((value?: unknown) => void) | undefined} */
  ready

  constructor(options) {
    this.options = options
    this.hangMs = Math.max(60_000, options.budgetMs * 30)
    this.next = 0
  }

  async start() {
    this.worker = new Worker(fileURLToPath(import.meta.url), {workerData: {docsLintFuzzWorker: true, corpora: this.options.corpora, budgetMs: this.options.budgetMs}})
    this.pending = new Map()
    this.worker.on('message', (message) => {
      if (message.ready) return this.ready?.()
      this.pending.get(message.id)?.(message)
      this.pending.delete(message.id)
    })
    this.worker.on('error', (error) => {
      for (const resolve of this.pending.values()) resolve({problems: ['worker died: ' + String(error?.message ?? error)], ms: 0})
      this.pending.clear()
    })
    await new Promise((resolve) => (this.ready = resolve))
  }

  async send(testCase) {
    const id = this.next++
    if (!this.worker) throw new Error('fuzz: Linter.start() first')
    this.worker.postMessage({id, testCase})
    let timer
    const result = await Promise.race([
      new Promise((resolve) => this.pending.set(id, resolve)),
      new Promise((resolve) => (timer = setTimeout(() => resolve(undefined), this.hangMs)))
    ])
    clearTimeout(timer)
    if (result) return result
    // A hang: stop the worker, start a fresh one, report the case.
    this.pending.delete(id)
    await this.worker.terminate()
    await this.start()
    return {problems: ['hang: no result after ' + this.hangMs / 1000 + ' s'], ms: this.hangMs}
  }

  close() {
    return this.worker?.terminate()
  }
}

function describeText(files) {
  return Object.entries(files)
    .map(([name, text]) => name + ' (' + text.length + ' chars): ' + JSON.stringify(text.length > 400 ? text.slice(0, 300) + '…' + text.slice(-100) : text))
    .join('\n    ')
}

async function main() {
  const options = parseArguments(process.argv.slice(2))
  const fc = (await import('fast-check')).default
  if (!fs.existsSync(path.resolve(here, '../dist/src/index.js'))) {
    console.error('fuzz: needs the build: run `npx tsc -p .` first')
    process.exit(2)
  }
  const seeds = loadSeeds(options.corpora)
  if (!seeds.corpora) {
    console.log('fuzz: corpora folder not found at ' + options.corpora + ' (expected ../shared/corpora beside the checkout, or pass --corpora DIR);')
    console.log('      fuzzing from the ' + builtinSeeds.length + ' built-in seed pages only, and generated docs.json only')
  } else {
    console.log('fuzz: ' + seeds.pages.length + ' seed pages (' + builtinSeeds.length + ' built in) and ' + seeds.configs.length + ' docs.json/mint.json from ' + seeds.corpora)
  }
  const arbitrary = caseArbitrary(fc, seeds)
  const linter = new Linter(options)
  await linter.start()

  if (options.replay !== undefined) {
    await fc.check(
      fc.asyncProperty(arbitrary, async (testCase) => {
        const result = await linter.send(testCase)
        console.log('case ' + options.replay + ' of seed ' + options.seed + ': ' + JSON.stringify(testCase).slice(0, 2000))
        console.log('    ' + describeText(buildCase(testCase, seeds)))
        console.log('time ' + result.ms.toFixed(0) + ' ms; problems: ' + (result.problems.length === 0 ? 'none' : '\n  ' + result.problems.join('\n  ')))
        return true
      }),
      {seed: options.seed, path: String(options.replay), numRuns: 1}
    )
    await linter.close()
    return
  }

  console.log('fuzz: seed ' + options.seed + ', ' + options.cases + ' cases, budget ' + options.budgetMs + ' ms per case (replay one with --seed ' + options.seed + ' --replay INDEX)')
  const failures = []
  let index = 0
  let slowest = {ms: 0, index: -1, kind: ''}
  const kinds = {}
  const started = performance.now()
  await fc.check(
    fc.asyncProperty(arbitrary, async (testCase) => {
      const caseIndex = index++
      const result = await linter.send(testCase)
      kinds[testCase.kind] = (kinds[testCase.kind] ?? 0) + 1
      const problems = [...result.problems]
      if (result.ms > options.budgetMs && !problems.some((problem) => problem.startsWith('hang'))) problems.push('slow: ' + result.ms.toFixed(0) + ' ms (twice over the ' + options.budgetMs + ' ms budget; the bare parser takes ' + (result.parseMs ?? 0).toFixed(0) + ' ms)')
      if (result.ms > slowest.ms) slowest = {ms: result.ms, firstMs: result.firstMs, parseMs: result.parseMs, index: caseIndex, kind: testCase.kind, size: Object.values(buildCase(testCase, seeds)).reduce((sum, text) => sum + text.length, 0)}
      if (problems.length > 0) failures.push({index: caseIndex, problems})
      if (caseIndex % 500 === 499) console.log('  ' + (caseIndex + 1) + ' cases, ' + failures.length + ' failing, ' + ((performance.now() - started) / 1000).toFixed(0) + ' s')
      return true
    }),
    {seed: options.seed, numRuns: options.cases}
  )
  const seconds = ((performance.now() - started) / 1000).toFixed(0)
  console.log('\ncases: ' + index + ' (' + Object.entries(kinds).map(([kind, count]) => count + ' ' + kind).join(', ') + ') in ' + seconds + ' s')
  console.log('failing cases: ' + failures.length)
  console.log('slowest case: #' + slowest.index + ' (' + slowest.kind + ', ' + slowest.size + ' chars) ' + slowest.ms.toFixed(0) + ' ms' + (slowest.firstMs ? ' (first run ' + slowest.firstMs.toFixed(0) + ' ms)' : '') + (slowest.parseMs ? '; the bare parser alone takes ' + slowest.parseMs.toFixed(0) + ' ms on it' : ''))
  console.log('replay the slowest: node bench/fuzz.mjs --seed ' + options.seed + ' --replay ' + slowest.index)

  // One shrunk example per kind of failure.
  const bySignature = new Map()
  for (const failure of failures) {
    for (const problem of failure.problems) {
      const signature = signatureOf(problem)
      const entry = bySignature.get(signature) ?? {count: 0, first: failure.index, problem}
      entry.count++
      bySignature.set(signature, entry)
    }
  }
  for (const [signature, entry] of bySignature) {
    console.log('\nFAILURE ×' + entry.count + ': ' + entry.problem)
    console.log('  replay: node bench/fuzz.mjs --seed ' + options.seed + ' --replay ' + entry.first)
    const shrunk = await fc.check(
      fc.asyncProperty(arbitrary, async (testCase) => {
        const result = await linter.send(testCase)
        const problems = [...result.problems]
        if (result.ms > options.budgetMs && !problems.some((problem) => problem.startsWith('hang'))) problems.push('slow: ' + result.ms.toFixed(0) + ' ms (twice over the ' + options.budgetMs + ' ms budget; the bare parser takes ' + (result.parseMs ?? 0).toFixed(0) + ' ms)')
        return !problems.some((problem) => signatureOf(problem) === signature)
      }),
      {seed: options.seed, path: String(entry.first), interruptAfterTimeLimit: 120_000, markInterruptAsFailure: false}
    )
    if (shrunk.failed && shrunk.counterexample) {
      const [testCase] = shrunk.counterexample
      console.log('  minimal case: ' + JSON.stringify(testCase).slice(0, 1500))
      console.log('    ' + describeText(buildCase(testCase, seeds)))
    } else {
      console.log('  (did not fail again when replayed: timing noise)')
    }
  }
  await linter.close()
  process.exitCode = failures.length > 0 ? 1 : 0
}

if (!isMainThread && workerData?.docsLintFuzzWorker === true) {
  await workerMain()
} else if (isMainThread && process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main()
}
