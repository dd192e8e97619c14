import {spawn} from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {pathToFileURL} from 'node:url'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {
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
import {generator} from './helpers/fake-secrets.js'

// Twenty kinds of credentials, in code blocks, inline code, JSX attributes, prose and front matter:
// no output of docs-lint may show more than the first four characters of any of them. The secrets
// are made at run time from a fixed seed (random, so the detectors take them for real) and their
// vendor prefixes are split in this file, so no literal here looks like a credential.

const random = generator(0x5eed)
// No vowels: random runs never spell a word that marks a placeholder (`test`, `demo`, `your`).
const alnum = 'BCDFGHJKLMNPQRSTVWXZbcdfghjkmnpqrstvwxz23456789'
const upper = 'BCDFGHJKLMNPQRSTVWXZ234567'
const hex = '0123456789abcdef'
const digits = '0123456789'
const base64 = alnum + '+/'
const base64url = alnum + '-_'
const join = (...parts: string[]) => parts.join('')

interface Kind {
  name: string
  /** Fixed vendor text at the start of the secret, which a message may show. */
  prefix?: string
  /** A fresh secret and the line that holds it. */
  make: () => {secret: string; line: string}
  multiline?: boolean
}

function base64url64(value: string): string {
  return Buffer.from(value).toString('base64url')
}

const kinds: Kind[] = [
  {name: 'AWS access key ID', prefix: 'AKIA', make: () => secretLine('AWS_ACCESS_KEY_ID=', join('AK', 'IA', random(upper, 16)))},
  {name: 'AWS secret access key', make: () => secretLine('AWS_SECRET_ACCESS_KEY=', random(base64, 40))},
  {name: 'GitHub token', prefix: 'ghp_', make: () => secretLine('GITHUB_TOKEN=', join('gh', 'p_', random(alnum, 36)))},
  {name: 'GitHub fine-grained token', prefix: 'github_pat_', make: () => secretLine('GH_TOKEN=', join('github', '_pat_', random(alnum, 22), '_', random(alnum, 59)))},
  {name: 'Slack bot token', prefix: 'xoxb-', make: () => secretLine('SLACK_BOT_TOKEN=', join('xo', 'xb-', random(digits, 12), '-', random(digits, 13), '-', random(alnum, 24)))},
  {name: 'Stripe live key', prefix: 'sk_live_', make: () => secretLine('STRIPE_SECRET_KEY=', join('sk', '_live_', random(alnum, 24)))},
  {name: 'Google API key', prefix: 'AIza', make: () => secretLine('GOOGLE_API_KEY=', join('AI', 'za', random(base64url, 35)))},
  {
    name: 'private key',
    multiline: true,
    // A key made for this run: the scanners check that the block decodes to a key.
    make: () => {
      const {privateKey} = crypto.generateKeyPairSync('rsa', {modulusLength: 1024})
      const pem = privateKey.export({type: 'pkcs1', format: 'pem'}).toString().trim()
      const body = pem.split('\n').slice(1, -1)
      return {secret: body[1]!, line: pem}
    }
  },
  {
    name: 'JWT',
    // The header starts with a key id, so tokens differ from their eleventh character on.
    prefix: 'eyJraWQiOiI',
    make: () => {
      const token = [base64url64('{"kid":"' + random(alnum, 8) + '","alg":"HS256","typ":"JWT"}'), base64url64('{"sub":"' + random(digits, 10) + '"}'), random(base64url, 43)].join('.')
      return secretLine('Authorization: Bearer ', token)
    }
  },
  {name: 'npm token', prefix: 'npm_', make: () => secretLine('NPM_TOKEN=', join('np', 'm_', random(alnum, 36)))},
  {name: 'SendGrid key', prefix: 'SG.', make: () => secretLine('SENDGRID_API_KEY=', join('S', 'G.', random(alnum, 22), '.', random(alnum, 43)))},
  {name: 'Twilio auth token', make: () => secretLine('TWILIO_AUTH_TOKEN=', random(hex, 32))},
  {name: 'OpenAI key', prefix: 'sk-', make: () => secretLine('OPENAI_API_KEY=', join('s', 'k-', random(alnum, 20), 'T3Blbk', 'FJ', random(alnum, 20)))},
  {name: 'Anthropic key', prefix: 'sk-ant-api03-', make: () => secretLine('ANTHROPIC_API_KEY=', join('sk-', 'ant-api03-', random(base64url, 93), 'AA'))},
  {
    name: 'password in a URL',
    make: () => {
      const password = random(alnum, 9) + random(digits, 2) + random(alnum, 9)
      return {secret: password, line: 'DATABASE_URL=postgres://deploy:' + password + '@db.acme-corp.io:5432/app'}
    }
  },
  {name: 'bearer token', make: () => secretLine('Authorization: Bearer ', random(alnum, 40))},
  {name: 'password assignment', make: () => secretLine('DB_PASSWORD=', random(alnum, 8) + random(digits, 2) + random(alnum + '!#%', 8))},
  {name: 'GitLab token', prefix: 'glpat-', make: () => secretLine('GITLAB_TOKEN=', join('gl', 'pat-', random(alnum, 20)))},
  {
    name: 'Azure connection string',
    make: () => {
      const key = random(base64, 86) + '=='
      return {secret: key, line: 'AZURE_STORAGE_CONNECTION_STRING=DefaultEndpointsProtocol=https;AccountName=acmedocs;AccountKey=' + key + ';EndpointSuffix=core.windows.net'}
    }
  },
  {
    name: 'Heroku API key',
    make: () => secretLine('HEROKU_API_KEY=', [random(hex, 8), random(hex, 4), '4' + random(hex, 3), '9' + random(hex, 3), random(hex, 12)].join('-'))
  },
  {name: 'Mailgun key', prefix: 'key-', make: () => secretLine('MAILGUN_API_KEY=', join('ke', 'y-', random(hex, 32)))}
]

function secretLine(before: string, secret: string): {secret: string; line: string} {
  return {secret, line: before + secret}
}

interface Placed {
  kind: Kind
  secret: string
  page: string
  placement: string
}

const image = '![A diagram of the request flow](/images/flow.png)'

/** How much of a secret an output may not show: five characters, or the vendor prefix and one more. */
const prefixLength = (kind: Kind) => Math.max(5, (kind.prefix?.length ?? 0) + 1)
const usedPrefixes = new Set<string>()

/** A secret whose checked prefix no other secret shares, so a finding names the right one. */
function makeUnique(kind: Kind): {secret: string; line: string} {
  for (let attempt = 0; attempt < 1000; attempt++) {
    const made = kind.make()
    const prefix = made.secret.slice(0, prefixLength(kind))
    if (usedPrefixes.has(prefix)) continue
    usedPrefixes.add(prefix)
    return made
  }
  throw new Error('Cannot make a ' + kind.name + ' with a prefix of its own')
}

/** One page per placement, each holding every kind once, with a fixable image beside each secret. */
function buildPages(): {pages: Record<string, string>; placed: Placed[]} {
  const pages: Record<string, string> = {}
  const placed: Placed[] = []
  const frontMatter = (extra = '') => '---\ntitle: Keys\ndescription: Configure the client.\n' + extra + '---\n\n'
  const sections: Record<string, (line: string, kind: Kind) => string | undefined> = {
    code: (line) => '```bash\n' + line + '\n```',
    inline: (line, kind) => (kind.multiline ? undefined : 'Run `' + line + '` in your shell.'),
    jsx: (line, kind) => (kind.multiline ? undefined : '<Tooltip tip="' + line + '">the key</Tooltip> opens the dashboard.'),
    prose: (line, kind) => (kind.multiline ? undefined : 'Then set ' + line + ' in the shell.'),
    // A procedure whose `<Steps>` fix carries the code block, secret and all, into its edit.
    procedure: (line) =>
      '1. Open the dashboard.\n2. Set the key:\n\n   ```bash\n' + line.split('\n').map((row) => '   ' + row).join('\n') + '\n   ```\n\n3. Restart the server.'
  }
  for (const [placement, section] of Object.entries(sections)) {
    const parts: string[] = []
    for (const kind of kinds) {
      const {secret, line} = makeUnique(kind)
      const text = section(line, kind)
      if (text === undefined) continue
      parts.push('## ' + kind.name.replace(/^./, (letter) => letter.toUpperCase()) + '\n\n' + text + '\n\n' + image)
      placed.push({kind, secret, page: placement + '.mdx', placement})
    }
    pages[placement + '.mdx'] = frontMatter() + parts.join('\n\n') + '\n'
  }
  const entries: string[] = []
  for (const kind of kinds) {
    const {secret, line} = makeUnique(kind)
    entries.push(kind.multiline ? 'key: |\n' + line.split('\n').map((row) => '  ' + row).join('\n') : 'env_' + entries.length + ": '" + line + "'")
    placed.push({kind, secret, page: 'front-matter.mdx', placement: 'front matter'})
  }
  pages['front-matter.mdx'] = frontMatter(entries.join('\n') + '\n') + '## Set up\n\n' + image + '\n'
  // Tokens alone (no `NAME=`), where a page holds a URL or a heading: other rules quote these.
  const urlSections: Record<string, (secret: string) => string> = {
    'link URL': (secret) => 'Read [the setup guide](/guides/setup?token=' + secret + ') first.',
    'link anchor': (secret) => 'Read [the key section](/front-matter#' + secret.toLowerCase() + ') first.',
    heading: (secret) => '## Rotate ' + secret + '\n\nRotate it every month.',
    'image src': (secret) => '![A diagram of the flow](/images/' + secret + '.png)',
    'JSX attribute': (secret) => '<Card title="Keys" href="/guides/keys?token=' + secret + '">Manage keys.</Card>'
  }
  for (const [placement, section] of Object.entries(urlSections)) {
    const parts: string[] = []
    for (const kind of kinds.filter((item) => urlSafe.includes(item.name))) {
      const {secret, line} = makeUnique(kind)
      // A token found only where it is assigned (`STRIPE_SECRET_KEY=…`) is masked wherever else the page holds it.
      if (!foundAlone.includes(kind.name)) parts.push('```bash\n' + line + '\n```')
      parts.push(section(secret))
      placed.push({kind, secret, page: placement.replace(' ', '-') + '.mdx', placement})
    }
    pages[placement.replace(' ', '-') + '.mdx'] = frontMatter() + parts.join('\n\n') + '\n'
  }
  return {pages, placed}
}

/** Kinds whose tokens are plain URL characters, for the placements in links, headings and file names. */
const urlSafe = ['GitHub token', 'Stripe live key', 'npm token', 'GitLab token', 'Google API key']
/** Kinds no-secrets finds by their vendor prefix alone, anywhere. */
const foundAlone = ['GitHub token', 'npm token']

const {pages, placed} = buildPages()
// docs.json: a navigation entry holding a token, which the navigation rule quotes.
const configSecret = makeUnique(kinds.find((kind) => kind.name === 'GitHub token')!).secret
placed.push({kind: kinds.find((kind) => kind.name === 'GitHub token')!, secret: configSecret, page: 'docs.json', placement: 'docs.json'})
const navigation = {
  navigation: {groups: [{group: 'Keys', pages: [...Object.keys(pages).map((name) => name.replace(/\.mdx$/, '')), 'guides/setup?token=' + configSecret]}]}
}
const root = tempSite({
  ...pages,
  'docs.json': JSON.stringify({$schema: 'https://mintlify.com/docs.json', theme: 'mint', name: 'Acme', colors: {primary: '#0D9373'}, ...navigation}),
  '.docs-lintrc.json': JSON.stringify({extends: 'all'}),
  'images/flow.png': Buffer.from([0x89, 0x50, 0x4e, 0x47])
})

/** What of a secret an output must not show: more than four characters (past the vendor prefix), or a piece of its middle. */
function leaksOf(output: string): string[] {
  const found: string[] = []
  const lower = output.toLowerCase()
  for (const item of placed) {
    const {secret} = item
    const length = prefixLength(item.kind)
    const middle = secret.slice(Math.floor(secret.length / 2) - 5, Math.floor(secret.length / 2) + 5)
    // The failure names what showed, not the secret: test logs are outputs too.
    const pieces: Array<[string, string]> = [
      [secret, 'the whole secret'],
      [secret.slice(0, length), 'its first ' + length + ' characters'],
      [middle, 'ten characters of its middle']
    ]
    // Heading slugs and anchors show a secret in lower case.
    const shown = pieces.find(([piece]) => output.includes(piece) || lower.includes(piece.toLowerCase()))
    if (shown) found.push(item.kind.name + ' (' + item.placement + ') shows ' + shown[1])
  }
  return found
}

describe('no output shows a secret', () => {
  it('the pages hold every kind of secret, and no-secrets finds each one', async () => {
    const run = await runCli(['--format', 'json'], root)
    const report = JSON.parse(run.stdout) as Array<{path: string; messages: Array<{ruleId: string; line: number; endLine: number}>}>
    const missed: string[] = []
    for (const item of placed) {
      if (item.page === 'docs.json') continue
      const text = pages[item.page]!
      const line = text.slice(0, text.toLowerCase().indexOf(item.secret.toLowerCase())).split('\n').length
      const messages = report.find((file) => file.path === item.page)?.messages ?? []
      if (!messages.some((message) => message.ruleId === 'no-secrets' && message.line <= line && line <= message.endLine)) missed.push(item.kind.name + ' in ' + item.placement + ' (line ' + line + ')')
    }
    expect(placed.length).toBeGreaterThanOrEqual(kinds.length * 5 - 3)
    expect(missed).toEqual([])
  })

  for (const format of ['pretty', 'json', 'sarif', 'github']) {
    it(`--format ${format}`, async () => {
      const run = await runCli(['--format', format], root)
      expect(run.stdout.length).toBeGreaterThan(1000)
      expect(leaksOf(run.stdout + run.stderr)).toEqual([])
    })
  }

  it('--format html, its fix diffs and its data read back as the page reads them', async () => {
    const run = await runCli(['--format', 'html'], root)
    // The findings are JSON inside the page, where a secret would show escaped (`\n`, `\u003c`): read them back.
    const blocks = [...run.stdout.matchAll(/<script type="application\/json"[^>]*>(.*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as {s?: string[]})
    const strings = blocks.flatMap((block) => block.s ?? [])
    // The pages' images are fixable: the report holds the diffs of their lines.
    expect(strings.some((text) => text.includes('+ <Frame>'))).toBe(true)
    expect(leaksOf(run.stdout + '\n' + strings.join('\n') + run.stderr)).toEqual([])
  })

  it('--format json with no-secrets turned off', async () => {
    const run = await runCli(['--format', 'json', '--rule', 'no-secrets=off'], root)
    expect(run.stdout).toContain('broken-links')
    expect(run.stdout).not.toContain('no-secrets')
    expect(leaksOf(run.stdout + run.stderr)).toEqual([])
  })

  it('the --fix-dry-run diff', async () => {
    const run = await runCli(['--fix-dry-run'], root)
    // The images beside the secrets are fixable: the diff has hunks around every secret.
    expect(run.stdout).toContain('+<Frame>')
    expect(leaksOf(run.stdout + run.stderr)).toEqual([])
  })

  it('the --fix-dry-run JSON report', async () => {
    const run = await runCli(['--fix-dry-run', '--format', 'json'], root)
    expect(leaksOf(run.stdout + run.stderr)).toEqual([])
  })

  it('the cache file, and the report of a warm run', async () => {
    const location = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-cache-')), 'cache.json')
    const cold = await runCli(['--format', 'json', '--cache', '--cache-location', location], root)
    const cache = fs.readFileSync(location, 'utf8')
    // The cache holds the pages' links, anchors and titles (for the site checks) and every message.
    expect(cache).toContain('guides/setup')
    expect(leaksOf(cache)).toEqual([])
    const warm = await runCli(['--format', 'json', '--cache', '--cache-location', location], root)
    expect(warm.stdout).toBe(cold.stdout)
    expect(leaksOf(warm.stdout + warm.stderr)).toEqual([])
  })

  it('--fix writes the real text to the file', async () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-fix-'))
    fs.cpSync(root, copy, {recursive: true})
    const run = await runCli(['--fix', '--format', 'json'], copy)
    expect(leaksOf(run.stdout + run.stderr)).toEqual([])
    expect(fs.readFileSync(path.join(copy, 'code.mdx'), 'utf8')).toContain('<Frame>')
    // Every secret is still there, whole, also where a fix moved it: masking is for what docs-lint prints.
    const lost = placed.filter((item) => !fs.readFileSync(path.join(copy, item.page), 'utf8').toLowerCase().includes(item.secret.toLowerCase()))
    expect(lost.map((item) => item.kind.name + ' (' + item.placement + ')')).toEqual([])
  })
})

const serverBin = path.resolve(import.meta.dirname, '../bin/docs-lint-language-server.js')
const serverBuilt = fs.existsSync(path.resolve(import.meta.dirname, '../dist/src/server/index.js'))

describe.skipIf(!serverBuilt)('the language server shows no secret (needs `npx tsc -p .`)', () => {
  const published: PublishDiagnosticsParams[] = []
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
    const uris = Object.keys(pages).map((name) => pathToFileURL(path.join(root, name)).href)
    for (const [index, name] of Object.keys(pages).entries()) {
      await connection.sendNotification(DidOpenTextDocumentNotification.type, {textDocument: {uri: uris[index]!, languageId: 'mdx', version: 1, text: pages[name]!}})
    }
    const deadline = Date.now() + 20_000
    while (Date.now() < deadline && !uris.every((item) => published.some((params) => params.uri === item && params.diagnostics.length > 0))) {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    stop = async () => {
      await connection.sendRequest(ShutdownRequest.type)
      await connection.sendNotification(ExitNotification.type)
      connection.dispose()
      child.kill()
    }
  }, 30_000)

  afterAll(() => stop())

  it('publishDiagnostics', () => {
    const output = JSON.stringify(published)
    expect(published.some((params) => params.diagnostics.some((diagnostic) => diagnostic.code === 'no-secrets'))).toBe(true)
    expect(leaksOf(output)).toEqual([])
  })
})
