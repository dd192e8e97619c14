import {spawnSync} from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {bin, goodPage, runBin, runBinLoads, tempSite} from './helpers/cli.js'

// With a cache, a command run again over unchanged files prints what it printed last time without
// loading docs-lint (src/run-record.ts). These run the built command line, as a user does, and check
// that a replay prints exactly what linting prints, and that every kind of change is linted again.

/** A site with findings of a page, of the site checks (a broken link, a missing image) and a notice. */
function site(): string {
  return tempSite({
    'docs.json': JSON.stringify({name: 'Site', theme: 'mint', colors: {primary: '#0f766e'}, navigation: {groups: [{group: 'G', pages: ['index', 'guide/setup']}]}}),
    'index.mdx': goodPage + '\nSee [setup](/guide/setup) and [the old page](/guide/old).\n\n![Diagram of the setup](/images/diagram.png)\n',
    'guide/setup.mdx': goodPage.replace('## Requirements', '# Requirements') + '\nThe file is opened by the installer.\n'
  })
}

/** Files written now are too fresh to vouch for (the racily clean rule): wait until they are not. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 2100))

const loadedDocsLint = (loaded: string[]) => loaded.some((file) => file.endsWith('docs-lint.cjs') || file.endsWith('load.cjs'))

/** A fresh folder outside the site for the cache, as CI keeps it. */
const cacheIn = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-record-')), 'cache')

const withCache = (cache: string, ...rest: string[]) => ['--format', 'json', '--cache-location', cache, ...rest, '.']

describe('a run replayed from its record', () => {
  it('prints what linting prints, with its exit code, without loading docs-lint', async () => {
    const root = site()
    const cache = cacheIn()
    await settle()
    const cold = runBinLoads(withCache(cache), root)
    expect(loadedDocsLint(cold.loaded)).toBe(true)
    expect(cold.code).toBe(1)
    expect(JSON.parse(cold.stdout).length).toBeGreaterThan(0)
    // The run wrote only its cache: it is recorded, and the next run is replayed.
    expect(fs.existsSync(cache + '.run')).toBe(true)
    const replayed = runBinLoads(withCache(cache), root)
    expect(loadedDocsLint(replayed.loaded)).toBe(false)
    expect(replayed.code).toBe(cold.code)
    expect(replayed.stdout).toBe(cold.stdout)
    for (const run of [cold, replayed]) expect(run.stderr.replace(/^LOADED .*\n/gm, '')).toBe('')
    // Another format is another command: linted, then recorded beside the first.
    const pretty = runBinLoads(['--no-color', '--cache-location', cache, '.'], root)
    expect(loadedDocsLint(pretty.loaded)).toBe(true)
    expect(pretty.stdout).toContain('heading')
    const prettyAgain = runBinLoads(['--no-color', '--cache-location', cache, '.'], root)
    expect(loadedDocsLint(prettyAgain.loaded)).toBe(false)
    expect(prettyAgain.stdout).toBe(pretty.stdout)
    // The pretty run noted each page's stat in the cache, which the JSON record names: linted once more.
    expect(runBinLoads(withCache(cache), root).stdout).toBe(cold.stdout)
    expect(loadedDocsLint(runBinLoads(withCache(cache), root).loaded)).toBe(false)
  }, 60_000)

  it.each([['with the jobs docs-lint picks', []], ['with --jobs 0', ['--jobs', '0']]])('replays the third run when the cache is in the docs root, its default place (%s)', async (_, jobs) => {
    const root = site()
    const args = ['--format', 'json', '--cache', ...jobs, '.']
    await settle()
    // The first run writes the cache into the folder it lists: a run that saw its folder change is not
    // recorded. The second finds the folder as the first left it and is recorded.
    const first = runBinLoads(args, root)
    await settle()
    const second = runBinLoads(args, root)
    expect(loadedDocsLint(second.loaded)).toBe(true)
    expect(fs.existsSync(path.join(root, '.docs-lint-cache.run'))).toBe(true)
    const third = runBinLoads(args, root)
    expect(loadedDocsLint(third.loaded)).toBe(false)
    expect(third.stdout).toBe(first.stdout)
    expect(third.code).toBe(first.code)
  }, 60_000)

  it('lints again after any change to what the last run looked at, and prints what a run without a cache prints', async () => {
    const changes: Array<[string, (root: string, cache: string) => void]> = [
      ['a page edited', (root) => fs.appendFileSync(path.join(root, 'guide/setup.mdx'), '\n# Another first-level heading\n')],
      ['a page added', (root) => fs.writeFileSync(path.join(root, 'guide/old.mdx'), goodPage)],
      ['a page removed', (root) => fs.rmSync(path.join(root, 'guide/setup.mdx'))],
      ['an image added', (root) => {
        fs.mkdirSync(path.join(root, 'images'))
        fs.writeFileSync(path.join(root, 'images/diagram.png'), 'png')
      }],
      ['a config file added', (root) => fs.writeFileSync(path.join(root, '.docs-lintrc.json'), JSON.stringify({rules: {'heading-levels': 'off'}}))],
      ['docs.json edited', (root) => {
        const file = path.join(root, 'docs.json')
        fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('"index",', ''))
      }],
      ['the cache deleted', (_root, cache) => fs.rmSync(cache)]
    ]
    const sites = changes.map(() => ({root: site(), cache: cacheIn()}))
    await settle()
    for (const [index, [name, change]] of changes.entries()) {
      const {root, cache} = sites[index]!
      runBin(withCache(cache), root)
      runBin(withCache(cache), root)
      runBinLoads(withCache(cache), root)
      expect(loadedDocsLint(runBinLoads(withCache(cache), root).loaded), name + ': replayed before the change').toBe(false)
      change(root, cache)
      const after = runBinLoads(withCache(cache), root)
      const fresh = runBin(['--format', 'json', '.'], root)
      expect(loadedDocsLint(after.loaded), name).toBe(true)
      expect(after.stdout, name).toBe(fresh.stdout)
      expect(after.code, name).toBe(fresh.code)
      // What changed a moment ago may change again within its timestamp: the run after is linted too.
      // (The cache is no input: a run that only wrote it anew is recorded.)
      const next = runBinLoads(withCache(cache), root)
      expect(next.stdout, name).toBe(fresh.stdout)
      if (name !== 'the cache deleted') expect(loadedDocsLint(next.loaded), name + ': not recorded while fresh').toBe(true)
    }
  }, 120_000)

  it('is not kept for a run that fixes, writes a report file or loads a JavaScript config, nor for another environment', async () => {
    const root = site()
    const scripted = site()
    fs.writeFileSync(path.join(scripted, '.docs-lintrc.mjs'), "export default {rules: {'heading-levels': 'warn'}}\n")
    // A JSON config that extends CommonJS, which requires a file of its own: Node reads both, past node:fs.
    const extending = site()
    fs.writeFileSync(path.join(extending, '.docs-lintrc.json'), JSON.stringify({extends: ['recommended', './base.cjs']}))
    fs.writeFileSync(path.join(extending, 'base.cjs'), "module.exports = require('./rules')\n")
    fs.writeFileSync(path.join(extending, 'rules.js'), "module.exports = {rules: {'heading-levels': 'warn'}}\n")
    const report = path.join(os.tmpdir(), 'docs-lint-record-report-' + process.pid + '.json')
    await settle()
    const commands: Array<[string, string, string[]]> = [
      ['--fix-dry-run', root, withCache(cacheIn(), '--fix-dry-run')],
      ['--output-file', root, withCache(cacheIn(), '--output-file', report)],
      ['a JavaScript config', scripted, withCache(cacheIn())],
      ['a config that extends CommonJS', extending, withCache(cacheIn())],
      // The HTML report shows how long the run took.
      ['--format html', root, ['--format', 'html', '--cache-location', cacheIn(), '.']]
    ]
    for (const [name, folder, args] of commands) {
      const first = runBin(args, folder)
      runBin(args, folder)
      runBinLoads(args, folder)
      const third = runBinLoads(args, folder)
      expect(loadedDocsLint(third.loaded), name).toBe(true)
      // (The HTML report differs from run to run: its run time.)
      if (name !== '--format html') expect(third.stdout, name).toBe(first.stdout)
      expect(fs.existsSync(args[args.indexOf('--cache-location') + 1] + '.run'), name).toBe(false)
    }
    fs.rmSync(report, {force: true})
    // A GitHub step summary is appended to by every run: a replay would leave it short.
    const summary = path.join(path.dirname(cacheIn()), 'summary.md')
    const github = ['--format', 'github', '--cache-location', cacheIn(), '.']
    runBin(github, root, [], {GITHUB_STEP_SUMMARY: summary})
    runBin(github, root, [], {GITHUB_STEP_SUMMARY: summary})
    runBinLoads(github, root, {GITHUB_STEP_SUMMARY: summary})
    const last = runBinLoads(github, root, {GITHUB_STEP_SUMMARY: summary})
    expect(loadedDocsLint(last.loaded)).toBe(true)
    expect(last.stdout).toContain('::error')
    const appended = fs.readFileSync(summary, 'utf8')
    expect(appended.length).toBeGreaterThan(0)
    expect(appended.split(appended.slice(0, 40)).length - 1).toBe(4)
    // The environment is part of the command (a colour setting, a token): another one is linted.
    const cache = cacheIn()
    runBin(withCache(cache), root)
    runBin(withCache(cache), root)
    runBinLoads(withCache(cache), root)
    expect(loadedDocsLint(runBinLoads(withCache(cache), root).loaded)).toBe(false)
    const other = runBinLoads(withCache(cache), root, {DOCS_LINT_TEST_VARIABLE: 'other'})
    expect(loadedDocsLint(other.loaded)).toBe(true)
    // A command whose environment differs every time (a CI job's run id) keeps one run, not one per environment.
    const once = fs.statSync(cache + '.run').size
    for (const value of ['second', 'third']) runBinLoads(withCache(cache), root, {DOCS_LINT_TEST_VARIABLE: value})
    expect(fs.statSync(cache + '.run').size).toBeLessThan(once * 1.2)
    expect(loadedDocsLint(runBinLoads(withCache(cache), root, {DOCS_LINT_TEST_VARIABLE: 'third'}).loaded)).toBe(false)
    // Its record keeps no variable's value.
    expect(fs.readFileSync(cache + '.run', 'latin1')).not.toContain('DOCS_LINT_TEST_VARIABLE')
  }, 60_000)

  it('never writes over a file that is not a record, nor through a link, and ignores a record cut short', async () => {
    const root = site()
    const cache = cacheIn()
    const theirs = path.join(path.dirname(cache), 'theirs.txt')
    fs.writeFileSync(theirs, 'notes\n')
    fs.writeFileSync(cache + '.run', 'my notes\n')
    await settle()
    const expected = runBin(withCache(cache), root)
    runBin(withCache(cache), root)
    runBin(withCache(cache), root)
    expect(fs.readFileSync(cache + '.run', 'utf8')).toBe('my notes\n')
    // An empty file is someone's too.
    fs.writeFileSync(cache + '.run', '')
    runBin(withCache(cache), root)
    expect(fs.readFileSync(cache + '.run', 'utf8')).toBe('')
    // A named pipe there: the run neither waits for a writer nor writes into it.
    fs.rmSync(cache + '.run')
    if (process.platform !== 'win32') {
      spawnSync('mkfifo', [cache + '.run'])
      const piped = spawnSync(process.execPath, [bin, ...withCache(cache)], {cwd: root, encoding: 'utf8', timeout: 20_000})
      expect(piped.status).toBe(expected.code)
      expect(piped.stdout).toBe(expected.stdout)
      fs.rmSync(cache + '.run')
    }
    fs.symlinkSync(theirs, cache + '.run')
    runBin(withCache(cache), root)
    expect(fs.readFileSync(theirs, 'utf8')).toBe('notes\n')
    expect(fs.lstatSync(cache + '.run').isSymbolicLink()).toBe(true)
    fs.rmSync(cache + '.run')
    runBinLoads(withCache(cache), root)
    const record = fs.readFileSync(cache + '.run')
    expect(loadedDocsLint(runBinLoads(withCache(cache), root).loaded)).toBe(false)
    // Cut short, or cut and padded with zeros (two runs that saved at once, the shorter one last).
    const damaged = [record.length - 1, Math.floor(record.length / 2), 10].flatMap((cut) => [
      record.subarray(0, cut),
      Buffer.concat([record.subarray(0, cut), Buffer.alloc(record.length - cut)])
    ])
    for (const [index, bytes] of damaged.entries()) {
      fs.writeFileSync(cache + '.run', bytes)
      const run = runBinLoads(withCache(cache), root)
      expect(loadedDocsLint(run.loaded), 'damaged record ' + index).toBe(true)
      expect(run.stdout).toBe(expected.stdout)
    }
  }, 60_000)
})
