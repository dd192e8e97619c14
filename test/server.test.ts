import {spawn, type ChildProcess} from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {pathToFileURL} from 'node:url'
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest'
import {VFile} from 'vfile'
import type {VFileMessage} from 'vfile-message'
import {TextDocument} from 'vscode-languageserver-textdocument'
import {
  CodeActionRequest,
  ConfigurationRequest,
  createProtocolConnection,
  DidChangeTextDocumentNotification,
  DidChangeWatchedFilesNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  FileChangeType,
  InitializedNotification,
  InitializeRequest,
  LogMessageNotification,
  PublishDiagnosticsNotification,
  RegistrationRequest,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  type ClientCapabilities,
  type CodeAction,
  type Diagnostic,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  type Range,
  type TextEdit,
  type WorkspaceEdit
} from 'vscode-languageserver-protocol/node.js'
import {lint} from '../src/engine/index.js'
import {fixText} from '../src/fix/fix.js'
import {rules} from '../rules/index.js'
import type {ResolvedConfig} from '../src/config/resolve.js'
import type {MessageExtras} from '../src/rule.js'
import {examplesOf, type Example} from './helpers/examples.js'
import {tempSite} from './helpers/cli.js'

const serverBin = path.resolve(import.meta.dirname, '../bin/docs-lint-language-server.js')
const serverBuilt = fs.existsSync(path.resolve(import.meta.dirname, '../dist/src/server/index.js'))
const FIX_ALL = 'source.fixAll.docs-lint'

/** A language client over the server's stdio, as an editor would be. */
class Client {
  readonly connection: ProtocolConnection
  readonly published: PublishDiagnosticsParams[] = []
  readonly logs: string[] = []
  readonly registrations: unknown[] = []
  configurationRequests = 0
  private readonly child: ChildProcess
  private waiters: Array<() => void> = []

  constructor(options: {configuration?: unknown; answerConfiguration?: boolean} = {}) {
    // Standard error is drained into `logs`: a pipe nobody reads would stall the server.
    this.child = spawn(process.execPath, [serverBin, '--stdio'], {stdio: ['pipe', 'pipe', 'pipe']})
    this.child.stderr!.on('data', (chunk: Buffer) => this.logs.push(chunk.toString()))
    this.child.on('exit', () => {
      for (const wake of this.waiters.splice(0)) wake()
    })
    this.connection = createProtocolConnection(
      new StreamMessageReader(this.child.stdout!),
      new StreamMessageWriter(this.child.stdin!)
    )
    this.connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
      this.published.push(params)
      for (const wake of this.waiters.splice(0)) wake()
    })
    this.connection.onNotification(LogMessageNotification.type, (params) => this.logs.push(params.message))
    this.connection.onRequest(RegistrationRequest.type, (params) => {
      this.registrations.push(...params.registrations)
      return null
    })
    this.connection.onRequest(ConfigurationRequest.type, (params) => {
      this.configurationRequests++
      // A client that never answers.
      if (options.answerConfiguration === false) return new Promise<never>(() => {})
      return params.items.map(() => options.configuration ?? null)
    })
    this.connection.listen()
  }

  async initialize(root: string, capabilities: ClientCapabilities = defaultCapabilities, initializationOptions?: unknown): Promise<void> {
    const uri = pathToFileURL(root).href
    await this.connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: uri,
      workspaceFolders: [{uri, name: path.basename(root)}],
      capabilities,
      initializationOptions
    })
    await this.connection.sendNotification(InitializedNotification.type, {})
  }

  async open(uri: string, text: string, languageId = 'mdx'): Promise<void> {
    await this.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: {uri, languageId, version: 1, text}
    })
  }

  async change(uri: string, version: number, text: string): Promise<void> {
    await this.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: {uri, version},
      contentChanges: [{text}]
    })
  }

  async close(uri: string): Promise<void> {
    await this.connection.sendNotification(DidCloseTextDocumentNotification.type, {textDocument: {uri}})
  }

  /** The first publish for `uri` (counting from publish number `from`) that satisfies `test`. */
  async diagnostics(
    uri: string,
    test: (params: PublishDiagnosticsParams) => boolean = () => true,
    from = 0,
    timeout = 15_000
  ): Promise<PublishDiagnosticsParams> {
    const deadline = Date.now() + timeout
    for (;;) {
      const found = this.published.slice(from).find((params) => params.uri === uri && test(params))
      if (found) return found
      const left = deadline - Date.now()
      if (left <= 0 || this.child.exitCode !== null) {
        throw new Error(
          'No matching diagnostics for ' + uri + ' (server exit code ' + this.child.exitCode + '); got versions ' +
            JSON.stringify(this.published.filter((p) => p.uri === uri).map((p) => p.version)) + '; log:\n' + this.logs.join('\n')
        )
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        this.waiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
  }

  async codeActions(uri: string, range: Range, only?: string[]): Promise<CodeAction[]> {
    const result = await this.connection.sendRequest(CodeActionRequest.type, {
      textDocument: {uri},
      range,
      context: only ? {diagnostics: [], only} : {diagnostics: []}
    })
    return (result ?? []) as CodeAction[]
  }

  async stop(): Promise<number | null> {
    const exited = new Promise<number | null>((resolve) => this.child.once('exit', (code) => resolve(code)))
    if (this.child.exitCode !== null) return this.child.exitCode
    await this.connection.sendRequest(ShutdownRequest.type)
    await this.connection.sendNotification(ExitNotification.type)
    const code = await exited
    this.connection.dispose()
    return code
  }
}

const defaultCapabilities: ClientCapabilities = {
  workspace: {
    configuration: true,
    didChangeWatchedFiles: {dynamicRegistration: true},
    workspaceEdit: {documentChanges: true}
  },
  textDocument: {publishDiagnostics: {versionSupport: true}}
}

/** What the CLI's messages look like as LSP diagnostics, written out independently of the server. */
function expectedDiagnostics(messages: readonly VFileMessage[]): Array<Partial<Diagnostic>> {
  return messages.map((message) => {
    const place = message.place
    const start = place && 'start' in place ? place.start : place ?? {line: message.line ?? 1, column: message.column ?? 1}
    const end = place && 'start' in place ? place.end : start
    const diagnostic: Partial<Diagnostic> = {
      range: {
        start: {line: start.line - 1, character: start.column - 1},
        end: {line: end.line - 1, character: end.column - 1}
      },
      severity: message.fatal === true ? 1 : message.fatal === false ? 2 : 3,
      source: 'docs-lint',
      message: message.reason
    }
    if (message.ruleId) diagnostic.code = message.ruleId
    if (message.url) diagnostic.codeDescription = {href: message.url}
    return diagnostic
  })
}

function applyEdit(text: string, uri: string, edit: WorkspaceEdit | undefined): string {
  const edits: TextEdit[] = []
  for (const change of edit?.documentChanges ?? []) {
    if ('edits' in change && change.textDocument.uri === uri) edits.push(...(change.edits as TextEdit[]))
  }
  edits.push(...(edit?.changes?.[uri] ?? []))
  return TextDocument.applyEdits(TextDocument.create(uri, 'mdx', 0, text), edits)
}

async function lintOnDisk(root: string, relative: string, text: string): Promise<VFile | undefined> {
  const file = new VFile({path: path.join(root, relative), value: text})
  const result = await lint({files: [file], cwd: root})
  return result.files[0]
}

const everything: Range = {start: {line: 0, character: 0}, end: {line: 100_000, character: 0}}

function workspace(files: Record<string, string>): string {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-server-')))
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), {recursive: true})
    fs.writeFileSync(path.join(root, name), text)
  }
  return root
}

const uriOf = (root: string, name: string): string => pathToFileURL(path.join(root, name)).href

const frontMatter = '---\ntitle: Install\ndescription: Install the tool on your computer.\n---\n\n'

interface FixableCase {
  ruleId: string
  path: string
  source: string
  options: Record<string, unknown> | undefined
  /** The documented result of `--fix`, when the rule's doc page shows one. */
  fixed: string | undefined
}

/** Pages with problems that fixable rules fix: known cases, and the fixed examples of rule doc pages. */
function fixableCases(): FixableCase[] {
  const cases: FixableCase[] = []
  const fixable = (id: string) => rules.some((rule) => rule.id === id && rule.fixable === true)
  if (fixable('frame-images')) {
    cases.push({
      ruleId: 'frame-images',
      path: 'settings.mdx',
      source: frontMatter + 'Open the settings.\n\n![The settings page](/images/settings.png)\n',
      options: undefined,
      fixed: frontMatter + 'Open the settings.\n\n<Frame>\n  ![The settings page](/images/settings.png)\n</Frame>\n'
    })
  }
  if (fixable('terminology')) {
    cases.push({
      ruleId: 'terminology',
      path: 'contact.mdx',
      source: frontMatter + 'Send an e-mail to the admin.\n\nLog-in with your e-mail address.\n',
      options: undefined,
      fixed: frontMatter + 'Send an email to the admin.\n\nLog in with your email address.\n'
    })
  }
  for (const rule of rules) {
    if (rule.fixable !== true) continue
    let examples: Example[] = []
    try {
      examples = examplesOf(rule.id)
    } catch {
      // The rule's doc page is not written yet.
    }
    // Site examples are one file of a fixture folder: they need the rest of the site, so they are left out.
    const example = examples.find((candidate) =>
      candidate.kind === 'not-ok' && !candidate.site && candidate.fixed !== undefined && candidate.fixed !== candidate.source)
    if (example) cases.push(example)
  }
  return cases
}

describe.skipIf(!serverBuilt)('language server over stdio (needs `npx tsc -p .`)', () => {
  const clients: Client[] = []
  const roots: string[] = []
  const start = async (files: Record<string, string>, options: {configuration?: unknown; capabilities?: ClientCapabilities} = {}) => {
    const root = workspace(files)
    roots.push(root)
    const client = new Client(options)
    clients.push(client)
    await client.initialize(root, options.capabilities)
    return {client, root}
  }

  afterEach(async () => {
    for (const client of clients.splice(0)) expect(await client.stop()).toBe(0)
    for (const root of roots.splice(0)) fs.rmSync(root, {recursive: true, force: true})
  })

  const config = JSON.stringify({rules: {'front-matter': 'error', 'heading-levels': 'error', 'passive-voice': 'warn', 'second-person': 'info'}})

  it('publishes diagnostics on open with severity, code, source, docs link and exact UTF-16 ranges', async () => {
    const text = frontMatter + '# Install\n\n😀 The key can be found here.\n\nLet\'s install it.\n'
    const {client, root} = await start({'.docs-lintrc.json': config, 'guide.mdx': 'stale text on disk\n'})
    const uri = uriOf(root, 'guide.mdx')
    await client.open(uri, text)
    const {diagnostics, version} = await client.diagnostics(uri)
    expect(version).toBe(1)
    const heading = diagnostics.find((diagnostic) => diagnostic.code === 'heading-levels')
    expect(heading).toMatchObject({
      severity: 1,
      source: 'docs-lint',
      codeDescription: {href: 'https://docs-lint.dev/rules/heading-levels'},
      range: {start: {line: 5, character: 0}, end: {line: 5, character: 9}}
    })
    // The emoji is two UTF-16 code units: the passive phrase starts at character 11, not 10.
    const passive = diagnostics.find((diagnostic) => diagnostic.code === 'passive-voice')
    const line = text.split('\n')[7]!
    expect(passive?.severity).toBe(2)
    expect(passive?.range).toEqual({
      start: {line: 7, character: line.indexOf('can be found')},
      end: {line: 7, character: line.indexOf('can be found') + 'can be found'.length}
    })
    expect(line.indexOf('can be found')).toBe(11)
    expect(diagnostics.find((diagnostic) => diagnostic.code === 'second-person')?.severity).toBe(3)
    // The unsaved text is linted, not the file on disk, with the workspace's config.
    const expected = await lintOnDisk(root, 'guide.mdx', text)
    expect(diagnostics).toEqual(expectedDiagnostics(expected!.messages))
  })

  it('lints an empty page and a page holding one line break alike, and a `.md` page as Markdown', async () => {
    const {client, root} = await start({})
    const empty = uriOf(root, 'empty.mdx')
    const newline = uriOf(root, 'newline.mdx')
    await client.open(empty, '')
    await client.open(newline, '\n')
    const a = await client.diagnostics(empty)
    const b = await client.diagnostics(newline)
    expect(a.diagnostics.length).toBeGreaterThan(0)
    expect(b.diagnostics).toEqual(a.diagnostics)
    // `<!-- -->` is legal in Markdown and a parse error in MDX.
    const markdown = uriOf(root, 'notes.md')
    await client.open(markdown, frontMatter + '<!-- a comment -->\n\nSome text.\n', 'markdown')
    const {diagnostics} = await client.diagnostics(markdown)
    expect(diagnostics.map((diagnostic) => diagnostic.code)).not.toContain('parse-error')
  })

  it('places ranges and fix edits right on a page that starts with a byte order mark', async () => {
    const {client, root} = await start({'.docs-lintrc.json': JSON.stringify({rules: {'heading-levels': 'error', 'frame-images': 'warn'}})})
    const uri = uriOf(root, 'bom.mdx')
    const text = '\uFEFF# Install\n\n![The settings page](/images/settings.png)\n'
    await client.open(uri, text)
    const {diagnostics} = await client.diagnostics(uri)
    expect(diagnostics.find((d) => d.code === 'heading-levels')?.range).toEqual({start: {line: 0, character: 1}, end: {line: 0, character: 10}})
    const [quickFix] = await client.codeActions(uri, {start: {line: 2, character: 0}, end: {line: 2, character: 0}}, ['quickfix'])
    const [fixAll] = await client.codeActions(uri, everything, [FIX_ALL])
    const linted = await lintOnDisk(root, 'bom.mdx', text)
    const cli = await fixText(text, linted!.path, linted!.data['docsLintConfig'] as ResolvedConfig)
    expect(cli.output.startsWith('\uFEFF# Install\n\n<Frame>')).toBe(true)
    expect(applyEdit(text, uri, quickFix!.edit)).toBe(cli.output)
    expect(applyEdit(text, uri, fixAll!.edit)).toBe(cli.output)
  })

  it('delivers a large report whole (3,000 diagnostics in one message)', async () => {
    const {client, root} = await start({'.docs-lintrc.json': JSON.stringify({rules: {'second-person': 'warn'}})})
    const uri = uriOf(root, 'large.mdx')
    await client.open(uri, frontMatter + "Let's ship it.\n\n".repeat(3000))
    const {diagnostics} = await client.diagnostics(uri)
    expect(diagnostics).toHaveLength(3000)
    expect(diagnostics.at(-1)!.range.start.line).toBe(5 + 2 * 2999)
  })

  it('lints every edit of a page of 256 KB or more in its worker, which stays between edits', async () => {
    const {client, root} = await start({'.docs-lintrc.json': JSON.stringify({rules: {'second-person': 'warn'}})})
    const uri = uriOf(root, 'huge.mdx')
    const body = 'The tool reads the page and writes a report.\n\n'.repeat(6000)
    expect(body.length).toBeGreaterThan(256 * 1024)
    await client.open(uri, frontMatter + body)
    expect((await client.diagnostics(uri, (params) => params.version === 1, 0, 60_000)).diagnostics).toEqual([])
    await client.change(uri, 2, frontMatter + "Let's ship it.\n\n" + body)
    const second = await client.diagnostics(uri, (params) => params.version === 2, 0, 60_000)
    expect(second.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.range.start.line])).toEqual([['second-person', 5]])
    await client.change(uri, 3, frontMatter + body)
    expect((await client.diagnostics(uri, (params) => params.version === 3, 0, 60_000)).diagnostics).toEqual([])
  }, 200_000)

  it('reports malformed MDX as a diagnostic and keeps serving', async () => {
    const {client, root} = await start({})
    const broken = uriOf(root, 'broken.mdx')
    await client.open(broken, frontMatter + '<Card title="x">\n\nNever closed {\n')
    const {diagnostics} = await client.diagnostics(broken)
    const parse = diagnostics.find((diagnostic) => diagnostic.code === 'parse-error')
    expect(parse?.severity).toBe(1)
    expect(parse?.message).toMatch(/^Cannot parse MDX: /)
    const fine = uriOf(root, 'fine.mdx')
    await client.open(fine, frontMatter + 'You can install it.\n')
    expect((await client.diagnostics(fine)).diagnostics).toEqual([])
  })

  it('accepts `null` from workspace/configuration and honours `enable: false`', async () => {
    const text = frontMatter + '# Install\n'
    const withNull = await start({'.docs-lintrc.json': config})
    const uri = uriOf(withNull.root, 'page.mdx')
    await withNull.client.open(uri, text)
    expect((await withNull.client.diagnostics(uri)).diagnostics.map((d) => d.code)).toEqual(['heading-levels'])
    expect(withNull.client.configurationRequests).toBeGreaterThan(0)
    const disabled = await start({'.docs-lintrc.json': config}, {configuration: {enable: false}})
    const other = uriOf(disabled.root, 'page.mdx')
    await disabled.client.open(other, text)
    expect((await disabled.client.diagnostics(other)).diagnostics).toEqual([])
  })

  it('debounces 500 rapid changes, never publishes a stale version, and ends with the final text', async () => {
    const {client, root} = await start({'.docs-lintrc.json': config})
    const uri = uriOf(root, 'typing.mdx')
    await client.open(uri, frontMatter + 'Start.\n')
    await client.diagnostics(uri)
    const from = client.published.length
    let text = ''
    for (let version = 2; version <= 501; version++) {
      text = frontMatter + '#'.repeat(1 + (version % 3)) + ' Heading ' + version + '\n\n' + 'Text. '.repeat(version % 7) + '\n'
      void client.change(uri, version, text)
    }
    const last = await client.diagnostics(uri, (params) => params.version === 501, from)
    const expected = await lintOnDisk(root, 'typing.mdx', text)
    expect(last.diagnostics).toEqual(expectedDiagnostics(expected!.messages))
    // 501 % 3 = 0: a `#` heading, which heading-levels reports.
    expect(last.diagnostics.map((d) => d.code)).toEqual(['heading-levels'])
    await new Promise((resolve) => setTimeout(resolve, 400))
    const versions = client.published.slice(from).filter((params) => params.uri === uri).map((params) => params.version!)
    expect(versions.length).toBeLessThan(25)
    expect(versions.at(-1)).toBe(501)
    expect([...versions].sort((a, b) => a - b)).toEqual(versions)
  })

  it('re-lints open pages when a config file or docs.json changes on disk', async () => {
    const {client, root} = await start({'.docs-lintrc.json': config})
    await expect.poll(() => JSON.stringify(client.registrations)).toContain('docs.json')
    const uri = uriOf(root, 'page.mdx')
    await client.open(uri, frontMatter + '# Install\n')
    expect((await client.diagnostics(uri)).diagnostics.map((d) => d.code)).toEqual(['heading-levels'])
    fs.writeFileSync(path.join(root, '.docs-lintrc.json'), JSON.stringify({rules: {'front-matter': 'error'}}))
    let from = client.published.length
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: [{uri: uriOf(root, '.docs-lintrc.json'), type: FileChangeType.Changed}]
    })
    expect((await client.diagnostics(uri, () => true, from)).diagnostics).toEqual([])
    from = client.published.length
    fs.writeFileSync(path.join(root, 'docs.json'), '{"name": "x", "navigation": []}\n')
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: [{uri: uriOf(root, 'docs.json'), type: FileChangeType.Created}]
    })
    const again = await client.diagnostics(uri, () => true, from)
    expect(again.version).toBe(1)
  })

  it("publishes a Vale style's findings with its link and quick fixes, and reads a changed style file again", async () => {
    const rule = 'extends: substitution\nmessage: "Use \'%s\' instead of \'%s\'."\nlink: https://example.com/words\nlevel: warning\nignorecase: true\naction:\n  name: replace\nswap:\n  cellphone: phone|mobile phone\n'
    const {client, root} = await start({
      '.docs-lintrc.json': JSON.stringify({extends: []}),
      '.vale.ini': 'StylesPath = styles\n\n[*]\nBasedOnStyles = Acme\n',
      'styles/Acme/Words.yml': rule
    })
    const uri = uriOf(root, 'page.mdx')
    await client.open(uri, frontMatter + 'Call from your cellphone.\n')
    const {diagnostics} = await client.diagnostics(uri)
    expect(diagnostics).toMatchObject([{code: 'Acme.Words', severity: 2, codeDescription: {href: 'https://example.com/words'}, range: {start: {line: 5, character: 15}, end: {line: 5, character: 24}}}])
    // Two replacements: no certain fix, two quick fixes to choose from.
    const quick = await client.codeActions(uri, diagnostics[0]!.range, ['quickfix'])
    expect(quick.map((action) => action.title)).toEqual(expect.arrayContaining([expect.stringContaining('`phone`'), expect.stringContaining('`mobile phone`')]))
    fs.writeFileSync(path.join(root, 'styles/Acme/Words.yml'), rule.replace('level: warning', 'level: error'))
    const from = client.published.length
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: [{uri: uriOf(root, 'styles/Acme/Words.yml'), type: FileChangeType.Changed}]
    })
    expect((await client.diagnostics(uri, () => true, from)).diagnostics).toMatchObject([{code: 'Acme.Words', severity: 1}])
  })

  it('publishes site problems: broken links on the page, navigation on docs.json; re-lints when other pages change', async () => {
    const {client, root} = await start({
      '.docs-lintrc.json': JSON.stringify({rules: {'broken-links': 'error', navigation: 'error'}}),
      'docs.json': JSON.stringify({name: 'Site', theme: 'mint', colors: {primary: '#0B6E4F'}, navigation: {pages: ['index', 'gone']}}),
      'index.mdx': ''
    })
    const uri = uriOf(root, 'index.mdx')
    const text = frontMatter + 'See [the guide](/guide).\n'
    await client.open(uri, text)
    const first = await client.diagnostics(uri)
    expect(first.diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.character])).toEqual([['broken-links', 5, 16]])
    const docsJson = await client.diagnostics(uriOf(root, 'docs.json'))
    expect(docsJson.diagnostics.map((d) => d.code)).toEqual(['navigation'])
    expect(docsJson.diagnostics).toEqual(expectedDiagnostics((await lint({cwd: root})).files.find((f) => f.path.endsWith('docs.json'))!.messages))

    // The linked page appears on disk: the open page is linted again without being edited.
    fs.writeFileSync(path.join(root, 'guide.mdx'), frontMatter + 'A guide.\n')
    let from = client.published.length
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: [{uri: uriOf(root, 'guide.mdx'), type: FileChangeType.Created}]
    })
    expect((await client.diagnostics(uri, () => true, from)).diagnostics).toEqual([])

    // docs.json is fixed: its diagnostics are cleared.
    fs.writeFileSync(path.join(root, 'docs.json'), JSON.stringify({name: 'Site', theme: 'mint', colors: {primary: '#0B6E4F'}, navigation: {pages: ['index', 'guide']}}))
    from = client.published.length
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: [{uri: uriOf(root, 'docs.json'), type: FileChangeType.Changed}]
    })
    expect((await client.diagnostics(uriOf(root, 'docs.json'), (params) => params.diagnostics.length === 0, from)).diagnostics).toEqual([])
  })

  it('with the files watched, keeps site findings equal to a fresh run as pages change, go and come back on disk', async () => {
    const guide = (body: string) => frontMatter + body + '\n'
    const {client, root} = await start({
      'docs.json': JSON.stringify({name: 'Site', theme: 'mint', colors: {primary: '#0B6E4F'}, navigation: {pages: ['guides/a', 'guides/b']}}),
      'guides/a.mdx': '',
      'guides/b.mdx': guide('## Install\n\nInstall it.'),
      'guides/c.mdx': guide('No links.')
    })
    await expect.poll(() => JSON.stringify(client.registrations)).toContain('*.{md,mdx}')
    const uri = uriOf(root, 'guides/a.mdx')
    const text = guide('See [the setup](/guides/b#setup) and [the draft](/guides/c).')
    fs.writeFileSync(path.join(root, 'guides/a.mdx'), text)
    await client.open(uri, text)
    const fresh = async () => {
      const file = new VFile({path: path.join(root, 'guides/a.mdx'), value: text})
      await lint({files: [file], cwd: root})
      return expectedDiagnostics(file.messages)
    }
    expect((await client.diagnostics(uri)).diagnostics).toEqual(await fresh())
    const after = async (relative: string, type: FileChangeType, change: () => void) => {
      change()
      const from = client.published.length
      await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, {changes: [{uri: uriOf(root, relative), type}]})
      const published = (await client.diagnostics(uri, () => true, from)).diagnostics
      expect(published).toEqual(await fresh())
      return published.map((diagnostic) => diagnostic.code + ' ' + diagnostic.message).join('\n')
    }
    // Another page gains the heading the link names: the broken anchor goes.
    expect(await after('guides/b.mdx', FileChangeType.Changed, () => fs.writeFileSync(path.join(root, 'guides/b.mdx'), guide('## Setup\n\nSet it up.'))))
      .not.toMatch(/#setup/)
    // The page is deleted: the link is broken; it comes back without the heading.
    expect(await after('guides/b.mdx', FileChangeType.Deleted, () => fs.rmSync(path.join(root, 'guides/b.mdx')))).toMatch(/broken-links/)
    expect(await after('guides/b.mdx', FileChangeType.Created, () => fs.writeFileSync(path.join(root, 'guides/b.mdx'), guide('## Install\n\nInstall it.'))))
      .toMatch(/#setup/)
    // The other linked page goes too.
    expect(await after('guides/c.mdx', FileChangeType.Deleted, () => fs.rmSync(path.join(root, 'guides/c.mdx')))).toMatch(/guides\/c/)
    // A page changed with no word from the client's watcher: the server's own look, after a pause, finds it.
    fs.writeFileSync(path.join(root, 'guides/b.mdx'), guide('## Setup\n\nSet it up, with no event.'))
    const expected = await fresh()
    const from = client.published.length
    const found = await client.diagnostics(uri, (params) => !params.diagnostics.some((diagnostic) => diagnostic.message.includes('#setup')), from, 30_000)
    expect(found.diagnostics).toEqual(expected)
  }, 60_000)

  it('shows a broken config as a diagnostic on the page instead of failing', async () => {
    const {client, root} = await start({'.docs-lintrc.json': '{"rules": {"no-such-rule": "error"}}'})
    const uri = uriOf(root, 'page.mdx')
    await client.open(uri, frontMatter + 'Text.\n')
    const {diagnostics} = await client.diagnostics(uri)
    expect(diagnostics.length).toBeGreaterThan(0)
    expect(diagnostics.every((diagnostic) => diagnostic.severity === 1 && diagnostic.message.startsWith('Cannot lint this page: '))).toBe(true)
    expect(diagnostics[0]!.message).toMatch(/Unknown rule `no-such-rule`/)
  })

  it('does not lint ignored pages, nor files that are not Markdown or MDX', async () => {
    const {client, root} = await start({'.docs-lintignore': 'drafts/\n'})
    const ignored = uriOf(root, 'drafts/page.mdx')
    await client.open(ignored, '# No front matter\n')
    expect((await client.diagnostics(ignored)).diagnostics).toEqual([])
    const readme = uriOf(root, 'README.md')
    await client.open(readme, '# No front matter\n', 'markdown')
    expect((await client.diagnostics(readme)).diagnostics).toEqual([])
  })

  it('returns no fix-all action and no quick fix when nothing is fixable; honours `only`', async () => {
    const {client, root} = await start({'.docs-lintrc.json': config})
    const uri = uriOf(root, 'page.mdx')
    // A skipped level has no fix (a level-1 heading that repeats the title has one).
    await client.open(uri, frontMatter + '#### Install\n')
    await client.diagnostics(uri)
    expect(await client.codeActions(uri, everything, [FIX_ALL])).toEqual([])
    expect(await client.codeActions(uri, everything, ['quickfix'])).toEqual([])
    expect(await client.codeActions(uri, everything, ['refactor'])).toEqual([])
  })

  const cases = fixableCases()
  if (cases.length === 0) it.skip('applies `source.fixAll.docs-lint` like `--fix` (skipped: no fixable rule yet)', () => {})
  for (const example of cases) {
    it('applies `source.fixAll.docs-lint` like `--fix`, then publishes the fixed page (' + example.ruleId + ', ' + example.path + ')', async () => {
      const ruleConfig = {rules: {[example.ruleId]: example.options ? ['warn', example.options] : 'warn'}}
      const {client, root} = await start({'.docs-lintrc.json': JSON.stringify(ruleConfig)})
      const uri = uriOf(root, example.path)
      await client.open(uri, example.source)
      const first = await client.diagnostics(uri)
      expect(first.diagnostics.map((d) => d.code)).toContain(example.ruleId)

      // `only` is honoured: quick fixes only, source actions only.
      const quick = await client.codeActions(uri, everything, ['quickfix'])
      expect(quick.length).toBeGreaterThan(0)
      expect(quick.every((action) => action.kind === 'quickfix' && action.diagnostics?.length === 1)).toBe(true)
      expect(quick.some((action) => action.isPreferred)).toBe(true)
      const source = await client.codeActions(uri, everything, ['source'])
      expect(source.map((action) => action.kind)).toEqual([FIX_ALL])
      const all = await client.codeActions(uri, everything)
      expect(all.map((action) => action.kind).sort()).toEqual([...quick.map(() => 'quickfix'), FIX_ALL].sort())

      // One quick fix solves its own problem (a page given front matter may still lack a description),
      // and only a range that touches a problem offers one.
      const single = applyEdit(example.source, uri, quick[0]!.edit)
      const solved = quick[0]!.diagnostics![0]!.message
      const count = async (text: string) =>
        (await lintOnDisk(root, example.path, text))!.messages.filter((message) => message.ruleId === example.ruleId && message.reason === solved).length
      expect(await count(single)).toBe((await count(example.source)) - 1)
      const topLine = {start: {line: 0, character: 0}, end: {line: 0, character: 3}}
      const onProblem = first.diagnostics.some((d) => d.code === example.ruleId && d.range.start.line === 0)
      if (!onProblem) expect(await client.codeActions(uri, topLine, ['quickfix'])).toEqual([])

      const [fixAll] = await client.codeActions(uri, everything, [FIX_ALL])
      const fixedText = applyEdit(example.source, uri, fixAll!.edit)
      const linted = await lintOnDisk(root, example.path, example.source)
      const cli = await fixText(example.source, linted!.path, linted!.data['docsLintConfig'] as ResolvedConfig)
      expect(fixedText).toBe(cli.output)
      expect(fixedText).toBe(example.fixed)

      await client.change(uri, 2, fixedText)
      const after = await client.diagnostics(uri, (params) => params.version === 2)
      const relinted = await lintOnDisk(root, example.path, fixedText)
      expect(after.diagnostics).toEqual(expectedDiagnostics(relinted!.messages))
      expect(relinted!.messages.some((message) => (message as MessageExtras).fix)).toBe(false)
      expect(await client.codeActions(uri, everything, [FIX_ALL])).toEqual([])
    })
  }

  it('clears diagnostics when a page closes and exits cleanly on shutdown', async () => {
    const {client, root} = await start({'.docs-lintrc.json': config})
    const uri = uriOf(root, 'page.mdx')
    await client.open(uri, frontMatter + '# Install\n')
    await client.diagnostics(uri, (params) => params.diagnostics.length > 0)
    const from = client.published.length
    await client.close(uri)
    expect((await client.diagnostics(uri, () => true, from)).diagnostics).toEqual([])
  })
})

// The editor and CI must agree: every page of a real site, through the server and through `lint()` on disk.
const corpus = path.resolve(import.meta.dirname, '../../shared/corpora/hoppscotch__docs')
const haveCorpus = fs.existsSync(corpus)
if (!haveCorpus) console.warn('Skipping the server/CLI parity test: ' + corpus + ' is absent')

describe.skipIf(!serverBuilt || !haveCorpus)('language server and CLI agree on ../shared/corpora/hoppscotch__docs', () => {
  let client: Client
  beforeAll(async () => {
    client = new Client()
    await client.initialize(corpus)
  })
  afterAll(async () => {
    expect(await client.stop()).toBe(0)
  })

  it('publishes the same diagnostics as the CLI for every page', async () => {
    const cli = await lint({cwd: corpus})
    expect(cli.configErrors).toEqual([])
    const pages = cli.files.filter((file) => /\.mdx?$/.test(file.path))
    const configFiles = cli.files.filter((file) => !/\.mdx?$/.test(file.path))
    let compared = 0
    for (const file of pages) {
      const absolute = path.resolve(corpus, file.path)
      const uri = pathToFileURL(absolute).href
      const from = client.published.length
      await client.open(uri, fs.readFileSync(absolute, 'utf8'), absolute.endsWith('.md') ? 'markdown' : 'mdx')
      const {diagnostics} = await client.diagnostics(uri, () => true, from)
      expect(diagnostics, file.path).toEqual(expectedDiagnostics(file.messages))
      await client.close(uri)
      compared++
    }
    // docs.json's problems, found by the CLI once per run, reach the editor as diagnostics on docs.json.
    for (const file of configFiles) {
      const uri = pathToFileURL(path.resolve(corpus, file.path)).href
      const published = client.published.filter((params) => params.uri === uri).at(-1)
      expect(published?.diagnostics, file.path).toEqual(expectedDiagnostics(file.messages))
    }
    expect(compared).toBeGreaterThan(50)
  }, 300_000)
})


/** A server over stdio that the test writes raw bytes to: the frames an editor would never send. */
function rawServer(): {child: ChildProcess; stderr: () => string; exited: Promise<number | null>; send: (bytes: string) => void} {
  const child = spawn(process.execPath, [serverBin, '--stdio'], {stdio: ['pipe', 'pipe', 'pipe']})
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  child.stdout!.resume()
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return {child, stderr: () => stderr, exited, send: (bytes) => void child.stdin!.write(bytes)}
}

const frame = (body: unknown) => {
  const text = JSON.stringify(body)
  return 'Content-Length: ' + Buffer.byteLength(text) + '\r\n\r\n' + text
}

describe.skipIf(!serverBuilt)('language server robustness (needs `npx tsc -p .`)', () => {
  const initialize = frame({jsonrpc: '2.0', id: 1, method: 'initialize', params: {processId: null, rootUri: null, capabilities: {}}})

  for (const length of ['abc', '-10', '10^12', '1000000000000', '']) {
    it('logs and closes the connection after a frame with `Content-Length: ' + length + '`', async () => {
      const server = rawServer()
      server.send(initialize)
      server.send('Content-Length: ' + length + '\r\n\r\n{"jsonrpc":"2.0","id":2,"method":"shutdown"}')
      const timeout = new Promise<string>((resolve) => setTimeout(() => resolve('still running'), 10_000))
      const outcome = await Promise.race([server.exited, timeout])
      if (outcome === 'still running') server.child.kill()
      // Exit code 1: the client sees a server that stopped, and starts a new one.
      expect(outcome).toBe(1)
      expect(server.stderr()).toMatch(/^docs-lint-language-server: closing the connection: the client sent .*Content-Length/m)
      expect(server.stderr()).not.toMatch(/\n\s+at /)
    }, 15_000)
  }

  it('still reads frames that arrive a byte at a time, and two in one chunk', async () => {
    const client = rawServer()
    const replies: string[] = []
    client.child.stdout!.on('data', (chunk: Buffer) => replies.push(chunk.toString()))
    for (const byte of initialize) client.send(byte)
    client.send(frame({jsonrpc: '2.0', id: 2, method: 'shutdown'}) + frame({jsonrpc: '2.0', method: 'exit'}))
    expect(await client.exited).toBe(0)
    expect(replies.join('')).toContain('"id":2')
  }, 15_000)

  it('lints with the default settings when the client never answers `workspace/configuration`', async () => {
    const root = tempSite({'docs.json': '{"name": "X", "navigation": [{"group": "G", "pages": ["index"]}]}'})
    const client = new Client({answerConfiguration: false})
    try {
      await client.initialize(root)
      const uri = pathToFileURL(path.join(root, 'index.mdx')).href
      await client.open(uri, '---\ntitle: A\ndescription: B\n---\n\n# One\n')
      const {diagnostics} = await client.diagnostics(uri, (params) => params.diagnostics.length > 0)
      expect(diagnostics.map((diagnostic) => diagnostic.code)).toContain('heading-levels')
      expect(client.configurationRequests).toBeGreaterThan(0)
      expect(client.logs.join('\n')).toContain('did not answer `workspace/configuration`')
    } finally {
      await client.stop()
    }
  }, 30_000)

  it('answers requests while it lints a large page, and caps its diagnostics', async () => {
    const root = tempSite({'docs.json': '{"name": "X", "navigation": [{"group": "G", "pages": ["big"]}]}'})
    const client = new Client()
    try {
      await client.initialize(root)
      // 6,000 top-level headings (one problem each) in 1.2 MB.
      const sections = Array.from({length: 6000}, (_, index) => '# Heading ' + index + '\n\n' + 'A line of text that makes the page larger. '.repeat(4) + '\n')
      const text = '---\ntitle: Big\ndescription: A big page.\n---\n\n' + sections.join('\n')
      const uri = pathToFileURL(path.join(root, 'big.mdx')).href
      await client.open(uri, text)
      await new Promise((resolve) => setTimeout(resolve, 300))
      await client.codeActions(pathToFileURL(path.join(root, 'other.mdx')).href, {start: {line: 0, character: 0}, end: {line: 0, character: 0}})
      // Answered while the page was still being linted: its diagnostics are not published yet.
      expect(client.published.filter((params) => params.uri === uri)).toEqual([])
      const {diagnostics} = await client.diagnostics(uri, () => true, 0, 60_000)
      expect(diagnostics).toHaveLength(5001)
      expect(diagnostics.at(-1)!.message).toMatch(/^1000 more problems on this page are not shown/)
    } finally {
      await client.stop()
    }
  }, 90_000)

  it('does not run a JavaScript file that a JSON config extends, when the workspace is not trusted', async () => {
    const root = tempSite({
      '.docs-lintrc.json': JSON.stringify({extends: './base.cjs'}),
      'base.cjs': "require('node:fs').writeFileSync(__dirname + '/ran.txt', 'yes')\nmodule.exports = {extends: 'recommended'}\n"
    })
    const file = new VFile({path: path.join(root, 'index.mdx'), value: '# One\n'})
    const result = await lint({files: [file], cwd: root, trusted: false})
    expect(result.configErrors).toEqual(['Not running config `base.cjs` in `.docs-lintrc.json:1:2`: it is JavaScript, which runs only in a trusted workspace'])
    expect(fs.existsSync(path.join(root, 'ran.txt'))).toBe(false)
  })

  for (const trusted of [false, true]) {
    it((trusted ? 'runs' : 'does not run') + ' a `.docs-lintrc.cjs` config in ' + (trusted ? 'a trusted' : 'an untrusted') + ' workspace', async () => {
      const root = tempSite({
        'docs.json': '{"name": "X", "navigation": [{"group": "G", "pages": ["index"]}]}',
        '.docs-lintrc.cjs': "require('node:fs').writeFileSync(__dirname + '/ran.txt', 'yes')\nmodule.exports = {extends: 'recommended'}\n"
      })
      const client = new Client()
      try {
        await client.initialize(root, defaultCapabilities, {trusted})
        const uri = pathToFileURL(path.join(root, 'index.mdx')).href
        await client.open(uri, '---\ntitle: A\ndescription: B\n---\n\n# One\n')
        const {diagnostics} = await client.diagnostics(uri, (params) => params.diagnostics.length > 0)
        expect(fs.existsSync(path.join(root, 'ran.txt'))).toBe(trusted)
        if (trusted) expect(diagnostics.map((diagnostic) => diagnostic.code)).toContain('heading-levels')
        else expect(diagnostics.map((diagnostic) => diagnostic.message)).toEqual(['Cannot lint this page: Not running config `.docs-lintrc.cjs`: it is JavaScript, which runs only in a trusted workspace'])
      } finally {
        await client.stop()
      }
    }, 30_000)
  }
})
