import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {afterEach, describe, expect, it, vi} from 'vitest'
import {goodPage, runCli, tempSite} from './helpers/cli.js'

// Hostile and odd input, each with the message a user sees. Binary files, invalid UTF-8, a BOM,
// CRLF, empty files, a page over --max-file-size, invalid config files and an unknown rule in a
// disable comment are in bad-input.test.ts and cli.test.ts; this file covers the rest.

interface Reported {
  path: string
  messages: Array<{ruleId: string; line: number | null; column: number | null; fatal: boolean | null; reason: string}>
}

async function lintJson(root: string, args: string[] = []): Promise<{code: number; report: Reported[]; stderr: string}> {
  const run = await runCli(['--format', 'json', ...args], root)
  return {code: run.code, report: run.stdout ? (JSON.parse(run.stdout) as Reported[]) : [], stderr: run.stderr}
}

const summary = (file: Reported | undefined) => (file?.messages ?? []).map((m) => `${m.line}:${m.column} ${m.ruleId} ${m.reason}`)
const byPath = (report: Reported[], name: string) => report.find((file) => file.path === name)
const site = {
  'docs.json': JSON.stringify({$schema: 'https://mintlify.com/docs.json', theme: 'mint', name: 'Acme', colors: {primary: '#0D9373'}, navigation: {groups: [{group: 'Start', pages: ['index']}]}}),
  'index.mdx': goodPage
}

describe('size and depth', () => {
  it('a 50 MB page is skipped with one warning under the default limit', async () => {
    const root = tempSite({'big.mdx': goodPage + 'Text line here.\n'.repeat((50 * 1024 * 1024) / 16), 'a.mdx': goodPage})
    const {code, report} = await lintJson(root)
    expect(summary(byPath(report, 'big.mdx'))).toEqual(['1:1 file-too-large Skipped: the file is 50 MB, larger than the 5 MB limit (`--max-file-size`)'])
    expect(byPath(report, 'a.mdx')!.messages).toEqual([])
    expect(code).toBe(0)
  }, 60_000)

  // 20 KB pages that the parser needs minutes for (its work grows with the square of the depth): they
  // get one message at once, in every entry point, not only where a worker's time budget applies.
  const deep: Array<[string, string, string]> = [
    ['10,000 nested lists (.md)', 'lists.md', '- '.repeat(10_000) + 'item\n'],
    ['10,000 nested lists (.mdx)', 'lists.mdx', '- '.repeat(10_000) + 'item\n'],
    ['10,000 nested block quotes (.md)', 'quotes.md', '> '.repeat(10_000) + 'deep\n'],
    ['10,000 nested block quotes (.mdx)', 'quotes.mdx', '>'.repeat(10_000) + ' deep\n']
  ]
  for (const [name, file, body] of deep) {
    it(name, async () => {
      const root = tempSite({[file]: goodPage + '\n' + body, 'a.mdx': goodPage})
      // Without the limit the page would run into `--file-timeout`: a finding of another kind.
      const {report} = await lintJson(root, ['--file-timeout', '5'])
      expect(summary(byPath(report, file))).toEqual(['10:1 parse-error Cannot parse page: lists and block quotes nest 10000 levels deep, expected at most 100'])
      expect(byPath(report, 'a.mdx')!.messages).toEqual([])
    }, 60_000)
  }
})

describe('elements nested past what a walk can take (5,000 levels)', () => {
  it('10,000 nested elements: the same positioned finding with and without workers, no stack trace', async () => {
    const deep = '<div>'.repeat(10_000) + 'deep' + '</div>'.repeat(10_000) + '\n'
    const inline = 'Text ' + '<span>'.repeat(6000) + 'deep' + '</span>'.repeat(6000) + '\n'
    const root = tempSite({'blocks.mdx': goodPage + '\n' + deep, 'inline.mdx': goodPage + '\n' + inline, 'a.mdx': goodPage})
    const runs = []
    for (const jobs of ['0', '2']) runs.push(await lintJson(root, ['--jobs', jobs]))
    for (const run of runs) {
      expect(summary(byPath(run.report, 'blocks.mdx'))).toEqual(['10:1 parse-error Cannot parse page: elements and inline formatting nest more than 5000 levels deep, expected at most 5000'])
      expect(summary(byPath(run.report, 'inline.mdx'))).toEqual(['10:1 parse-error Cannot parse page: elements and inline formatting nest more than 5000 levels deep, expected at most 5000'])
      expect(byPath(run.report, 'a.mdx')!.messages).toEqual([])
      expect(run.code).toBe(1)
      expect(run.stderr).not.toMatch(/\n\s+at |Maximum call stack/)
    }
    expect(runs[1]).toEqual(runs[0])
  }, 120_000)
})

describe('nesting the parser must not walk into', () => {
  const indented: Array<[string, string, (level: number) => string, number]> = [
    ['2,000 lists nested by indentation (a 4 MB page the parser needs minutes for)', 'lists.md', (level) => '  '.repeat(level), 2000],
    // Each level is indented two columns more, and a tab is four: the page's longest line starts with
    // 1,000 tabs, a quarter of the columns it nests, which the check before the estimate must allow
    // for. The estimate takes a tab for one level, so it counts half of them.
    ['2,000 lists nested by tabs, two levels a tab: the fewest characters a level can take in lists', 'tabs.md', (level) => '\t'.repeat(Math.floor(level / 2)) + (level % 2 ? '  ' : ''), 1001]
  ]
  for (const [name, file, indentation, reported] of indented) {
    it(name, async () => {
      const lists = Array.from({length: 2000}, (_, level) => indentation(level) + '- item').join('\n') + '\n'
      const root = tempSite({[file]: goodPage + '\n' + lists, 'a.mdx': goodPage})
      // Parsed, the page would run into `--file-timeout` (minutes of parsing): a finding of another kind.
      const {report} = await lintJson(root, ['--file-timeout', '10'])
      expect(summary(byPath(report, file))).toEqual([`10:1 parse-error Cannot parse page: lists and block quotes nest ${reported} levels deep, expected at most 100`])
    }, 60_000)
  }

  it('200 list markers in a code block or raw HTML are text, not nesting', async () => {
    const markers = '- '.repeat(200) + 'item\n' + '> '.repeat(200) + 'quote\n'
    const lists = Array.from({length: 150}, (_, index) => '  '.repeat(index) + '- item').join('\n') + '\n'
    const root = tempSite({
      'code.mdx': goodPage + '\n```text\n' + markers + '```\n',
      // In MDX a fence inside a component may be indented any amount.
      'indented.mdx': goodPage + '\n<Note>\n      ```text\n' + lists + '      ```\n</Note>\n',
      'html.md': goodPage + '\n<pre>\n' + markers + '</pre>\n'
    })
    const {report} = await lintJson(root)
    expect(byPath(report, 'code.mdx')!.messages).toEqual([])
    expect(byPath(report, 'indented.mdx')!.messages).toEqual([])
    expect(byPath(report, 'html.md')!.messages).toEqual([])
  })

  it('100 levels are allowed, 101 are not', async () => {
    const root = tempSite({'100.md': goodPage + '\n' + '> '.repeat(100) + 'deep\n', '101.md': goodPage + '\n' + '> '.repeat(101) + 'deep\n'})
    const {report} = await lintJson(root)
    expect(byPath(report, '100.md')!.messages).toEqual([])
    expect(summary(byPath(report, '101.md'))).toEqual(['10:1 parse-error Cannot parse page: lists and block quotes nest 101 levels deep, expected at most 100'])
  })
})

describe('front matter that only the platform\'s YAML reader accepts', () => {
  // js-yaml (the platform's reader) accepts a quoted value that goes on in column 1, where the YAML
  // library here stops; docs-lint then reads the block as js-yaml does, but never a block whose
  // aliases make a value of ten billion nodes.
  const bomb = ['title: Bomb', 'description: "A page', 'that goes on."', 'a0: &a0 [x, x, x, x, x, x, x, x, x, x]']
  for (let level = 1; level < 10; level++) bomb.push(`a${level}: &a${level} [${Array(10).fill('*a' + (level - 1)).join(', ')}]`)

  // Ten billion nodes would never finish: the test's time limit is the check.
  it('nested aliases are invalid YAML, reported without expanding them', async () => {
    const root = tempSite({'bomb.mdx': '---\n' + bomb.join('\n') + '\n---\n\n## Part\n', 'ok.mdx': '---\ntitle: A\ndescription: "A page\nthat goes on."\n---\n\n## Part\n'})
    const {report} = await lintJson(root)
    expect(summary(byPath(report, 'bomb.mdx'))).toEqual(['3:21 front-matter Invalid YAML in front matter: Missing closing "quote'])
    expect(summary(byPath(report, 'ok.mdx'))).toEqual([])
  })

  it('a finding in such a block is placed on its key, not at the top of the page', async () => {
    const root = tempSite({'a.mdx': '---\ndescription: "first line\nsecond line"\ntitle: 5\n---\n\n## Part\n'})
    const {report} = await lintJson(root)
    expect(summary(byPath(report, 'a.mdx'))).toEqual(['4:1 front-matter Unexpected `title` of type `number`, expected a non-empty string'])
  })
})

describe('positions in pages with old Mac line endings', () => {
  it('a NUL byte is placed on its own line when lines end in a lone CR', async () => {
    const root = tempSite({'binary.md': '---\rtitle: A\r---\r\rone\rtwo\u0000\r'})
    const {report} = await lintJson(root)
    expect(summary(byPath(report, 'binary.md'))).toEqual(['6:4 parse-error Cannot lint binary file: found a NUL byte, expected UTF-8 text'])
  })
})

describe('a page saved twice with a byte order mark', () => {
  it('keeps its second mark as text: positions and fixes stay in place', async () => {
    const page = '\uFEFF\uFEFF' + goodPage + '\n![A diagram of the request flow](/images/flow.png)\n'
    const root = tempSite({'a.mdx': page, 'images/flow.png': Buffer.from([0x89, 0x50, 0x4e, 0x47]), '.docs-lintrc.json': '{"rules": {"frame-images": "warn"}}'})
    const {report} = await lintJson(root)
    expect(summary(byPath(report, 'a.mdx'))).toEqual(['10:1 frame-images Unexpected image outside `<Frame>`, expected the image wrapped in `<Frame>`'])
    const run = await runCli(['--fix'], root)
    expect(run.code).toBe(0)
    expect(fs.readFileSync(path.join(root, 'a.mdx'), 'utf8')).toBe(
      '\uFEFF\uFEFF' + goodPage + '\n<Frame>\n  ![A diagram of the request flow](/images/flow.png)\n</Frame>\n'
    )
  })
})

describe('text that is not well-formed UTF-16', () => {
  it('half a surrogate pair in a heading (an editor may send one) is linted, not thrown on', async () => {
    const {lintText, resolveConfig} = await import('../src/index.js')
    const file = await lintText(goodPage + '\n## Keys \uD800\n\nText.\n', {path: 'a.mdx', config: resolveConfig({extends: 'all'})})
    expect(file.messages.filter((message) => message.ruleId === 'rule-error' || message.ruleId === 'parse-error')).toEqual([])
  })
})

describe('files that are not plain files', () => {
  it('a folder symlinked into itself is not followed', async () => {
    const root = tempSite({'index.mdx': goodPage, 'sub/page.mdx': goodPage})
    // One such link makes 40 copies of every page (the system's limit on nested links); two make
    // 2^40 paths and the run never ends.
    fs.symlinkSync('..', path.join(root, 'sub', 'up'))
    const {report} = await lintJson(root)
    expect(report.map((file) => file.path)).toEqual(['index.mdx', 'sub/page.mdx'])
  })

  it('a dangling symbolic link named .md', async () => {
    const root = tempSite({'index.mdx': goodPage})
    fs.symlinkSync('missing.md', path.join(root, 'dangling.md'))
    const {report} = await lintJson(root)
    expect(byPath(report, 'dangling.md')!.messages).toMatchObject([
      {ruleId: 'read-error', fatal: true, reason: 'No such file or folder: nothing matched `dangling.md`'}
    ])
    expect(byPath(report, 'index.mdx')!.messages).toEqual([])
  })

  it('a named pipe called .md is reported, not read (reading it would wait forever)', async () => {
    const root = tempSite({'index.mdx': goodPage})
    const fifo = path.join(root, 'pipe.md')
    const {execFileSync} = await import('node:child_process')
    execFileSync('mkfifo', [fifo])
    let timer: NodeJS.Timeout | undefined
    try {
      const result = await Promise.race([
        lintJson(root),
        new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), 10_000)))
      ])
      expect(result, 'the run waits forever on the pipe').toBeDefined()
      expect(summary(byPath(result!.report, 'pipe.md'))).toEqual(['1:1 read-error Cannot read file: not a regular file'])
    } finally {
      clearTimeout(timer)
      // Let a blocked reader go: opening the write end and closing it gives it an end of file.
      try {
        fs.closeSync(fs.openSync(fifo, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK))
      } catch {}
    }
  }, 30_000)

  const probe = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-perm-')), 'probe.md')
  fs.writeFileSync(probe, 'x')
  fs.chmodSync(probe, 0o000)
  let readable = true
  try {
    fs.readFileSync(probe)
  } catch {
    readable = false
  }
  // Root (as in CI containers) reads any file whatever its mode: nothing to test there.
  it.skipIf(readable)('an unreadable file (skipped when running as root, who can read any file)', async () => {
    const root = tempSite({'index.mdx': goodPage, 'secret.mdx': goodPage})
    fs.chmodSync(path.join(root, 'secret.mdx'), 0o000)
    const {report} = await lintJson(root)
    expect(byPath(report, 'secret.mdx')!.messages).toMatchObject([{ruleId: 'read-error', fatal: true, reason: 'Cannot read file: permission denied'}])
    expect(byPath(report, 'index.mdx')!.messages).toEqual([])
  })
})

describe('docs.json', () => {
  it('invalid JSON: one message where parsing stopped', async () => {
    const root = tempSite({...site, 'docs.json': '{"name": "x", "navigation": [\n  "index",\n}'})
    const {report} = await lintJson(root)
    const config = report.find((file) => file.path.endsWith('docs.json'))
    expect(summary(config)).toEqual(['3:1 docs-config Cannot parse `docs.json` as JSON: unexpected `}`'])
  })

  it('invalid JSON does not make every page an orphan', async () => {
    const root = tempSite({...site, 'docs.json': '{"name": "x", "navigation": [\n  "index",\n}'})
    const {report} = await lintJson(root)
    expect(byPath(report, 'index.mdx')!.messages).toEqual([])
  })

  it('config files are named relative to the folder, like pages', async () => {
    const root = tempSite({...site, 'docs.json': '{"name": "x", "navigation": [\n  "index",\n}'})
    const {report} = await lintJson(root)
    expect(report.map((file) => file.path)).toEqual(['docs.json', 'index.mdx'])
  })

  it('a `$ref` to a page: the page has one entry in the report, with the JSON error', async () => {
    const root = tempSite({...site, 'docs.json': site['docs.json'].replace(/}]}}$/, '}, {"$ref": "index.mdx"}]}}')})
    const {report} = await lintJson(root)
    expect(report.filter((file) => file.path === 'index.mdx')).toHaveLength(1)
    expect(summary(byPath(report, 'index.mdx'))).toEqual(["1:1 docs-config Cannot parse `index.mdx` as JSON: unexpected character '-' found"])
  })

  it('a redirect whose destination grows at every hop is followed 20 times, not forever', async () => {
    const docs = JSON.parse(site['docs.json']) as Record<string, unknown>
    const root = tempSite({
      'docs.json': JSON.stringify({...docs, redirects: [{source: '/old/*', destination: '/old/old/*'}]}),
      'index.mdx': goodPage + '\nSee [the old page](/old/page).\n'
    })
    const {report} = await lintJson(root)
    expect(summary(byPath(report, 'index.mdx'))).toEqual([
      '10:20 broken-links Unexpected broken link `/old/page`: it redirects to `' + '/old'.repeat(21) + '/page`, which is no page or file, expected an existing destination'
    ])
  })

  it('a `$ref` cycle', async () => {
    const root = tempSite({...site, 'docs.json': site['docs.json'].replace(/}$/, ', "$ref": "nav.json"}'), 'nav.json': '{"$ref": "docs.json"}'})
    const {report} = await lintJson(root)
    const nav = report.find((file) => file.path.endsWith('nav.json'))
    expect(summary(nav)).toEqual(['1:10 docs-config Unexpected `$ref` cycle: `docs.json` → `nav.json` → `docs.json`, expected includes that end'])
    expect(byPath(report, 'index.mdx')!.messages).toEqual([])
  })
})

describe('paths that leave the site folder are reported and never read', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('navigation entries, `$ref`, OpenAPI files, logos and links', async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-escape-'))
    const outside = path.join(parent, 'outside')
    fs.mkdirSync(outside)
    fs.writeFileSync(path.join(outside, 'page.mdx'), goodPage)
    fs.writeFileSync(path.join(outside, 'nav.json'), '{"pages": ["index"]}')
    fs.writeFileSync(path.join(outside, 'api.json'), '{"openapi": "3.0.0", "paths": {}}')
    const root = path.join(parent, 'site')
    fs.mkdirSync(root)
    const docs = {
      theme: 'mint',
      name: 'Acme',
      colors: {primary: '#0D9373'},
      logo: '../outside/logo.svg',
      api: {openapi: '../outside/api.json'},
      navigation: {groups: [{group: 'Start', pages: ['index', '../outside/page']}, {$ref: '../outside/nav.json'}]}
    }
    fs.writeFileSync(path.join(root, 'docs.json'), JSON.stringify(docs, null, 2))
    fs.writeFileSync(path.join(root, 'index.mdx'), goodPage + '\nSee [the page](../outside/page) and [its steps](/../../outside/page#steps).\n')

    const touched: string[] = []
    const seen: string[] = []
    const record = (name: string) => (file: unknown) => {
      if (typeof file !== 'string') return
      seen.push(file)
      if (path.resolve(file).startsWith(outside)) touched.push(name + ' ' + file)
    }
    for (const name of ['readFileSync', 'existsSync', 'statSync', 'lstatSync', 'readdirSync', 'openSync', 'accessSync', 'readFile', 'stat', 'readdir'] as const) {
      const original = fs[name] as (...args: unknown[]) => unknown
      vi.spyOn(fs, name).mockImplementation(((...args: unknown[]) => {
        record(name)(args[0])
        return original.apply(fs, args)
      }) as never)
    }
    const {report} = await lintJson(root, ['--jobs', '0'])
    const config = report.find((file) => file.path.endsWith('docs.json'))
    expect(summary(config).filter((line) => !line.includes('color-contrast'))).toEqual([
      '7:11 config-assets Unexpected `logo` `../outside/logo.svg` outside the site folder, expected a path inside it',
      '9:16 config-assets Unexpected `api.openapi` `../outside/api.json` outside the site folder, expected a path inside it',
      '17:11 navigation Unexpected navigation entry `../outside/page` outside the site folder, expected a page path inside it',
      '21:17 docs-config Unexpected `$ref` `../outside/nav.json` outside the project folder, expected a path inside it'
    ])
    expect(summary(byPath(report, 'index.mdx'))).toEqual([
      '10:16 broken-links Unexpected link `../outside/page` outside the site folder, expected a path inside it',
      '10:49 broken-links Unexpected link `/../../outside/page#steps` outside the site folder, expected a path inside it'
    ])
    // The watch works: the site's own config was read through it.
    expect(seen.some((file) => file.endsWith(path.join('site', 'docs.json')))).toBe(true)
    expect(touched).toEqual([])
  })
})

describe('configuration', () => {
  const cases: Array<[string, Record<string, string>, string]> = [
    ['a config that is a JSON array', {'.docs-lintrc.json': '[]'}, 'docs-lint: Invalid config in `.docs-lintrc.json`: expected an object'],
    ['a config that is a string', {'.docs-lintrc.json': '"recommended"'}, 'docs-lint: Invalid config in `.docs-lintrc.json`: expected an object'],
    ['`rules` that is not an object', {'.docs-lintrc.json': '{"rules": []}'}, 'docs-lint: Invalid `rules` in `.docs-lintrc.json:1:2`: expected an object mapping rule ids to severities'],
    [
      'a rule setting with three items',
      {'.docs-lintrc.json': '{"rules": {"heading-levels": ["error", {}, 3]}}'},
      'docs-lint: Invalid setting for rule `heading-levels` in `.docs-lintrc.json:1:12`: expected a severity or `[severity, options]`'
    ],
    [
      'configs that extend each other',
      {'.docs-lintrc.json': '{"extends": "./b.json"}', 'b.json': '{"extends": "./.docs-lintrc.json"}'},
      'docs-lint: Config `b.json` extends itself in `.docs-lintrc.json:1:2`'
    ]
  ]
  for (const [name, files, expected] of cases) {
    it(name, async () => {
      const run = await runCli([], tempSite({'a.mdx': goodPage, ...files}))
      expect(run.code).toBe(2)
      expect(run.stdout).toBe('')
      expect(run.stderr.trim()).toBe(expected)
    })
  }
})

describe('inline comments', () => {
  it('an unknown keyword, and an unknown rule in a .md HTML comment', async () => {
    const root = tempSite({
      'a.mdx': goodPage + '\n{/* docs-lint disabel heading-levels */}\n',
      'b.md': goodPage + '\n<!-- docs-lint disable heading-level -->\n'
    })
    const {report} = await lintJson(root)
    expect(summary(byPath(report, 'a.mdx'))).toEqual(['10:1 inline-config Unknown keyword `disabel` in a docs-lint comment, did you mean `disable`?'])
    expect(summary(byPath(report, 'b.md'))).toEqual(['10:1 inline-config Unknown rule `heading-level` in `disable` comment: it is not a docs-lint rule, did you mean `heading-levels`?'])
  })
})
