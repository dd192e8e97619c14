import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {VFile} from 'vfile'
import type {VFileMessage} from 'vfile-message'
import type {Root} from 'mdast'
import {spawn, spawnSync} from 'node:child_process'
import {applyFixes, fixText, writeFileAtomic} from '../src/fix/fix.js'
import {defineRule, RuleContractError} from '../src/rule.js'
import {lintText, resolveConfig} from '../src/index.js'
import {rules} from '../rules/index.js'
import {examplesOf} from './helpers/examples.js'
import {guessLanguage} from '../rules/code-block-language.js'
import {altFromFileName} from '../rules/image-alt.js'
import type {MessageExtras} from '../src/rule.js'
import {runCli, tempSite} from './helpers/cli.js'

function messageWithFix(ruleId: string, edits: Array<{start: number; end: number; text: string}>) {
  const file = new VFile()
  const message = file.message('x', {ruleId, source: 'docs-lint'})
  Object.assign(message, {fix: edits})
  return message
}

describe('applyFixes', () => {
  it('applies non-overlapping fixes and skips a fix that overlaps one already taken, whole', () => {
    const source = 'one two three'
    const {output, applied} = applyFixes(source, [
      messageWithFix('a', [{start: 0, end: 3, text: 'ONE'}]),
      messageWithFix('b', [{start: 2, end: 7, text: 'X'}, {start: 8, end: 13, text: 'THREE'}]),
      messageWithFix('c', [{start: 4, end: 7, text: 'TWO'}])
    ])
    // `b` overlaps `a`, so none of its edits apply (not even the one on `three`).
    expect(output).toBe('ONE TWO three')
    expect(applied).toBe(2)
  })

  it('keeps CRLF line endings in inserted text', () => {
    const source = 'a\r\nb\r\n'
    const {output} = applyFixes(source, [messageWithFix('a', [{start: 3, end: 3, text: 'x\ny\n'}])])
    expect(output).toBe('a\r\nx\r\ny\r\nb\r\n')
  })

  it('only applies the rules asked for', () => {
    const {output} = applyFixes('ab', [messageWithFix('a', [{start: 0, end: 1, text: 'A'}]), messageWithFix('b', [{start: 1, end: 2, text: 'B'}])], {rules: new Set(['b'])})
    expect(output).toBe('aB')
  })

  it('ignores edits outside the text', () => {
    expect(applyFixes('ab', [messageWithFix('a', [{start: 1, end: 5, text: 'x'}])])).toEqual({output: 'ab', applied: 0})
  })
})

describe('rule contract', () => {
  it('refuses a fix from a rule not marked fixable', () => {
    const rule = defineRule({
      id: 'sneaky-fix',
      severity: 'warn',
      summary: 'test rule',
      fixable: false,
      defaults: {},
      create: () => (_tree, {report}) => report({message: 'x', fix: [{start: 0, end: 0, text: 'y'}]})
    })
    const tree: Root = {type: 'root', children: []}
    expect(() => rule.prepare(undefined)(tree, {file: new VFile(), page: {} as never, report: () => {}})).not.toThrow()
    const transformer = rule.plugin.call(undefined as never, ['warn'] as never) as unknown as (t: Root, f: VFile, n: () => void) => void
    const file = new VFile('')
    transformer(tree, file, () => {})
    // unified-lint-rule turns the thrown contract error into a message on the page.
    expect(file.messages.map((message) => message.reason)).toEqual([
      'Rule `sneaky-fix` attached a fix but is not marked `fixable: true`'
    ])
    expect(file.messages[0]!.cause).toBeInstanceOf(RuleContractError)
  })
})

describe('writeFileAtomic', () => {
  it('replaces the file, keeps its mode, and leaves no temporary file', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-fix-'))
    const file = path.join(folder, 'a.mdx')
    fs.writeFileSync(file, 'old')
    fs.chmodSync(file, 0o640)
    writeFileAtomic(file, 'new')
    expect(fs.readFileSync(file, 'utf8')).toBe('new')
    expect(fs.statSync(file).mode & 0o777).toBe(0o640)
    expect(fs.readdirSync(folder)).toEqual(['a.mdx'])
  })

  it('reports a read-only file and leaves it untouched', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-fix-'))
    const file = path.join(folder, 'a.mdx')
    fs.writeFileSync(file, 'old')
    fs.chmodSync(file, 0o444)
    expect(() => writeFileAtomic(file, 'new')).toThrow('Cannot write fixes: the file is read-only')
    expect(fs.readFileSync(file, 'utf8')).toBe('old')
    expect(fs.readdirSync(folder)).toEqual(['a.mdx'])
  })
})

describe('fixes of the structural rules', () => {
  const fixedExamples = rules
    .filter((rule) => rule.fixable === true)
    .flatMap((rule) => examplesOf(rule.id).filter((example) => example.fixed !== undefined).map((example) => ({rule, example})))

  it('has fixed examples to check', () => {
    expect(fixedExamples.map(({rule}) => rule.id)).toEqual(expect.arrayContaining(['front-matter', 'heading-levels', 'steps-for-procedures']))
  })

  for (const {rule, example} of fixedExamples) {
    it('keeps CRLF line endings: ' + rule.id + ' (docs line ' + example.line + ')', async () => {
      const config = resolveConfig({rules: {[rule.id]: example.options ? [rule.severity, example.options] : rule.severity}})
      const crlf = (text: string) => text.replace(/\n/g, '\r\n')
      const fixed = await fixText(crlf(example.source), example.path, config)
      expect(fixed.output).toBe(crlf(example.fixed!))
    })
  }

  it('writes steps that neither steps-for-procedures nor component-nesting report', async () => {
    const config = resolveConfig({rules: {'steps-for-procedures': 'warn', 'component-nesting': 'error'}})
    const steps = fixedExamples.filter(({rule}) => rule.id === 'steps-for-procedures')
    expect(steps.length).toBeGreaterThanOrEqual(2)
    for (const {example} of steps) {
      const file = await lintText(example.fixed!, {path: example.path, config})
      expect(file.messages.map((message) => message.ruleId + ' ' + message.reason)).toEqual([])
    }
  })

  it('leaves a procedure alone when an item\'s title cannot be an attribute, or the page is Markdown', async () => {
    const config = resolveConfig({rules: {'steps-for-procedures': 'warn'}})
    const head = '---\ntitle: Deploy\ndescription: Deploy the service.\n---\n\n'
    const unfixable: Array<[string, string]> = [
      ['a link in a title', '1. Open the [dashboard](/dashboard).\n2. Click **Deploy**.\n3. Open the log.\n'],
      ['a component in a title', '1. Click <Icon icon="gear" /> to open settings.\n2. Click **Deploy**.\n3. Open the log.\n'],
      ['a quote in a title', '1. Click "Deploy".\n2. Open the log.\n3. Wait for the deploy.\n'],
      ['an expression in a title', '1. Set {props.name} as the name.\n2. Click **Deploy**.\n3. Open the log.\n'],
      ['a list in a block quote', '> 1. Open the dashboard.\n> 2. Click **Deploy**.\n> 3. Open the log.\n'],
      ['a task list', '1. [ ] Open the dashboard.\n2. [ ] Click **Deploy**.\n3. [ ] Open the log.\n'],
      ['a list that starts at 3', '3. Open the dashboard.\n4. Click **Deploy**.\n5. Open the log.\n'],
      ['tabs in an item', '1. Open the dashboard.\n\n\t```bash\n\tacme deploy\n\t```\n2. Click **Deploy**.\n']
    ]
    for (const [name, body] of unfixable) {
      const before = await lintText(head + body, {path: 'deploy.mdx', config})
      expect(before.messages.map((message) => message.ruleId), name + ' is reported').toEqual(['steps-for-procedures'])
      const fixed = await fixText(head + body, 'deploy.mdx', config)
      expect(fixed.output, name + ' is not fixed').toBe(head + body)
    }
    const markdown = head + '1. Open the dashboard.\n2. Click **Deploy**.\n3. Open the log.\n'
    expect((await fixText(markdown, 'deploy.md', config)).output).toBe(markdown)
  })

  it('wraps nested fields in an expandable at each depth, and leaves them when text of the field follows', async () => {
    const config = resolveConfig({rules: {'component-choice': 'warn', 'component-nesting': 'error'}})
    const head = '---\ntitle: Config\ndescription: The config file.\n---\n\n'
    const field = (name: string, inner: string, indent: string) =>
      indent + '<ParamField body="' + name + '" type="object">\n' + indent + '  About ' + name + '.\n\n' + inner + indent + '</ParamField>\n'
    const leaf = (name: string, indent: string) => indent + '<ParamField body="' + name + '" type="string">\n' + indent + '  The ' + name + '.\n' + indent + '</ParamField>\n'
    const page = head + field('meta', leaf('version', '  ') + '\n' + field('runner', leaf('language', '    ') + leaf('entrypoint', '    '), '  '), '')
    const fixed = await fixText(page, 'config.mdx', config)
    // The outer field is reported once; the second pass wraps the field inside it.
    expect(fixed.output.match(/<Expandable title="properties">/g)).toHaveLength(2)
    expect(fixed.messages).toEqual([])
    expect((await fixText(fixed.output, 'config.mdx', config)).output).toBe(fixed.output)
    const trailing = head + field('meta', leaf('version', '  ') + '\n  Set it once.\n', '')
    const before = await lintText(trailing, {path: 'config.mdx', config})
    expect(before.messages.map((message) => message.ruleId)).toEqual(['component-choice'])
    expect((await fixText(trailing, 'config.mdx', config)).output).toBe(trailing)
  })

  it('takes a bold label as the title, and keeps every character of the rest', async () => {
    const config = resolveConfig({rules: {'steps-for-procedures': 'warn'}})
    const head = '---\ntitle: Deploy\ndescription: Deploy the service.\n---\n\n'
    const list = [
      '1. **Upload the files**',
      '    - `.pem` files: upload the key.',
      '2. **Publish the site**: Get a link.',
      '3. **Share the link:** Send it. Then wait.',
      ''
    ].join('\n')
    const fixed = await fixText(head + list, 'deploy.mdx', config)
    expect(fixed.output).toBe(head + [
      '<Steps>',
      '  <Step title="Upload the files">',
      '    - `.pem` files: upload the key.',
      '  </Step>',
      '  <Step title="Publish the site">',
      '    Get a link.',
      '  </Step>',
      '  <Step title="Share the link">',
      '    Send it. Then wait.',
      '  </Step>',
      '</Steps>',
      ''
    ].join('\n'))
  })

  it('never drops inline code, bold, links or a final punctuation mark: such items are offered as a suggestion that keeps them', async () => {
    const config = resolveConfig({rules: {'steps-for-procedures': 'warn'}})
    const head = '---\ntitle: Deploy\ndescription: Deploy the service.\n---\n\n'
    const items = ['Open **Settings** and run `acme login`.', 'Click [Deploy](/deploy) and wait.', 'Run the `deploy` command. It prints the URL.']
    const page = head + items.map((item, index) => index + 1 + '. ' + item).join('\n') + '\n'
    const fixed = await fixText(page, 'deploy.mdx', config)
    expect(fixed.output, '--fix leaves the list as written').toBe(page)
    const [message] = (await lintText(page, {path: 'deploy.mdx', config})).messages as Array<VFileMessage & MessageExtras>
    expect(message!.fix).toBeUndefined()
    const {output} = applyFixes(page, [{ruleId: 'steps-for-procedures', fix: message!.suggestions![0]!.edits} as never])
    expect(output).toBe(head + [
      '<Steps>',
      '  <Step title="Open Settings and run acme login">',
      '    Open **Settings** and run `acme login`.',
      '  </Step>',
      '  <Step title="Click Deploy and wait">',
      '    Click [Deploy](/deploy) and wait.',
      '  </Step>',
      '  <Step title="Run the deploy command">',
      '    Run the `deploy` command. It prints the URL.',
      '  </Step>',
      '</Steps>',
      ''
    ].join('\n'))
  })

  it('keeps `?`, `!` and the period of `etc.` in a title', async () => {
    const config = resolveConfig({rules: {'steps-for-procedures': 'warn'}})
    const head = '---\ntitle: Deploy\ndescription: Deploy the service.\n---\n\n'
    const fixed = await fixText(head + '1. Install the tools, plugins, etc.\n2. Wait!\n3. Open the dashboard.\n', 'deploy.mdx', config)
    expect(fixed.output).toBe(head + '<Steps>\n  <Step title="Install the tools, plugins, etc." />\n  <Step title="Wait!" />\n  <Step title="Open the dashboard" />\n</Steps>\n')
  })

  it('rewrites only lists every item of which is an instruction, and no list of options', async () => {
    const config = resolveConfig({rules: {'steps-for-procedures': 'warn'}})
    const head = '---\ntitle: Events\ndescription: Add events to the calendar.\n---\n\n'
    const options = [
      'You have three options:\n\n1. Create new events from scratch.\n2. Import them from an existing calendar.\n3. Copy them from a template.\n',
      'To get started, choose between:\n\n1. Create new events.\n2. Import from a calendar.\n3. Copy a template.\n',
      'There are several ways:\n\n1. Create new events.\n2. Import from a calendar.\n3. Copy a template.\n'
    ]
    for (const body of options) {
      const file = await lintText(head + body, {path: 'events.mdx', config})
      expect(file.messages.map((message) => message.ruleId), body).toEqual([])
      expect((await fixText(head + body, 'events.mdx', config)).output, body).toBe(head + body)
    }
    // A fact among the instructions: reported, but neither fixed nor offered as a rewrite.
    const mixed = head + '1. Open the calendar.\n2. The calendar lists your events.\n3. Click an event.\n'
    const [message] = (await lintText(mixed, {path: 'events.mdx', config})).messages as Array<VFileMessage & MessageExtras>
    expect(message?.ruleId).toBe('steps-for-procedures')
    expect(message?.fix).toBeUndefined()
    expect(message?.suggestions).toBeUndefined()
    expect((await fixText(mixed, 'events.mdx', config)).output).toBe(mixed)
    // Naming options while asking for something is still a procedure.
    const configure = head + 'Configure these options:\n\n1. Set the region.\n2. Set the name.\n3. Save the settings.\n'
    expect((await fixText(configure, 'events.mdx', config)).output).toBe(head + 'Configure these options:\n\n<Steps>\n  <Step title="Set the region" />\n  <Step title="Set the name" />\n  <Step title="Save the settings" />\n</Steps>\n')
  })

  it('checks a step that uses a link defined elsewhere in the page with that definition', async () => {
    const config = resolveConfig({rules: {'steps-for-procedures': 'warn'}})
    const page = '---\ntitle: Publish\ndescription: Publish the app.\n---\n\n1. Open the console.\n2. Open the review page.\n3. Submit the app. Write to [support][email] with questions.\n\n[email]: mailto:support@acme.dev\n'
    const fixed = await fixText(page, 'publish.mdx', config)
    expect(fixed.output).toContain('  <Step title="Submit the app">\n    Write to [support][email] with questions.\n  </Step>\n</Steps>\n\n[email]: mailto:support@acme.dev\n')
  })

  it('moves headings down by adding `#` to their markers and nothing else', async () => {
    const config = resolveConfig({rules: {'heading-levels': 'error'}})
    const source = [
      '---', 'title: Deploy', 'description: Deploy the service.', '---', '',
      '# Build', '', '```bash', '# not a heading', 'make', '```', '',
      '## Options ##', '', '<Tabs>', '  <Tab title="macOS">', '    # On macOS', '  </Tab>', '</Tabs>', '',
      '# Ship   ', ''
    ].join('\n')
    const fixed = await fixText(source, 'deploy.mdx', config)
    expect(fixed.output).not.toBe(source)
    expect(fixed.output.replace(/#/g, '')).toBe(source.replace(/#/g, ''))
    expect(fixed.output).toContain('\n# not a heading\n')
    expect(fixed.output).toContain('\n## Build\n')
    expect(fixed.output).toContain('\n### Options ##\n')
    expect(fixed.output).toContain('\n    ## On macOS\n')
    expect(fixed.messages).toEqual([])
  })

  it('leaves setext headings, `<h1>` elements and outlines that would go past level 6 alone', async () => {
    const config = resolveConfig({rules: {'heading-levels': 'error'}})
    const head = '---\ntitle: Deploy\ndescription: Deploy the service.\n---\n\n'
    for (const body of ['Build\n=====\n\n## Options\n', '# Build\n\n<h2>Options</h2>\n', '# A\n## B\n### C\n#### D\n##### E\n###### F\n']) {
      expect((await fixText(head + body, 'deploy.mdx', config)).output).toBe(head + body)
    }
  })

  it('gives a page without front matter one, then moves its level-1 sections down, in one run', async () => {
    const config = resolveConfig({rules: {'front-matter': 'error', 'heading-levels': 'error'}})
    const titled = await fixText('# Set up the CLI\n\nInstall it first.\n\n## Requirements\n', 'setup.mdx', config)
    expect(titled.output).toBe('---\ntitle: Set up the CLI\n---\n\nInstall it first.\n\n## Requirements\n')
    expect(titled.messages.map((message) => message.reason)).toEqual(['Missing `description` in front matter, expected a non-empty string'])

    const sections = await fixText('# Build\n\nRun make.\n\n# Ship\n\nRun deploy.\n', 'guides/01-build-and-ship.mdx', config)
    expect(sections.output).toBe('---\ntitle: Build and ship\n---\n\n## Build\n\nRun make.\n\n## Ship\n\nRun deploy.\n')
  })

  it('quotes a title that YAML would read as something else', async () => {
    const config = resolveConfig({rules: {'front-matter': 'error'}})
    for (const [heading, title] of [
      ['2024', '"2024"'],
      ['#1: Start here', '"#1: Start here"'],
      ['Yes', 'Yes'],
      // Numbers to js-yaml, which the platform reads front matter with, though not to the YAML library.
      ['1_000', '"1_000"'],
      ['0b1010', '"0b1010"']
    ] as const) {
      const fixed = await fixText('# ' + heading.replace(/^#/, '\\#') + '\n\nText.\n', 'page.mdx', config)
      expect(fixed.output).toBe('---\ntitle: ' + title + '\n---\n\nText.\n')
      const file = await lintText(fixed.output, {path: 'page.mdx', config})
      expect(file.messages.map((message) => message.reason)).toEqual(['Missing `description` in front matter, expected a non-empty string'])
    }
  })
})

describe('fixes that touch a heading keep its anchor', () => {
  const docsJson = JSON.stringify({name: 'Acme', theme: 'mint', colors: {primary: '#0D9373'}, navigation: [{group: 'Guides', pages: ['account', 'senders']}]})

  it('leaves a heading whose anchor the fix would change, so no link to it breaks, and fixes the rest', async () => {
    const root = tempSite({
      'docs.json': docsJson,
      '.docs-lintrc.json': JSON.stringify({rules: {terminology: ['warn', {terms: {email: ['e-mail'], GitHub: ['Github']}}], 'broken-links': 'error'}}),
      'account.mdx': '---\ntitle: Account\ndescription: Your account.\n---\n\n## Change your E-mail address\n\nSee [the steps](#change-your-e-mail-address) for your e-mail.\n\n## E-mail senders {#senders}\n\n<h2 id="alerts">E-mail alerts</h2>\n\n<h3>E-mail digests</h3>\n\n## Connect Github\n',
      'senders.mdx': '---\ntitle: Senders\ndescription: Who sends email.\n---\n\nRead [how to change it](/account#change-your-e-mail-address) and [digests](/account#e-mail-digests).\n'
    })
    const run = await runCli(['--fix', '--format', 'json'], root)
    const report = JSON.parse(run.stdout) as Array<{path: string; messages: Array<{ruleId: string; reason: string; suggestions?: Array<{description: string}>}>}>
    const account = fs.readFileSync(path.join(root, 'account.mdx'), 'utf8')
    // Headings whose anchors links use, or may use, keep their text; the prose around them is fixed.
    expect(account).toContain('## Change your E-mail address\n\nSee [the steps](#change-your-e-mail-address) for your email.\n')
    expect(account).toContain('<h3>E-mail digests</h3>')
    // A custom anchor keeps the link target, and `Github` -> `GitHub` slugs the same.
    expect(account).toContain('## Email senders {#senders}')
    expect(account).toContain('<h2 id="alerts">Email alerts</h2>')
    expect(account).toContain('## Connect GitHub\n')
    const messages = report.flatMap((file) => file.messages)
    expect(messages.filter((message) => message.ruleId === 'broken-links')).toEqual([])
    const left = messages.filter((message) => message.ruleId === 'terminology')
    expect(left.map((message) => message.suggestions?.[0]?.description)).toEqual([
      'Replace `E-mail` with `Email` (changes the heading\'s anchor from `#change-your-e-mail-address` to `#change-your-email-address`: update the links to it, or add `{#change-your-e-mail-address}` to keep it)',
      'Replace `E-mail` with `Email` (changes the heading\'s anchor from `#e-mail-digests` to `#email-digests`: update the links to it, or add `{#e-mail-digests}` to keep it)'
    ])
  })
  it('moves no level-4 heading to level 5, where it would have no anchor', async () => {
    const config = resolveConfig({rules: {'heading-levels': 'error'}})
    const head = '---\ntitle: Build the service\ndescription: Build the service.\n---\n\n'
    const deep = head + '# Build\n\n## Options\n\n### Flags\n\n#### Verbose\n\nSee [verbose](#verbose).\n'
    expect((await fixText(deep, 'build.mdx', config)).output).toBe(deep)
    const anchored = head + '# Build\n\n## Options\n\n### Flags\n\n#### Verbose {#verbose}\n'
    expect((await fixText(anchored, 'build.mdx', config)).output).toBe(head + '## Build\n\n### Options\n\n#### Flags\n\n##### Verbose {#verbose}\n')
  })

  it('turns no list into steps whose title would take a later heading\'s anchor', async () => {
    const config = resolveConfig({rules: {'steps-for-procedures': 'warn'}})
    const page = '---\ntitle: Install\ndescription: Install the CLI.\n---\n\n1. Install the CLI.\n2. Sign in to your account.\n3. Open the dashboard.\n\n## Install the CLI\n\nSee [the details](#install-the-cli).\n'
    expect((await fixText(page, 'install.mdx', config)).output).toBe(page)
    const [message] = (await lintText(page, {path: 'install.mdx', config})).messages as Array<VFileMessage & MessageExtras>
    expect(message!.suggestions![0]!.description).toBe(
      'Rewrite the list as `<Steps>` (a step title takes the anchor `#install-the-cli` from a later heading, whose anchor becomes `#install-the-cli-2`: update the links to it)'
    )
  })
})

describe('--fix on read-only files and when killed', () => {
  const fixablePage = '---\ntitle: Install\ndescription: Install the tool.\n---\n\n# Requirements\n\nNode.js 20.\n'

  it('reports a read-only file as a fix error and leaves it whole', async () => {
    const root = tempSite({'a.mdx': fixablePage, 'b.mdx': fixablePage})
    fs.chmodSync(path.join(root, 'a.mdx'), 0o444)
    const run = await runCli(['--fix', '--format', 'json'], root)
    const report = JSON.parse(run.stdout) as Array<{path: string; messages: Array<{ruleId: string; reason: string}>}>
    expect(run.code).toBe(1)
    expect(report.find((file) => file.path === 'a.mdx')!.messages.map((message) => message.ruleId + ': ' + message.reason)).toContain(
      'fix-error: Cannot write fixes: the file is read-only'
    )
    expect(fs.readFileSync(path.join(root, 'a.mdx'), 'utf8')).toBe(fixablePage)
    // The other page is fixed as usual, and no temporary file is left behind.
    expect(fs.readFileSync(path.join(root, 'b.mdx'), 'utf8')).toBe(fixablePage.replace('# Requirements', '## Requirements'))
    expect(fs.readdirSync(root).sort()).toEqual(['a.mdx', 'b.mdx'])
  })

  it('leaves every page with its old or its new content when SIGKILL stops it partway', async () => {
    const bin = path.resolve(import.meta.dirname, '../bin/docs-lint.js')
    const count = 600
    const filler = Array.from({length: 20}, (_, line) => 'The service keeps the records of line ' + line + ' in one region.').join('\n')
    const pages: Record<string, string> = {}
    for (let index = 0; index < count; index++) {
      pages['p' + index + '.mdx'] = '---\ntitle: Page ' + index + '\ndescription: Page ' + index + ' of the set.\n---\n\n# Overview\n\n' + filler + '\n\n# Details\n\n' + filler + '\n'
    }
    const fixed = (text: string) => text.replace('\n# Overview\n', '\n## Overview\n').replace('\n# Details\n', '\n## Details\n')
    const root = tempSite(pages)
    const names = Object.keys(pages)
    const child = spawn(process.execPath, [bin, '--fix', '--format', 'json'], {cwd: root, stdio: 'ignore'})
    const exited = new Promise((resolve) => child.on('exit', resolve))
    // Kill as soon as the first page is written: the other pages are still to come.
    const deadline = Date.now() + 90_000
    while (Date.now() < deadline && child.exitCode === null && !names.some((name) => fs.statSync(path.join(root, name)).size !== pages[name]!.length)) {
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    child.kill('SIGKILL')
    await exited
    let changed = 0
    for (const name of names) {
      const text = fs.readFileSync(path.join(root, name), 'utf8')
      if (text === fixed(pages[name]!)) changed++
      else expect(text, name + ' holds its old or its new text').toBe(pages[name])
    }
    expect(changed).toBeGreaterThan(0)
    expect(changed).toBeLessThan(count)
    // A write cut short leaves at most a hidden temporary file, which the linter never reads as a page.
    const others = fs.readdirSync(root).filter((name) => !Object.hasOwn(pages, name))
    for (const name of others) expect(name).toMatch(/^\..*\.docs-lint-tmp$/)
  }, 120_000)
})

describe('what a killed --fix left behind', () => {
  it('a temporary file whose process is gone is removed by the next write of its page; one whose process runs stays', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-stale-'))
    const page = path.join(folder, 'page.mdx')
    fs.writeFileSync(page, 'old\n')
    const gone = spawnSync(process.execPath, ['-e', '']).pid
    const stale = '.page.mdx.' + gone + '-0123abcd.docs-lint-tmp'
    const running = '.page.mdx.' + process.pid + '-89abcdef.docs-lint-tmp'
    const other = '.other.mdx.' + gone + '-0123abcd.docs-lint-tmp'
    for (const name of [stale, running, other]) fs.writeFileSync(path.join(folder, name), 'part')
    writeFileAtomic(page, 'new\n')
    expect(fs.readFileSync(page, 'utf8')).toBe('new\n')
    expect(fs.readdirSync(folder).sort()).toEqual([running, other, 'page.mdx'].sort())
  })
})

describe('suggestions are offered only where they are safe', () => {
  it('guesses a code block\'s language only when the code can be nothing else', () => {
    expect(guessLanguage('{"region": "eu-west-1"}\n')).toBe('json')
    expect(guessLanguage('# install\nnpm install -g acme-cli \\\n  --registry https://npm.acme.dev\nexport ACME_TOKEN=abc\n')).toBe('bash')
    expect(guessLanguage('GET /v1/users HTTP/1.1\nHost: api.acme.dev\n')).toBe('http')
    for (const code of [
      'export const config = {}\n',
      'go func() { work() }()\n',
      '$ acme --version\nacme 2.3.0\n',
      '{region: "eu-west-1"}\n',
      'Configuration saved.\n',
      'import os\nprint(os.environ["HOME"])\n'
    ]) {
      expect(guessLanguage(code), code).toBeUndefined()
    }
  })

  it('makes alt text only from a file name of words', () => {
    expect(altFromFileName('/images/billing-settings.png')).toBe('Billing settings')
    expect(altFromFileName('/images/darkMode_toggle@2x.png?raw=true')).toBe('Dark mode toggle')
    for (const src of ['/images/dashboard.png', '/images/IMG_2034.jpg', '/images/screenshot-2024-05-02.png', '/images/3f9a2c7e41d0.png', '/images/4f1c2a9e-5b7d-4c3e-9a1f-2b8d7e6c5a4f.png', '/images/image-1.png']) {
      expect(altFromFileName(src), src).toBeUndefined()
    }
  })

  it('offers a placeholder for a secret only where `<…>` stays text', async () => {
    const config = resolveConfig({rules: {'no-secrets': 'error'}})
    const secret = 'q8Vt2LmZx4Rb7NwKp3Hy'
    const page = '---\ntitle: Keys\ndescription: Keys.\n---\n\n`api_key=' + secret + '`\n\napi_key=' + secret + ' in prose.\n\n{"api_key=' + secret + '"}\n'
    const file = await lintText(page, {path: 'keys.mdx', config})
    const offered = file.messages.map((message) => (message as MessageExtras).suggestions?.[0]?.edits[0]?.text ?? null)
    expect(offered).toEqual(['<API_KEY>', null, null])
  })
})
