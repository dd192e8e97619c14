// RuleTester: runs a rule's documentation examples as tests, for docs-lint's own rules and for the
// rules of plugins. Each example is checked as docs-lint's test suite checks its own: the messages,
// line by line; the docs link; the page after `--fix`, fixing twice changing nothing, a fixed page that
// still parses; the page with the editor suggestions applied. Works with any test framework that has
// `describe` and `it` (vitest, mocha, node:test), or with none (`check`).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {VFile} from 'vfile'
import {resolveConfig, type ResolvedConfig, type UserConfig} from '../config/resolve.js'
import {createProcessor} from '../linter/processor.js'
import {applyFixes, fixText} from '../fix/fix.js'
import type {MessageExtras} from '../contract.js'
import {loadPlugin, registerPlugin, type PluginRef} from '../config/plugins.js'
import type {Plugin, Rule} from '../rule.js'
import {loadedPluginRules, ruleFor} from '../../rules/index.js'
import {examplesOf, formatMessage, type Example} from './examples.js'

export {examplesOf, formatMessage, type Example} from './examples.js'

type Describe = (name: string, body: () => void) => unknown
type It = (name: string, body: () => Promise<void>) => unknown

export interface RuleTesterOptions {
  /** The test framework's `describe` and `it`; default: the global ones (vitest with globals, mocha, jest). */
  describe?: Describe | undefined
  it?: It | undefined
  /** The folder of site examples' fixtures: `<fixtures>/<rule id>/<site>` (site rules only). */
  fixtures?: string | URL | undefined
}

export interface ExampleOutcome {
  example: Example
  /** What differs from the doc page; empty when the example holds. */
  problems: string[]
}

export class RuleTester {
  private readonly options: RuleTesterOptions

  constructor(options: RuleTesterOptions = {}) {
    this.options = options
  }

  /**
   * Register a test for every example of the documentation page of each rule of `plugin` (a plugin
   * object, or the path or package name of its module), the page of rule `acme/no-foo` being
   * `<docs>/no-foo.mdx`; and one that each page has an `ok` and a `not-ok` example.
   */
  run(plugin: Plugin | string | URL, docs: string | URL): void {
    const describe = this.options.describe ?? (globalThis as {describe?: Describe}).describe
    const it = this.options.it ?? (globalThis as {it?: It}).it
    if (!describe || !it) throw new Error('RuleTester.run needs `describe` and `it`: pass them to `new RuleTester({describe, it})`')
    const ref = usePlugin(plugin)
    for (const rule of rulesOf(ref)) {
      const page = path.join(pathOf(docs), rule.id.slice(ref.name.length + 1) + '.mdx')
      describe(rule.id, () => {
        const examples = examplesOf(page, rule.id)
        it('has ok and not-ok examples in ' + path.basename(page), async () => {
          const problems = coverageProblems(examples)
          if (problems.length > 0) throw new Error(problems.join('\n'))
        })
        for (const example of examples) {
          it(example.kind + ': ' + example.name + ' (docs line ' + example.line + ')', async () => {
            const problems = await this.checkExample(rule, example, ref)
            if (problems.length > 0) throw new Error(path.basename(page) + ':' + example.line + ': ' + problems.join('\n'))
          })
        }
      })
    }
  }

  /** Check every example of `page`, the documentation page of `rule` (a rule object or id). */
  async check(rule: Rule<object> | string, page: string | URL, plugin?: Plugin | string | URL): Promise<ExampleOutcome[]> {
    const ref = plugin === undefined ? undefined : usePlugin(plugin)
    const found = typeof rule === 'string' ? ruleFor(rule) : rule
    if (!found) throw new Error('Unknown rule `' + String(rule) + '`: give its plugin')
    const examples = examplesOf(pathOf(page), found.id)
    const outcomes: ExampleOutcome[] = []
    for (const example of examples) outcomes.push({example, problems: await this.checkExample(found, example, ref)})
    return outcomes
  }

  /** What differs between one example and what the rule does with it; empty when it holds. */
  async checkExample(rule: Rule<object>, example: Example, plugin?: PluginRef): Promise<string[]> {
    const setting = example.options ? [rule.severity, example.options] : rule.severity
    if (example.site) return this.checkSiteExample(rule, example, setting, plugin)
    const user: UserConfig = {extends: [], rules: {[rule.id]: setting as never}}
    if (plugin) user.plugins = [plugin.path ?? pluginObjectOf(plugin)]
    const config = resolveConfig(user)
    const problems: string[] = []
    const file = await lintPage(example.source, example.path, config)
    const wrongLink = file.messages.find((message) => message.ruleId === rule.id && rule.url && message.url !== rule.url)
    if (wrongLink) problems.push('message links to `' + wrongLink.url + '`, not the rule page `' + rule.url + '`')
    compare(problems, 'messages', example.messages, file.messages.map(formatMessage))
    if (example.suggested !== undefined) {
      const chosen = file.messages.map((message) => ({ruleId: message.ruleId, fix: (message as MessageExtras).suggestions?.[0]?.edits}))
      const {output, applied} = applyFixes(example.source, chosen as never)
      if (output !== example.suggested) compare(problems, 'page with the suggestions applied', example.suggested.split('\n'), output.split('\n'))
      const after = await lintPage(output, example.path, config)
      if (after.messages.some((message) => message.ruleId === 'parse-error')) problems.push('the page with the suggestions applied does not parse')
      if (after.messages.length !== file.messages.length - applied) problems.push('applying ' + applied + ' suggestion(s) left ' + after.messages.length + ' of ' + file.messages.length + ' messages')
    }
    if (rule.fixable === true) await fixProblems(problems, example, config)
    return problems
  }

  private async checkSiteExample(rule: Rule<object>, example: Example, setting: unknown, plugin: PluginRef | undefined): Promise<string[]> {
    if (!this.options.fixtures) return ['a site example (`site=' + example.site + '`) needs the `fixtures` option of the RuleTester']
    if (plugin && !plugin.path) return ['a site example needs the plugin as a module (its path or package name), not an object']
    const {lint} = await import('../engine/index.js')
    const root = path.join(pathOf(this.options.fixtures), rule.id.replace(/^.*\//, ''), example.site!)
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-rule-tester-'))
    try {
      const configPath = path.join(folder, 'config.json')
      fs.writeFileSync(configPath, JSON.stringify({extends: [], ...(plugin ? {plugins: [plugin.path]} : {}), rules: {[rule.id]: setting}}))
      const result = await lint({patterns: ['.'], cwd: root, configPath, jobs: 0})
      const relative = (file: VFile) => path.relative(root, path.resolve(file.cwd, file.path)).split(path.sep).join('/')
      const messages = [...result.files]
        .sort((a, b) => (relative(a) < relative(b) ? -1 : relative(a) > relative(b) ? 1 : 0))
        .flatMap((file) => file.messages.map((message) => relative(file) + ' ' + formatMessage(message)))
      const problems: string[] = []
      for (const {file, value} of example.shown) {
        if (fs.readFileSync(path.join(root, file), 'utf8') !== value) problems.push('the doc page shows `' + file + '` otherwise than the fixture has it')
      }
      compare(problems, 'messages', example.messages, [...result.configErrors, ...messages])
      return problems
    } finally {
      fs.rmSync(folder, {recursive: true, force: true})
    }
  }
}

/** Examples a rule page must have: an `ok` one, a `not-ok` one, and the messages of each `not-ok` one. */
export function coverageProblems(examples: readonly Example[]): string[] {
  const problems: string[] = []
  if (!examples.some((example) => example.kind === 'ok')) problems.push('no `ok` example')
  if (!examples.some((example) => example.kind === 'not-ok')) problems.push('no `not-ok` example')
  for (const example of examples) {
    if (example.kind === 'not-ok' && example.messages.length === 0) problems.push('the not-ok example at line ' + example.line + ' lists no messages (a `text messages` block after it)')
  }
  return problems
}

/** Fixing the page gives the page the doc shows, leaves nothing to fix, still parses, and a second fix changes nothing. */
async function fixProblems(problems: string[], example: Example, config: ResolvedConfig): Promise<void> {
  const fixed = await fixText(example.source, example.path, config)
  if (example.fixed !== undefined && fixed.output !== example.fixed) compare(problems, 'fixed page', example.fixed.split('\n'), fixed.output.split('\n'))
  if (fixed.messages.some((message) => (message as MessageExtras).fix)) problems.push('after `--fix`, a message still has a fix')
  if (fixed.messages.some((message) => message.ruleId === 'parse-error')) problems.push('the fixed page does not parse')
  const again = await fixText(fixed.output, example.path, config)
  if (again.output !== fixed.output) problems.push('a second `--fix` changes the page again')
  if (example.kind === 'ok' && fixed.output !== example.source) problems.push('`--fix` changes an ok example')
}

function compare(problems: string[], what: string, expected: readonly string[], actual: readonly string[]): void {
  if (expected.length === actual.length && expected.every((line, index) => line === actual[index])) return
  problems.push(what + ' differ:\n  expected:\n' + expected.map((line) => '    ' + line).join('\n') + '\n  actual:\n' + actual.map((line) => '    ' + line).join('\n'))
}

async function lintPage(text: string, filePath: string, config: ResolvedConfig): Promise<VFile> {
  const file = new VFile({value: text, path: filePath})
  const processor = createProcessor(config)
  await processor.run(processor.parse(file), file)
  return file
}

const objects = new Map<string, Plugin>()

function usePlugin(plugin: Plugin | string | URL): PluginRef {
  if (typeof plugin === 'string' || plugin instanceof URL) {
    // A path (absolute, or relative to the folder the tests run in), or a package name.
    return loadPlugin(pathOf(plugin), process.cwd())
  }
  const ref = registerPlugin(plugin)
  objects.set(ref.name, plugin)
  return ref
}

function pluginObjectOf(ref: PluginRef): Plugin {
  return objects.get(ref.name)!
}

function rulesOf(ref: PluginRef): Array<Rule<object>> {
  return loadedPluginRules().filter((rule) => rule.id.startsWith(ref.name + '/'))
}

function pathOf(value: string | URL): string {
  return value instanceof URL ? fileURLToPath(value) : value.startsWith('file:') ? fileURLToPath(value) : value
}
