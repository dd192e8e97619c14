import {createHmac} from 'node:crypto'
import {spawnSync} from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'
import {describe, expect, it} from 'vitest'
import {VFile} from 'vfile'
import {lint} from '../src/engine/index.js'
import {goodPage, runBin, runCli, tempSite} from './helpers/cli.js'

const h1 = '---\ntitle: A\ndescription: B\n---\n\n# One\n'

function site() {
  const pages: Record<string, string> = {'good.mdx': goodPage, 'bad.mdx': h1, 'broken.mdx': goodPage + '\n<Note\n'}
  for (let index = 0; index < 8; index++) pages['p' + index + '.md'] = index % 2 ? goodPage : h1
  return tempSite(pages)
}

/** In a new process: lint `root` with a cache in this thread, and say which of `packages` were loaded. */
function loadedPackages(root: string, packages: string[]): string[] {
  const engine = fileURLToPath(new URL('../dist/src/engine/index.js', import.meta.url))
  const script = `
    import {createRequire} from 'node:module'
    const {lint} = await import(${JSON.stringify(engine)})
    await lint({patterns: ['.'], cwd: ${JSON.stringify(root)}, cacheLocation: '.docs-lint-cache'})
    const loaded = Object.keys(createRequire(import.meta.url).cache)
    console.log(JSON.stringify(${JSON.stringify(packages)}.filter((name) => loaded.some((file) => file.includes('/' + name + '/')))))`
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {encoding: 'utf8'})
  return JSON.parse(run.stdout) as string[]
}

/**
 * In a new process: run the compiled command line (dist/src, where each module loads when first
 * needed, as it is evaluated in the bundle) on `root` with a cache, and list docs-lint's modules it
 * loaded (`src/cli/index.js`, `rules/heading-levels.js`, ...).
 */
function loadedModules(root: string): string[] {
  const dist = fileURLToPath(new URL('../dist/', import.meta.url))
  const hooks = `export async function load(url, context, next) { if (url.startsWith(${JSON.stringify(pathToFileURL(dist).href)})) console.error('LOADED ' + url); return next(url, context) }`
  const script = `
    import {register} from 'node:module'
    register(${JSON.stringify('data:text/javascript,' + encodeURIComponent(hooks))})
    const {main} = await import(${JSON.stringify(pathToFileURL(path.join(dist, 'src/cli/index.js')).href)})
    await main(['--cache', '.'], {stdout() {}, stderr() {}, cwd: ${JSON.stringify(root)}, isTTY: false})`
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {encoding: 'utf8'})
  const loaded = [...run.stderr.matchAll(/^LOADED (.*)$/gm)].map((match) => path.relative(dist, fileURLToPath(match[1]!)).split(path.sep).join('/'))
  expect(loaded).toContain('src/cli/index.js')
  return loaded
}

const loadsRules = (root: string) => loadedModules(root).filter((module) => module.startsWith('rules/') || module === 'src/linter/processor.js' || module === 'src/engine/site-rules.js')

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

/**
 * Lint `root` with a cache twice, make `change`, and expect each of the next two cached runs to print
 * what an uncached run prints, which differs from before the change.
 */
async function expectCachedLikeUncached(root: string, change: (root: string) => void, patterns: string[], firstOptions: string[] = []): Promise<void> {
  const first = await runCli(['--format', 'json', '--cache', ...firstOptions, ...patterns], root)
  expect(await runCli(['--format', 'json', '--cache', ...patterns], root)).toEqual(first)
  change(root)
  const expected = await runCli(['--format', 'json', ...patterns], root)
  expect(expected.stdout).not.toBe(first.stdout)
  expect(await runCli(['--format', 'json', '--cache', ...patterns], root)).toEqual(expected)
  // And the run after that, which replays the new state.
  expect(await runCli(['--format', 'json', '--cache', ...patterns], root)).toEqual(expected)
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
    // A worker stamps each page it reads with the page's stat.
    it('gives the output of an uncached run after ' + name, () => expectCachedLikeUncached(nestedSite(), change, [], ['--jobs', '1']))
  }

  // Linting one folder of the site: the config and ignore files above it apply too.
  const above: Array<[string, (root: string) => void]> = [
    ['a new .docs-lintignore above the folder linted', (root) => write(root, '.docs-lintignore', 'guides/one.mdx\n')],
    ['a new package.json with a docs-lint field above the folder linted', (root) => {
      fs.rmSync(path.join(root, '.docs-lintrc.json'))
      write(root, 'package.json', JSON.stringify({'docs-lint': {rules: {'heading-levels': 'off'}}}))
    }]
  ]
  for (const [name, change] of above) {
    it('gives the output of an uncached run after ' + name, () => expectCachedLikeUncached(nestedSite(), change, ['guides'], ['--jobs', '1']))
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

  // A stamp compares ctime too, which no program can set back: git does the same.
  const keptStats: Array<[string, (page: string, text: string, hourAgo: number) => void]> = [
    ['rewritten in place with its size and mtime kept', (page, text, hourAgo) => {
      fs.writeFileSync(page, text)
      fs.utimesSync(page, hourAgo, hourAgo)
    }],
    ['replaced by a file of the same size and mtime (rm, then cp -p; the inode may be reused)', (page, text, hourAgo) => {
      const copy = page + '.copy'
      fs.writeFileSync(copy, text)
      fs.utimesSync(copy, hourAgo, hourAgo)
      fs.rmSync(page)
      fs.copyFileSync(copy, page)
      fs.utimesSync(page, hourAgo, hourAgo)
      fs.rmSync(copy)
    }]
  ]
  for (const [name, change] of keptStats) {
    it('reads a page again when it was ' + name, async () => {
      const root = nestedSite()
      const page = path.join(root, 'guides/one.mdx')
      const hourAgo = Date.now() / 1000 - 3600
      fs.utimesSync(page, hourAgo, hourAgo)
      const before = fs.statSync(page)
      await runCli(['--format', 'json', '--cache', '--jobs', '1'], root)
      // A run that found the page unchanged stamps it; the next one trusts the stamp.
      const first = await runCli(['--format', 'json', '--cache', '--jobs', '1'], root)
      const text = fs.readFileSync(page, 'utf8')
      const changed = text.replace('# One', '## On')
      expect(changed.length).toBe(text.length)
      change(page, changed, hourAgo)
      const after = fs.statSync(page)
      expect([after.size, after.mtimeMs]).toEqual([before.size, before.mtimeMs])
      const expected = await runCli(['--format', 'json'], root)
      expect(expected.stdout).not.toBe(first.stdout)
      expect(await runCli(['--format', 'json', '--cache', '--jobs', '1'], root)).toEqual(expected)
    })
  }

  it('reads a page again when another file with an old mtime took its place while this thread read it', async () => {
    const root = nestedSite()
    const page = path.join(root, 'guides/one.mdx')
    // An hour old, as `mv`, `rsync -a` or `cp -p` leave a file: settled long before the run.
    const hourAgo = Date.now() / 1000 - 3600
    fs.utimesSync(page, hourAgo, hourAgo)
    const replacement = path.join(path.dirname(root), path.basename(root) + '-replacement.mdx')
    fs.writeFileSync(replacement, h1.replace('# One', '## On'))
    fs.utimesSync(replacement, hourAgo, hourAgo)
    // The page is moved over just after unified-engine read it (a small site is linted in this thread).
    const readFile = fs.readFile
    let swapped = false
    ;(fs as {readFile: unknown}).readFile = (file: fs.PathOrFileDescriptor, ...rest: unknown[]) => {
      const callback = rest.pop() as (...results: unknown[]) => void
      const after = (...results: unknown[]) => {
        if (!swapped && typeof file === 'string' && path.resolve(file) === page) {
          swapped = true
          fs.renameSync(replacement, page)
        }
        callback(...results)
      }
      return (readFile as (...parameters: unknown[]) => void)(file, ...rest, after)
    }
    let first
    try {
      first = await runCli(['--format', 'json', '--cache'], root)
    } finally {
      ;(fs as {readFile: unknown}).readFile = readFile
    }
    expect(swapped).toBe(true)
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

  it('loads no rule when the cache serves every page and the site checks', () => {
    const root = site()
    write(root, 'docs.json', JSON.stringify({name: 'Site', navigation: [{group: 'All', pages: ['good', 'bad']}]}))
    expect(loadsRules(root)).toEqual(expect.arrayContaining(['rules/heading-levels.js', 'src/linter/processor.js', 'src/engine/site-rules.js']))
    expect(loadsRules(root)).toEqual([])
    // A new link: the page is linted again, and so is the site.
    fs.appendFileSync(path.join(root, 'good.mdx'), '\n[Bad](/bad)\n')
    expect(loadsRules(root)).toEqual(expect.arrayContaining(['rules/heading-levels.js', 'src/linter/processor.js', 'src/engine/site-rules.js']))
  })

  it('sorts a page passed in with messages of its own among the messages it gets', async () => {
    const root = tempSite({})
    for (const options of [{cacheLocation: '.docs-lint-cache'}, {jobs: 1}, {}]) {
      const file = new VFile({path: 'a.mdx', cwd: root, value: h1 + '\nText.\n\n## Two\n'})
      file.message('Earlier note', {place: {line: 10, column: 1}, ruleId: 'earlier', source: 'docs-lint'})
      const result = await lint({files: [file], cwd: root, ...options})
      expect(result.files[0]!.messages.map((message) => message.line + ' ' + message.ruleId)).toEqual(['6 heading-levels', '10 earlier'])
    }
  })

  it('keeps text beyond ASCII as it was, in a cache file that is ASCII', async () => {
    const root = tempSite({'docs.json': JSON.stringify({name: 'Café', navigation: [{group: 'Guides', pages: ['über']}]}), 'über.mdx': goodPage + '\nSee [the café](/café-menü) and [😀](/emoji-😀).\n\n# Über\n'})
    const uncached = await runCli(['--format', 'json', '.'], root)
    expect(uncached.stdout).toContain('café-menü')
    expect(uncached.stdout).toContain('emoji-😀')
    expect(await runCli(['--format', 'json', '--cache', '.'], root)).toEqual(uncached)
    const bytes = fs.readFileSync(path.join(root, '.docs-lint-cache'))
    expect(bytes.every((byte) => byte < 0x80)).toBe(true)
    expect(await runCli(['--format', 'json', '--cache', '.'], root)).toEqual(uncached)
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

  it('ignores and leaves alone the run record an earlier build kept beside the cache (<cache>.run)', () => {
    const root = site()
    const expected = runBin(['--format', 'json'], root)
    // The layout that build wrote: a header, an index, stamps, the output it printed, the tag again.
    const output = '[{"path":"stale.mdx","messages":[]}]\n'
    const index = JSON.stringify([{key: 'k', command: 'c', code: 0, stamps: 2, chunks: [[1, output.length]]}])
    const record = 'docs-lint run record 2\n' + index.length + ' abcdefgh\n' + index + '[]' + output + 'abcdefgh'
    const recordFile = path.join(root, '.docs-lint-cache.run')
    fs.writeFileSync(recordFile, record)
    for (let run = 0; run < 3; run++) {
      const cached = runBin(['--format', 'json', '--cache'], root)
      expect(cached.stdout).toBe(expected.stdout)
      expect(cached.code).toBe(expected.code)
    }
    expect(fs.readFileSync(recordFile, 'utf8')).toBe(record)
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

/**
 * A site whose checks read the disk in every way they can: the config and a file it includes, the
 * folder listing, an image listing, an OpenAPI file, and pages this run does not lint.
 */
function siteWithChecks(): string {
  return tempSite({
    'docs.json': JSON.stringify({name: 'X', navigation: [{group: 'G', pages: ['index', 'guide', 'GET /users']}], openapi: 'openapi.json', redirects: {$ref: 'redirects.json'}}),
    'redirects.json': JSON.stringify([{source: '/old', destination: '/guide'}]),
    'openapi.json': JSON.stringify({openapi: '3.0.0', paths: {'/users': {get: {}}}}),
    'IMAGES.txt': 'images/listed.png\n',
    'index.mdx': goodPage + '\n[Guide](/guide#requirements), [old](/old), [Downloads](/downloads), ![Shot](/images/shot.png) and ![Listed](/images/listed.png)\n',
    'guide.mdx': goodPage + '\n[Reference](/reference/api#errors)\n',
    'reference/api.mdx': goodPage + '\n## Errors\n\nYou get an error. See [limits](/limits).\n'
  })
}

/** In a new process with timing on: lint `root` with a cache, and say whether the site rules ran. */
function siteRulesRan(root: string, patterns: string[] = ['.']): boolean {
  const dist = (name: string) => JSON.stringify(fileURLToPath(new URL('../dist/src/' + name, import.meta.url)))
  const script = `
    const {lint} = await import(${dist('engine/index.js')})
    const {timings} = await import(${dist('shared/timing.js')})
    await lint({patterns: ${JSON.stringify(patterns)}, cwd: ${JSON.stringify(root)}, cacheLocation: '.docs-lint-cache'})
    console.log(JSON.stringify(timings.has('broken-links')))`
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {encoding: 'utf8', env: {...process.env, DOCS_LINT_TIMING: '1'}})
  return JSON.parse(run.stdout) as boolean
}

describe('--cache keeps the site checks\' results while nothing they read changed', () => {
  it('runs the site rules again only when a page\'s links or anchors, or a file they read, changed', () => {
    const root = siteWithChecks()
    expect(siteRulesRan(root)).toBe(true)
    expect(siteRulesRan(root)).toBe(false)
    // A new line of prose: the page is linted again, its links and anchors are as they were.
    fs.appendFileSync(path.join(root, 'guide.mdx'), '\nOne more line.\n')
    expect(siteRulesRan(root)).toBe(false)
    fs.appendFileSync(path.join(root, 'guide.mdx'), '\n[More](/nowhere)\n')
    expect(siteRulesRan(root)).toBe(true)
    expect(siteRulesRan(root)).toBe(false)
    write(root, 'images/shot.png', 'PNG')
    expect(siteRulesRan(root)).toBe(true)
  })

  const changes: Array<[string, (root: string) => void, string[]?]> = [
    ['a changed docs.json', (root) => write(root, 'docs.json', JSON.stringify({name: 'X', navigation: [{group: 'G', pages: ['index', 'gide']}]}))],
    ['a changed file that docs.json includes', (root) => write(root, 'redirects.json', JSON.stringify([{source: '/old', destination: '/gone'}]))],
    ['a new docs.json beside mint.json', (root) => {
      fs.renameSync(path.join(root, 'docs.json'), path.join(root, 'mint.json'))
      write(root, 'docs.json', JSON.stringify({name: 'X', navigation: [{group: 'G', pages: ['index']}]}))
    }],
    ['a changed OpenAPI file', (root) => write(root, 'openapi.json', JSON.stringify({openapi: '3.0.0', paths: {'/teams': {get: {}}}}))],
    ['a new image', (root) => write(root, 'images/shot.png', 'PNG')],
    ['a new folder', (root) => fs.mkdirSync(path.join(root, 'downloads'))],
    ['a changed image listing', (root) => write(root, 'IMAGES.txt', 'images/shot.png\n')],
    ['a changed heading that a link points to', (root) => write(root, 'reference/api.mdx', goodPage + '\n## Failures\n\nYou get an error. See [limits](/limits).\n')],
    ['a changed heading in a page this run does not lint', (root) => write(root, 'reference/api.mdx', goodPage + '\n## Failures\n\nYou get an error. See [limits](/limits).\n'), ['guide.mdx']],
    ['a root config that turns a site rule off', (root) => write(root, '.docs-lintrc.json', JSON.stringify({extends: 'recommended', rules: {'broken-links': 'off'}}))],
    ['a folder\'s config that turns a site rule off for its pages', (root) => write(root, 'reference/.docs-lintrc.json', JSON.stringify({extends: 'recommended', rules: {'broken-links': 'off'}}))]
  ]
  for (const [name, change, patterns = []] of changes) {
    it('gives the output of an uncached run after ' + name, () => expectCachedLikeUncached(siteWithChecks(), change, patterns))
  }
})

describe('the API with a cache and a page the caller keeps (`files`)', () => {
  it('checks the site again when the page linted a second time links elsewhere', () => {
    const root = tempSite({
      'docs.json': JSON.stringify({theme: 'mint', name: 'X', colors: {primary: '#0B6E4F'}, navigation: {groups: [{group: 'G', pages: ['index', 'guide']}]}}),
      'guide.mdx': goodPage
    })
    // In a process of its own, started in the site (the API resolves a kept page's path against it).
    const vfile = fileURLToPath(new URL('../node_modules/vfile/index.js', import.meta.url))
    const engine = fileURLToPath(new URL('../dist/src/engine/index.js', import.meta.url))
    const script = `
      const {VFile} = await import(${JSON.stringify(vfile)})
      const {lint} = await import(${JSON.stringify(engine)})
      const page = (link) => '---\\ntitle: Home\\ndescription: The home page.\\n---\\n\\n## Start\\n\\nRead [the guide](' + link + ').\\n'
      const file = new VFile({path: ${JSON.stringify(path.join(root, 'index.mdx'))}, cwd: ${JSON.stringify(root)}, value: page('/guide')})
      const run = async () => {
        const result = await lint({patterns: ['guide.mdx'], files: [file], cwd: ${JSON.stringify(root)}, cacheLocation: '.docs-lint-cache'})
        return result.files.flatMap((linted) => linted.messages.map((message) => linted.path.split('/').pop() + ' ' + message.ruleId))
      }
      const first = await run()
      // The same VFile, now with a broken link: its previous result must not stand for the new one.
      file.value = page('/missing')
      file.messages = []
      console.log(JSON.stringify([first, await run()]))`
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {cwd: root, encoding: 'utf8'})
    expect(run.stderr).toBe('')
    expect(JSON.parse(run.stdout)).toEqual([[], ['index.mdx broken-links']])
  })

  it('finds the page it keeps on a second run from another working directory (this test process\'s)', async () => {
    const root = tempSite({
      'docs.json': JSON.stringify({theme: 'mint', name: 'X', colors: {primary: '#0B6E4F'}, navigation: {groups: [{group: 'G', pages: ['index', 'guide']}]}}),
      'guide.mdx': goodPage
    })
    expect(process.cwd()).not.toBe(root)
    const page = (link: string) => '---\ntitle: Home\ndescription: The home page.\n---\n\n## Start\n\nRead [the guide](' + link + ').\n'
    const file = new VFile({path: path.join(root, 'index.mdx'), cwd: root, value: page('/guide')})
    const run = async (cacheLocation?: string) => {
      const result = await lint({patterns: ['guide.mdx'], files: [file], cwd: root, cacheLocation})
      return result.files.flatMap((linted) => linted.messages.map((message) => path.basename(linted.path) + ' ' + message.ruleId))
    }
    for (const cacheLocation of [undefined, '.docs-lint-cache']) {
      file.value = page('/guide')
      file.messages = []
      expect(await run(cacheLocation)).toEqual([])
      // Before, the page was lost from the site: `docs.json navigation: no page index.mdx`, and its broken link missed.
      file.value = page('/missing')
      file.messages = []
      expect(await run(cacheLocation)).toEqual(['index.mdx broken-links'])
    }
  })
})

describe('--cache drops what is malformed and lints it again, with one notice', () => {
  const cacheOf = (root: string) => path.join(root, '.docs-lint-cache')
  const edit = (root: string, change: (data: any) => void) => {
    const data = JSON.parse(fs.readFileSync(cacheOf(root), 'utf8'))
    change(data)
    fs.writeFileSync(cacheOf(root), JSON.stringify(data))
  }
  const page = (data: any, name: string) => data.entries[name]
  /** Change a page's facts for the site checks, which the file keeps as a JSON string. */
  const editFacts = (data: any, name: string, change: (facts: any) => void) => {
    const result = page(data, name).result
    const facts = JSON.parse(result.data.docsLintSite)
    change(facts)
    result.data.docsLintSite = JSON.stringify(facts)
  }
  /** Change the first finding's text after `after` in the cache file's bytes, the rest (header included) as it was. */
  const editReasonInPlace = (root: string, after = '') => {
    const text = fs.readFileSync(cacheOf(root), 'latin1')
    const at = text.indexOf(after)
    const edited = text.slice(0, at) + text.slice(at).replace(/"reason":"([^"])/, '"reason":"X')
    expect(edited).not.toBe(text)
    fs.writeFileSync(cacheOf(root), edited)
  }
  const corruptions: Array<[string, (data: any) => void]> = [
    ['a page\'s messages edited to `[null]`', (data) => (page(data, 'index.mdx').result.messages = [null])],
    ['a page\'s messages emptied', (data) => (page(data, 'guide.mdx').result.messages = [])],
    ['a page\'s entry edited to `[null]`', (data) => (data.entries['guide.mdx'] = [null])],
    ['a page\'s entry emptied', (data) => (data.entries['index.mdx'] = {})],
    ['a page\'s links that are not a list', (data) => editFacts(data, 'index.mdx', (facts) => (facts.links = 5))],
    ['a page\'s anchors removed', (data) => editFacts(data, 'reference/api.mdx', (facts) => delete facts.anchors)],
    ['a page\'s facts cut short', (data) => (page(data, 'index.mdx').result.data.docsLintSite = page(data, 'index.mdx').result.data.docsLintSite.slice(0, 20))],
    ['the site checks\' messages emptied', (data) => {
      for (const site of Object.values(data.sites) as any[]) site.pages = []
    }],
    ['the site checks\' messages edited to `[null]`', (data) => {
      for (const site of Object.values(data.sites) as any[]) site.pages = site.pages.map(([name]: [string]) => [name, [null]])
    }],
    ['the last discovery edited', (data) => {
      for (const snapshot of Object.values(data.snapshots) as any[]) snapshot.files = snapshot.files.slice(1)
    }],
    ['every entry edited to `[null]`', (data) => (data.entries = [null])]
  ]
  it('reads a cache written before entries had checksums as stale, without a notice', async () => {
    const root = siteWithChecks()
    const cold = await runCli(['--format', 'json'], root)
    await runCli(['--format', 'json', '--cache'], root)
    edit(root, (data) => {
      for (const entry of Object.values(data.entries) as any[]) delete entry.sum
    })
    expect(await runCli(['--format', 'json', '--cache'], root)).toEqual(cold)
  })

  it('reads a cache whose pages keep their facts as objects (the layout before) as stale, without a notice, and writes it anew', async () => {
    const root = siteWithChecks()
    const cold = await runCli(['--format', 'json'], root)
    await runCli(['--format', 'json', '--cache'], root)
    edit(root, (data) => {
      delete data.layout
      for (const entry of Object.values(data.entries) as any[]) entry.result.data.docsLintSite = JSON.parse(entry.result.data.docsLintSite)
    })
    expect(await runCli(['--format', 'json', '--cache'], root)).toEqual(cold)
    const written = JSON.parse(fs.readFileSync(cacheOf(root), 'utf8'))
    expect(written.layout).toBe(3)
    expect(typeof page(written, 'index.mdx').result.data.docsLintSite).toBe('string')
    expect(await runCli(['--format', 'json', '--cache'], root)).toEqual(cold)
  })

  it('trusts a cache as it wrote it whole, and writes one from before that checksum again with it', async () => {
    const root = siteWithChecks()
    const cold = await runCli(['--format', 'json'], root)
    await runCli(['--format', 'json', '--cache'], root)
    const written = fs.readFileSync(cacheOf(root), 'latin1')
    expect(written).toMatch(/^\{"docsLintCache":1,"sum":"[\da-f]{32}",/)
    // The same run again changes nothing: the file is not written.
    expect(await runCli(['--format', 'json', '--cache'], root)).toEqual({...cold, stderr: ''})
    expect(fs.readFileSync(cacheOf(root), 'latin1')).toBe(written)
    // Without the checksum (a cache of the version before): each entry is checked, and the file gets it back.
    fs.writeFileSync(cacheOf(root), written.replace(/^(\{"docsLintCache":1,)"sum":"[\da-f]{32}",/, '$1'))
    expect(await runCli(['--format', 'json', '--cache'], root)).toEqual({...cold, stderr: ''})
    expect(fs.readFileSync(cacheOf(root), 'latin1')).toBe(written)
  })

  it('checks each entry of a cache whose checksum does not hold, and drops the one edited', async () => {
    const root = siteWithChecks()
    fs.appendFileSync(path.join(root, 'guide.mdx'), '\n# Guide\n')
    const cold = await runCli(['--format', 'json'], root)
    await runCli(['--format', 'json', '--cache'], root)
    // One finding's text edited in place: the JSON stays valid, the header is as it was.
    editReasonInPlace(root)
    const run = await runCli(['--format', 'json', '--cache'], root)
    expect(run.stdout).toBe(cold.stdout)
    expect(run.stderr).toMatch(/dropped 1 malformed entry/)
  })

  it('checks what a run did not need before it writes the file whole again: an edited entry is not trusted later', async () => {
    const root = siteWithChecks()
    fs.appendFileSync(path.join(root, 'reference/api.mdx'), '\n# Extra\n')
    const cold = await runCli(['--format', 'json'], root)
    await runCli(['--format', 'json', '--cache'], root)
    // The entry of reference/api.mdx edited in place; the next run lints guide.mdx alone.
    editReasonInPlace(root, '"reference/api.mdx":')
    const partial = await runCli(['--format', 'json', '--cache', 'guide.mdx'], root)
    expect(partial.stderr).toMatch(/dropped 1 malformed entry/)
    // The whole site: reference/api.mdx is linted again, not replayed as edited.
    expect(await runCli(['--format', 'json', '--cache'], root)).toEqual({...cold, stderr: ''})
  })

  /**
   * What someone without the cache key can do: empty every finding, then make every checksum anew, as
   * the file's format says, with a key of their own. A cache restored from elsewhere looks the same.
   */
  const forge = (root: string, key: string) => {
    const text = fs.readFileSync(cacheOf(root), 'latin1')
    const data = JSON.parse(text.slice(text.indexOf(',') + 1).replace(/^"sum":"[\da-f]+",/, '{'))
    const keyed = (value: string) => createHmac('sha256', createHmac('sha256', 'docs-lint cache key').update(key).digest()).update(value)
    for (const entry of Object.values(data.entries) as any[]) {
      entry.result.messages = []
      entry.sum = keyed(JSON.stringify([entry.hash, entry.config, entry.stamp ?? null]) + JSON.stringify(entry.result)).digest('base64url').slice(0, 22)
    }
    for (const site of Object.values(data.sites) as any[]) {
      site.pages = site.pages.map(([name]: [string]) => [name, []])
      site.documents = site.documents.map(([name]: [string]) => [name, []])
      site.sum = keyed(JSON.stringify([site.key, site.reads, site.pages, site.documents, site.withdrawn ?? []])).digest('base64url').slice(0, 22)
    }
    for (const snapshot of Object.values(data.snapshots) as any[]) {
      delete snapshot.sum
      snapshot.sum = keyed(JSON.stringify(snapshot)).digest('base64url').slice(0, 22)
    }
    const rest = JSON.stringify(data).slice(1).replace(/[\u0080-\uffff]/g, (character) => '\\u' + character.charCodeAt(0).toString(16).padStart(4, '0'))
    fs.writeFileSync(cacheOf(root), '{"docsLintCache":1,"sum":"' + keyed(rest).digest('hex').slice(0, 32) + '",' + rest, 'latin1')
  }

  it('trusts no cache whose checksums were made anew without its key: the findings stay', async () => {
    const root = siteWithChecks()
    fs.appendFileSync(path.join(root, 'guide.mdx'), '\n# Guide\n')
    const previous = process.env['DOCS_LINT_CACHE_KEY']
    try {
      process.env['DOCS_LINT_CACHE_KEY'] = 'the owner\'s key'
      const cold = await runCli(['--format', 'json'], root)
      expect(JSON.parse(cold.stdout).flatMap((file: any) => file.messages).length).toBeGreaterThan(3)
      await runCli(['--format', 'json', '--cache'], root)
      // Made with the owner's key, the forgery would be trusted: the key is what tells them apart.
      forge(root, 'the owner\'s key')
      expect(JSON.parse((await runCli(['--format', 'json', '--cache'], root)).stdout).flatMap((file: any) => file.messages)).toEqual([])
      fs.rmSync(cacheOf(root))
      await runCli(['--format', 'json', '--cache'], root)
      forge(root, 'another key')
      const run = await runCli(['--format', 'json', '--cache'], root)
      expect(run.stdout).toBe(cold.stdout)
      expect(run.stderr).toMatch(/^docs-lint: Ignoring cache `[^`]+`: none of its \d+ items verifies with this cache key \(written by another user or machine, or edited\); every page is linted again\n$/)
      expect(await runCli(['--format', 'json', '--cache'], root)).toEqual({...cold, stderr: ''})
    } finally {
      if (previous === undefined) delete process.env['DOCS_LINT_CACHE_KEY']
      else process.env['DOCS_LINT_CACHE_KEY'] = previous
    }
  })

  it('lints without a cache, with one notice, when no cache key can be had', async () => {
    const root = siteWithChecks()
    const blocked = path.join(root, 'not-a-folder')
    fs.writeFileSync(blocked, '')
    const previous = [process.env['DOCS_LINT_CACHE_KEY'], process.env['XDG_CACHE_HOME']] as const
    try {
      delete process.env['DOCS_LINT_CACHE_KEY']
      process.env['XDG_CACHE_HOME'] = blocked
      const cold = await runCli(['--format', 'json'], root)
      const run = await runCli(['--format', 'json', '--cache'], root)
      expect(run.stdout).toBe(cold.stdout)
      expect(run.stderr).toMatch(/^docs-lint: Not using cache `[^`]+`: no key to check it with \(`[^`]+cache-key` cannot be read: ENOTDIR\); set DOCS_LINT_CACHE_KEY to a secret of your own\n$/)
      expect(fs.existsSync(cacheOf(root))).toBe(false)
    } finally {
      if (previous[0] === undefined) delete process.env['DOCS_LINT_CACHE_KEY']
      else process.env['DOCS_LINT_CACHE_KEY'] = previous[0]
      if (previous[1] === undefined) delete process.env['XDG_CACHE_HOME']
      else process.env['XDG_CACHE_HOME'] = previous[1]
    }
  })

  for (const [name, corrupt] of corruptions) {
    it('gives the cold run\'s findings after ' + name, async () => {
      const root = siteWithChecks()
      // A finding on every page, and one on docs.json.
      fs.appendFileSync(path.join(root, 'guide.mdx'), '\n# Guide\n')
      const cold = await runCli(['--format', 'json'], root)
      const findings = (JSON.parse(cold.stdout) as Array<{messages: unknown[]}>).flatMap((file) => file.messages)
      expect(findings.length).toBeGreaterThan(3)
      await runCli(['--format', 'json', '--cache'], root)
      edit(root, corrupt)
      const run = await runCli(['--format', 'json', '--cache'], root)
      expect(run.stdout).toBe(cold.stdout)
      expect(run.stderr.match(/docs-lint: /g)).toHaveLength(1)
      expect(run.stderr).toMatch(/^docs-lint: (Cache `[^`]+`: dropped \d+ malformed entr(y|ies) \(edited or cut short\); what they held is linted again|Ignoring cache `[^`]+`: it is corrupt; it will be rebuilt)\n$/)
      expect(run.stderr).not.toMatch(/\n\s+at /)
      // Rebuilt: the next run replays it, without a notice.
      expect(await runCli(['--format', 'json', '--cache'], root)).toEqual({...cold, stderr: ''})
    })
  }
})
