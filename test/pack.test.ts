import {spawnSync} from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {describe, expect, it} from 'vitest'

// The install a new user does: the packed tarball installs into an empty project with no build step,
// and `npx docs-lint` runs there on a real site.

const project = path.resolve(import.meta.dirname, '..')
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
const probe = spawnSync(npm, ['--version'], {encoding: 'utf8'})
const corpus = path.resolve(project, '../shared/corpora/hoppscotch__docs')
const reason = probe.status === 0 ? undefined : 'npm is not on the PATH, so the package cannot be packed here'
if (reason) console.warn('pack test skipped: ' + reason)

describe.skipIf(reason !== undefined)('npm pack, then install into an empty project', () => {
  it('installs without building and lints a site with npx docs-lint', () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-pack-'))
    // `npm test` built dist/ before the tests: the tarball carries the compiled bundle, so installing it builds nothing.
    const packed = spawnSync(npm, ['pack', '--pack-destination', work, '--silent', '--ignore-scripts'], {cwd: project, encoding: 'utf8'})
    expect(packed.status, packed.stderr).toBe(0)
    const tarball = path.join(work, packed.stdout.trim().split('\n').at(-1)!)
    const listing = spawnSync('tar', ['-tzf', tarball], {encoding: 'utf8'}).stdout
    expect(listing).toContain('package/dist/bundle/docs-lint.cjs')
    expect(listing).toContain('package/dist/bundle/docs-lint.cache')
    expect(listing).toContain('package/bin/docs-lint.js')
    // The library API and the language server import the platform facts from dist/ (the bundle inlines them).
    expect(listing).toContain('package/dist/src/platform/facts.generated.json')
    expect(listing).not.toContain('package/test/')

    const app = path.join(work, 'app')
    fs.mkdirSync(app)
    fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({name: 'my-docs', private: true}))
    // Offline first: the packages are in npm's cache from installing docs-lint itself.
    const installed = spawnSync(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], {cwd: app, encoding: 'utf8'})
    expect(installed.status, installed.stderr).toBe(0)
    const loader = path.join(app, 'node_modules/docs-lint/dist/bundle/load.cjs')
    expect(fs.existsSync(loader)).toBe(true)
    // The installed bundle starts from the code cache the build made.
    const started = spawnSync(process.execPath, ['-e', `const loader = require(${JSON.stringify(loader)}); loader.loadBundle({ownProcess: true}); console.log(loader.codeCacheState())`], {encoding: 'utf8'})
    expect(started.stdout.trim(), started.stderr).toBe('used')
    expect(fs.existsSync(path.join(app, 'node_modules/typescript'))).toBe(false)

    const site = path.join(app, 'docs')
    if (fs.existsSync(corpus)) fs.cpSync(corpus, site, {recursive: true})
    else fs.cpSync(path.join(project, 'docs'), site, {recursive: true})
    const run = spawnSync('npx', ['--no-install', 'docs-lint', '--format', 'json', 'docs'], {cwd: app, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024})
    expect(run.status === 0 || run.status === 1, run.stderr).toBe(true)
    const report = JSON.parse(run.stdout) as Array<{path: string; messages: Array<{ruleId: string}>}>
    expect(report.length).toBeGreaterThan(10)
    expect(report.flatMap((file) => file.messages).some((message) => message.ruleId === 'rule-error')).toBe(false)
    const version = spawnSync('npx', ['--no-install', 'docs-lint', '--version'], {cwd: app, encoding: 'utf8'})
    expect(version.stdout.trim()).toBe(JSON.parse(fs.readFileSync(path.join(project, 'package.json'), 'utf8')).version)
  }, 300_000)
})
