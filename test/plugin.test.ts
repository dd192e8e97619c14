// A team's own rules through a plugin: test/fixtures/plugin/docs-lint-plugin-acme adds two rules,
// loaded by a site's config, and is reported, fixed, turned off by comments, documented and tested like
// a built-in rule.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {lint} from '../src/engine/index.js'
import {resolveConfig} from '../src/config/resolve.js'
import {RuleTester} from '../src/testing/rule-tester.js'
import {runBin, runCli} from './helpers/cli.js'

const fixtures = path.resolve(import.meta.dirname, 'fixtures/plugin')
const pluginFolder = path.join(fixtures, 'docs-lint-plugin-acme')
const pluginDocs = path.join(pluginFolder, 'docs/rules')

/** A copy of the example site and the plugin beside it, in a temporary folder. */
function copySite(): {root: string; site: string; plugin: string} {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-plugin-'))
  fs.cpSync(fixtures, root, {recursive: true})
  return {root, site: path.join(root, 'site'), plugin: path.join(root, 'docs-lint-plugin-acme')}
}

interface JsonMessage {ruleId: string; line: number; column: number; reason: string; url?: string; messageId?: string; fatal: boolean | null}

function messagesOf(stdout: string): Array<{path: string} & JsonMessage> {
  const files = JSON.parse(stdout) as Array<{path: string; messages: JsonMessage[]}>
  return files.flatMap((file) => file.messages.map((message) => ({path: path.basename(file.path), ...message})))
}

// The plugin's own tests: every example of its rule pages, as its authors would run them.
new RuleTester({describe, it}).run(path.join(pluginFolder, 'index.js'), pluginDocs)

describe('a plugin loaded from a site config', () => {
  it('reports its rules with their ids, docs links and message ids, in this thread and in workers alike', () => {
    const {site} = copySite()
    const inThread = runBin(['--format', 'json', '--jobs', '0', '.'], site)
    const inWorkers = runBin(['--format', 'json', '--jobs', '2', '.'], site)
    expect(inThread.stderr).toBe('')
    expect(inThread.code).toBe(1)
    const messages = messagesOf(inThread.stdout)
    expect(messages.map(({path, ruleId, line, column, messageId, url}) => [path, ruleId, line, column, messageId, url])).toEqual([
      ['deploy.mdx', 'acme/product-name', 6, 6, 'wrongName', 'https://docs.acme.example/style/rules/product-name'],
      ['deploy.mdx', 'acme/no-internal-links', 6, 62, 'internal', 'https://docs.acme.example/style/rules/no-internal-links']
    ])
    expect(messages[0]!.reason).toBe('Write `Acme Cloud`, not `AcmeCloud`')
    expect(messagesOf(inWorkers.stdout)).toEqual(messages)
  })

  it('reports the same through the config the plugin ships (`plugin:acme/recommended`), which a later setting overrides', () => {
    const {site} = copySite()
    const listed = runBin(['--format', 'json', '--jobs', '0', '.'], site)
    fs.writeFileSync(path.join(site, '.docs-lintrc.json'), JSON.stringify({extends: ['recommended', 'plugin:acme/recommended'], plugins: ['../docs-lint-plugin-acme/index.js']}))
    const extended = runBin(['--format', 'json', '--jobs', '0', '.'], site)
    expect(extended.stderr).toBe('')
    expect(messagesOf(extended.stdout)).toEqual(messagesOf(listed.stdout))
    fs.writeFileSync(path.join(site, '.docs-lintrc.json'), JSON.stringify({extends: ['recommended', 'plugin:acme/recommended'], plugins: ['../docs-lint-plugin-acme/index.js'], rules: {'acme/no-internal-links': 'off'}}))
    const overridden = runBin(['--format', 'json', '--jobs', '0', '.'], site)
    expect(messagesOf(overridden.stdout).map((message) => message.ruleId)).toEqual(['acme/product-name'])
  })

  it('puts its rules and message strings in the SARIF rule table', () => {
    const {site} = copySite()
    const log = JSON.parse(runBin(['--format', 'sarif', '.'], site).stdout) as {runs: Array<{tool: {driver: {rules: Array<{id: string; helpUri?: string; messageStrings?: Record<string, {text: string}>}>}}; results: Array<{ruleId: string; ruleIndex: number; message: {text: string; id?: string}}>}>}
    const run = log.runs[0]!
    const rule = run.tool.driver.rules.find((entry) => entry.id === 'acme/product-name')!
    expect(rule.helpUri).toBe('https://docs.acme.example/style/rules/product-name')
    expect(rule.messageStrings?.['wrongName']?.text).toBe('Write `{0}`, not `{1}`')
    const result = run.results.find((entry) => entry.ruleId === 'acme/product-name')!
    expect(run.tool.driver.rules[result.ruleIndex]!.id).toBe('acme/product-name')
    expect(result.message).toEqual({text: 'Write `Acme Cloud`, not `AcmeCloud`', id: 'wrongName'})
  })

  it('fixes what its rules fix, and only that; a second --fix changes nothing', () => {
    const {site} = copySite()
    const before = fs.readFileSync(path.join(site, 'deploy.mdx'), 'utf8')
    const fixed = runBin(['--fix', '.'], site)
    expect(fixed.stderr).toBe('docs-lint: fixed 1 problem in 1 file\n')
    const after = fs.readFileSync(path.join(site, 'deploy.mdx'), 'utf8')
    expect(after).toBe(before.replace('Open AcmeCloud', 'Open Acme Cloud'))
    // The line a comment turns the rule off for keeps its old spelling.
    expect(after).toContain('The old name acme cloud stays')
    runBin(['--fix', '.'], site)
    expect(fs.readFileSync(path.join(site, 'deploy.mdx'), 'utf8')).toBe(after)
  })

  it('lists its rules with --list-rules, and in --print-config', () => {
    const {site} = copySite()
    const listed = runBin(['--list-rules', '--config', '.docs-lintrc.json'], site)
    expect(listed.stdout).toMatch(/^acme\/product-name +warn +fix +The product is written/m)
    expect(listed.stdout).toMatch(/^acme\/no-internal-links +error +Pages never link/m)
    const printed = JSON.parse(runBin(['--print-config', 'deploy.mdx'], site).stdout) as {rules: Record<string, unknown>; plugins: string[]}
    expect(printed.rules['acme/product-name']).toBe('warn')
    expect(printed.plugins).toEqual(['../docs-lint-plugin-acme/index.js'])
  })

  it('is loaded by package name from the site\'s node_modules', async () => {
    const {site, plugin} = copySite()
    fs.mkdirSync(path.join(site, 'node_modules'))
    fs.renameSync(plugin, path.join(site, 'node_modules/docs-lint-plugin-acme'))
    const config = JSON.parse(fs.readFileSync(path.join(site, '.docs-lintrc.json'), 'utf8')) as {plugins: string[]}
    config.plugins = ['docs-lint-plugin-acme']
    fs.writeFileSync(path.join(site, '.docs-lintrc.json'), JSON.stringify(config))
    const run = await runCli(['--format', 'json', '.'], site)
    expect(run.stderr).toBe('')
    expect(messagesOf(run.stdout).map((message) => message.ruleId)).toEqual(['acme/product-name', 'acme/no-internal-links'])
  })

  it('lints again from the cache when the plugin changes', () => {
    const {site, plugin} = copySite()
    const first = runBin(['--cache', '--format', 'json', '.'], site)
    expect(messagesOf(first.stdout).map((message) => message.reason)).toContain('Write `Acme Cloud`, not `AcmeCloud`')
    const code = path.join(plugin, 'index.js')
    fs.writeFileSync(code, fs.readFileSync(code, 'utf8').replace("wrongName: 'Write `{{expected}}`, not `{{found}}`'", "wrongName: 'Spell it `{{expected}}`, not `{{found}}`'"))
    const second = runBin(['--cache', '--format', 'json', '.'], site)
    expect(messagesOf(second.stdout).map((message) => message.reason)).toContain('Spell it `Acme Cloud`, not `AcmeCloud`')
  })
})

describe('plugin errors are config errors: the file and what is wrong, exit 2, no stack trace', () => {
  function withConfig(config: unknown): string {
    const {site} = copySite()
    fs.writeFileSync(path.join(site, '.docs-lintrc.json'), JSON.stringify(config))
    return site
  }

  it.each([
    ['a plugin that is not there', {plugins: ['./missing.js'], rules: {}}, /Invalid plugin in `\.docs-lintrc\.json`: Cannot find plugin `\.\/missing\.js`/],
    ['a package that is not installed', {plugins: ['docs-lint-plugin-none']}, /Cannot find plugin `docs-lint-plugin-none`.*npm install --save-dev docs-lint-plugin-none/],
    ['a rule of a plugin the config does not load', {extends: 'recommended', rules: {'acme/product-name': 'warn'}}, /Rule `acme\/product-name` in `\.docs-lintrc\.json` belongs to the plugin `acme`, which the config does not load: add the plugin to `plugins`/],
    ['a plugin rule with an unknown option', {plugins: ['../docs-lint-plugin-acme/index.js'], rules: {'acme/product-name': ['warn', {nme: 'X'}]}}, /Invalid options for rule `acme\/product-name`/],
    ['`plugins` that is not a list', {plugins: '../docs-lint-plugin-acme/index.js'}, /Invalid `plugins`.*expected a list/],
    ['a plugin config of a plugin the config does not load', {extends: ['recommended', 'plugin:acme/recommended']}, /Unknown plugin `acme` in `extends` in `\.docs-lintrc\.json`: expected it in `plugins` first/],
    ['a plugin config the plugin does not ship', {plugins: ['../docs-lint-plugin-acme/index.js'], extends: ['plugin:acme/strict']}, /Plugin `acme` has no config `strict` in `\.docs-lintrc\.json`: expected `plugin:acme\/recommended`/]
  ])('%s', async (_, config, expected) => {
    const run = await runCli(['.'], withConfig(config))
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(expected)
    expect(run.stderr).not.toMatch(/\n\s+at /)
  })

  it('a module that is no plugin, or whose rule is not well formed', async () => {
    const site = withConfig({plugins: ['./plugins/bad.mjs'], rules: {}})
    fs.mkdirSync(path.join(site, 'plugins'))
    fs.writeFileSync(path.join(site, 'plugins/bad.mjs'), 'export default {name: "bad", rules: {"no-x": {severity: "warn", summary: "x", create: 1}}}\n')
    const run = await runCli(['.'], site)
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/Plugin `\.\/plugins\/bad\.mjs`, rule `no-x`: expected a `create` function/)
    fs.writeFileSync(path.join(site, 'plugins/bad.mjs'), 'export const rules = {}\n')
    // A module already loaded stays loaded in a process: the CLI runs each config in a new one.
    expect(runBin(['.'], site).stderr).toMatch(/Plugin `\.\/plugins\/bad\.mjs` needs a `name` in kebab-case/)
  })

  it('runs no plugin code in an untrusted workspace', async () => {
    const {site} = copySite()
    const result = await lint({patterns: ['.'], cwd: site, trusted: false})
    expect(result.configErrors.join('\n')).toMatch(/Not loading plugin `\.\.\/docs-lint-plugin-acme\/index\.js`.*trusted workspace/)
  })

  it('a rule that throws becomes one rule-error message on the page, and the run goes on', async () => {
    const throwing = {name: 'broken', rules: {boom: {severity: 'warn' as const, summary: 'Throws', fixable: false, defaults: {}, create: () => () => { throw new Error('boom') }}}}
    const config = resolveConfig({extends: [], plugins: [throwing], rules: {'broken/boom': 'warn', 'front-matter': 'error'}})
    const {lintText} = await import('../src/index.js')
    const file = await lintText('# Hi\n', {config})
    expect(file.messages.map((message) => message.ruleId)).toEqual(expect.arrayContaining(['rule-error', 'front-matter']))
    expect(file.messages.find((message) => message.ruleId === 'rule-error')!.reason).toMatch(/broken\/boom.*boom/)
  })
})

describe('message ids', () => {
  it('a built-in rule declares its variants too: JSON and SARIF carry the id of each message', async () => {
    const {lintText} = await import('../src/index.js')
    const {json} = await import('../src/reporters/json.js')
    const {sarif} = await import('../src/reporters/sarif.js')
    const file = await lintText('---\ntitle: T\ndescription: D\n---\n\n### Deep\n\n## Two\n\n#### Four\n', {config: {extends: [], rules: {'heading-levels': 'error'}}})
    const messages = (JSON.parse(json([file])) as Array<{messages: JsonMessage[]}>)[0]!.messages
    expect(messages.map((message) => [message.messageId, message.reason])).toEqual([
      ['firstLevel', 'Unexpected first heading level `3`, expected `2`'],
      ['skipped', 'Unexpected heading level `4` after level `2`, expected at most `3`']
    ])
    const log = JSON.parse(sarif([file])) as {runs: Array<{tool: {driver: {rules: Array<{id: string; messageStrings?: Record<string, {text: string}>}>}}; results: Array<{message: {id?: string}}>}>}
    expect(log.runs[0]!.tool.driver.rules.find((rule) => rule.id === 'heading-levels')!.messageStrings!['skipped']!.text).toBe('Unexpected heading level `{0}` after level `{1}`, expected at most `{2}`')
    expect(log.runs[0]!.results.map((result) => result.message.id)).toEqual(['firstLevel', 'skipped'])
  })

  it('a report with an undeclared message id, or without data for a placeholder, is the rule\'s error', async () => {
    const {lintText} = await import('../src/index.js')
    const rule = (report: Record<string, unknown>) => ({name: 'ids', rules: {x: {severity: 'warn' as const, summary: 'X', messages: {known: 'Found {{what}}'}, create: () => (tree: unknown, context: {report: (report: unknown) => void}) => context.report({...report, node: tree})}}})
    for (const [report, reason] of [[{messageId: 'unknown'}, /message id `unknown`, which its `messages` do not declare/], [{messageId: 'known'}, /no data for `\{\{what\}\}`/]] as const) {
      const file = await lintText('Text\n', {config: {extends: [], plugins: [rule(report)], rules: {'ids/x': 'warn'}}})
      expect(file.messages.map((message) => message.ruleId)).toEqual(['rule-error'])
      expect(file.messages[0]!.reason).toMatch(reason)
    }
  })
})

describe('RuleTester', () => {
  it('finds what differs when a doc page\'s example no longer matches the rule', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-rule-tester-'))
    const page = path.join(folder, 'product-name.mdx')
    fs.writeFileSync(page, fs.readFileSync(path.join(pluginDocs, 'product-name.mdx'), 'utf8')
      .replace('6:6-6:15 warning Write `Acme Cloud`, not `AcmeCloud`', '6:6-6:15 warning Write `Acme Cloud`, not `Acmecloud`')
      .replace('Deploy to Acme Edge in one command.', 'Deploy to Acme  Edge in one command.'))
    const outcomes = await new RuleTester().check('acme/product-name', page, path.join(pluginFolder, 'index.js'))
    const failing = outcomes.filter((outcome) => outcome.problems.length > 0)
    expect(failing.map((outcome) => outcome.example.line)).toEqual([32, 90])
    expect(failing[0]!.problems[0]).toMatch(/messages differ:[\s\S]*expected:\n {4}6:6-6:15 warning Write `Acme Cloud`, not `Acmecloud`[\s\S]*actual:\n {4}6:6-6:15 warning Write `Acme Cloud`, not `AcmeCloud`/)
    expect(failing[1]!.problems.join('\n')).toMatch(/fixed page differ/)
  })

  it('finds a rule page without a not-ok example', () => {
    const registered: string[] = []
    const failures: string[] = []
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-rule-tester-'))
    fs.writeFileSync(path.join(folder, 'product-name.mdx'), '# Product name\n\n```mdx ok\nAcme Cloud\n```\n')
    fs.writeFileSync(path.join(folder, 'no-internal-links.mdx'), fs.readFileSync(path.join(pluginDocs, 'no-internal-links.mdx')))
    const tests: Array<Promise<void>> = []
    new RuleTester({
      describe: (name, body) => { registered.push(name); body() },
      it: (name, body) => { tests.push(body().catch((error: Error) => { failures.push(name + ': ' + error.message) })) }
    }).run(path.join(pluginFolder, 'index.js'), folder)
    return Promise.all(tests).then(() => {
      expect(registered).toEqual(['acme/product-name', 'acme/no-internal-links'])
      expect(failures).toEqual(['has ok and not-ok examples in product-name.mdx: no `not-ok` example'])
    })
  })
})
