import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {lint} from '../src/engine/index.js'
import {formatMessage} from './helpers/examples.js'
import {tempSite} from './helpers/cli.js'

// What the doc pages' examples of auth-format and api-drift cannot show: the run's notice for a remote
// OpenAPI file, comments that turn a site finding off, and a cached run that sees an edited code block.

const docsJson = (extra: Record<string, unknown>) => JSON.stringify({theme: 'mint', name: 'Acme', colors: {primary: '#0B6E4F'}, ...extra})
const spec = JSON.stringify({
  openapi: '3.0.3',
  info: {title: 'Acme', version: '1'},
  servers: [{url: 'https://api.acme.com/v1'}],
  components: {securitySchemes: {bearerAuth: {type: 'http', scheme: 'bearer'}}},
  security: [{bearerAuth: []}],
  paths: {'/users': {get: {summary: 'List users', parameters: [{name: 'limit', in: 'query', schema: {type: 'integer'}}], responses: {'200': {description: 'The users.'}}}}}
})
const request = (header: string) => '---\ntitle: Quickstart\ndescription: Call the API.\n---\n\n```bash\ncurl https://api.acme.com/v1/users \\\n  --header "Authorization: ' + header + '"\n```\n'

async function run(root: string, rules: Record<string, string>, cache?: string) {
  const configPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-api-')), 'config.json')
  fs.writeFileSync(configPath, JSON.stringify({rules}))
  const result = await lint({patterns: ['.'], cwd: root, configPath, ...(cache ? {cache: true, cacheLocation: cache} : {})})
  return {messages: result.files.flatMap((file) => file.messages.map(formatMessage)), notices: result.notices}
}

describe('api-completeness', () => {
  it('finds the OpenAPI file of the site when the config names none, as the platform does', async () => {
    const page = (route: string) => '---\nopenapi: GET ' + route + '\n---\n'
    const root = tempSite({'docs.json': docsJson({}), 'reference/openapi.json': spec, 'package.json': '{"name": "site"}', 'a.mdx': page('/users')})
    const {messages, notices} = await run(root, {'api-completeness': 'warn'})
    expect(notices).toEqual([])
    expect(messages).toEqual([
      '2:10-2:20 warning Missing description of query parameter `limit` of `GET /users` in `reference/openapi.json`, expected what it holds',
      '2:10-2:20 warning Missing error response of `GET /users` in `reference/openapi.json`, which declares only `200`, expected the errors it answers with'
    ])
  })

  it('reads an OpenAPI file added to the site since the last cached run', async () => {
    const root = tempSite({'docs.json': docsJson({}), 'a.mdx': '---\nopenapi: GET /users\n---\n'})
    const cache = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-api-cache-')), 'cache')
    expect((await run(root, {'api-completeness': 'warn'}, cache)).messages).toEqual([])
    fs.mkdirSync(path.join(root, 'api'))
    fs.writeFileSync(path.join(root, 'api', 'openapi.json'), spec)
    expect((await run(root, {'api-completeness': 'warn'}, cache)).messages).toHaveLength(2)
  })

  it('reports a page whose operation is in none of the OpenAPI files, or whose file is missing', async () => {
    const page = (operation: string) => '---\nopenapi: ' + operation + '\n---\n'
    const root = tempSite({'docs.json': docsJson({}), 'openapi.json': spec, 'a.mdx': page('GET /accounts'), 'b.mdx': page('missing GET /users'), 'c.mdx': page('GET /Users/')})
    const {messages, notices} = await run(root, {'api-completeness': 'warn'})
    expect(messages.filter((message) => message.includes('/accounts') || message.includes('missing') || message.includes('/Users/`'))).toEqual([
      '2:10-2:23 warning Unexpected OpenAPI operation `GET /accounts`: not in `openapi.json`, expected an operation of the file: the platform shows no reference for this page',
      '2:10-2:28 warning Unexpected OpenAPI file `missing` for `GET /users`: no such file, expected a readable OpenAPI file',
      '2:10-2:21 warning Unexpected OpenAPI operation `GET /Users/`: not in `openapi.json`, expected `GET /users`, as the file writes it'
    ])
    expect(notices).toEqual([])
  })

  it('gives no operation for a stale page when another page is tied to it already', async () => {
    const page = (operation: string) => '---\nopenapi: ' + operation + '\n---\n'
    const root = tempSite({'docs.json': docsJson({}), 'openapi.json': spec, 'list.mdx': page('GET /users'), 'old.mdx': page('GET /USERS/')})
    const {messages} = await run(root, {'api-completeness': 'warn'})
    expect(messages.filter((message) => message.includes('USERS'))).toEqual([
      '2:10-2:21 warning Unexpected OpenAPI operation `GET /USERS/`: not in `openapi.json`, expected an operation of the file: the platform shows no reference for this page'
    ])
  })

  it('says once, with their count, that pages tied to an operation were not checked when the site has no OpenAPI file', async () => {
    const page = (route: string) => '---\nopenapi: GET ' + route + '\n---\n'
    const root = tempSite({'docs.json': docsJson({}), 'a.mdx': page('/users'), 'b.mdx': page('/users/{id}'), 'data.yaml': 'openapi: not a version\n'})
    const {messages, notices} = await run(root, {'api-completeness': 'warn'})
    expect(messages).toEqual([])
    expect(notices).toEqual([
      'a.mdx:2:10: not checked: the parameters, fields and error responses of 2 pages tied to an OpenAPI operation (first `GET /users`), since the config names no OpenAPI file and the site holds none: add it and name it in `openapi` of the config or in the front matter (`openapi: /openapi.json GET /users`)'
    ])
  })
})

describe('api-drift', () => {
  it('says once, in a notice, that the pages of a remote OpenAPI file were not checked', async () => {
    const page = (name: string) => '---\nopenapi: GET /users/{id}\n---\n\n<ParamField path="' + name + '" type="string" required>\n  The ID.\n</ParamField>\n'
    const root = tempSite({'docs.json': docsJson({openapi: 'https://api.acme.com/openapi.json'}), 'a.mdx': page('id'), 'b.mdx': page('user_id')})
    const {messages, notices} = await run(root, {'api-drift': 'warn'})
    expect(messages).toEqual([])
    expect(notices.filter((notice) => notice.includes('https://api.acme.com/openapi.json'))).toHaveLength(1)
  })

  it('leaves a page alone when its only parameters come from the OpenAPI file', async () => {
    const root = tempSite({'docs.json': docsJson({openapi: 'openapi.json'}), 'openapi.json': spec, 'list.mdx': '---\nopenapi: GET /users\n---\n\nSee also the [guide](/list).\n'})
    expect((await run(root, {'api-drift': 'warn'})).messages).toEqual([])
  })
})

describe('auth-format', () => {
  it('turns a site finding off with comments around its code block', async () => {
    const page = request('<API_KEY>').replace('```bash', '{/* docs-lint-disable auth-format */}\n\n```bash') + '\n{/* docs-lint-enable auth-format */}\n'
    const root = tempSite({'docs.json': docsJson({openapi: 'openapi.json'}), 'openapi.json': spec, 'index.mdx': page})
    expect((await run(root, {'auth-format': 'warn'})).messages).toEqual([])
  })

  it('sees an edited code block in a cached run, and a changed OpenAPI file', async () => {
    const root = tempSite({'docs.json': docsJson({openapi: 'openapi.json'}), 'openapi.json': spec, 'index.mdx': request('<API_KEY>')})
    const cache = path.join(root, '.cache')
    const missing = ['index.mdx 8:28-8:37 warning Missing scheme in the `Authorization` header, expected `Authorization: Bearer <API_KEY>`, as `openapi.json` says']
    const relative = (messages: string[]) => messages.map((message) => 'index.mdx ' + message)
    expect(relative((await run(root, {'auth-format': 'warn'}, cache)).messages)).toEqual(missing)
    expect(relative((await run(root, {'auth-format': 'warn'}, cache)).messages)).toEqual(missing)
    fs.writeFileSync(path.join(root, 'openapi.json'), spec.replace('"bearer"', '"basic"'))
    expect((await run(root, {'auth-format': 'warn'}, cache)).messages[0]).toContain('`Authorization: Basic <BASE64_CREDENTIALS>`')
    fs.writeFileSync(path.join(root, 'index.mdx'), request('Basic <BASE64_CREDENTIALS>'))
    expect((await run(root, {'auth-format': 'warn'}, cache)).messages).toEqual([])
  })

  it('never shows a credential that may be real', async () => {
    const root = tempSite({'docs.json': docsJson({openapi: 'openapi.json'}), 'openapi.json': spec, 'index.mdx': request('sk_live_4eC39HqLyjWDarjtT1zdp7dc')})
    const {messages} = await run(root, {'auth-format': 'warn'})
    expect(messages).toHaveLength(1)
    expect(messages[0]).toContain('`Authorization: Bearer <API_KEY>`')
    expect(messages.join('\n')).not.toContain('4eC39Hq')
  })
})
