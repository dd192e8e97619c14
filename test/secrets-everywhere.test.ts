import {spawn} from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {pathToFileURL} from 'node:url'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {
  CodeActionRequest,
  createProtocolConnection,
  DidOpenTextDocumentNotification,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  type PublishDiagnosticsParams
} from 'vscode-languageserver-protocol/node.js'
import {runCli, tempSite} from './helpers/cli.js'
import {fakeKinds, placeholderLines, type FakeKind} from './helpers/fake-secrets.js'

// Hundreds of realistic fake secrets of over 25 kinds, planted wherever a site holds text: docs.json
// fields and navigation entries, page titles, headings, prose, inline code, code, tables, image paths,
// link URLs and component attributes. No-secrets finds every one, and no output docs-lint writes
// (every format, the fix diff, the cache, suppressions, llms.txt, the language server's diagnostics
// and code actions) shows one whole. Placeholders in nine languages, publishable keys and a local
// server's fixed values give no finding at all.

interface Planted {
  kind: FakeKind
  secret: string
  /** The file that holds it, relative to the site. */
  file: string
  placement: string
}

const planted: Planted[] = []
const usedPrefixes = new Set<string>()
/** How much of a secret an output may not show: five characters, or the vendor prefix and two more. */
const checkedLength = (kind: FakeKind) => Math.max(5, kind.prefix.length + 2)

function plant(kind: FakeKind, file: string, placement: string): string {
  for (let attempt = 0; attempt < 1000; attempt++) {
    const secret = kind.make()
    const checked = secret.slice(0, checkedLength(kind))
    if (usedPrefixes.has(checked)) continue
    usedPrefixes.add(checked)
    planted.push({kind, secret, file, placement})
    return secret
  }
  throw new Error('Cannot make a ' + kind.name + ' with a prefix of its own')
}

const frontMatter = (title: string) => '---\ntitle: "' + title + '"\ndescription: Keep the keys of the account safe.\n---\n\n'
const singleLine = fakeKinds.filter((kind) => !kind.multiline)
const urlSafe = fakeKinds.filter((kind) => kind.alone && kind.urlSafe)

/** One page per placement, each holding many kinds. */
function buildPages(): Record<string, string> {
  const pages: Record<string, string> = {}
  const sections: Record<string, {kinds: FakeKind[]; write: (kind: FakeKind, secret: string) => string}> = {
    code: {kinds: fakeKinds, write: (kind, secret) => '```bash\n' + kind.line(secret) + '\n```'},
    prose: {kinds: singleLine, write: (kind, secret) => 'Then use ' + kind.line(secret) + ' to sign in.'},
    'inline code': {kinds: singleLine, write: (kind, secret) => 'Run `' + kind.line(secret) + '` in your shell.'},
    table: {kinds: singleLine, write: (kind, secret) => '| Setting | Value |\n| --- | --- |\n| ' + kind.name + ' | `' + kind.line(secret) + '` |'},
    heading: {kinds: urlSafe, write: (_, secret) => '## Rotate ' + secret + '\n\nRotate it every month.'},
    'image path': {kinds: urlSafe, write: (_, secret) => '![A diagram of the flow](/images/' + secret + '.png)'},
    'link URL': {kinds: urlSafe, write: (_, secret) => 'Read [the setup guide](/guides/setup?token=' + secret + ') first.'},
    'Card href': {kinds: urlSafe, write: (_, secret) => '<Card title="Keys" href="/guides/keys?token=' + secret + '">Manage keys.</Card>'},
    'Card icon': {kinds: urlSafe, write: (_, secret) => '<Card title="Logo" icon="https://img.acme-cdn.io/logo.png?token=' + secret + '">The logo.</Card>'},
    'ParamField default': {kinds: urlSafe, write: (_, secret) => '<ParamField header="X-API-Key" type="string" default="' + secret + '">\n  The key.\n</ParamField>'},
    'Tooltip tip': {kinds: singleLine, write: (kind, secret) => '<Tooltip tip="' + kind.line(secret) + '">the key</Tooltip> opens the dashboard.'}
  }
  for (const [placement, {kinds, write}] of Object.entries(sections)) {
    const file = placement.replace(/ /g, '-').toLowerCase() + '.mdx'
    const parts = kinds.map((kind) => '## ' + kind.name + '\n\n' + write(kind, plant(kind, file, placement)))
    pages[file] = frontMatter('Keys: ' + placement) + parts.join('\n\n') + '\n'
  }
  // A page title holds a token: front matter, the navigation's labels and llms.txt quote it.
  for (const [index, kind] of urlSafe.entries()) {
    const file = 'titles/title-' + index + '.mdx'
    pages[file] = frontMatter('Rotate ' + plant(kind, file, 'title')) + 'Rotate the key every month.\n'
  }
  return pages
}

const pages = buildPages()
const navigationSecrets = urlSafe.map((kind) => 'guides/setup?token=' + plant(kind, 'docs.json', 'navigation entry'))
const configField = (name: string) => plant(fakeKinds.find((kind) => kind.name === name)!, 'docs.json', 'docs.json field')
const docsJson = {
  $schema: 'https://mintlify.com/docs.json',
  theme: configField('Stripe secret key'),
  name: 'Acme ' + configField('GitHub token'),
  description: 'Acme docs ' + configField('Hugging Face token'),
  colors: {primary: '#0D9373'},
  logo: '/logo/' + configField('Google API key') + '.svg',
  favicon: '/favicon-' + configField('Groq key') + '.svg',
  navbar: {links: [{label: 'Status', href: '/status?token=' + configField('Vercel token')}]},
  redirects: [{source: '/old-keys', destination: '/keys?token=' + configField('Figma token')}],
  integrations: {posthog: {apiKey: 'phc_' + 'Hq2kT8vZp4Lx9Kd7wRm3Nc6Bt5Yf1Gs0Jh8Vq2Zr'}},
  navigation: {groups: [{group: 'Keys', pages: [...Object.keys(pages).map((name) => name.replace(/\.mdx$/, '')), 'quiet', ...navigationSecrets]}]}
}

// Placeholders, publishable keys and a local server's fixed values: no finding.
const quietPage =
  frontMatter('Configure the client') +
  '```bash\n' + placeholderLines.join('\n') + '\n```\n\n' +
  placeholderLines.filter((line) => !line.includes('<')).map((line) => 'Set `' + line + '` first.').join('\n') + '\n\n' +
  '<Card title="Logo" icon="https://img.logo.dev/acme.com?token=pk_' + 'Xq8Zr2Lw7Kp4Tn9Vb3Mc6Hd">The logo.</Card>\n\n' +
  '```js\nposthog.init("phc_' + 'Tq7wZp4Lx9Kd2Rm8Nc3Bv6Yf1Gs5Jh0Vq2Zr8Kq2Lw", {api_host: "https://us.i.posthog.com"})\n' +
  'const stripe = Stripe("pk_live_' + '51Hx9QaZr8Kq2Lw7Xp4Tq7wZp4Lx9Kd")\n```\n\n' +
  'Start the local server; it uses these fixed values:\n\n' +
  '```yaml docker-compose.yml\nservices:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD: Xk9mP2vL8qRt4Zw\n' +
  '  minio:\n    image: minio/minio\n    environment:\n      MINIO_ROOT_USER: minioadmin\n      MINIO_ROOT_PASSWORD: minioadmin\n```\n\n' +
  '```bash\ncurl http://localhost:8080/v1/me -H "Authorization: Bearer Rk7wPq2ZxN9vLm4TbY8cHd3S"\n```\n'

const root = tempSite({
  ...pages,
  'quiet.mdx': quietPage,
  'docs.json': JSON.stringify(docsJson, undefined, 2),
  '.docs-lintrc.json': JSON.stringify({extends: 'all'})
})

/** What of each secret `output` shows: more than the vendor prefix and two characters, or ten characters of its middle. */
function leaksOf(output: string): string[] {
  const found: string[] = []
  const lower = output.toLowerCase()
  for (const {kind, secret, placement} of planted) {
    const length = checkedLength(kind)
    const middle = secret.slice(Math.floor(secret.length / 2) - 5, Math.floor(secret.length / 2) + 5)
    // The failure names what showed, not the secret: test logs are outputs too.
    const pieces: Array<[string, string]> = [
      [secret.slice(0, length), 'its first ' + length + ' characters'],
      [middle, 'ten characters of its middle']
    ]
    const shown = pieces.find(([piece]) => output.includes(piece) || lower.includes(piece.toLowerCase()))
    if (shown) found.push(kind.name + ' (' + placement + ') shows ' + shown[1])
  }
  return found
}

interface JsonFile {
  path: string
  messages: Array<{ruleId: string; line: number; endLine: number; reason: string}>
}

describe('secrets in every place a site holds text', () => {
  it('over 25 kinds and 400 values are planted, and no-secrets finds every one', async () => {
    expect(new Set(planted.map((item) => item.kind.name)).size).toBeGreaterThanOrEqual(25)
    expect(planted.length).toBeGreaterThanOrEqual(400)
    const run = await runCli(['--format', 'json'], root)
    const report = JSON.parse(run.stdout) as JsonFile[]
    const texts: Record<string, string> = {...pages, 'docs.json': JSON.stringify(docsJson, undefined, 2)}
    const missed: string[] = []
    for (const item of planted) {
      const text = texts[item.file]!
      const secretLine = item.kind.multiline ? item.secret.split('\n')[1]! : item.secret
      const line = text.slice(0, text.indexOf(secretLine)).split('\n').length
      const messages = report.find((file) => file.path === item.file)?.messages ?? []
      if (!messages.some((message) => message.ruleId === 'no-secrets' && message.line <= line && line <= message.endLine)) {
        missed.push(item.kind.name + ' in ' + item.placement + ' (' + item.file + ':' + line + ')')
      }
    }
    expect(missed).toEqual([])
  }, 60_000)

  it('placeholders in nine languages, publishable keys and a local server’s fixed values are no finding', async () => {
    const run = await runCli(['--format', 'json', 'quiet.mdx'], root)
    const report = JSON.parse(run.stdout) as JsonFile[]
    const findings = report.filter((file) => file.path === 'quiet.mdx').flatMap((file) => file.messages.filter((message) => message.ruleId === 'no-secrets').map((message) => file.path + ':' + message.line + ' ' + message.reason))
    expect(placeholderLines.length).toBeGreaterThanOrEqual(50)
    expect(findings).toEqual([])
    const site = JSON.parse((await runCli(['--format', 'json'], root)).stdout) as JsonFile[]
    // The PostHog key of `integrations` is public: the config's findings are the planted ones only.
    const config = site.find((file) => file.path === 'docs.json')?.messages.filter((message) => message.ruleId === 'no-secrets') ?? []
    expect(config.length).toBe(planted.filter((item) => item.file === 'docs.json').length)
  }, 60_000)

  for (const format of ['pretty', 'compact', 'json', 'sarif', 'github', 'html']) {
    it(`--format ${format}`, async () => {
      const run = await runCli(['--format', format], root)
      let output = run.stdout + run.stderr
      // The html report keeps findings as JSON in the page, where a secret would show escaped: read them back.
      for (const match of run.stdout.matchAll(/<script type="application\/json"[^>]*>(.*?)<\/script>/g)) output += '\n' + JSON.stringify(JSON.parse(match[1]!))
      expect(run.stdout.length).toBeGreaterThan(1000)
      expect(leaksOf(output)).toEqual([])
    }, 60_000)
  }

  it('the --fix-dry-run diff', async () => {
    const run = await runCli(['--fix-dry-run'], root)
    expect(run.stdout).toContain('+<Frame>')
    expect(leaksOf(run.stdout + run.stderr)).toEqual([])
  }, 60_000)

  it('the --fix-dry-run report, with each secret reported once', async () => {
    const run = await runCli(['--fix-dry-run', '--format', 'json'], root)
    expect(leaksOf(run.stdout + run.stderr)).toEqual([])
    // A fixed page is linted again; the rule's page findings come from that lint alone, not also from the first.
    const report = JSON.parse(run.stdout) as JsonFile[]
    const image = report.find((file) => file.path === 'image-path.mdx')!.messages.filter((message) => message.ruleId === 'no-secrets')
    expect(image.length).toBe(planted.filter((item) => item.file === 'image-path.mdx').length)
  }, 60_000)

  it('the cache file, the suppressions file, and the warm run', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-secrets-'))
    const cache = path.join(folder, 'cache.json')
    const suppressions = path.join(folder, 'suppressions.json')
    const cold = await runCli(['--format', 'json', '--cache', '--cache-location', cache, '--suppress-all', '--suppressions-location', suppressions], root)
    expect(cold.code).toBe(0)
    const written = fs.readdirSync(folder).map((name) => fs.readFileSync(path.join(folder, name), 'utf8')).join('\n')
    expect(written).toContain('guides/setup')
    expect(leaksOf(written)).toEqual([])
    const warm = await runCli(['--format', 'json', '--cache', '--cache-location', cache], root)
    expect(leaksOf(warm.stdout + warm.stderr)).toEqual([])
  }, 60_000)

  it('the shards’ result files and their merged report', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-secrets-'))
    const results = ['1', '2'].map((index) => path.join(folder, 'shard-' + index + '.json'))
    for (const [index, result] of results.entries()) await runCli(['--shard', index + 1 + '/2', '--format', 'json', '--write-result', result], root)
    const written = results.map((result) => fs.readFileSync(result, 'utf8')).join('\n')
    expect(written).toContain('guides/setup')
    expect(leaksOf(written)).toEqual([])
    const merged = await runCli(['merge', '--format', 'json', ...results], root)
    expect(merged.stdout.length).toBeGreaterThan(1000)
    expect(leaksOf(merged.stdout + merged.stderr)).toEqual([])
  }, 60_000)

  it('docs-lint llms masks a title or site name holding a secret, and says so', async () => {
    const run = await runCli(['llms', '--out', '-'], root)
    expect(run.stdout).toContain('- [Rotate ')
    expect(leaksOf(run.stdout + run.stderr)).toEqual([])
    expect(run.stderr).toContain('titles/title-0.mdx')
    expect(run.code).toBe(1)
  })
})

const serverBin = path.resolve(import.meta.dirname, '../bin/docs-lint-language-server.js')
const serverBuilt = fs.existsSync(path.resolve(import.meta.dirname, '../dist/src/server/index.js'))

describe.skipIf(!serverBuilt)('the language server shows no secret (needs `npm run build`)', () => {
  const published: PublishDiagnosticsParams[] = []
  const actions: unknown[] = []
  let stop: () => Promise<void> = async () => {}

  beforeAll(async () => {
    const child = spawn(process.execPath, [serverBin, '--stdio'], {stdio: ['pipe', 'pipe', 'pipe']})
    child.stderr.resume()
    const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin))
    connection.onNotification(PublishDiagnosticsNotification.type, (params) => published.push(params))
    connection.listen()
    const uri = pathToFileURL(root).href
    await connection.sendRequest(InitializeRequest.type, {processId: process.pid, rootUri: uri, workspaceFolders: [{uri, name: 'site'}], capabilities: {}})
    await connection.sendNotification(InitializedNotification.type, {})
    const opened = Object.keys(pages).filter((name) => !name.startsWith('titles/')).concat('titles/title-0.mdx')
    const uris = opened.map((name) => pathToFileURL(path.join(root, name)).href)
    for (const [index, name] of opened.entries()) {
      await connection.sendNotification(DidOpenTextDocumentNotification.type, {textDocument: {uri: uris[index]!, languageId: 'mdx', version: 1, text: pages[name]!}})
    }
    const deadline = Date.now() + 30_000
    while (Date.now() < deadline && !uris.every((item) => published.some((params) => params.uri === item && params.diagnostics.length > 0))) {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    for (const item of uris) {
      const end = {line: 10_000, character: 0}
      actions.push(await connection.sendRequest(CodeActionRequest.type, {textDocument: {uri: item}, range: {start: {line: 0, character: 0}, end}, context: {diagnostics: []}}))
    }
    stop = async () => {
      await connection.sendRequest(ShutdownRequest.type)
      await connection.sendNotification(ExitNotification.type)
      connection.dispose()
      child.kill()
    }
  }, 60_000)

  afterAll(() => stop())

  it('publishDiagnostics', () => {
    expect(published.some((params) => params.diagnostics.some((diagnostic) => diagnostic.code === 'no-secrets'))).toBe(true)
    expect(leaksOf(JSON.stringify(published))).toEqual([])
  })

  it('code actions, the fix-all edit among them', () => {
    const text = JSON.stringify(actions)
    expect(text).toContain('source.fixAll.docs-lint')
    expect(leaksOf(text)).toEqual([])
  })
})
