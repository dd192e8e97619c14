import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {runBin, runCli, tempSite} from './helpers/cli.js'
import {shardOf} from '../src/engine/index.js'

// A CI matrix: each shard lints its pages and writes a result; `docs-lint merge` makes the one report a
// single run over the whole site gives, the site checks (links, anchors, navigation) run once over all
// the shards' facts.

const page = (title: string, body: string) => '---\ntitle: ' + title + '\ndescription: ' + title + ' of the product, step by step.\n---\n\n' + body + '\n'

/** Eight pages that link into one another, so that a link and the heading it points to fall in different shards. */
function site(): string {
  const files: Record<string, string> = {}
  for (let index = 0; index < 8; index++) {
    const next = (index + 1) % 8
    files['guides/page-' + index + '.mdx'] = page('Page ' + index, '## Section ' + index + '\n\nSee [the next page](/guides/page-' + next + '#section-' + next + ') and [a heading that is gone](/guides/page-' + next + '#missing-' + next + ').\n\n# A second title\n')
  }
  files['orphan.mdx'] = page('Orphan', '## Alone\n\nNo page links here.\n')
  files['docs.json'] = JSON.stringify({
    name: 'Merge test',
    theme: 'mint',
    colors: {primary: '#0D9373'},
    navigation: {groups: [{group: 'Guides', pages: Array.from({length: 8}, (_, index) => 'guides/page-' + index).concat('guides/not-there')}]}
  })
  return tempSite(files)
}

async function shards(root: string, count: number, extra: string[] = []): Promise<string[]> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-results-'))
  const results: string[] = []
  for (let index = 1; index <= count; index++) {
    const result = path.join(folder, 'shard-' + index + '.json')
    const run = await runCli(['--shard', index + '/' + count, '--format', 'json', '--write-result', result, ...extra], root)
    expect(run.code === 0 || run.code === 1, run.stderr).toBe(true)
    results.push(result)
  }
  return results
}

describe('docs-lint merge', () => {
  it('gives exactly the report of one run over the whole site', async () => {
    const root = site()
    const pages = Array.from({length: 8}, (_, index) => 'guides/page-' + index + '.mdx')
    // The shards split the pages: a link and its target lie in different shards.
    expect(new Set(pages.map((name) => shardOf(name, 3))).size).toBeGreaterThan(1)
    const single = await runCli(['--format', 'json'], root)
    const results = await shards(root, 3)
    const merged = await runCli(['merge', '--format', 'json', ...results], root)
    expect(merged.stderr).toBe('')
    expect(merged.code).toBe(single.code)
    expect(merged.stdout).toBe(single.stdout)
    // What the site checks find is there: broken anchors across shards, the navigation entry, the orphan.
    const rules = new Set((JSON.parse(merged.stdout) as Array<{messages: Array<{ruleId: string}>}>).flatMap((file) => file.messages.map((message) => message.ruleId)))
    for (const rule of ['broken-links', 'navigation', 'orphan-pages', 'heading-levels']) expect(rules).toContain(rule)
    // Any format, as a single run writes it.
    for (const format of ['sarif', 'compact', 'github']) {
      expect((await runCli(['merge', '--format', format, ...results], root)).stdout).toBe((await runCli(['--format', format], root)).stdout)
    }
  }, 60_000)

  it('lints again, and says so, a page changed since its shard linted it; the report is still a single run’s', async () => {
    const root = site()
    const results = await shards(root, 2)
    fs.writeFileSync(path.join(root, 'guides/page-3.mdx'), page('Page 3', '## Renamed\n\nSee [page four](/guides/page-4#section-4).\n'))
    fs.writeFileSync(path.join(root, 'guides/new.mdx'), page('New', '## New\n\nNew text, [to page three](/guides/page-3#section-3).\n'))
    const merged = await runCli(['merge', '--format', 'json', ...results], root)
    expect(merged.stderr).toBe('docs-lint: merge: linted 2 pages again, whose text or config differs from what the shards linted, or that no shard had (`guides/new.mdx`, `guides/page-3.mdx`)\n')
    expect(merged.stdout).toBe((await runCli(['--format', 'json'], root)).stdout)
    expect(merged.stdout).toContain('#section-3')
  }, 60_000)

  it('takes the options the shards ran with', async () => {
    const root = site()
    const results = await shards(root, 2, ['--rule', 'orphan-pages=off', 'guides'])
    const merged = await runCli(['merge', '--format', 'json', ...results], root)
    expect(merged.stdout).toBe((await runCli(['--format', 'json', '--rule', 'orphan-pages=off', 'guides'], root)).stdout)
    expect(merged.stdout).not.toContain('orphan')
  }, 60_000)

  it('refuses results that do not make one run, each with a message that names the file', async () => {
    const root = site()
    const results = await shards(root, 3)
    const merge = (...args: string[]) => runCli(['merge', ...args], root)
    expect(await merge(results[0]!, results[2]!)).toEqual({code: 2, stdout: '', stderr: 'docs-lint: shard 2 of 3 is missing: give the result file of every shard\n'})
    expect((await merge(results[0]!, results[0]!, results[1]!, results[2]!)).stderr).toMatch(/are both shard 1 of 3/)
    expect((await merge()).stderr).toMatch(/expects the result files the shards wrote with `--write-result`/)
    const other = (await shards(root, 2, ['--rule', 'orphan-pages=off']))[0]!
    expect((await merge(results[0]!, other)).stderr).toMatch(/is shard 1 of 2, the others are of 3|linted with other paths or options/)
    const older = path.join(path.dirname(results[0]!), 'older.json')
    fs.writeFileSync(older, fs.readFileSync(results[1]!, 'utf8').replace(/"version":"[^"]+"/, '"version":"0.0.1"'))
    expect((await merge(results[0]!, older, results[2]!)).stderr).toMatch(/`.*older\.json` was written by docs-lint 0\.0\.1, this is \S+: every shard and the merge must run the same version/)
    const report = path.join(path.dirname(results[0]!), 'report.json')
    fs.writeFileSync(report, (await runCli(['--format', 'json'], root)).stdout)
    expect((await merge(report)).stderr).toMatch(/`.*report\.json` is not a docs-lint result/)
    const broken = path.join(path.dirname(results[0]!), 'broken.json')
    fs.writeFileSync(broken, '{"kind": "docs-lint result", ')
    expect((await merge(broken)).stderr).toMatch(/`.*broken\.json` is not JSON/)
    const escaping = path.join(path.dirname(results[0]!), 'escaping.json')
    fs.writeFileSync(escaping, fs.readFileSync(results[0]!, 'utf8').replace(/"path":"guides\//, '"path":"../../etc/'))
    expect((await merge(escaping, results[1]!, results[2]!)).stderr).toMatch(/holds a page outside the folder linted/)
    expect((await merge('/dev/zero')).stderr).toMatch(/`\/dev\/zero` is not a regular file/)
  }, 60_000)

  it('refuses options that would make the result or the merge differ from one run', async () => {
    const root = site()
    const results = await shards(root, 1)
    expect((await runCli(['merge', '--config', 'x.json', ...results], root)).stderr).toMatch(/cannot take `--config`: give them to the shards/)
    expect((await runCli(['--write-result', 'r.json', '--fix'], root)).stderr).toMatch(/cannot be used with `--fix`/)
    expect(fs.existsSync(path.join(root, 'r.json'))).toBe(false)
  }, 60_000)
})

// The largest shared corpus, split over four shards as a CI matrix would, through the installed bin.
const corpus = path.resolve(import.meta.dirname, '../../shared/corpora/Comfy-Org__docs')
describe.skipIf(!fs.existsSync(corpus))('docs-lint merge on the largest shared corpus', () => {
  it('four shards merged give the findings of one run', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-results-'))
    const single = runBin(['--format', 'json', '.'], corpus)
    const results: string[] = []
    for (let index = 1; index <= 4; index++) {
      results.push(path.join(folder, index + '.json'))
      const run = runBin(['--shard', index + '/4', '--format', 'compact', '--write-result', results.at(-1)!, '.'], corpus)
      expect(run.code === 0 || run.code === 1, run.stderr).toBe(true)
    }
    const merged = runBin(['merge', '--format', 'json', ...results], corpus)
    expect(merged.code).toBe(single.code)
    expect(JSON.parse(merged.stdout).length).toBeGreaterThan(100)
    expect(merged.stdout === single.stdout).toBe(true)
    expect(merged.stderr).toBe(single.stderr)
  }, 600_000)
})
