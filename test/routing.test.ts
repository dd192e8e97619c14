import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {goodPage, runCli, tempSite} from './helpers/cli.js'

// Which files are pages, and where a link leads, as the platform decides it (issue 49, item 3).

const h1Page = '---\ntitle: Install\ndescription: Install the tool.\n---\n\n# Install\n'

/** The pages a JSON run lints, relative to the site and `/`-separated. */
async function reported(args: string[], cwd: string, site: string): Promise<string[]> {
  const run = await runCli(['--format', 'json', ...args], cwd)
  return (JSON.parse(run.stdout) as Array<{path: string; cwd: string}>)
    .map((file) => path.relative(site, path.resolve(file.cwd, file.path)).split(path.sep).join('/'))
    .sort()
}

describe('what is published, wherever docs-lint runs from', () => {
  const files = {
    'docs.json': JSON.stringify({theme: 'mint', name: 'Acme', colors: {primary: '#0B6E4F'}, navigation: {groups: [{group: 'Start', pages: ['index']}]}}),
    '.mintignore': 'drafts/\n*.draft.mdx\n',
    'index.mdx': goodPage,
    'guides/a.mdx': h1Page,
    'guides/b.draft.mdx': h1Page,
    'drafts/c.mdx': h1Page,
    '.hidden/d.mdx': h1Page,
    'README.md': h1Page,
    'CONTRIBUTING.md': h1Page,
    'contribute.md': h1Page,
    'guides/readme.md': h1Page,
    'AGENTS.md': h1Page,
    'README.mdx': h1Page
  }
  const expected = ['README.mdx', 'guides/a.mdx', 'index.mdx']

  it('inside the folder: the site’s `.mintignore`, the platform’s ignores and hidden folders', async () => {
    const site = tempSite(files)
    expect(await reported(['.'], site, site)).toEqual(expected)
  })

  it('from a sibling folder (`../site`) and by absolute path, the same pages', async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-outside-'))
    const site = path.join(parent, 'site')
    fs.cpSync(tempSite(files), site, {recursive: true})
    const elsewhere = path.join(parent, 'elsewhere')
    fs.mkdirSync(elsewhere)
    expect(await reported(['../site'], elsewhere, site)).toEqual(expected)
    expect(await reported([site], elsewhere, site)).toEqual(expected)
  })

  it('from a folder above the site: the `.mintignore` beside `docs.json` applies below it', async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-above-'))
    fs.cpSync(tempSite(files), path.join(parent, 'docs'), {recursive: true})
    expect(await reported(['.'], parent, path.join(parent, 'docs'))).toEqual(expected)
  })
})

/** Messages of a run with only `rules` on, as `file line:column ruleId reason`, files relative to `root`. */
async function messagesOf(root: string, rules: Record<string, unknown>, args: string[] = [], patterns = ['.']): Promise<{lines: string[]; notices: string[]}> {
  const config = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-routing-')), 'config.json')
  fs.writeFileSync(config, JSON.stringify({rules}))
  const {lint} = await import('../src/engine/index.js')
  const result = await lint({patterns, cwd: root, configPath: config, ...(args.includes('--cache') ? {cacheLocation: path.join(root, '.cache.json')} : {})})
  const lines = result.files.flatMap((file) => {
    const name = path.relative(root, path.resolve(file.cwd, file.path)).split(path.sep).join('/')
    return file.messages.map((message) => name + ' ' + message.line + ':' + message.column + ' ' + message.ruleId + ' ' + message.reason)
  })
  return {lines: lines.sort(), notices: result.notices}
}

const pageRules = {'front-matter': 'error', 'heading-levels': 'error', 'orphan-pages': 'warn', 'broken-links': 'error', navigation: 'error', 'config-assets': 'error'}

describe('snippets: files that pages import, wherever they lie', () => {
  const files = {
    'docs.json': JSON.stringify({name: 'Acme', navigation: [{group: 'Start', pages: ['index', 'guides/a']}]}),
    'index.mdx': goodPage + '\nSee [the setup](/guides/a#shared-setup), [the first step](/guides/a#install-the-cli), [the second](/guides/a#run-it),\n' +
      '[the options](/guides/a#options) and [a plain step](/guides/a#plain-step).\n',
    'guides/a.mdx': "---\ntitle: A\ndescription: The guide.\n---\n\nimport Setup from './parts/setup.mdx'\nimport Note from '/_snippets/note.mdx'\n\n<Setup />\n\n<Note />\n\n" +
      '<Steps titleSize="h2">\n  <Step title="Install the CLI">\n    Run it.\n  </Step>\n</Steps>\n\n' +
      '<Steps>\n  <Step title="Run it" id="run-it">\n    Run it.\n  </Step>\n  <Step title="Plain step">\n    Go.\n  </Step>\n</Steps>\n\n' +
      '## Reference\n\n### Flags\n\n#### Short flags\n\n##### Options {#options}\n\nNone.\n',
    'guides/parts/setup.mdx': '### Shared setup\n\nInstall the tool.\n',
    '_snippets/note.mdx': 'Read the note.\n'
  }
  const expected = [
    'index.mdx 11:53 broken-links Unexpected anchor `#plain-step`: no heading or `id` `plain-step` in `/guides/a`, expected one of its anchors'
  ]

  it('lend their headings to the page, get no page findings, and only titled steps of `h2`/`h3` size have anchors', async () => {
    const root = tempSite(files)
    expect((await messagesOf(root, pageRules)).lines).toEqual(expected)
  })

  it('linted alone, without the page that imports it: that page is read for its imports', async () => {
    const root = tempSite(files)
    expect((await messagesOf(root, pageRules, [], ['guides/parts', '_snippets'])).lines).toEqual([])
  })

  it('the same from the cache, whose site results withdraw the page findings again', async () => {
    const root = tempSite(files)
    expect((await messagesOf(root, pageRules, ['--cache'])).lines).toEqual(expected)
    expect((await messagesOf(root, pageRules, ['--cache'])).lines).toEqual(expected)
  })

  it('--fix gives a snippet no front matter, and what remains is what holds in a snippet', async () => {
    const root = tempSite({...files, 'guides/parts/setup.mdx': '# Setup\n\nInstall the tool.\n'})
    fs.writeFileSync(path.join(root, 'config.json'), JSON.stringify({rules: {'front-matter': 'error', 'heading-levels': 'error', 'orphan-pages': 'warn'}}))
    const run = await runCli(['--fix', '--config', 'config.json', '--format', 'compact', '.'], root)
    expect(fs.readFileSync(path.join(root, 'guides/parts/setup.mdx'), 'utf8')).toBe('# Setup\n\nInstall the tool.\n')
    expect(run.stdout).toBe('guides/parts/setup.mdx:1:1: error Unexpected heading level `1`, expected `2`: the page title comes from front matter (heading-levels)\n')
  })
})

describe('a site another framework serves (found by its files, never by its name)', () => {
  const page = (title: string, body = '') => '---\ntitle: ' + title + '\ndescription: About ' + title + '.\n---\n\n' + body
  const files = {
    'docs.json': JSON.stringify({name: 'Acme', logo: '/logo.svg', favicon: '/favicon.ico', navigation: {groups: [{group: 'Start', pages: ['index', 'install']}]}}),
    'source.config.ts': 'export const docs = defineDocs({dir: "content/docs"})\n',
    'next.config.mjs': "export default {basePath: '/docs'}\n",
    'mdx-components.tsx': 'export function getMDXComponents() {}\n',
    'app/llms.txt/route.ts': 'export function GET() {}\n',
    'content/docs/index.mdx': page('Welcome', 'Read [the install guide](/install), [the index](/llms.txt) and ![The logo](/docs/logo.svg).\n'),
    'content/docs/(guides)/install.mdx': page('Install', 'Go [home](/).\n'),
    'content/llms-intro.md': '# Introduction\n\nPlain text for tools.\n',
    'public/logo.svg': '<svg/>',
    'public/favicon.ico': '',
    'DESIGN.md': '# Design\n\nNotes.\n'
  }

  it('routes as that framework does and says so once', async () => {
    const root = tempSite(files)
    const {lines, notices} = await messagesOf(root, pageRules)
    expect(lines).toEqual([])
    expect(notices).toEqual([
      'docs.json:1:1: routed as a Fumadocs site (found `source.config.ts`, `next.config.mjs`), not as the platform routes it: pages from `content/docs` at their path ' +
        'without `(group)` folders, static files from `public/` at the site root; files outside `content/docs` are no pages; components the app registers in ' +
        '`mdx-components.tsx` cannot be known'
    ])
  })

  it('lints no file outside its content folder', async () => {
    const root = tempSite(files)
    expect((await reported(['.'], root, root)).filter((name) => /\.mdx?$/.test(name))).toEqual(['content/docs/(guides)/install.mdx', 'content/docs/index.mdx', 'content/llms-intro.md'])
  })

  it('counts marker files a listing names, and says when the base path is unknown', async () => {
    const {'source.config.ts': _source, 'next.config.mjs': _next, 'mdx-components.tsx': _components, ...rest} = files
    const root = tempSite({...rest, 'OTHER_FILES.txt': 'source.config.ts\nnext.config.mjs\nmdx-components.tsx\n'})
    const {lines, notices} = await messagesOf(root, pageRules)
    expect(lines).toEqual([])
    expect(notices[0]).toContain('its `basePath` is unknown (the Next.js config cannot be read), so a static path may start with any folder')
  })

  it('reports no component the app may register, from a run or the cache, and still does on a platform site', async () => {
    const withComponent = {...files, 'content/docs/index.mdx': page('Welcome', '<LanguageTable rows={3} />\n')}
    const root = tempSite(withComponent)
    // Withdrawn by the site checks, which run when a site rule is on (as in every preset).
    const rules = {...pageRules, 'unknown-component': 'warn'}
    for (const args of [[], ['--cache'], ['--cache']]) {
      expect((await messagesOf(root, rules, args)).lines).toEqual([])
    }
    const {'mdx-components.tsx': _components, 'source.config.ts': _source, 'next.config.mjs': _next, ...platformSite} = withComponent
    const {lines} = await messagesOf(tempSite(platformSite), {'unknown-component': 'warn'})
    expect(lines.map((line) => line.split(' ').slice(0, 3).join(' '))).toEqual(['content/docs/index.mdx 6:2 unknown-component'])
  })

  it('exposes to page checks that the app registers components of its own', async () => {
    const root = tempSite(files)
    const {frameworkAt} = await import('../src/site/framework.js')
    expect(frameworkAt(path.join(root, 'content/docs/index.mdx'))?.componentRegistry).toBe('mdx-components.tsx')
  })

  it('leaves a platform site as it was: without the marker files the same pages are broken', async () => {
    const {'source.config.ts': _source, 'next.config.mjs': _next, ...rest} = files
    const root = tempSite(rest)
    const {lines, notices} = await messagesOf(root, pageRules)
    expect(notices).toEqual([])
    expect(lines.filter((line) => line.includes(' navigation ')).map((line) => line.replace(/^\S+ \S+ /, ''))).toEqual(['index', 'install'].map((name) =>
      'navigation Unexpected navigation entry `' + name + '`: no page `' + name + '.mdx` or `' + name + '.md`, expected a page path relative to the site root without extension'
    ))
  })
})

describe('links the platform cannot be asked about, and links that miss for one cause', () => {
  it('into the pages of a remote OpenAPI file: not checked, said once', async () => {
    const root = tempSite({
      'docs.json': JSON.stringify({name: 'Acme', navigation: {groups: [{group: 'Start', pages: ['index']}, {group: 'API', openapi: {source: 'https://api.acme.dev/openapi.json', directory: 'reference'}}]}}),
      'index.mdx': goodPage + '\n[List users](/reference/users/list-users), [add one](/reference/users/add-user) and [a missing page](/guides/missing).\n'
    })
    const {lines, notices} = await messagesOf(root, {'broken-links': 'error'})
    expect(lines).toEqual(['index.mdx 10:102 broken-links Unexpected broken link `/guides/missing`: no page or file `guides/missing`, expected an existing page, file or redirect'])
    expect(notices).toEqual(['index.mdx:10:14: not checked: links into the pages generated from the remote OpenAPI file `https://api.acme.dev/openapi.json` (first `/reference/users/list-users`), since docs-lint never fetches over the network'])
  })

  it('from a version folder, written from that folder: one message per page meant, with the cause', async () => {
    const root = tempSite({
      'docs.json': JSON.stringify({name: 'Acme', navigation: {versions: [{version: 'edge', languages: [{language: 'ar', pages: ['edge/ar/index', 'edge/ar/concepts/tools', 'edge/ar/guide']}]}]}}),
      'edge/ar/index.mdx': goodPage + '\nSee [the tools](/ar/concepts/tools) and [the tools again](/ar/concepts/tools).\n',
      'edge/ar/guide.mdx': goodPage + '\nSee [the tools](/ar/concepts/tools) and [nothing](/ar/concepts/none).\n',
      'edge/ar/concepts/tools.mdx': goodPage
    })
    expect((await messagesOf(root, {'broken-links': 'error'})).lines).toEqual([
      'edge/ar/guide.mdx 10:17 broken-links Unexpected broken link `/ar/concepts/tools`: links start at the site root, not at the folder `edge/` this page is in ' +
        '(3 links in 2 pages under `edge/`, reported here once), expected `/edge/ar/concepts/tools`',
      'edge/ar/guide.mdx 10:51 broken-links Unexpected broken link `/ar/concepts/none`: links start at the site root, not at the folder `edge/` this page is in, ' +
        'and `/edge/ar/concepts/none` is no page or file either, expected an existing page, file or redirect'
    ])
  })
})

describe('did you mean: only the page clearly meant', async () => {
  const {clearlyMeant} = await import('../rules/shared/close-match.js')
  it('a typo, a separator or a letter case', () => {
    expect(clearlyMeant('guides/instal', 'guides/install')).toBe(true)
    expect(clearlyMeant('v1/usage/multiple-sssions', 'v1/usage/multiple-sessions')).toBe(true)
    expect(clearlyMeant('v1/integrations/agents_sdk', 'v1/integrations/agentssdk')).toBe(true)
    expect(clearlyMeant('ja/reference/get-folder-id', 'ja/reference/get-folders-id')).toBe(true)
    expect(clearlyMeant('guides/intsall', 'guides/install')).toBe(true)
  })
  it('not a neighbour: one word more, another word, another language or version', () => {
    expect(clearlyMeant('openllmetry/getting-started', 'openllmetry/getting-started-go')).toBe(false)
    expect(clearlyMeant('ja/reference/get-hub-collaborations', 'ja/reference/get-collaborations')).toBe(false)
    expect(clearlyMeant('v1/examples/fastapi', 'v1/examples/restapi')).toBe(false)
    expect(clearlyMeant('guides/app-types/platform-apps', 'ja/guides/app-types/platform-apps')).toBe(false)
    expect(clearlyMeant('v2/concepts/sessions', 'v1/concepts/sessions')).toBe(false)
    expect(clearlyMeant('changelog/2024', 'changelog/2025')).toBe(false)
  })
})
