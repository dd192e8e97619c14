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

/**
 * Lint a page of `root` with `memo` and without it: the two must give the same findings, which come
 * back as one text for the test to match.
 */
function compared(root: string, memo: SiteMemo): (relative: string) => Promise<string> {
  return async (relative) => {
    const [kept, fresh] = [await findings(root, relative, memo), await findings(root, relative, undefined)]
    expect(kept).toEqual(fresh)
    return kept.join('\n')
  }
}

describe('the site memo of a long-lived caller', () => {
  it('gives the findings of a run without it, after other pages change on disk', async () => {
    const root = site()
    const memo = new SiteMemo()
    const both = compared(root, memo)
    // The anchor is missing, and the draft is an orphan.
    expect(await both('guides/a.mdx')).toMatch(/broken-links/)
    expect(await both('guides/draft.mdx')).toMatch(/orphan-pages/)
    // Another page gains the heading, and a link to the draft: both findings go.
    fs.writeFileSync(path.join(root, 'guides/b.mdx'), page('B', '## Setup\n\nSet it up.'))
    fs.writeFileSync(path.join(root, 'guides/c.mdx'), page('C', '## C\n\nRead [the draft](/guides/draft).'))
    expect(await both('guides/a.mdx')).not.toMatch(/broken-links/)
    expect(await both('guides/draft.mdx')).not.toMatch(/orphan-pages/)
    // And come back when the link and the heading are gone, the page deleted.
    fs.rmSync(path.join(root, 'guides/c.mdx'))
    fs.writeFileSync(path.join(root, 'guides/b.mdx'), page('B', '## Install\n\nInstall it.'))
    expect(await both('guides/a.mdx')).toMatch(/broken-links/)
    expect(await both('guides/draft.mdx')).toMatch(/orphan-pages/)
  })
})

/** Every file and folder of `root` last changed an hour ago: stamps old enough to be trusted. */
function settle(root: string): void {
  const past = new Date(Date.now() - 3600_000)
  for (const entry of fs.readdirSync(root, {recursive: true, encoding: 'utf8'})) fs.utimesSync(path.join(root, entry), past, past)
  fs.utimesSync(root, past, past)
}

describe('the site base a long-lived caller keeps', () => {
  it('serves the next run while nothing changed, and is built again after a page is added or deleted or docs.json changes', async () => {
    const root = site()
    const memo = new SiteMemo()
    const both = compared(root, memo)
    settle(root)
    expect(await both('guides/draft.mdx')).toMatch(/orphan-pages/)
    const built = memo.baseBuilds
    expect(await both('guides/draft.mdx')).toMatch(/orphan-pages/)
    expect(await both('guides/a.mdx')).toMatch(/broken-links/)
    // Nothing changed: the base was kept.
    expect(memo.baseBuilds).toBe(built)

    // A new page links to the draft: no longer an orphan.
    fs.writeFileSync(path.join(root, 'guides/new.mdx'), page('New', '## New\n\nRead [the draft](/guides/draft).'))
    expect(await both('guides/draft.mdx')).not.toMatch(/orphan-pages/)
    expect(memo.baseBuilds).toBeGreaterThan(built)
    settle(root)
    await both('guides/draft.mdx')
    const rebuilt = memo.baseBuilds
    expect(await both('guides/draft.mdx')).not.toMatch(/orphan-pages/)
    expect(memo.baseBuilds).toBe(rebuilt)

    // It is deleted again, in a folder whose times say it changed an hour ago: its stamp still tells.
    fs.rmSync(path.join(root, 'guides/new.mdx'))
    const past = new Date(Date.now() - 1800_000)
    fs.utimesSync(path.join(root, 'guides'), past, past)
    expect(await both('guides/draft.mdx')).toMatch(/orphan-pages/)
    expect(memo.baseBuilds).toBeGreaterThan(rebuilt)

    // docs.json, written in place (no folder changes), lists the draft and names a page that is not there.
    const kept = async () => {
      settle(root)
      await both('guides/a.mdx')
      const count = memo.baseBuilds
      await both('guides/a.mdx')
      expect(memo.baseBuilds).toBe(count)
    }
    await kept()
    const docs = JSON.parse(fs.readFileSync(path.join(root, 'docs.json'), 'utf8'))
    docs.navigation.groups[0].pages.push('guides/draft', 'guides/missing')
    fs.writeFileSync(path.join(root, 'docs.json'), JSON.stringify(docs))
    const listed = await both('guides/draft.mdx')
    expect(listed).not.toMatch(/orphan-pages/)
    expect(listed).toMatch(/docs\.json:\d+ navigation .*guides\/missing/)
    // A .mintignore leaves the draft out of the site: the navigation entry names no page any more.
    fs.writeFileSync(path.join(root, '.mintignore'), 'guides/draft.mdx\n')
    expect(await both('guides/a.mdx')).toMatch(/navigation .*guides\/draft/)
    // And lets it back in, written in place.
    await kept()
    fs.writeFileSync(path.join(root, '.mintignore'), '# nothing left out\n')
    expect(await both('guides/a.mdx')).not.toMatch(/navigation .*guides\/draft/)
  })

  it('trusts a caller told of every change on disk, which names each changed page', async () => {
    const root = site()
    const memo = new SiteMemo()
    memo.watchedFiles()
    const both = compared(root, memo)
    expect(await both('guides/a.mdx')).toMatch(/broken-links/)
    expect(await both('guides/draft.mdx')).toMatch(/orphan-pages/)
    fs.writeFileSync(path.join(root, 'guides/b.mdx'), page('B', '## Setup\n\nSet it up.'))
    fs.writeFileSync(path.join(root, 'guides/c.mdx'), page('C', '## C\n\nRead [the draft](/guides/draft).'))
    memo.changed(path.join(root, 'guides/b.mdx'))
    memo.changed(path.join(root, 'guides/c.mdx'))
    expect(await both('guides/a.mdx')).not.toMatch(/broken-links/)
    expect(await both('guides/draft.mdx')).not.toMatch(/orphan-pages/)
    // A folder deleted and made again: one change, for the folder, drops what was known below it.
    fs.rmSync(path.join(root, 'guides/c.mdx'))
    fs.writeFileSync(path.join(root, 'guides/c.mdx'), page('C', '## C\n\nNo links.'))
    memo.changed(path.join(root, 'guides'))
    expect(await both('guides/draft.mdx')).toMatch(/orphan-pages/)
  })
  it('finds, when asked to look again, what changed on disk without the caller being told', async () => {
    const root = site()
    const memo = new SiteMemo()
    memo.watchedFiles()
    const both = compared(root, memo)
    settle(root)
    expect(await both('guides/a.mdx')).toMatch(/broken-links/)
    expect(await memo.verify()).toEqual([])
    // Changed, but nobody says so: the next look finds it.
    fs.writeFileSync(path.join(root, 'guides/b.mdx'), page('B', '## Setup\n\nSet it up, at more length than before.'))
    expect(await memo.verify(1)).toEqual([path.join(root, 'guides/b.mdx')])
    expect(await both('guides/a.mdx')).not.toMatch(/broken-links/)
    // A page created unannounced: its site is reported as changed.
    settle(root)
    // Setting the times back changed each file's entry: the first look sees that.
    await memo.verify()
    await both('guides/draft.mdx')
    expect(await memo.verify()).toEqual([])
    fs.writeFileSync(path.join(root, 'guides/new.mdx'), page('New', 'Read [the draft](/guides/draft).'))
    expect(await memo.verify()).toEqual([root])
    expect(await both('guides/draft.mdx')).not.toMatch(/orphan-pages/)
  })
})
