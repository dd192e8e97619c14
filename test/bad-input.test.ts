import fs from 'node:fs'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {goodPage, runCli, tempSite} from './helpers/cli.js'

interface Reported {
  path: string
  messages: Array<{ruleId: string; line: number; column: number; fatal: boolean | null; reason: string}>
}

async function lintSite(files: Record<string, string | Buffer>): Promise<{code: number; byPath: Map<string, Reported['messages']>; stderr: string}> {
  const root = tempSite({...files, 'zz-good.mdx': goodPage})
  const run = await runCli(['--format', 'json'], root)
  const report = JSON.parse(run.stdout) as Reported[]
  return {code: run.code, byPath: new Map(report.map((file) => [file.path, file.messages])), stderr: run.stderr}
}

const summary = (messages: Reported['messages'] | undefined) =>
  (messages ?? []).map((m) => `${m.line}:${m.column} ${m.ruleId} ${m.reason}`)

describe('bad input gets a clear message at its position, and the run goes on', () => {
  it('a docs.json that cannot be read: one message on it, and the pages are still linted and checked', async () => {
    const root = tempSite({'a.mdx': goodPage + '\n[Missing](/missing)\n'})
    fs.mkdirSync(path.join(root, 'docs.json'))
    for (const options of [[], ['--cache']]) {
      const run = await runCli(['--format', 'json', ...options], root)
      expect(run.stderr).toBe('')
      const report = JSON.parse(run.stdout) as Reported[]
      expect(report.map((file) => [file.path, summary(file.messages)])).toEqual([
        ['a.mdx', ['10:11 broken-links Unexpected broken link `/missing`: no page or file `missing`, expected an existing page, file or redirect']],
        ['docs.json', ['1:1 docs-config Cannot read `docs.json`: it is a folder, expected a JSON file']]
      ])
      expect(run.code).toBe(1)
    }
  })

  it('invalid YAML front matter', async () => {
    const {byPath} = await lintSite({'a.mdx': '---\ntitle: [Install\ndescription: x\n---\n\n## Steps\n'})
    expect(summary(byPath.get('a.mdx'))).toEqual([
      '3:1 front-matter Invalid YAML in front matter: Flow sequence in block collection must be sufficiently indented and end with a ]'
    ])
    expect(byPath.get('zz-good.mdx')).toEqual([])
  })

  it('an unclosed component, reported at its opening tag, with front matter still checked', async () => {
    const {code, byPath} = await lintSite({'a.mdx': '---\ntitle: Install\n---\n\n## Steps\n\n<Note>\nText\n'})
    expect(code).toBe(1)
    expect(summary(byPath.get('a.mdx'))).toEqual([
      '1:1 front-matter Missing `description` in front matter, expected a non-empty string',
      '7:1 parse-error Cannot parse MDX: Expected a closing tag for `<Note>` (7:1-7:7)'
    ])
    expect(byPath.get('zz-good.mdx')).toEqual([])
  })

  it('a stray `<` in text', async () => {
    const {byPath} = await lintSite({'a.mdx': goodPage + '\nKeep it <5 items.\n'})
    expect(summary(byPath.get('a.mdx'))).toEqual([
      '10:10 parse-error Cannot parse MDX: Unexpected character `5` (U+0035) before name, expected a character that can start a name, such as a letter, `$`, or `_`'
    ])
  })

  it('a brace meant as text, in words a writer can act on', async () => {
    const {byPath} = await lintSite({'a.mdx': goodPage + '\nThe body is {"key": 1}.\n'})
    expect(summary(byPath.get('a.mdx'))).toEqual([
      '10:19 parse-error Cannot parse MDX: the text after `{` is not a JavaScript expression; to show a brace as text, write `\\{`'
    ])
  })

  it('braces inside `$…$` and `$$…$$` are LaTeX, as the platform parses them (remark-math), and a brace outside still fails', async () => {
    const math = '\nThe ratio is $\\frac{a}{b}$ here.\n\n$$\n\\sum_{i=1}^{n} x_i\n$$\n'
    const {byPath} = await lintSite({'a.mdx': goodPage + math, 'b.mdx': goodPage + math + '\nThe body is {"key": 1}.\n'})
    expect(byPath.get('a.mdx')).toEqual([])
    expect(summary(byPath.get('b.mdx'))).toEqual([
      '16:19 parse-error Cannot parse MDX: the text after `{` is not a JavaScript expression; to show a brace as text, write `\\{`'
    ])
  })

  it('an HTML comment is an error in .mdx but fine in .md', async () => {
    const {byPath} = await lintSite({'a.mdx': goodPage + '\n<!-- note -->\n', 'b.md': goodPage + '\n<!-- note -->\n'})
    expect(summary(byPath.get('a.mdx'))[0]).toMatch(/^10:2 parse-error Cannot parse MDX: Unexpected character `!`/)
    expect(byPath.get('b.md')).toEqual([])
  })

  it('an empty file and a file of one newline', async () => {
    const {byPath} = await lintSite({'empty.mdx': '', 'newline.md': '\n'})
    const missing = ['1:1 front-matter Missing front matter, expected YAML front matter with `title` and `description`']
    expect(summary(byPath.get('empty.mdx'))).toEqual(missing)
    expect(summary(byPath.get('newline.md'))).toEqual(missing)
  })

  it('a byte order mark and CRLF line endings keep positions right', async () => {
    const page = '\uFEFF---\r\ntitle: A\r\ndescription: B\r\n---\r\n\r\n## Ok\r\n\r\n# Title again\r\n'
    const {byPath} = await lintSite({'a.mdx': page})
    expect(summary(byPath.get('a.mdx'))).toEqual([
      '8:1 heading-levels Unexpected heading level `1`, expected `2`: the page title comes from front matter'
    ])
  })

  it('a binary file named .md', async () => {
    const {byPath} = await lintSite({'logo.md': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d])})
    expect(summary(byPath.get('logo.md'))).toEqual([
      '3:1 parse-error Cannot lint binary file: found a NUL byte, expected UTF-8 text'
    ])
    expect(byPath.get('zz-good.mdx')).toEqual([])
  })

  it('invalid UTF-8', async () => {
    const bytes = Buffer.concat([Buffer.from(goodPage), Buffer.from([0x48, 0xff, 0xfe, 0x69, 0x0a])])
    const {byPath} = await lintSite({'a.mdx': bytes})
    expect(byPath.get('a.mdx')!.filter((message) => message.ruleId === 'encoding')).toMatchObject([
      {line: 9, column: 2, ruleId: 'encoding', fatal: false, reason: 'Unexpected invalid UTF-8 byte sequence, expected UTF-8 text'}
    ])
  })

  it('a U+FFFD written as text is not an invalid byte; an invalid byte after one is found at its own place', async () => {
    const shown = Buffer.from(goodPage + 'A decoder shows \uFFFD for bad bytes.\n')
    const {byPath} = await lintSite({'a.mdx': shown, 'b.mdx': Buffer.concat([Buffer.from('\uFEFF'), shown, Buffer.from([0x48, 0xff, 0x0a])])})
    expect(byPath.get('a.mdx')).toEqual([])
    expect(byPath.get('b.mdx')!.filter((message) => message.ruleId === 'encoding')).toMatchObject([{line: 10, column: 2, ruleId: 'encoding'}])
  })

  it('a path that does not exist, a glob or folder that matches no page: exit 2, unless allowed', async () => {
    const root = tempSite({'a.mdx': goodPage, 'empty/notes.txt': 'x', 'drafts/b.mdx': goodPage, '.mintignore': 'drafts/\n'})
    const missing = await runCli(['--format', 'json', 'missing.mdx'], root)
    expect(missing).toEqual({code: 2, stdout: '', stderr: 'docs-lint: No such file or folder: `missing.mdx`\n'})
    for (const pattern of ['guides/**/*.mdx', 'empty', 'drafts']) {
      const run = await runCli([pattern], root)
      expect(run.code, pattern).toBe(2)
      expect(run.stderr).toBe('docs-lint: No pages match `' + pattern + '`: there are none, or every one is ignored (`.mintignore`, `.docs-lintignore`, `.gitignore`); pass `--no-error-on-unmatched-pattern` to allow it\n')
    }
    const allowed = await runCli(['--no-error-on-unmatched-pattern', 'empty'], root)
    expect(allowed).toMatchObject({code: 0, stderr: ''})
    expect(allowed.stdout).toMatch(/^✔ No problems in 0 files /)
    expect((await runCli(['a.mdx', '*.mdx', '.'], root)).code).toBe(0)
  })
})

describe('limits', () => {
  it('skips a page over --max-file-size with one warning and lints the rest', async () => {
    const root = tempSite({'big.mdx': goodPage + 'x'.repeat(2 * 1024 * 1024) + '\n', 'a.mdx': goodPage})
    const run = await runCli(['--format', 'json', '--max-file-size', '1MB'], root)
    const report = JSON.parse(run.stdout) as Reported[]
    expect(report.find((file) => file.path === 'big.mdx')!.messages).toMatchObject([
      {line: 1, column: 1, ruleId: 'file-too-large', fatal: false, reason: 'Skipped: the file is 2 MB, larger than the 1 MB limit (`--max-file-size`)'}
    ])
    expect(run.code).toBe(0)
  })

  it('rejects a malformed --max-file-size', async () => {
    const run = await runCli(['--max-file-size', 'huge'], tempSite({}))
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('`--max-file-size` expects a size such as `500KB` or `20MB`, got `huge`')
  })
})

describe('inline control keeps every message it does not turn off', () => {
  it('reports a problem on a trailing self-closing component', async () => {
    const page = '---\ntitle: A\ndescription: B\n---\n\nText\n\n<h1 id="x" />\n'
    const {byPath} = await lintSite({'a.mdx': page})
    expect(summary(byPath.get('a.mdx'))).toEqual([
      '8:1 heading-levels Unexpected heading level `1`, expected `2`: the page title comes from front matter'
    ])
  })
})
