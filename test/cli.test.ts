import fs from 'node:fs'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {spawnSync} from 'node:child_process'
import {bin, goodPage, runBin, runCli, tempSite} from './helpers/cli.js'
import {main} from '../src/cli/index.js'
import {autoJobs, screenFolders, workerThresholdBytes} from '../src/engine/index.js'
import {availableCores} from '../src/engine/pool.js'

const h1Page = '---\ntitle: Install\ndescription: Install the tool.\n---\n\n# Install\n'

describe('docs-lint CLI', () => {
  it('exits 0 and says in one line what it checked for clean pages', async () => {
    const root = tempSite({'index.mdx': goodPage})
    const run = await runCli([], root)
    expect(run).toMatchObject({code: 0, stderr: ''})
    expect(run.stdout).toMatch(/^✔ No problems in 1 file \(\d+\.\d s\)\n$/)
    // Machine-readable formats stay machine-readable.
    expect((await runCli(['--format', 'json'], root)).stdout).toMatch(/^\[/)
    expect((await runCli(['--format', 'compact'], root)).stdout).toBe('')
  })

  it('reports file, position, rule id and exits 1 on errors', async () => {
    const root = tempSite({'guides/install.mdx': h1Page, 'index.mdx': goodPage})
    const run = await runCli(['.'], root)
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('guides/install.mdx')
    expect(run.stdout).toContain('  6:1  error  Unexpected heading level `1`, expected `2`: the page title comes from front matter  heading-levels\n')
    expect(run.stdout).not.toContain('index.mdx\n')
  })

  it('--fix says how many problems it fixed in how many files; a dry run and a run with nothing to fix say nothing', async () => {
    const root = tempSite({'a.mdx': h1Page, 'b.mdx': h1Page, 'index.mdx': goodPage})
    expect((await runCli(['--fix-dry-run'], root)).stderr).toBe('')
    const fixed = await runCli(['--fix'], root)
    expect(fixed).toMatchObject({code: 0, stderr: 'docs-lint: fixed 2 problems in 2 files\n'})
    expect(fixed.stdout).toMatch(/^✔ No problems in 3 files /)
    const again = await runCli(['--fix'], root)
    expect(again).toMatchObject({code: 0, stderr: ''})
    expect(again.stdout).toMatch(/^✔ No problems in 3 files /)
  })

  it('--fix counts the fixes it made, not how many fewer problems remain', async () => {
    // The fix adds front matter with a title; the page then lacks only a description, which no fix gives.
    const root = tempSite({'b.mdx': 'Some text here.\n'})
    const fixed = await runCli(['--fix', '-f', 'compact'], root)
    expect(fixed.stderr).toBe('docs-lint: fixed 1 problem in 1 file\n')
    expect(fixed.stdout).toBe('b.mdx:1:1: warning Missing `description` in front matter, expected a non-empty string (front-matter)\n')
  })

  it('prints the vfile-reporter-json shape with --format json', async () => {
    const root = tempSite({'a.mdx': h1Page})
    const run = await runCli(['--format', 'json', 'a.mdx'], root)
    const report = JSON.parse(run.stdout) as Array<{path: string; messages: Array<Record<string, unknown>>}>
    expect(report).toHaveLength(1)
    expect(report[0]!.path).toBe('a.mdx')
    expect(report[0]!.messages[0]).toMatchObject({
      ruleId: 'heading-levels',
      source: 'docs-lint',
      line: 6,
      column: 1,
      endLine: 6,
      endColumn: 10,
      fatal: true,
      reason: 'Unexpected heading level `1`, expected `2`: the page title comes from front matter',
      url: 'https://docs-lint.dev/rules/heading-levels'
    })
  })

  it('turns a rule off, down to a warning, or up to an error with --rule', async () => {
    const root = tempSite({'a.mdx': h1Page})
    expect((await runCli(['--rule', 'heading-levels=off'], root)).code).toBe(0)
    const warned = await runCli(['--rule', 'heading-levels=warn', '--format', 'json'], root)
    expect(warned.code).toBe(0)
    expect(JSON.parse(warned.stdout)[0].messages[0].fatal).toBe(false)
  })

  it('fails on too many warnings with --max-warnings, and --quiet hides warnings', async () => {
    const root = tempSite({'a.mdx': h1Page})
    const over = await runCli(['--rule', 'heading-levels=warn', '--max-warnings', '0'], root)
    expect(over.code).toBe(1)
    expect(over.stderr).toContain('too many warnings (1), expected at most 0')
    const within = await runCli(['--rule', 'heading-levels=warn', '--max-warnings', '1'], root)
    expect(within.code).toBe(0)
    const quiet = await runCli(['--rule', 'heading-levels=warn', '--quiet'], root)
    expect(quiet).toEqual({code: 0, stdout: '', stderr: ''})
  })

  it('lets a page turn a rule off with an MDX comment and a .md page with an HTML comment', async () => {
    const root = tempSite({
      'a.mdx': '---\ntitle: A\ndescription: B\n---\n\n{/* docs-lint disable heading-levels */}\n\n# One\n',
      'b.md': '---\ntitle: A\ndescription: B\n---\n\n<!-- docs-lint ignore heading-levels -->\n# One\n\n# Two\n'
    })
    const run = await runCli(['--format', 'json'], root)
    const report = JSON.parse(run.stdout) as Array<{path: string; messages: Array<{line: number; ruleId: string}>}>
    expect(report.find((file) => file.path === 'a.mdx')!.messages).toEqual([])
    expect(report.find((file) => file.path === 'b.md')!.messages.map((m) => [m.line, m.ruleId])).toEqual([[9, 'heading-levels']])
  })

  it('warns about a disable comment that names an unknown rule', async () => {
    const root = tempSite({'a.mdx': goodPage + '\n{/* docs-lint disable heading-level */}\n'})
    const run = await runCli(['--format', 'json'], root)
    const [message] = JSON.parse(run.stdout)[0].messages
    expect(message).toMatchObject({
      ruleId: 'inline-config',
      fatal: false,
      line: 10,
      reason: 'Unknown rule `heading-level` in `disable` comment: it is not a docs-lint rule, did you mean `heading-levels`?'
    })
  })

  it('finds .docs-lintrc.json, package.json `docs-lint` and YAML configs, the nearest one per folder', async () => {
    const root = tempSite({
      '.docs-lintrc.json': JSON.stringify({extends: 'recommended', rules: {'heading-levels': 'off'}}),
      'a.mdx': h1Page,
      'sub/.docs-lintrc.yaml': 'extends: recommended\nrules:\n  heading-levels: warn\n',
      'sub/b.mdx': h1Page,
      'pkg/package.json': JSON.stringify({name: 'x', 'docs-lint': {rules: {'heading-levels': 'error'}}}),
      'pkg/c.mdx': h1Page
    })
    const run = await runCli(['--format', 'json'], root)
    const report = JSON.parse(run.stdout) as Array<{path: string; messages: Array<{fatal: boolean}>}>
    const byPath = Object.fromEntries(report.map((file) => [file.path, file.messages.map((m) => m.fatal)]))
    expect(byPath).toEqual({'a.mdx': [], 'pkg/c.mdx': [true], 'sub/b.mdx': [false]})
  })

  it('uses only the file given with --config', async () => {
    const root = tempSite({
      '.docs-lintrc.json': JSON.stringify({extends: [], rules: {'heading-levels': 'off'}}),
      'strict.json': JSON.stringify({rules: {'heading-levels': 'error'}}),
      'a.mdx': h1Page
    })
    expect((await runCli([], root)).code).toBe(0)
    expect((await runCli(['--config', 'strict.json'], root)).code).toBe(1)
  })

  it('honours .docs-lintignore and .mintignore, and skips node_modules', async () => {
    const root = tempSite({
      '.docs-lintignore': 'drafts/\n',
      '.mintignore': 'internal.mdx\n/archive\n',
      'drafts/a.mdx': h1Page,
      'deep/internal.mdx': h1Page,
      'archive/old.mdx': h1Page,
      'deep/archive/kept.mdx': h1Page,
      'node_modules/pkg/readme.md': h1Page,
      'ok.mdx': goodPage
    })
    const run = await runCli(['--format', 'json'], root)
    const paths = (JSON.parse(run.stdout) as Array<{path: string}>).map((file) => file.path)
    expect(paths).toEqual(['deep/archive/kept.mdx', 'ok.mdx'])
  })

  it('skips instructions for AI assistants, but not a page about agents', async () => {
    const root = tempSite({
      'CLAUDE.md': h1Page,
      'AGENTS.md': h1Page,
      'tools/skill/SKILL.md': h1Page,
      'agents.mdx': goodPage
    })
    const run = await runCli(['--format', 'json'], root)
    expect((JSON.parse(run.stdout) as Array<{path: string}>).map((file) => file.path)).toEqual(['agents.mdx'])
  })

  it('expands quoted globs', async () => {
    const root = tempSite({'guides/a.mdx': h1Page, 'guides/b.md': goodPage, 'other/c.mdx': h1Page})
    const run = await runCli(['--format', 'json', 'guides/**/*.mdx'], root)
    expect((JSON.parse(run.stdout) as Array<{path: string}>).map((file) => file.path)).toEqual(['guides/a.mdx'])
  })

  it('prints --version, --help and --list-rules', async () => {
    const root = tempSite({})
    const version = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8')).version
    expect(await runCli(['--version'], root)).toEqual({code: 0, stdout: version + '\n', stderr: ''})
    expect((await runCli(['--help'], root)).stdout).toContain('Usage: docs-lint')
    const list = await runCli(['--list-rules'], root)
    expect(list.stdout).toMatch(/^heading-levels\s+error\s+✔/m)
  })
})

describe('usage and configuration errors exit with 2 and a clear message', () => {
  const cases: Array<[string, Record<string, string>, string[], string]> = [
    ['unknown flag', {}, ['--fromat', 'json'], 'docs-lint: Unknown option `--fromat`, did you mean `--format`?'],
    ['unknown flag, nothing close', {}, ['--verbose'], 'docs-lint: Unknown option `--verbose`. A path that starts with `-` goes after `--`.'],
    ['a flag turned off that is off already', {}, ['--no-cache'], 'docs-lint: Unknown option `--no-cache`: `--cache` is off unless you give it.'],
    ['an unknown flag with a quote in it', {}, ["--it's"], "docs-lint: Unknown option `--it's`"],
    ['unknown format', {}, ['--format', 'xml'], 'docs-lint: unknown format `xml`, expected one of: pretty, compact, json, github, sarif'],
    ['bad --max-warnings', {}, ['--max-warnings', 'many'], '`--max-warnings` expects a non-negative integer, got `many`'],
    ['unknown rule in --rule', {}, ['--rule', 'heading-level=off'], 'Unknown rule `heading-level`, did you mean `heading-levels`?'],
    ['bad severity in --rule', {}, ['--rule', 'heading-levels=loud'], 'Invalid severity `"loud"` for rule `heading-levels`: expected `off`, `info`, `warn` or `error`'],
    ['missing --config file', {}, ['--config', 'nope.json'], 'config file `nope.json` does not exist'],
    [
      'config that is not JSON',
      {'.docs-lintrc.json': '{\n  "rules": {\n    "heading-levels": "error",,\n  }\n}\n'},
      [],
      'Cannot parse config `.docs-lintrc.json:3:31` as JSON: unexpected `,`'
    ],
    [
      'config that is not YAML',
      {'.docs-lintrc.yaml': 'rules:\n  a: [\n'},
      [],
      'Cannot parse config `.docs-lintrc.yaml:3:1`'
    ],
    [
      'unknown rule in a config file',
      {'.docs-lintrc.json': '{\n  // Our house rules\n  "extends": "recommended",\n  "rules": {\n    "front-mater": "error",\n  },\n}\n'},
      [],
      'Unknown rule `front-mater` in `.docs-lintrc.json:5:5`, did you mean `front-matter`?'
    ],
    [
      'unknown top-level key',
      {'.docs-lintrc.json': '{"rule": {}}'},
      [],
      'Unknown config key `rule` in `.docs-lintrc.json:1:2`, did you mean `rules`?'
    ],
    [
      'unknown preset',
      {'.docs-lintrc.json': '{"extends": "recomended"}'},
      [],
      'Unknown preset `recomended` in `.docs-lintrc.json:1:2`, did you mean `recommended`?'
    ],
    [
      'unknown preset, nothing close',
      {'.docs-lintrc.json': '{"extends": "eslint:recommended"}'},
      [],
      'Unknown preset `eslint:recommended` in `.docs-lintrc.json:1:2`: expected `recommended`, `strict`, `all` or a relative path'
    ],
    [
      'a severity spelt as another tool spells it',
      {'.docs-lintrc.json': '{"rules": {"link-text": "warning"}}'},
      [],
      'Invalid severity `"warning"` for rule `link-text` in `.docs-lintrc.json:1:12`: expected `off`, `info`, `warn` or `error`, did you mean `warn`?'
    ],
    [
      'options for a rule without options',
      {'.docs-lintrc.json': '{"rules": {"heading-levels": ["error", {"max": 2}]}}'},
      [],
      'Invalid options for rule `heading-levels` in `.docs-lintrc.json:1:12`: the rule takes no options'
    ],
    [
      'a bad severity in a YAML config',
      {'.docs-lintrc.yml': 'extends: recommended\nrules:\n  link-text: loud\n'},
      [],
      'Invalid severity `"loud"` for rule `link-text` in `.docs-lintrc.yml:3:3`: expected `off`, `info`, `warn` or `error`'
    ],
    [
      'a bad override in package.json',
      {'package.json': JSON.stringify({name: 'site', 'docs-lint': {extends: 'recommended', overrides: [{files: 'a/**', rulez: {}}]}}, null, 2)},
      [],
      'Unknown key `rulez` in `overrides[0]` in `package.json:8:9`, did you mean `rules`?'
    ],
    [
      'a `__proto__` key that would turn rules off unseen, in JSON',
      {'.docs-lintrc.json': '{"__proto__": {"rules": {"heading-levels": "off"}}}'},
      [],
      'Unknown config key `__proto__` in `.docs-lintrc.json:1:2`'
    ],
    [
      'a `__proto__` key in YAML',
      {'.docs-lintrc.yml': '__proto__:\n  rules:\n    heading-levels: "off"\n'},
      [],
      'Unknown config key `__proto__` in `.docs-lintrc.yml:1:1`'
    ],
    [
      'a prototype set in a JavaScript config',
      {'.docs-lintrc.mjs': 'export default {__proto__: {rules: {"heading-levels": "off"}}}\n'},
      [],
      'Unknown config key `__proto__` in the config in `.docs-lintrc.mjs`: expected plain keys only'
    ],
    [
      'a JavaScript config whose top-level await never settles, named',
      {'.docs-lintrc.mjs': 'await new Promise(() => {})\nexport default {}\n'},
      [],
      'Cannot load config `.docs-lintrc.mjs`: it did not finish loading within 10 s'
    ]
  ]
  for (const [name, files, args, expected] of cases) {
    it(name, async () => {
      const root = tempSite({'a.mdx': goodPage, ...files})
      const run = await runCli(args, root)
      expect(run.code).toBe(2)
      expect(run.stdout).toBe('')
      expect(run.stderr).toContain(expected)
      // Said once, even though every page of the folder met the same config.
      expect(run.stderr.split('docs-lint:').length).toBe(2)
      expect(run.stderr).not.toMatch(/\n\s+at /)
    })
  }
})

describe('config files as people write them', () => {
  it('accepts comments and trailing commas in .docs-lintrc.json, and in .docs-lintrc without an extension', async () => {
    for (const name of ['.docs-lintrc.json', '.docs-lintrc']) {
      const root = tempSite({
        'a.mdx': h1Page,
        [name]: '{\n  /* Start from the preset. */\n  "extends": "recommended",\n  "rules": {\n    // Our pages start with a title.\n    "heading-levels": "off",\n  },\n}\n'
      })
      const run = await runCli(['--format', 'json'], root)
      expect(run.stderr).toBe('')
      expect(run.code).toBe(0)
    }
  })

  it('refuses a found config that is a device, once, with exit 2, instead of reading forever', async () => {
    const root = tempSite({'a.mdx': goodPage, 'b.mdx': goodPage})
    fs.symlinkSync('/dev/zero', path.join(root, '.docs-lintrc.json'))
    const run = await runCli([], root)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('Cannot read config `.docs-lintrc.json`: it is not a regular file')
    expect(run.stderr.split('docs-lint:').length).toBe(2)
  })
})

describe('pages whose names look like globs', () => {
  it('lints `[id].mdx` and `{slug}.md` found in a folder, and named on the command line, and still ignores them when ignored', async () => {
    const root = tempSite({'index.mdx': goodPage, 'api/[id].mdx': h1Page, 'api/{slug}.md': h1Page})
    const run = await runCli(['--format', 'json'], root)
    const linted = (JSON.parse(run.stdout) as Array<{path: string; messages: Array<{ruleId: string}>}>)
      .filter((file) => file.messages.some((message) => message.ruleId === 'heading-levels'))
      .map((file) => file.path)
      .sort()
    expect(linted).toEqual(['api/[id].mdx', 'api/{slug}.md'])
    const named = await runCli(['--format', 'json', 'api/[id].mdx'], root)
    expect(named.code).toBe(1)
    expect((JSON.parse(named.stdout) as Array<{path: string}>).map((file) => file.path)).toEqual(['api/[id].mdx'])
    fs.writeFileSync(path.join(root, '.docs-lintignore'), 'api/\n')
    const ignored = await runCli(['--format', 'json'], root)
    expect(ignored.code).toBe(0)
  })
})

describe('the installed bin', () => {
  it('runs as a command and sets the exit code', async () => {
    const root = tempSite({'a.mdx': h1Page})
    const result = runBin(['--format', 'json'], root)
    expect(result.code).toBe(1)
    expect(JSON.parse(result.stdout)[0].messages[0].ruleId).toBe('heading-levels')
  })
})

describe('--shard', () => {
  it('splits the pages into disjoint shards whose union is the whole run', async () => {
    const pages: Record<string, string> = {}
    for (let index = 0; index < 30; index++) pages['p' + index + '.mdx'] = '# Page ' + index + '\n'
    const root = tempSite(pages)
    const all = JSON.parse((await runCli(['--format', 'json'], root)).stdout) as Array<{path: string; messages: unknown[]}>
    const shards = []
    for (const index of [1, 2, 3]) {
      shards.push(JSON.parse((await runCli(['--format', 'json', '--shard', index + '/3'], root)).stdout) as typeof all)
    }
    const union = shards.flat().sort((a, b) => a.path.localeCompare(b.path))
    expect(union).toEqual([...all].sort((a, b) => a.path.localeCompare(b.path)))
    for (const shard of shards) expect(shard.length).toBeGreaterThan(3)
  })

  it('rejects a malformed shard', async () => {
    const run = await runCli(['--shard', '4/3'], tempSite({}))
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('`--shard` expects `<i>/<n>` with 1 ≤ i ≤ n, got `4/3`')
  })
})

describe('--jobs and --file-timeout', () => {
  it('gives the same output in this thread and with one or two workers', async () => {
    const pages: Record<string, string> = {}
    for (let index = 0; index < 12; index++) pages['p' + index + '.mdx'] = index % 2 ? goodPage : '# Page ' + index + '\n\nBroken <Note\n'
    const root = tempSite(pages)
    const outputs = []
    for (const jobs of ['0', '1', '2']) outputs.push((await runCli(['--format', 'json', '--jobs', jobs], root)).stdout)
    expect(outputs[1]).toBe(outputs[0])
    expect(outputs[2]).toBe(outputs[0])
    expect(outputs[0]).toContain('parse-error')
  })

  it('by default starts workers only for 1 MB of pages or more, counting just the pages it will lint', () => {
    const big = '---\ntitle: Big\ndescription: Big page.\n---\n\n' + 'Some text.\n\n'.repeat(100_000)
    const root = tempSite({'small.mdx': goodPage, 'big.mdx': big, 'notes.txt': 'x'.repeat(2_000_000)})
    const measureAll = () => true
    const all = screenFolders(root, ['.'], ['md', 'mdx'], measureAll)
    expect(all.pageBytes).toBe(Buffer.byteLength(goodPage) + Buffer.byteLength(big))
    expect(autoJobs(all.pageBytes)).toBe(availableCores())
    const smallOnly = screenFolders(root, ['.'], ['md', 'mdx'], (absolute) => absolute === path.join(root, 'small.mdx'))
    expect(smallOnly.pageBytes).toBe(Buffer.byteLength(goodPage))
    expect(autoJobs(smallOnly.pageBytes)).toBe(0)
    expect(screenFolders(root, ['small.mdx'], ['md', 'mdx'], measureAll).pageBytes).toBe(Buffer.byteLength(goodPage))
    expect(autoJobs(workerThresholdBytes - 1)).toBe(0)
  })

  it('turns a page that runs past the time budget into a message and goes on', async () => {
    const slow = '---\ntitle: Slow\ndescription: A very long page.\n---\n\n' + '## Part\n\nText with [a link](/x) and `code`.\n\n'.repeat(40_000)
    const root = tempSite({'slow.mdx': slow, 'ok.mdx': goodPage})
    const run = await runCli(['--format', 'json', '--jobs', '1', '--file-timeout', '0.2'], root)
    const report = JSON.parse(run.stdout) as Array<{path: string; messages: Array<{ruleId: string; reason: string}>}>
    expect(report.find((file) => file.path === 'slow.mdx')!.messages).toMatchObject([
      {ruleId: 'file-timeout', reason: 'Stopped after 0.2 s: the page takes longer than the time budget (`--file-timeout`)'}
    ])
    expect(report.find((file) => file.path === 'ok.mdx')!.messages).toEqual([])
    expect(run.code).toBe(1)
  })
})

describe('--stdin, as in ESLint: an editor or a script pipes a page in', () => {
  async function withStdin(args: string[], root: string, text: string) {
    let stdout = ''
    let stderr = ''
    const code = await main(args, {stdout: (chunk) => (stdout += chunk), stderr: (chunk) => (stderr += chunk), cwd: root, isTTY: false, readStdin: async (limit) => {
      if (Buffer.byteLength(text) > limit) throw new Error('it is larger than ' + limit + ' bytes (`--max-file-size`)')
      return text
    }})
    return {code, stdout, stderr}
  }

  it('lints the text as the page --stdin-filename names, with its config and site, and reports only that page', async () => {
    const root = tempSite({
      'docs.json': '{"name": "A", "theme": "mint", "colors": {"primary": "#000"}, "navigation": {"pages": ["index", "guides/install"]}}',
      'index.mdx': goodPage,
      'guides/.docs-lintrc.json': '{"extends": "recommended", "rules": {"link-text": "off"}}'
    })
    const page = '---\ntitle: Install\ndescription: Install it.\n---\n\n# Install\n\nSee [here](/index) and [the setup](/missing).\n'
    const run = await withStdin(['--stdin', '--stdin-filename', 'guides/install.mdx', '--format', 'compact'], root, page)
    expect(run.code).toBe(1)
    expect(run.stderr).toBe('')
    expect(run.stdout.split('\n').filter(Boolean).map((line) => line.replace(/^(\S+?:\d+):\d+: \w+ .*\((\S+)\)$/, '$1 $2'))).toEqual([
      'guides/install.mdx:6 heading-levels',
      'guides/install.mdx:8 broken-links'
    ])
    // What is on disk at that path is not read: the piped text is the page.
    expect(fs.existsSync(path.join(root, 'guides/install.mdx'))).toBe(false)
  })

  it('reads standard input in the installed command', () => {
    const root = tempSite({'index.mdx': goodPage})
    const run = spawnSync(process.execPath, [bin, '--stdin', '--format', 'compact'], {cwd: root, input: goodPage + '\n# Title\n', encoding: 'utf8'})
    expect(run.stdout).toMatch(/^stdin\.mdx:10:1: error .*\(heading-levels\)\n$/)
    expect(run.status).toBe(1)
  })

  it('refuses what cannot go with it, and a text larger than --max-file-size, with exit code 2', async () => {
    const root = tempSite({'index.mdx': goodPage})
    expect(await withStdin(['--stdin', '--fix'], root, goodPage)).toEqual({code: 2, stdout: '', stderr: 'docs-lint: `--stdin` lints the text it reads, so it cannot be used with `--fix`\n'})
    expect((await withStdin(['--stdin', 'index.mdx'], root, goodPage)).stderr).toContain('cannot be used with paths (`index.mdx`)')
    expect((await withStdin(['--stdin-filename', 'a.mdx'], root, goodPage)).code).toBe(2)
    const large = await withStdin(['--stdin', '--max-file-size', '1KB'], root, goodPage + 'x'.repeat(2000))
    expect(large.code).toBe(2)
    expect(large.stderr).toContain('cannot read standard input: it is larger than 1024 bytes')
    const clean = await withStdin(['--stdin'], root, goodPage)
    expect(clean.code).toBe(0)
    expect(clean.stdout).toMatch(/^✔ No problems in 1 file /)
  })
})

describe('.gitignore, as git reads it', () => {
  it('leaves out the pages .gitignore files list, in the folder, below it and above it up to the repository root; --no-gitignore lints them', async () => {
    const repo = tempSite({
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.gitignore': 'drafts/\n',
      'site/.gitignore': '/generated/*.mdx\n!/generated/keep.mdx\n',
      'site/index.mdx': goodPage,
      'site/drafts/wip.mdx': goodPage,
      'site/generated/api.mdx': goodPage,
      'site/generated/keep.mdx': goodPage,
      'site/guides/.gitignore': 'scratch.md\n',
      'site/guides/scratch.md': goodPage,
      'site/guides/intro.mdx': goodPage
    })
    const site = path.join(repo, 'site')
    const linted = async (args: string[]) => (JSON.parse((await runCli([...args, '--format', 'json'], site)).stdout) as Array<{path: string}>).map((file) => file.path).sort()
    expect(await linted([])).toEqual(['generated/keep.mdx', 'guides/intro.mdx', 'index.mdx'])
    expect(await linted(['--no-gitignore'])).toEqual(['drafts/wip.mdx', 'generated/api.mdx', 'generated/keep.mdx', 'guides/intro.mdx', 'guides/scratch.md', 'index.mdx'])
    // A page named on the command line is linted, as `git add -f` can add it.
    expect(await linted(['drafts/wip.mdx'])).toEqual(['drafts/wip.mdx'])
  })
})

describe('pages named one by one', () => {
  it('report only those pages, not the site config; a folder named reports it', async () => {
    const root = tempSite({
      'docs.json': '{"name": "A", "theme": "mint", "colors": {"primary": "#ffff00"}, "navigation": {"pages": ["index"]}}',
      'index.mdx': goodPage
    })
    const reported = async (args: string[]) => (JSON.parse((await runCli([...args, '--format', 'json'], root)).stdout) as Array<{path: string; messages: unknown[]}>).filter((file) => file.messages.length > 0).map((file) => file.path)
    expect(await reported(['index.mdx'])).toEqual([])
    expect(await reported(['.'])).toEqual(['docs.json'])
  })
})

describe('the cache file and git', () => {
  it('says once, when it makes the cache in a repository that does not ignore it, to add it to .gitignore', async () => {
    const hint = 'docs-lint: made the cache `.docs-lint-cache`: add it to `.gitignore`, it belongs to this machine\n'
    const repo = tempSite({'.git/HEAD': 'ref: refs/heads/main\n', 'index.mdx': goodPage})
    expect((await runCli(['--cache'], repo)).stderr).toBe(hint)
    expect((await runCli(['--cache'], repo)).stderr).toBe('')
    const ignoring = tempSite({'.git/HEAD': 'ref: refs/heads/main\n', '.gitignore': '.docs-lint-cache\n', 'index.mdx': goodPage})
    expect((await runCli(['--cache'], ignoring)).stderr).toBe('')
    expect((await runCli(['--cache'], tempSite({'index.mdx': goodPage}))).stderr).toBe('')
  })
})
