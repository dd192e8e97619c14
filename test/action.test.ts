import {execFileSync, spawnSync} from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import Ajv from 'ajv-draft-04'
import {tempSite} from './helpers/cli.js'

const project = path.resolve(import.meta.dirname, '..')
const sarifSchema = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'data/sarif-2.1.0-rtm.5.json'), 'utf8'))
const validateSarif = new Ajv.default({strict: false, unicodeRegExp: false}).compile(sarifSchema)

const clean = '---\ntitle: Install\ndescription: Install the tool.\n---\n\n## Requirements\n\nYou need Node.js 20.\n'
const withError = '---\ntitle: Install\ndescription: Install the tool.\n---\n\n# Install\n'
const withWarning = '---\ntitle: Install\n---\n\n## Requirements\n'

/** A repository with a base commit and a pull request head commit, as actions/checkout leaves it. */
function pullRequest(headPages: Record<string, string>): {repo: string; base: string; event: string} {
  const repo = tempSite({
    '.docs-lintrc.json': JSON.stringify({extends: 'recommended'}),
    'docs/a.mdx': clean,
    'docs/old.mdx': withError
  })
  const git = (...args: string[]) => execFileSync('git', args, {cwd: repo, encoding: 'utf8'}).trim()
  git('init', '-q', '-b', 'main')
  git('-c', 'user.email=ci@example.com', '-c', 'user.name=CI', 'commit', '-q', '--allow-empty', '-m', 'root')
  git('add', '-A')
  git('-c', 'user.email=ci@example.com', '-c', 'user.name=CI', 'commit', '-q', '-m', 'base')
  const base = git('rev-parse', 'HEAD')
  git('checkout', '-q', '-b', 'feature')
  for (const [name, content] of Object.entries(headPages)) fs.writeFileSync(path.join(repo, name), content)
  git('add', '-A')
  git('-c', 'user.email=ci@example.com', '-c', 'user.name=CI', 'commit', '-q', '--allow-empty', '-m', 'head')
  const event = path.join(repo, '..', path.basename(repo) + '-event.json')
  fs.writeFileSync(event, JSON.stringify({pull_request: {number: 7, base: {sha: base}, head: {sha: git('rev-parse', 'HEAD')}}}))
  return {repo, base, event}
}

function runAction(repo: string, event: string, inputs: Record<string, string>) {
  const result = spawnSync('bash', [path.join(project, 'scripts/action.sh')], {
    cwd: repo,
    encoding: 'utf8',
    env: {
      PATH: process.env['PATH'],
      HOME: process.env['HOME'],
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: repo,
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_EVENT_PATH: event,
      DOCS_LINT_BIN: path.join(project, 'bin/docs-lint.js'),
      DOCS_LINT_PATH: 'docs',
      DOCS_LINT_ONLY_CHANGED: 'true',
      DOCS_LINT_FAIL_ON: 'error',
      DOCS_LINT_CONFIG: '',
      DOCS_LINT_SARIF_FILE: '',
      ...inputs
    }
  })
  return {status: result.status, stdout: result.stdout, stderr: result.stderr}
}

describe('GitHub Action (scripts/action.sh as the composite action runs it)', () => {
  it('annotates only the changed pages and fails on errors', () => {
    const {repo, event} = pullRequest({'docs/a.mdx': withError, 'docs/new.mdx': withWarning})
    const run = runAction(repo, event, {DOCS_LINT_SARIF_FILE: 'docs-lint.sarif', DOCS_LINT_HTML_FILE: 'docs-lint-report.html'})
    expect(run.stdout).toBe(
      '::error file=docs/a.mdx,line=6,col=1,endLine=6,endColumn=10,title=heading-levels::Unexpected heading level `1`, expected `2`: the page title comes from front matter\n' +
        '::warning file=docs/new.mdx,line=1,col=1,endLine=1,endColumn=4,title=front-matter::Missing `description` in front matter, expected a non-empty string\n'
    )
    expect(run.status).toBe(1)
    const log = JSON.parse(fs.readFileSync(path.join(repo, 'docs-lint.sarif'), 'utf8'))
    expect(validateSarif(log), JSON.stringify(validateSarif.errors)).toBe(true)
    expect(log.runs[0].results.map((result: {ruleId: string}) => result.ruleId)).toEqual(['heading-levels', 'front-matter'])
    // The HTML report (`html-file`) holds the same two findings, for an artifact.
    const report = fs.readFileSync(path.join(repo, 'docs-lint-report.html'), 'utf8')
    expect(report).toMatch(/^<!doctype html>/)
    expect(report).toContain('Unexpected heading level `1`, expected `2`')
    expect(report).toContain('Missing `description` in front matter')
  })

  it('fails on warnings only with fail-on: warning, and never with fail-on: never', () => {
    const {repo, event} = pullRequest({'docs/new.mdx': withWarning})
    expect(runAction(repo, event, {DOCS_LINT_FAIL_ON: 'error'}).status).toBe(0)
    expect(runAction(repo, event, {DOCS_LINT_FAIL_ON: 'warning'}).status).toBe(1)
    const errors = pullRequest({'docs/a.mdx': withError})
    expect(runAction(errors.repo, errors.event, {DOCS_LINT_FAIL_ON: 'never'}).status).toBe(0)
  })

  it('lints every page when the event is not a pull request', () => {
    const {repo} = pullRequest({'docs/new.mdx': withWarning})
    const push = path.join(repo, '..', path.basename(repo) + '-push.json')
    fs.writeFileSync(push, JSON.stringify({ref: 'refs/heads/main'}))
    const run = runAction(repo, push, {})
    expect(run.stdout).toContain('::notice title=docs-lint::only-changed needs a pull_request event; linting every page')
    expect(run.stdout).toContain('file=docs/old.mdx')
    expect(run.status).toBe(1)
  })

  it('keeps a cache between runs with cache: true, so the second run over the same pages is served from it', () => {
    const {repo, event} = pullRequest({'docs/new.mdx': withWarning})
    const first = runAction(repo, event, {DOCS_LINT_CACHE: 'true', DOCS_LINT_ONLY_CHANGED: 'false'})
    expect(fs.existsSync(path.join(repo, '.docs-lint-cache'))).toBe(true)
    const second = runAction(repo, event, {DOCS_LINT_CACHE: 'true', DOCS_LINT_ONLY_CHANGED: 'false'})
    expect(second.stdout).toBe(first.stdout)
    expect(second.status).toBe(first.status)
    // A later run stamps the pages an earlier one linted in its own thread, once their change time is
    // safely past (see docs/cli.mdx); from then on the cache holds: a run over the same pages leaves it
    // as it is. On a busy machine that may take one more run, never more than a few.
    let settled = fs.readFileSync(path.join(repo, '.docs-lint-cache'))
    let unchanged = false
    for (let run = 0; run < 4 && !unchanged; run++) {
      const next = runAction(repo, event, {DOCS_LINT_CACHE: 'true', DOCS_LINT_ONLY_CHANGED: 'false'})
      expect(next.stdout).toBe(first.stdout)
      const now = fs.readFileSync(path.join(repo, '.docs-lint-cache'))
      unchanged = now.equals(settled)
      settled = now
    }
    expect(unchanged, 'the cache settles: a run over the same pages leaves it as it is').toBe(true)
  })

  it('keeps the cache key with the cache: a new runner with both restored is served from it, one without the key lints afresh', () => {
    const action = fs.readFileSync(path.join(project, 'action.yml'), 'utf8')
    // The paths actions/cache saves and restores, and the folder the Lint step takes the key from.
    const paths = /path: \|\n((?: {10}\S.*\n)+)/.exec(action)![1]!.trim().split(/\n\s*/)
    expect(paths).toEqual(['.docs-lint-cache', '${{ runner.temp }}/docs-lint-key'])
    expect(action).toContain('XDG_CACHE_HOME: ${{ runner.temp }}/docs-lint-key')
    const {repo, event} = pullRequest({'docs/new.mdx': withWarning})
    const runnerTemp = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-runner-' + name + '-'))
    const first = runnerTemp('first')
    const inputs = (temp: string) => ({DOCS_LINT_CACHE: 'true', DOCS_LINT_ONLY_CHANGED: 'false', XDG_CACHE_HOME: path.join(temp, 'docs-lint-key')})
    const cold = runAction(repo, event, inputs(first))
    expect(fs.existsSync(path.join(first, 'docs-lint-key/docs-lint/cache-key'))).toBe(true)
    // The next job runs on a new machine: actions/cache restores both paths there.
    const restored = runnerTemp('restored')
    fs.cpSync(path.join(first, 'docs-lint-key'), path.join(restored, 'docs-lint-key'), {recursive: true})
    const served = runAction(repo, event, inputs(restored))
    expect(served.stdout).toBe(cold.stdout)
    expect(served.stderr).not.toContain('Ignoring cache')
    const withoutKey = runAction(repo, event, inputs(runnerTemp('bare')))
    expect(withoutKey.stdout).toBe(cold.stdout)
    expect(withoutKey.stderr).toContain('none of its')
  })

  it('rejects an unknown fail-on value', () => {
    const {repo, event} = pullRequest({})
    const run = runAction(repo, event, {DOCS_LINT_FAIL_ON: 'sometimes'})
    expect(run.status).toBe(2)
    expect(run.stdout).toContain('Unknown fail-on `sometimes`')
  })
})

describe('--changed-since', () => {
  /** A site on `main`, then a branch that changes only `guide.mdx` (and removes `old.mdx`, when asked). */
  function branch(change: {guide: string; removeOld?: boolean}): string {
    const page = (title: string, body: string) => '---\ntitle: ' + title + '\ndescription: The ' + title.toLowerCase() + ' page.\n---\n\n' + body
    const repo = tempSite({
      'docs.json': JSON.stringify({name: 'Site', navigation: [{group: 'Docs', pages: ['guide', 'intro', 'old', 'other']}]}),
      'guide.mdx': page('Guide', '## Install the tool\n\nYou run the installer.\n'),
      'intro.mdx': page('Intro', '## Next\n\nRead [the install steps](/guide#install-the-tool) and [the old page](/old).\n'),
      'old.mdx': page('Old', '## Old\n\nYou can skip this page.\n'),
      // Names nothing that changes, and holds a broken link of its own that the branch did not cause.
      'other.mdx': page('Other', '## Other\n\nSee [a missing page](/missing).\n')
    })
    const git = (...args: string[]) => execFileSync('git', args, {cwd: repo, encoding: 'utf8'}).trim()
    const commit = (message: string) => git('-c', 'user.email=ci@example.com', '-c', 'user.name=CI', 'commit', '-q', '-m', message)
    git('init', '-q', '-b', 'main')
    git('add', '-A')
    commit('base')
    git('checkout', '-q', '-b', 'feature')
    fs.writeFileSync(path.join(repo, 'guide.mdx'), change.guide)
    if (change.removeOld) fs.rmSync(path.join(repo, 'old.mdx'))
    git('add', '-A')
    commit('head')
    return repo
  }

  function lintChanged(repo: string) {
    const result = spawnSync(process.execPath, [path.join(project, 'bin/docs-lint.js'), '--changed-since', 'main', '--format', 'json', '.'], {cwd: repo, encoding: 'utf8'})
    const files = JSON.parse(result.stdout) as Array<{path: string; messages: Array<{ruleId: string; reason: string; line: number; column: number}>}>
    return {status: result.status, files: files.filter((file) => file.messages.length > 0)}
  }

  it('lints the changed page and reports the link its renamed heading breaks in an unchanged page', () => {
    const repo = branch({guide: '---\ntitle: Guide\ndescription: The guide page.\n---\n\n## Set up the tool\n\nYou run the installer.\n'})
    const run = lintChanged(repo)
    expect(run.files.map((file) => file.path)).toEqual(['intro.mdx'])
    expect(run.files[0]!.messages.map((message) => [message.ruleId, message.line, message.column, message.reason])).toEqual([
      [
        'broken-links',
        8,
        26,
        'Unexpected anchor `#install-the-tool`: no heading or `id` `install-the-tool` in `/guide`, expected one of its anchors'
      ]
    ])
    expect(run.status).toBe(1)
  })

  it('reports links to a removed page, and not the unchanged pages’ own old problems', () => {
    const repo = branch({guide: '---\ntitle: Guide\ndescription: The guide page.\n---\n\n## Install the tool\n\nYou run the installer.\n', removeOld: true})
    const run = lintChanged(repo)
    const reasons = run.files.flatMap((file) => file.messages.map((message) => file.path + ' ' + message.ruleId + ' ' + message.reason))
    expect(reasons).toContain('intro.mdx broken-links Unexpected broken link `/old`: no page or file `old`, expected an existing page, file or redirect')
    expect(reasons.some((reason) => reason.startsWith('other.mdx'))).toBe(false)
    // docs.json did not change, but it lists the removed page: that finding is the change's doing.
    expect(reasons.filter((reason) => reason.startsWith('docs.json'))).toEqual([
      expect.stringMatching(/^docs\.json navigation Unexpected navigation entry `old`: no page `old\.mdx` or `old\.md`/)
    ])
  })

  it('reports nothing on an unchanged docs.json that the change does not touch', () => {
    const repo = branch({guide: '---\ntitle: Guide\ndescription: The guide page.\n---\n\n## Install the tool\n\nYou run the installer twice.\n'})
    // A problem docs.json had before the branch (a theme the platform does not know) is not the branch's.
    const run = lintChanged(repo)
    expect(run.files.filter((file) => file.path === 'docs.json')).toEqual([])
  })
})

// `uses: docs-lint/docs-lint@v0`: GitHub checks out the action's repository at the tag into
// GITHUB_ACTION_PATH and runs action.yml's steps. No tarball is committed: the install step builds
// docs-lint there from its own files. The steps run here in a shell, as the runner runs them.
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
const noNpm = spawnSync(npm, ['--version'], {encoding: 'utf8'}).status !== 0
describe.skipIf(noNpm || !fs.existsSync(path.join(project, '.git')))('GitHub Action from a tag, without a committed tarball', () => {
  it('installs itself from the files of the tag and lints the workspace', async () => {
    const {parse} = await import('yaml')
    const action = parse(fs.readFileSync(path.join(project, 'action.yml'), 'utf8')) as {runs: {steps: Array<{name?: string; run?: string; env?: Record<string, string>}>}}
    const install = action.runs.steps.find((step) => /^Install docs-lint/.test(step.name ?? ''))!
    const lintStep = action.runs.steps.find((step) => step.run?.includes('action.sh'))!
    expect(install.run).toBeDefined()
    // The files a checkout of the tag holds: those git tracks (no dist/, no node_modules/, no tarball).
    const actionPath = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-action-'))
    const tracked = execFileSync('git', ['ls-files', '-z'], {cwd: project, encoding: 'utf8'}).split('\0').filter(Boolean)
    expect(tracked.some((file) => file.endsWith('.tgz'))).toBe(false)
    for (const file of tracked) {
      const from = path.join(project, file)
      if (!fs.existsSync(from)) continue
      fs.mkdirSync(path.dirname(path.join(actionPath, file)), {recursive: true})
      fs.copyFileSync(from, path.join(actionPath, file))
    }
    const {repo} = pullRequest({})
    const githubEnv = path.join(repo, '..', path.basename(repo) + '-env')
    fs.writeFileSync(githubEnv, '')
    // npm takes the packages from its cache, as on a runner whose setup-node restored it.
    const env = {PATH: process.env['PATH'], HOME: process.env['HOME'], CI: 'true', GITHUB_ACTION_PATH: actionPath, GITHUB_ENV: githubEnv, npm_config_prefer_offline: 'true'}
    const installed = spawnSync('bash', ['-e', '-c', install.run!], {cwd: repo, encoding: 'utf8', env})
    expect(installed.status, installed.stderr).toBe(0)
    const bin = /^DOCS_LINT_BIN=(.*)$/m.exec(fs.readFileSync(githubEnv, 'utf8'))?.[1]
    expect(bin).toBe(path.join(actionPath, 'bin/docs-lint.js'))
    const linted = spawnSync('bash', ['-c', lintStep.run!], {cwd: repo, encoding: 'utf8', env: {...env, GITHUB_WORKSPACE: repo, DOCS_LINT_BIN: bin, DOCS_LINT_PATH: 'docs', DOCS_LINT_FAIL_ON: 'error'}})
    expect(linted.stdout).toContain('::error file=docs/old.mdx,line=6')
    expect(linted.status).toBe(1)
  }, 600_000)
})
