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
    'docs.json': JSON.stringify({name: 'Acme', navigation: [{group: 'Start', pages: ['index']}]}),
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
