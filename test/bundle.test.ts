import {execFile} from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import {promisify} from 'node:util'
import {describe, expect, it} from 'vitest'
import {goodPage, runCli, tempSite} from './helpers/cli.js'

// `bin/docs-lint.js` runs the bundle that `npm run build` makes (scripts/bundle.mjs); the other tests
// mostly run the TypeScript source. These check that the two are the same program, and that the
// bundle holds what the command line loads.

const bin = path.resolve(import.meta.dirname, '../bin/docs-lint.js')
const corpusPath = path.resolve(import.meta.dirname, '../../shared/corpora/formalco__mintlify-docs')
// The folder's real path: a child process's cwd is always one, where ../shared may be a link.
const corpus = fs.existsSync(corpusPath) ? fs.realpathSync(corpusPath) : corpusPath

/** Run the bin in a new process, with `node` flags before it. */
async function runBin(args: string[], cwd: string, nodeFlags: string[] = []) {
  const run = await promisify(execFile)(process.execPath, [...nodeFlags, bin, ...args], {cwd, maxBuffer: 256 * 1024 * 1024}).catch(
    (error: {code: number; stdout: string; stderr: string}) => error
  )
  return {code: typeof run === 'object' && 'code' in run ? run.code : 0, stdout: run.stdout, stderr: run.stderr}
}

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
    for (const format of ['json', 'sarif', 'github', 'pretty']) {
      const root = problemSite()
      const bundled = await runBin(['--format', format, '--no-color'], root)
      const source = await runCli(['--format', format, '--no-color'], root)
      expect(bundled.stdout.length).toBeGreaterThan(500)
      expect({code: bundled.code, stdout: bundled.stdout, stderr: bundled.stderr}).toEqual(source)
    }
    const first = problemSite()
    const second = problemSite()
    const fixedByBundle = await runBin(['--fix', '--format', 'json'], first)
    const fixedBySource = await runCli(['--fix', '--format', 'json'], second)
    expect(fixedByBundle.stdout.replaceAll(first, 'ROOT')).toBe(fixedBySource.stdout.replaceAll(second, 'ROOT'))
    for (const name of fs.readdirSync(first)) expect(fs.readFileSync(path.join(first, name), 'utf8')).toBe(fs.readFileSync(path.join(second, name), 'utf8'))
    expect(fs.readFileSync(path.join(first, 'problems.mdx'), 'utf8')).not.toBe(problems)
  }, 60_000)

  it.skipIf(!fs.existsSync(corpus))('prints what the source prints on a real site', async () => {
    const bundled = await runBin(['--format', 'json'], corpus)
    const source = await runCli(['--format', 'json'], corpus)
    expect(JSON.parse(bundled.stdout).length).toBeGreaterThan(50)
    expect({code: bundled.code, stdout: bundled.stdout, stderr: bundled.stderr}).toEqual(source)
  }, 120_000)

  it('loads no module of dist/src and no package from node_modules, in the main thread or a worker', async () => {
    // An ES module load hook and a CommonJS load hook, in every thread: each prints what it loads.
    const hooks = `export async function load(url, context, next) { console.error('LOADED ' + url); return next(url, context) }`
    const preload = [
      `import Module, {register} from 'node:module'`,
      `import {isMainThread} from 'node:worker_threads'`,
      `register(${JSON.stringify('data:text/javascript,' + encodeURIComponent(hooks))})`,
      `const load = Module._load`,
      `Module._load = function (request, parent, isMain) { try { console.error('LOADED ' + Module._resolveFilename(request, parent, isMain)) } catch {} return load.apply(this, arguments) }`,
      `console.error('THREAD ' + (isMainThread ? 'main' : 'worker'))`
    ].join('\n')
    const root = problemSite()
    const run = await runBin(['--format', 'json', '--jobs', '2'], root, ['--import', 'data:text/javascript,' + encodeURIComponent(preload)])
    expect(JSON.parse(run.stdout).length).toBe(7)
    // The hooks ran in the workers too, and saw the bundle load.
    expect(run.stderr).toMatch(/^THREAD worker$/m)
    const loaded = [...run.stderr.matchAll(/^LOADED (.*)$/gm)].map((match) => match[1]!)
    expect(loaded.some((file) => file.endsWith('/dist/bundle/worker.js'))).toBe(true)
    expect(loaded.some((file) => file.endsWith('/dist/bundle/cli.js'))).toBe(true)
    const outside = loaded.filter((file) => file.includes('/dist/src/') || file.includes('/node_modules/'))
    // Two files stay outside on purpose: passive-voice reads retext-passive's list of participles by
    // its path (the package does not export it), and the compiled docs.json validator in schema/
    // requires one helper of ajv's.
    const expected = /\/node_modules\/(retext-passive\/lib\/list\.js|ajv\/dist\/runtime\/ucs2length\.js)$/
    expect(outside.filter((file) => !expected.test(file))).toEqual([])
  }, 60_000)
})
