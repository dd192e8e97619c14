import {execFileSync} from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {goodPage, runCli, tempSite} from './helpers/cli.js'

// A team turns docs-lint on for a site with a thousand known findings: it records them, and CI fails
// only on new ones.

const noDescription = '---\ntitle: A\n---\n\nText.\n'
const h1 = '---\ntitle: B\ndescription: A page.\n---\n\n# B\n\n## Part\n'

describe('bulk suppressions', () => {
  it('--suppress-all records counts per file and rule; later runs report only what goes beyond them', async () => {
    const root = tempSite({'a.mdx': noDescription, 'b.mdx': h1, 'index.mdx': goodPage})
    const first = await runCli(['-f', 'compact'], root)
    expect(first.code).toBe(1)
    const recorded = await runCli(['--suppress-all', '-f', 'compact'], root)
    expect(recorded).toEqual({code: 0, stdout: '', stderr: 'docs-lint: 2 known findings suppressed by `docs-lint-suppressions.json`\n'})
    expect(fs.readFileSync(path.join(root, 'docs-lint-suppressions.json'), 'utf8')).toBe(
      '{\n  "a.mdx": {\n    "front-matter": {"count": 1}\n  },\n  "b.mdx": {\n    "heading-levels": {"count": 1}\n  }\n}\n'
    )
    expect((await runCli(['-f', 'compact'], root)).code).toBe(0)
    // One new mistake, in a page that had none: exactly that one is reported.
    fs.writeFileSync(path.join(root, 'index.mdx'), goodPage + '\n# Another title\n')
    const after = await runCli(['-f', 'compact'], root)
    expect(after.code).toBe(1)
    expect(after.stdout).toBe('index.mdx:10:1: error Unexpected heading level `1`, expected `2`: the page title comes from front matter (heading-levels)\n')
  })

  it('reports every finding of a rule in a file whose count grew, and says when suppressions are stale', async () => {
    const root = tempSite({'a.mdx': noDescription, 'b.mdx': h1})
    await runCli(['--suppress-all'], root)
    fs.writeFileSync(path.join(root, 'b.mdx'), h1 + '\n# C\n')
    const grown = await runCli(['-f', 'compact'], root)
    expect(grown.stdout.trim().split('\n')).toHaveLength(2)
    fs.writeFileSync(path.join(root, 'b.mdx'), '---\ntitle: B\ndescription: A page.\n---\n\n## B\n')
    const stale = await runCli(['-f', 'compact'], root)
    expect(stale.stderr).toContain('1 suppressed finding no longer occurs: run with `--prune-suppressions`')
    expect((await runCli(['--prune-suppressions'], root)).code).toBe(0)
    expect(JSON.parse(fs.readFileSync(path.join(root, 'docs-lint-suppressions.json'), 'utf8'))).toEqual({'a.mdx': {'front-matter': {count: 1}}})
  })

  it('a run of part of the site (--changed-since) does not call a suppression stale that it did not check', async () => {
    const root = tempSite({
      'docs.json': JSON.stringify({name: 'X', theme: 'mint', colors: {primary: '#FFFF00'}, navigation: {pages: ['index', 'a']}}),
      'index.mdx': goodPage,
      'a.mdx': noDescription
    })
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.email=ci@example.com', '-c', 'user.name=CI', ...args], {cwd: root, encoding: 'utf8'})
    expect((await runCli(['--suppress-all'], root)).stderr).toBe('docs-lint: 2 known findings suppressed by `docs-lint-suppressions.json`\n')
    git('init', '-q')
    git('add', '-A')
    git('commit', '-qm', 'Record known findings')
    fs.writeFileSync(path.join(root, 'index.mdx'), goodPage + '\nMore text.\n')
    const partial = await runCli(['--changed-since', 'HEAD', '-f', 'compact'], root)
    expect(partial).toMatchObject({code: 0, stdout: ''})
    expect(partial.stderr).not.toContain('no longer occur')
    // The whole site still says when one is stale.
    fs.writeFileSync(path.join(root, 'a.mdx'), goodPage)
    expect((await runCli(['-f', 'compact'], root)).stderr).toContain('1 suppressed finding no longer occurs')
  })

  it('--suppress-rule records one rule and keeps the others; the location is configurable', async () => {
    const root = tempSite({'a.mdx': noDescription, 'b.mdx': h1})
    const run = await runCli(['--suppress-rule', 'heading-levels', '--suppressions-location', 'ci/known.json', '-f', 'compact'], root)
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('(front-matter)')
    expect(JSON.parse(fs.readFileSync(path.join(root, 'ci/known.json'), 'utf8'))).toEqual({'b.mdx': {'heading-levels': {count: 1}}})
    expect((await runCli(['--suppress-rule', 'heading-level'], root)).stderr).toContain('Unknown rule `heading-level`')
  })

  it('a broken suppressions file is a usage error, not a silent pass', async () => {
    const root = tempSite({'a.mdx': noDescription, 'docs-lint-suppressions.json': '{"a.mdx": {"front-matter": {"count": "many"}}}'})
    const run = await runCli([], root)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('Invalid suppressions file')
  })
})
