import fs from 'node:fs'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {VFile} from 'vfile'
import {lint} from '../src/engine/index.js'
import {SiteMemo} from '../src/site/memo.js'
import {tempSite} from './helpers/cli.js'

// The language server lints one page per keystroke with a memo of what the site checks read from the
// other pages. Whatever it keeps, the findings are those of a run without it, after any change on disk.

const page = (title: string, body: string) => '---\ntitle: ' + title + '\ndescription: ' + title + ' of the product.\n---\n\n' + body + '\n'

function site(): string {
  return tempSite({
    'docs.json': JSON.stringify({theme: 'mint', name: 'Memo', colors: {primary: '#0D9373'}, navigation: {groups: [{group: 'Guides', pages: ['guides/a', 'guides/b']}]}}),
    'guides/a.mdx': page('A', '## Start\n\nSee [the setup](/guides/b#setup).'),
    'guides/b.mdx': page('B', '## Install\n\nInstall it.'),
    'guides/draft.mdx': page('Draft', '## Draft\n\nNot in the navigation yet.'),
    'guides/c.mdx': page('C', '## C\n\nNo links.')
  })
}

async function findings(root: string, relative: string, memo: SiteMemo | undefined): Promise<string[]> {
  const file = new VFile({path: path.join(root, relative), value: fs.readFileSync(path.join(root, relative), 'utf8')})
  const result = await lint({files: [file], cwd: root, jobs: 0, siteMemo: memo})
  return result.files.flatMap((linted) => linted.messages.map((message) => linted.path + ':' + message.line + ' ' + message.ruleId + ' ' + message.reason))
}

describe('the site memo of a long-lived caller', () => {
  it('gives the findings of a run without it, after other pages change on disk', async () => {
    const root = site()
    const memo = new SiteMemo()
    const both = async (relative: string) => {
      const [kept, fresh] = [await findings(root, relative, memo), await findings(root, relative, undefined)]
      expect(kept).toEqual(fresh)
      return kept
    }
    // The anchor is missing, and the draft is an orphan.
    expect((await both('guides/a.mdx')).join('\n')).toMatch(/broken-links/)
    expect((await both('guides/draft.mdx')).join('\n')).toMatch(/orphan-pages/)
    // Another page gains the heading, and a link to the draft: both findings go.
    fs.writeFileSync(path.join(root, 'guides/b.mdx'), page('B', '## Setup\n\nSet it up.'))
    fs.writeFileSync(path.join(root, 'guides/c.mdx'), page('C', '## C\n\nRead [the draft](/guides/draft).'))
    expect((await both('guides/a.mdx')).join('\n')).not.toMatch(/broken-links/)
    expect((await both('guides/draft.mdx')).join('\n')).not.toMatch(/orphan-pages/)
    // And come back when the link and the heading are gone, the page deleted.
    fs.rmSync(path.join(root, 'guides/c.mdx'))
    fs.writeFileSync(path.join(root, 'guides/b.mdx'), page('B', '## Install\n\nInstall it.'))
    expect((await both('guides/a.mdx')).join('\n')).toMatch(/broken-links/)
    expect((await both('guides/draft.mdx')).join('\n')).toMatch(/orphan-pages/)
  })
})
