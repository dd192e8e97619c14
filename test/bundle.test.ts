import {spawn, spawnSync} from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {bin, goodPage, runBin, runBinLoads, runCli, tempSite} from './helpers/cli.js'
import {main} from '../src/cli/index.js'

// `bin/docs-lint.js` runs the bundle that `npm run build` makes (scripts/bundle.mjs); the other tests
// mostly run the TypeScript source. These check that the two are the same program, and that the
// bundle holds what the command line loads.

const corpusPath = path.resolve(import.meta.dirname, '../../shared/corpora/formalco__mintlify-docs')
// The folder's real path: a child process's cwd is always one, where ../shared may be a link.
const corpus = fs.existsSync(corpusPath) ? fs.realpathSync(corpusPath) : corpusPath

/** A page of every kind of problem: front matter, headings, images, secrets, prose, components, links. */
const problems = [
  '---\ntitle: Problems\n---\n',
  '# A first-level heading\n',
  '![](/images/missing.png)\n',
  'The setting is changed by the server. Click [here](/nowhere#none).\n',
  '```\nconst key = "AKIAIOSFODNN7EXAMPLE"\nconst token = "ghp_' + 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"\n```\n',
  '1. Open the file.\n2. Save it.\n3. Run the build.\n',
  '<Card title="Card" hreff="/x">Text</Card>\n',
  '<Tabs>\n<Tab>No title</Tab>\n</Tabs>\n'
].join('\n')

function problemSite(): string {
  const big = goodPage + '\n' + 'The page is long, and each line of it is read by the linter. '.repeat(400) + '\n'
  return tempSite({
    'docs.json': JSON.stringify({name: 'Site', theme: 'mint', colors: {primary: '#ffffff'}, navigation: {groups: [{group: 'G', pages: ['index', 'problems', 'gone']}]}}),
    'index.mdx': goodPage + '\n[Problems](/problems) and [Long](/long#nowhere)\n',
    'problems.mdx': problems,
    // Over 16 KB: linted by a worker.
    'long.mdx': big,
    'broken.mdx': goodPage + '\n<Note>\n\nText {unclosed\n',
    'bad-yaml.mdx': '---\ntitle: [unclosed\n---\n\nText.\n',
    'bare.md': 'A page without front matter.\n'
  })
}

describe('the bundled command line', () => {
  it('prints what the source prints, in every format, and with --fix writes what the source writes', async () => {
    // The run time in the pretty summary differs between two runs; the bin's width outside a terminal is 80.
    const untimed = (run: {code: number; stdout: string; stderr: string}) => ({...run, stdout: run.stdout.replace(/ \(\d+(?:\.\d)? s\)\n/, ' (T s)\n')})
    for (const format of ['json', 'sarif', 'github', 'pretty']) {
      const root = problemSite()
      const bundled = runBin(['--format', format, '--no-color'], root)
      let stdout = ''
      let stderr = ''
      const code = await main(['--format', format, '--no-color'], {stdout: (text) => (stdout += text), stderr: (text) => (stderr += text), cwd: root, isTTY: false, columns: 80})
      expect(bundled.stdout.length).toBeGreaterThan(500)
      expect(untimed(bundled)).toEqual(untimed({code, stdout, stderr}))
    }
    const first = problemSite()
    const second = problemSite()
    const fixedByBundle = runBin(['--fix', '--format', 'json'], first)
    const fixedBySource = await runCli(['--fix', '--format', 'json'], second)
    expect(fixedByBundle.stdout.replaceAll(first, 'ROOT')).toBe(fixedBySource.stdout.replaceAll(second, 'ROOT'))
    for (const name of fs.readdirSync(first)) expect(fs.readFileSync(path.join(first, name), 'utf8')).toBe(fs.readFileSync(path.join(second, name), 'utf8'))
    expect(fs.readFileSync(path.join(first, 'problems.mdx'), 'utf8')).not.toBe(problems)
  }, 60_000)

  it.skipIf(!fs.existsSync(corpus))('prints what the source prints on a real site', async () => {
    const bundled = runBin(['--format', 'json'], corpus)
    const source = await runCli(['--format', 'json'], corpus)
    expect(JSON.parse(bundled.stdout).length).toBeGreaterThan(50)
    expect(bundled).toEqual(source)
  }, 120_000)

  it('loads no module of dist/src and no package from node_modules, in the main thread or a worker', () => {
    const root = problemSite()
    const {stdout, loaded, workers} = runBinLoads(['--format', 'json', '--jobs', '2'], root)
    expect(JSON.parse(stdout).length).toBe(7)
    // The hooks ran in the workers too, and saw the bundle load.
    expect(workers).toBe(true)
    // The main thread and each worker load the bundle through its loader (the bundle itself is read
    // and compiled by the loader, not loaded as a module).
    expect(loaded.some((file) => file.endsWith('/dist/bundle/worker.js'))).toBe(true)
    expect(loaded.filter((file) => file.endsWith('/dist/bundle/load.cjs')).length).toBeGreaterThanOrEqual(2)
    const outside = loaded.filter((file) => file.includes('/dist/src/') || file.includes('/node_modules/'))
    expect(outside).toEqual([])
  }, 60_000)

  it('loads a config written in JavaScript (.mjs, .cjs, .js), as the source does', async () => {
    const config = "{extends: 'recommended', rules: {'heading-levels': 'off'}}"
    for (const [name, text] of [
      ['.docs-lintrc.mjs', 'export default ' + config],
      ['.docs-lintrc.cjs', 'module.exports = ' + config],
      ['.docs-lintrc.js', 'module.exports = ' + config]
    ] as const) {
      const root = tempSite({'index.mdx': '---\ntitle: A\n---\n\n# One\n', [name]: text})
      const bundled = runBin(['--format', 'json'], root)
      expect(bundled.stderr).toBe('')
      const messages = (JSON.parse(bundled.stdout) as Array<{messages: Array<{ruleId: string}>}>).flatMap((file) => file.messages.map((message) => message.ruleId))
      // The config turned heading-levels off; front-matter still reports the missing description.
      expect(messages).toContain('front-matter')
      expect(messages).not.toContain('heading-levels')
      expect(bundled).toEqual(await runCli(['--format', 'json'], root))
    }
  }, 60_000)

  it('stops writing quietly when the reader closes the pipe (`docs-lint . | head`), and keeps its exit code', async () => {
    // Some 300 KB of JSON: far more than a pipe holds, so writes go on after the reader has gone.
    const pages = Object.fromEntries(Array.from({length: 400}, (_, index) => [`page-${index}.mdx`, '# A first-level heading\n']))
    const root = tempSite(pages)
    const child = spawn(process.execPath, [bin, '--format', 'json', '.'], {cwd: root})
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += String(chunk)))
    let first = ''
    child.stdout.once('data', (chunk: Buffer) => {
      first = String(chunk)
      child.stdout.destroy()
    })
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
    expect(first.startsWith('[')).toBe(true)
    expect(stderr).toBe('')
    expect(code).toBe(1)
  }, 60_000)
})

describe('the code cache the build makes for the bundle (src/bundle-loader.ts)', () => {
  const built = path.resolve(import.meta.dirname, '../dist/bundle')
  const helpLine = 'Lint only shard i of n'

  /** In a new process, with `node` flags: load the bundle in `folder`, print `--help`, and say how the bundle started. */
  function start(folder: string, nodeFlags: string[] = []): {state: string; help: string} {
    const script = [
      `const loader = require(${JSON.stringify(path.join(folder, 'load.cjs'))})`,
      `let help = ''`,
      `loader.loadBundle({ownProcess: true}).main(['--help'], {stdout: (text) => (help += text), stderr: (text) => (help += text), cwd: process.cwd(), isTTY: false})`,
      `  .then(() => console.log(JSON.stringify({state: loader.codeCacheState(), help})))`
    ].join('\n')
    const run = spawnSync(process.execPath, [...nodeFlags, '-e', script], {encoding: 'utf8'})
    expect(run.status, run.stderr).toBe(0)
    return JSON.parse(run.stdout) as {state: string; help: string}
  }

  it('is what the bundle starts from', () => {
    const started = start(built)
    expect(started.state).toBe('used')
    expect(started.help).toContain(helpLine)
  })

  it('belongs to an ASCII bundle (read as one byte a character), and a bundle past ASCII still reads as UTF-8', () => {
    const text = fs.readFileSync(path.join(built, 'docs-lint.cjs'))
    expect(text.every((byte) => byte < 0x80)).toBe(true)
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-bundle-'))
    for (const name of ['load.cjs', 'docs-lint.cjs', 'docs-lint.cache']) fs.copyFileSync(path.join(built, name), path.join(copy, name))
    fs.writeFileSync(path.join(copy, 'docs-lint.cjs'), text.toString('latin1').replace(helpLine, 'Lint only shärd i of n, ’quoted’'))
    expect(start(copy).help).toContain('Lint only shärd i of n, ’quoted’')
  })

  it('is not used when the bundle changed after the cache was made, even to a text of the same length', () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-bundle-'))
    for (const name of ['load.cjs', 'docs-lint.cjs', 'docs-lint.cache']) fs.copyFileSync(path.join(built, name), path.join(copy, name))
    const text = fs.readFileSync(path.join(copy, 'docs-lint.cjs'), 'utf8')
    expect(text).toContain(helpLine)
    fs.writeFileSync(path.join(copy, 'docs-lint.cjs'), text.replace(helpLine, helpLine.toUpperCase()))
    const started = start(copy)
    expect(started.state).toBe('stale')
    expect(started.help).toContain(helpLine.toUpperCase())
  })

  it('is turned down by V8 under other flags, and the bundle compiles from its text', () => {
    const started = start(built, ['--no-opt'])
    expect(started.state).toBe('rejected')
    expect(started.help).toContain(helpLine)
  })
})
