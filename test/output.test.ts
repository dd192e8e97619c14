import fs from 'node:fs'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {VFile} from 'vfile'
import {compact, pretty, prettyChunks} from '../src/reporters/pretty.js'
import {main} from '../src/cli/index.js'
import {goodPage, runCli, tempSite} from './helpers/cli.js'

// What a person reads: problems grouped by file, wrapped to the terminal, and a summary that says
// where to start.

function report(): VFile[] {
  const install = new VFile({path: 'guides/install.mdx', cwd: '/site'})
  const long = install.message(
    'Unexpected procedure of 6 numbered instructions outside `<Steps>`, expected a `<Steps>` component with one `<Step>` per instruction',
    {place: {line: 24, column: 1}, ruleId: 'steps-for-procedures', source: 'docs-lint'}
  )
  long.fatal = false
  const broken = install.message('Unexpected anchor `#setup`: no heading or `id` `setup` in this page', {place: {line: 128, column: 35}, ruleId: 'broken-links', source: 'docs-lint'})
  broken.fatal = true
  const passive = install.message('Unexpected passive voice `can be found`, expected active voice that names the reader', {place: {line: 7, column: 12}, ruleId: 'passive-voice', source: 'docs-lint'})
  passive.fatal = undefined
  const index = new VFile({path: 'index.mdx', cwd: '/site'})
  const missing = index.message('Missing `description` in front matter, expected a non-empty string', {place: {line: 1, column: 1}, ruleId: 'front-matter', source: 'docs-lint'})
  missing.fatal = false
  Object.assign(missing, {fix: [{start: 0, end: 0, text: 'description: x\n'}]})
  install.messages.sort((a, b) => (a.line ?? 0) - (b.line ?? 0))
  return [install, index, new VFile({path: 'clean.mdx', cwd: '/site'})]
}

describe('pretty output', () => {
  it('at 80 columns: grouped by file, colons aligned, messages wrapped, rule ids after the message', () => {
    expect(pretty(report(), {width: 80, pages: 3})).toBe(
      [
        'guides/install.mdx',
        '    7:12  info     Unexpected passive voice `can be found`, expected active',
        '                   voice that names the reader  passive-voice',
        '   24:1   warning  Unexpected procedure of 6 numbered instructions outside',
        '                   `<Steps>`, expected a `<Steps>` component with one `<Step>`',
        '                   per instruction  steps-for-procedures',
        '  128:35  error    Unexpected anchor `#setup`: no heading or `id` `setup` in',
        '                   this page  broken-links',
        '',
        'index.mdx',
        '  1:1  warning  Missing `description` in front matter, expected a non-empty',
        '                string  front-matter',
        '',
        '✖ 4 problems (1 error, 2 warnings, 1 info) in 2 of 3 files',
        '  1 problem fixable with `--fix`',
        '  Most reported: broken-links 1, front-matter 1, passive-voice 1',
        ''
      ].join('\n')
    )
    for (const line of pretty(report(), {width: 80}).split('\n')) expect(line.length, line).toBeLessThanOrEqual(80)
  })

  it('at 50 columns: long paths and words folded, the rule id alone when it does not fit, the summary on two lines', () => {
    const file = new VFile({path: 'content/docs/(documentation)/reference/very-long-page-name.mdx', cwd: '/site'})
    const message = file.message('Unexpected link `https://example.com/a/very/long/path/to/a/page`', {place: {line: 3, column: 1}, ruleId: 'broken-links', source: 'docs-lint'})
    message.fatal = true
    const output = pretty([file], {width: 50, pages: 1, seconds: 12.3})
    for (const line of output.split('\n')) expect(line.length, line).toBeLessThanOrEqual(50)
    expect(output).toContain('content/docs/(documentation)/reference/\nvery-long-page-name.mdx\n')
    expect(output).toContain('broken-links')
    expect(output).toContain('✖ 1 problem (1 error, 0 warnings, 0 info)\n  in 1 of 1 file (12 s)\n')
  })

  it('a clean run says what it checked and how long it took; without a page count it says nothing', () => {
    expect(pretty([new VFile({path: 'a.mdx'})], {pages: 1, seconds: 0.42})).toBe('✔ No problems in 1 file (0.4 s)\n')
    expect(pretty([new VFile({path: 'a.mdx'})], {pages: 1, quiet: true})).toBe('')
    expect(pretty([new VFile({path: 'a.mdx'})])).toBe('')
  })

  it('at 120 columns: one line per problem where it fits, never padded to the longest message', () => {
    const lines = pretty(report(), {width: 120}).split('\n')
    expect(lines.slice(0, 5)).toEqual([
      'guides/install.mdx',
      '    7:12  info     Unexpected passive voice `can be found`, expected active voice that names the reader  passive-voice',
      '   24:1   warning  Unexpected procedure of 6 numbered instructions outside `<Steps>`, expected a `<Steps>` component',
      '                   with one `<Step>` per instruction  steps-for-procedures',
      '  128:35  error    Unexpected anchor `#setup`: no heading or `id` `setup` in this page  broken-links'
    ])
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(120)
  })

  it('colours severities only when asked, and --quiet keeps errors', () => {
    const coloured = pretty(report(), {color: true})
    expect(coloured).toContain('\u001B[31merror  \u001B[0m')
    expect(coloured).toContain('\u001B[33mwarning\u001B[0m')
    expect(pretty(report(), {quiet: true})).toContain('✖ 1 problem (1 error, 0 warnings, 0 info) in 1 file')
    expect(pretty(report())).not.toContain('\u001B[')
  })

  it('escapes control characters in file names and messages', () => {
    const file = new VFile({path: 'evil\u001B[2Jname.mdx', cwd: '/site'})
    file.message('Broken \u001B]0;title\u0007 link', {place: {line: 1, column: 1}, ruleId: 'broken-links'}).fatal = true
    const text = pretty([file]) + compact([file])
    expect(text).not.toMatch(/[\u001B\u0007]/)
    expect(text).toContain('evil\\u001b[2Jname.mdx')
  })
})

describe('a large pretty report', () => {
  /** 2,000 files of 3 problems each: some 400 KB of report. */
  function largeReport(): VFile[] {
    const files: VFile[] = []
    for (let index = 0; index < 2000; index++) {
      const file = new VFile({path: 'part-' + (index % 7) + '/page-' + index + '.mdx', cwd: '/site'})
      for (const line of [3, 40, 120]) {
        const message = file.message('Unexpected heading level `1` at line ' + line + ', expected `2`: the page title comes from front matter', {place: {line, column: 1}, ruleId: 'heading-levels', source: 'docs-lint'})
        message.fatal = line === 40
      }
      files.push(file)
    }
    return files
  }

  it('comes a file at a time: the pieces are the report, in order, and none holds more than one file', () => {
    const files = largeReport()
    const pieces = [...prettyChunks(files, {width: 80})]
    expect(pieces.join('')).toBe(pretty(files, {width: 80}))
    // One piece per file with problems, then the summary.
    expect(pieces).toHaveLength(2001)
    expect(pieces[0]).toMatch(/^part-0\/page-0\.mdx\n/)
    expect(pieces.at(-1)).toMatch(/^✖ 6,000 problems/)
  })

  it('is written by the command in blocks as it is made, not held whole', async () => {
    // 400 pages of 10 headings at the wrong level: some 500 KB of report.
    const page = goodPage + Array.from({length: 10}, (_, index) => '\n# Part ' + index + '\n\nText.\n').join('')
    const root = tempSite(Object.fromEntries(Array.from({length: 400}, (_, index) => ['page-' + index + '.mdx', page])))
    const writes: string[] = []
    const code = await main(['--jobs', '0', '--no-color'], {stdout: (text) => writes.push(text), stderr: () => {}, cwd: root, isTTY: false})
    expect(code).toBe(1)
    const output = writes.join('')
    expect(output).toMatch(/✖ 4,000 problems \(4,000 errors, 0 warnings, 0 info\) in 400 of 400 files \(\d+(?:\.\d)? s\)\n/)
    expect(writes.length).toBeGreaterThan(5)
    // Each write is a block of about 64 KB: whole files, never cut inside one.
    for (const write of writes) {
      expect(write.length).toBeLessThan(64 * 1024 + 1024)
      expect(write.endsWith('\n\n') || write === writes.at(-1)).toBe(true)
    }
  }, 60_000)
})

describe('compact output', () => {
  it('prints path:line:col: severity message (rule)', () => {
    expect(compact(report()).split('\n').slice(0, 2)).toEqual([
      'guides/install.mdx:7:12: info Unexpected passive voice `can be found`, expected active voice that names the reader (passive-voice)',
      'guides/install.mdx:24:1: warning Unexpected procedure of 6 numbered instructions outside `<Steps>`, expected a `<Steps>` component with one `<Step>` per instruction (steps-for-procedures)'
    ])
  })

  it('is a format of the command line, and an unknown --output-file extension is an error', async () => {
    const root = tempSite({'index.mdx': goodPage, 'a.mdx': '---\ntitle: A\n---\n\nText.\n'})
    const run = await runCli(['-f', 'compact', '-o', 'report.txt'], root)
    expect(run.stdout).toBe('a.mdx:1:1: warning Missing `description` in front matter, expected a non-empty string (front-matter)\n')
    expect(fs.readFileSync(path.join(root, 'report.txt'), 'utf8')).toContain('⚠ 1 problem (0 errors, 1 warning, 0 info) in 1 of 2 files')
    const unknown = await runCli(['-o', 'report.xml'], root)
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('cannot tell the format of `--output-file report.xml` from its extension')
    expect(fs.existsSync(path.join(root, 'report.xml'))).toBe(false)
  })
})

describe('a config that turns every rule off', () => {
  it('is an error naming the file, unless it says "extends": []', async () => {
    const page = '---\ntitle: A\n---\n\n# A heading\n'
    const root = tempSite({'a.mdx': page, '.docs-lintrc.json': JSON.stringify({rules: {'second-person': 'off'}})})
    const run = await runCli(['-f', 'compact'], root)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('Config in `.docs-lintrc.json` turns every rule off, so docs-lint would check nothing')
    fs.writeFileSync(path.join(root, '.docs-lintrc.json'), JSON.stringify({extends: [], rules: {'second-person': 'off'}}))
    expect(await runCli(['-f', 'compact'], root)).toEqual({code: 0, stdout: '', stderr: ''})
    fs.writeFileSync(path.join(root, '.docs-lintrc.json'), JSON.stringify({rules: {'heading-levels': 'error'}}))
    const one = await runCli(['-f', 'compact'], root)
    expect(one.stdout).toBe('a.mdx:5:1: error Unexpected heading level `1`, expected `2`: the page title comes from front matter (heading-levels)\n')
  })

  it('an empty YAML config is `{}`, as an empty JSON object is: the same error, not a silent default', async () => {
    const root = tempSite({'a.mdx': '---\ntitle: A\n---\n\n# A heading\n', '.docs-lintrc.yml': ''})
    const run = await runCli(['-f', 'compact'], root)
    expect(run).toMatchObject({code: 2, stdout: ''})
    expect(run.stderr).toContain('Config in `.docs-lintrc.yml` turns every rule off, so docs-lint would check nothing')
  })
})

describe('notices of what was not checked', () => {
  it('name each remote OpenAPI file once on stderr, outside the report, and never fail the run', async () => {
    const url = 'https://api.example.com/openapi.json'
    const root = tempSite({
      'docs.json': JSON.stringify({
        name: 'Site', theme: 'mint', colors: {primary: '#0D6B3E'},
        navigation: {languages: [
          {language: 'en', tabs: [{tab: 'API', openapi: url, groups: [{group: 'Start', pages: ['index', 'GET /users', 'POST /users']}]}]},
          {language: 'es', tabs: [{tab: 'API', openapi: url, groups: [{group: 'Inicio', pages: ['es/index']}]}]}
        ]}
      }),
      'index.mdx': goodPage,
      'es/index.mdx': goodPage
    })
    const run = await runCli(['-f', 'json'], root)
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout).flatMap((file: {messages: unknown[]}) => file.messages)).toEqual([])
    const notices = run.stderr.trim().split('\n')
    expect(notices).toEqual([
      expect.stringMatching(/^docs-lint: docs\.json:1:\d+: not checked: the remote OpenAPI file `https:\/\/api\.example\.com\/openapi\.json` \(`navigation\.languages\[0\]\.tabs\[0\]\.openapi`\), since docs-lint never fetches over the network$/),
      expect.stringMatching(/^docs-lint: docs\.json:1:\d+: not checked: the operations navigation names in the remote OpenAPI file `https:\/\/api\.example\.com\/openapi\.json` \(first `GET \/users`\)/),
      // The Spanish page is left alone by the rule that reads English only, and the run says so.
      'docs-lint: not checked: 1 page in `es` by `present-tense`, which reads en only'
    ])
  })
})

describe('--print-config', () => {
  it('prints the config a page is linted with: its language, and rules after extends and overrides', async () => {
    const root = tempSite({
      'index.mdx': goodPage,
      'es/index.mdx': goodPage,
      '.docs-lintrc.json': JSON.stringify({extends: 'recommended', rules: {'sentence-length': ['warn', {max: 40}]}, overrides: [{languages: ['es'], rules: {'link-text': 'off'}}]})
    })
    const run = await runCli(['--print-config', 'es/index.mdx'], root)
    expect(run.code).toBe(0)
    const printed = JSON.parse(run.stdout)
    expect(printed).toMatchObject({page: 'es/index.mdx', configFile: '.docs-lintrc.json', language: 'es'})
    expect(printed.rules['sentence-length']).toEqual(['warn', {max: 40}])
    expect(printed.rules['link-text']).toBeUndefined()
    expect(JSON.parse((await runCli(['--print-config', 'index.mdx'], root)).stdout).rules['link-text']).toBe('warn')
    expect((await runCli(['--print-config', 'missing.mdx'], root)).code).toBe(2)
  })
})
