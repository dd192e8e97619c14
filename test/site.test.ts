import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {lint} from '../src/engine/index.js'
import {VFile} from 'vfile'
import {parseFailureOf, parsePage} from '../src/page/parse.js'
import {headingSlug, SlugCounter} from '../src/page/slug.js'
import {fixturesRoot, formatMessage} from './helpers/examples.js'
import {runCli} from './helpers/cli.js'

/** Messages of a lint run as `file line:col-… severity reason ruleId`, files relative to `root`. */
async function siteMessages(root: string, rules: Record<string, unknown>, options: {patterns?: string[]; jobs?: number; cacheLocation?: string} = {}): Promise<string[]> {
  const configPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-site-')), 'config.json')
  fs.writeFileSync(configPath, JSON.stringify({rules}))
  const result = await lint({patterns: options.patterns ?? ['.'], cwd: root, configPath, jobs: options.jobs ?? 0, ...(options.cacheLocation ? {cacheLocation: options.cacheLocation} : {})})
  expect(result.configErrors).toEqual([])
  return result.files
    .map((file) => ({file, name: path.relative(root, path.resolve(file.cwd, file.path)).split(path.sep).join('/')}))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap(({file, name}) => file.messages.map((message) => name + ' ' + formatMessage(message) + ' ' + message.ruleId))
}

function copyFixture(...parts: string[]): string {
  const target = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-fixture-'))
  fs.cpSync(path.join(fixturesRoot, ...parts), target, {recursive: true})
  return target
}

const siteRules = {
  'docs-config': 'error', navigation: 'error', 'orphan-pages': 'warn',
  'broken-links': 'error', 'config-assets': 'error', 'color-contrast': 'warn'
}

describe('heading anchors as the platform computes them', () => {
  it('keeps non-ASCII letters and `&`, drops other punctuation, numbers repeats from 2', () => {
    expect(headingSlug('Über uns: Preise & Zahlung (2024)!')).toBe('über-uns-preise-&-zahlung-2024')
    expect(headingSlug("What's new?")).toBe('whats-new')
    expect(headingSlug('Version 2.0.1')).toBe('version-2-0-1')
    expect(headingSlug('日本語の見出し')).toBe('日本語の見出し')
    // The title is the heading's text: inline code counts without its backticks.
    expect(headingSlug('config.json options')).toBe('config-json-options')
    const counter = new SlugCounter()
    expect(['Setup', 'Setup', 'Setup'].map((title) => counter.next(headingSlug(title)))).toEqual(['setup', 'setup-2', 'setup-3'])
  })
})

describe('custom heading anchor IDs (`## Title {#id}`)', () => {
  const page = '## Upgrade to version 2 {#upgrade}  \n\nRun **it** again.\n'
  for (const path of ['page.mdx', 'page.md']) {
    it('parse in ' + path + ': the ID leaves the title, every position stays where it was', () => {
      const file = new VFile({path, value: page})
      const tree = parsePage(file)
      expect(parseFailureOf(file)).toBeUndefined()
      const [heading, paragraph] = tree.children
      expect(heading).toMatchObject({type: 'heading', data: {id: 'upgrade'}, children: [{type: 'text', value: 'Upgrade to version 2'}]})
      expect(heading?.position?.end.offset).toBe(page.indexOf('\n'))
      expect(paragraph?.position?.start.offset).toBe(page.indexOf('Run'))
    })
  }

  it('stay text in a Markdown paragraph and fail to parse in an MDX one, as on the platform', () => {
    const markdown = new VFile({path: 'page.md', value: 'Not a heading {#id}\n'})
    expect(parsePage(markdown).children[0]).toMatchObject({children: [{type: 'text', value: 'Not a heading {#id}'}]})
    const mdx = new VFile({path: 'page.mdx', value: 'Not a heading {#id}\n'})
    parsePage(mdx)
    expect(parseFailureOf(mdx)).toMatchObject({line: 1, column: 15})
  })
})

describe('site checks', () => {
  it('find the site root above a linted subfolder and still report on the config', async () => {
    const root = path.join(fixturesRoot, 'navigation', 'not-ok')
    const messages = await siteMessages(root, {navigation: 'error'}, {patterns: ['guides']})
    expect(messages[0]).toBe(
      'mint.json 8:26-8:41 error Unexpected navigation entry `guides/instal`: no page `guides/instal.mdx` or `guides/instal.md`, ' +
        'expected a page path relative to the site root without extension, did you mean `guides/install`? navigation'
    )
    expect(messages).toHaveLength(5)
  })

  it('give the same messages when pages are linted in worker threads (facts cross the thread boundary)', async () => {
    const root = path.join(fixturesRoot, 'broken-links', 'not-ok')
    const inThread = await siteMessages(root, siteRules)
    const inWorkers = await siteMessages(root, siteRules, {jobs: 2})
    expect(inThread.filter((line) => line.endsWith(' broken-links'))).toHaveLength(9)
    expect(inWorkers).toEqual(inThread)
  })

  it('move a report\'s severity with the configured one: a warning of an error rule set to `warn` is info', async () => {
    const root = path.join(fixturesRoot, 'docs-config', 'not-ok-spec')
    const messages = await siteMessages(root, {'docs-config': 'warn'})
    expect(messages[0]).toMatch(/^mint\.json 1:1-1:2 warning Missing required key `favicon`/)
    expect(messages[1]).toBe('mint.json 3:3-3:11 info Unexpected key `favicn`: the platform ignores it, did you mean `favicon`? docs-config')
  })

  it('count images a listing names as present, and read no listing outside the folder they run in', async () => {
    const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-listing-'))
    const site = path.join(repo, 'docs')
    fs.mkdirSync(site)
    fs.writeFileSync(path.join(repo, 'IMAGES.txt'), 'docs/images/shot.png\n')
    fs.writeFileSync(path.join(site, 'docs.json'), JSON.stringify({name: 'X', theme: 'mint', colors: {primary: '#0B5FFF'}, navigation: {pages: ['index']}}))
    fs.writeFileSync(path.join(site, 'index.mdx'), '---\ntitle: Install\ndescription: Install the tool.\n---\n\n![Screenshot of the installer](/images/shot.png)\n')
    // Run from the repository: the listing beside the site folder is inside the run.
    expect(await siteMessages(repo, {'broken-links': 'error'})).toEqual([])
    // Run from the site folder: the folder above is outside it, so its listing is not read.
    const broken = 'index.mdx 6:32-6:48 error Unexpected broken link `/images/shot.png`: no page or file `images/shot.png`, expected an existing page, file or redirect broken-links'
    expect(await siteMessages(site, {'broken-links': 'error'})).toEqual([broken])
    // The cache keeps the two apart: a result from one folder is not served to a run from the other.
    const cacheLocation = path.join(repo, '.cache.json')
    expect(await siteMessages(repo, {'broken-links': 'error'}, {cacheLocation})).toEqual([])
    expect(await siteMessages(site, {'broken-links': 'error'}, {cacheLocation})).toEqual([broken])
    expect(await siteMessages(repo, {'broken-links': 'error'}, {cacheLocation})).toEqual([])
  })

  it('run nothing and read no config when every site rule is off', async () => {
    const root = path.join(fixturesRoot, 'docs-config', 'not-ok-syntax')
    expect(await siteMessages(root, {'heading-levels': 'error'})).toEqual([])
  })

  it('put their messages in line order among the page\'s own, with and without the cache', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-order-'))
    fs.writeFileSync(path.join(root, 'docs.json'), JSON.stringify({name: 'Site', navigation: [{group: 'Guides', pages: ['a']}]}))
    fs.writeFileSync(path.join(root, 'a.mdx'), '---\ntitle: A\ndescription: B\n---\n\n# One\n\nSee [the guide](/missing).\n\n#### Deep\n\nClick [here](/a).\n')
    const expected = ['6:1 heading-levels', '8:17 broken-links', '10:1 heading-levels', '12:7 link-text']
    for (const args of [[], ['--cache'], ['--cache']]) {
      const run = await runCli(['--format', 'json', ...args, '.'], root)
      const [page] = JSON.parse(run.stdout) as Array<{messages: Array<{line: number; column: number; ruleId: string}>}>
      expect(page!.messages.map((message) => message.line + ':' + message.column + ' ' + message.ruleId)).toEqual(expected)
    }
  })

  // The fixture's README.md and AGENTS.md link to the orphan: the platform publishes neither, so no reader arrives that way.
  it('check each site of a run against its own config', async () => {
    const root = fixturesRoot
    const messages = await siteMessages(root, {'orphan-pages': 'warn'}, {patterns: ['orphan-pages/ok', 'orphan-pages/not-ok']})
    expect(messages).toEqual([
      'orphan-pages/not-ok/guides/old-install.mdx 1:1-1:1 warning Unexpected page outside the navigation: no entry in `docs.json` reaches ' +
        '`guides/old-install` and no page links to it, expected it in `navigation`, linked from a page, imported as a snippet, ' +
        'ignored in `.mintignore`, or deleted if it is stale orphan-pages',
      'orphan-pages/not-ok/guides/setup.md 1:1-1:1 warning Unexpected page `guides/setup.md` at the address of `guides/setup.mdx`: ' +
        'the platform serves `guides/setup.mdx` at `/guides/setup` and never this file, expected one of them renamed or deleted orphan-pages'
    ])
  })
})

describe('docs-lint llms', () => {
  const expected = `# Acme

> Read about welcome.

## Get started

- [Welcome](https://docs.acme.dev/): Read about welcome.
- [Install](https://docs.acme.dev/guides/install): Read about install.

## Nested

- [Deploy](https://docs.acme.dev/guides/deploy): Read about deploy.
`

  it('reads front matter as linting does: a description the platform reads on two lines is kept', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-llms-'))
    fs.writeFileSync(path.join(root, 'docs.json'), JSON.stringify({name: 'X', theme: 'mint', colors: {primary: '#0B5FFF'}, navigation: {pages: ['index']}}))
    fs.writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Start\ndescription: "Sign every request,\nand rotate the key."\n---\n\n## Part\n')
    const run = await runCli(['llms', '--out', '-'], root)
    expect(run.stdout).toContain('[Start](/): Sign every request, and rotate the key.')
  })

  it('writes the page index in navigation order, one section per group', async () => {
    const root = copyFixture('navigation', 'ok')
    const run = await runCli(['llms', '--base-url', 'https://docs.acme.dev/'], root)
    expect(run).toEqual({code: 0, stdout: 'Wrote `llms.txt` (3 pages)\n', stderr: ''})
    expect(fs.readFileSync(path.join(root, 'llms.txt'), 'utf8')).toBe(expected)
  })

  it('--check passes when the file is current and fails with a diff when it is not', async () => {
    const root = copyFixture('navigation', 'ok')
    fs.writeFileSync(path.join(root, 'llms.txt'), expected)
    expect((await runCli(['llms', '--check', '--base-url', 'https://docs.acme.dev'], root)).code).toBe(0)
    fs.writeFileSync(path.join(root, 'guides/install.mdx'), '---\ntitle: Install the CLI\ndescription: Read about install.\n---\n')
    const stale = await runCli(['llms', '--check', '--base-url', 'https://docs.acme.dev'], root)
    expect(stale.code).toBe(1)
    expect(stale.stdout).toContain('-- [Install](https://docs.acme.dev/guides/install): Read about install.\n+- [Install the CLI](https://docs.acme.dev/guides/install): Read about install.')
    expect(stale.stderr).toBe('docs-lint llms: `llms.txt` is out of date, run `docs-lint llms` to update it\n')
    expect(fs.readFileSync(path.join(root, 'llms.txt'), 'utf8')).toBe(expected)
  })

  it('says so and exits with 2 outside a site', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-nosite-'))
    const run = await runCli(['llms'], root)
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/^docs-lint llms: no `docs\.json` or `mint\.json` in /)
  })
})
