import {spawnSync} from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {describe, expect, it} from 'vitest'
import {goodPage, runCli, tempSite} from './helpers/cli.js'

const h1 = '---\ntitle: A\ndescription: B\n---\n\n# One\n'

function site() {
  const pages: Record<string, string> = {'good.mdx': goodPage, 'bad.mdx': h1, 'broken.mdx': goodPage + '\n<Note\n'}
  for (let index = 0; index < 8; index++) pages['p' + index + '.md'] = index % 2 ? goodPage : h1
  return tempSite(pages)
}

/** In a new process: lint `root` with a cache in this thread, and say which of `packages` were loaded. */
function loadedPackages(root: string, packages: string[]): string[] {
  const engine = fileURLToPath(new URL('../dist/src/engine.js', import.meta.url))
  const script = `
    import {createRequire} from 'node:module'
    const {lint} = await import(${JSON.stringify(engine)})
    await lint({patterns: ['.'], cwd: ${JSON.stringify(root)}, cacheLocation: '.docs-lint-cache'})
    const loaded = Object.keys(createRequire(import.meta.url).cache)
    console.log(JSON.stringify(${JSON.stringify(packages)}.filter((name) => loaded.some((file) => file.includes('/' + name + '/')))))`
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {encoding: 'utf8'})
  return JSON.parse(run.stdout) as string[]
}

const loadsParsers = (root: string) => loadedPackages(root, ['remark-mdx', 'parse-english', 'secretlint-rule-preset-recommend']).length > 0
/** unified-engine is ES modules; its CommonJS dependency `@npmcli/config` shows in the require cache. */
const loadsEngine = (root: string) => loadedPackages(root, ['@npmcli/config']).length > 0

/** A site with a sub-folder and a config that extends a file, for the replay's change detection. */
function nestedSite(): string {
  return tempSite({
    'good.mdx': goodPage,
    'bad.mdx': h1,
    'guides/one.mdx': h1,
    'guides/two.md': goodPage + '\n[here](./one)\n',
    '.docs-lintrc.json': JSON.stringify({extends: ['recommended', './base.json']}),
    'base.json': JSON.stringify({rules: {}})
  })
}

const write = (root: string, name: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, name)), {recursive: true})
  fs.writeFileSync(path.join(root, name), text)
}

describe('--cache replays the last run when no page or config file was added, removed or changed', () => {
  it('does not load unified-engine on a warm run, nor after a page changes; does after a page is added', () => {
    const root = nestedSite()
    expect(loadsEngine(root)).toBe(true)
    expect(loadsEngine(root)).toBe(false)
    fs.appendFileSync(path.join(root, 'good.mdx'), '\nOne more line.\n')
    expect(loadsEngine(root)).toBe(false)
    write(root, 'guides/three.mdx', goodPage)
    expect(loadsEngine(root)).toBe(true)
    expect(loadsEngine(root)).toBe(false)
  })

  const changes: Array<[string, (root: string) => void]> = [
    ['a changed page', (root) => write(root, 'guides/one.mdx', goodPage)],
    ['a new page', (root) => write(root, 'guides/three.mdx', h1)],
    ['a new page in a new folder', (root) => write(root, 'more/deep/three.mdx', h1)],
    ['a removed page', (root) => fs.rmSync(path.join(root, 'guides/one.mdx'))],
    ['a renamed page', (root) => fs.renameSync(path.join(root, 'guides/one.mdx'), path.join(root, 'guides/uno.mdx'))],
    ['a page that became a folder', (root) => {
      fs.rmSync(path.join(root, 'bad.mdx'))
      write(root, 'bad.mdx/inner.mdx', h1)
    }],
    ['a new .docs-lintignore', (root) => write(root, '.docs-lintignore', 'bad.mdx\n')],
    ['a new .mintignore', (root) => write(root, '.mintignore', 'guides/one.mdx\n')],
    ['a new config in a sub-folder', (root) => write(root, 'guides/.docs-lintrc.yml', 'rules:\n  heading-levels: off\n')],
    ['a changed root config', (root) => write(root, '.docs-lintrc.json', JSON.stringify({extends: 'strict'}))],
    ['a changed file that the config extends', (root) => write(root, 'base.json', JSON.stringify({rules: {'heading-levels': 'off'}}))],
    ['a package.json with a docs-lint field', (root) => write(root, 'guides/package.json', JSON.stringify({'docs-lint': {rules: {'front-matter': 'off'}}}))],
    ['a new docs.json', (root) => write(root, 'docs.json', JSON.stringify({name: 'X', navigation: [{group: 'G', pages: ['good']}]}))]
  ]
  for (const [name, change] of changes) {
    it('gives the output of an uncached run after ' + name, async () => {
      const root = nestedSite()
      // A worker stamps each page it reads with the page's stat.
    const first = await runCli(['--format', 'json', '--cache', '--jobs', '1'], root)
      expect(await runCli(['--format', 'json', '--cache'], root)).toEqual(first)
      change(root)
      const expected = await runCli(['--format', 'json'], root)
      expect(expected.stdout).not.toBe(first.stdout)
      expect(await runCli(['--format', 'json', '--cache'], root)).toEqual(expected)
      // And the run after that, which replays the new state.
      expect(await runCli(['--format', 'json', '--cache'], root)).toEqual(expected)
    })
  }

  it('reads a page again when it was rewritten in the same instant as the run that read it, even with its old size and mtime', async () => {
    const root = nestedSite()
    const page = path.join(root, 'guides/one.mdx')
    // Over 16 KB: linted by a worker, never in the main thread.
    const body = '\n' + 'Text of a long page. '.repeat(1000) + '\n'
    fs.writeFileSync(page, h1 + body)
    // Written this second, read by the run within the same second.
    const instant = Math.floor(Date.now() / 1000)
    fs.utimesSync(page, instant, instant)
    const before = fs.statSync(page)
    // A worker stamps each page it reads with the page's stat.
    const first = await runCli(['--format', 'json', '--cache', '--jobs', '1'], root)
    fs.writeFileSync(page, h1.replace('# One', '## On') + body)
    fs.utimesSync(page, instant, instant)
    const after = fs.statSync(page)
    expect([after.size, after.mtimeMs, after.ino]).toEqual([before.size, before.mtimeMs, before.ino])
    const expected = await runCli(['--format', 'json'], root)
    expect(expected.stdout).not.toBe(first.stdout)
    expect(await runCli(['--format', 'json', '--cache'], root)).toEqual(expected)
  })

  it('replays each set of patterns on its own', async () => {
    const root = nestedSite()
    const whole = await runCli(['--format', 'json', '--cache'], root)
    const guides = await runCli(['--format', 'json', '--cache', 'guides'], root)
    expect(guides.stdout).not.toBe(whole.stdout)
    expect(await runCli(['--format', 'json', '--cache'], root)).toEqual(whole)
    expect(await runCli(['--format', 'json', '--cache', 'guides'], root)).toEqual(guides)
  })
})

describe('--cache', () => {
  it('loads no parser when every page comes from the cache', () => {
    const root = site()
    expect(loadsParsers(root)).toBe(true)
    expect(loadsParsers(root)).toBe(false)
    fs.appendFileSync(path.join(root, 'good.mdx'), '\nOne more line.\n')
    expect(loadsParsers(root)).toBe(true)
  })

  it('gives the same output cold, warm, and without a cache, and invalidates a changed page', async () => {
    const root = site()
    const uncached = await runCli(['--format', 'json'], root)
    const cold = await runCli(['--format', 'json', '--cache'], root)
    const warm = await runCli(['--format', 'json', '--cache'], root)
    expect(cold).toEqual(uncached)
    expect(warm).toEqual(uncached)
    expect(fs.readFileSync(path.join(root, '.docs-lint-cache'), 'utf8')).toMatch(/^\{"docsLintCache":1,/)

    fs.writeFileSync(path.join(root, 'good.mdx'), h1)
    const changed = JSON.parse((await runCli(['--format', 'json', '--cache'], root)).stdout) as Array<{path: string; messages: unknown[]}>
    expect(changed.find((file) => file.path === 'good.mdx')!.messages).toHaveLength(1)
  })

  it('invalidates every page when the config changes', async () => {
    const root = site()
    await runCli(['--cache'], root)
    fs.writeFileSync(path.join(root, '.docs-lintrc.json'), JSON.stringify({extends: 'recommended', rules: {'heading-levels': 'off'}}))
    const run = await runCli(['--format', 'json', '--cache'], root)
    expect(run.stdout).not.toContain('heading-levels')
    expect(run.stdout).toContain('parse-error')
  })

  it('ignores a corrupt cache with a notice, and rebuilds it', async () => {
    const root = site()
    const expected = await runCli(['--format', 'json'], root)
    fs.writeFileSync(path.join(root, '.docs-lint-cache'), '{"docsLintCache":1,"entries":{"bad.mdx":{"hash"')
    const run = await runCli(['--format', 'json', '--cache'], root)
    expect(run.stdout).toBe(expected.stdout)
    expect(run.stderr).toContain('Ignoring cache `' + path.join(root, '.docs-lint-cache') + '`: it is corrupt; it will be rebuilt')
    expect(JSON.parse(fs.readFileSync(path.join(root, '.docs-lint-cache'), 'utf8')).docsLintCache).toBe(1)
  })

  it('never trusts or overwrites a file that is not a docs-lint cache', async () => {
    const root = site()
    fs.writeFileSync(path.join(root, 'notes.txt'), 'my notes')
    const run = await runCli(['--cache-location', 'notes.txt'], root)
    expect(run.stderr).toContain('it is not a docs-lint cache (it is left as it is; pass another --cache-location)')
    expect(fs.readFileSync(path.join(root, 'notes.txt'), 'utf8')).toBe('my notes')
  })

  it('does not trust a forged entry for a changed page', async () => {
    const root = site()
    await runCli(['--cache'], root)
    const cacheFile = path.join(root, '.docs-lint-cache')
    const data = JSON.parse(fs.readFileSync(cacheFile, 'utf8'))
    data.entries['bad.mdx'].result.messages = []
    fs.writeFileSync(cacheFile, JSON.stringify(data))
    fs.writeFileSync(path.join(root, 'bad.mdx'), h1 + '\n## Two\n')
    const run = JSON.parse((await runCli(['--format', 'json', '--cache'], root)).stdout) as Array<{path: string; messages: unknown[]}>
    expect(run.find((file) => file.path === 'bad.mdx')!.messages).toHaveLength(1)
  })
})
