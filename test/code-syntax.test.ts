import {spawnSync} from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {lintText, resolveConfig} from '../src/index.js'
import {formatMessage} from './helpers/examples.js'

// What the examples of docs/rules/code-syntax.mdx do not show: where a message points in a block
// indented in a component, the shell quoting of `curl` bodies, the fragments docs are made of, and
// that a parser loads only for a page that has a block of its language.

const config = resolveConfig({rules: {'code-syntax': 'warn'}})
const page = (body: string) => '---\ntitle: Page\ndescription: A page.\n---\n\n' + body + '\n'

async function messages(body: string): Promise<string[]> {
  return (await lintText(page(body), {path: 'page.mdx', config})).messages.map(formatMessage)
}

const fence = (lang: string, code: string) => '```' + lang + '\n' + code + '\n```'

describe('code-syntax', () => {
  it('points into a block indented in a component', async () => {
    const body = '<CodeGroup>\n  ```json Request\n  {\n    "a": 1\n    "b": 2\n  }\n  ```\n</CodeGroup>'
    expect(await messages(body)).toEqual(['10:5-10:8 warning Unexpected `"b"` in JSON code block, expected `,`'])
  })

  it('reads a curl body as the shell passes it, and skips one the shell would change', async () => {
    const escaped = fence('bash', 'curl https://api.example.com \\\n  --data-raw "{\\"a\\": 1 \\"b\\": 2}"')
    expect(await messages(escaped)).toEqual(['8:25-8:30 warning Unexpected `"b"` in JSON body of a `curl` command, expected `,`'])
    const variable = fence('bash', 'curl https://api.example.com -d "{\\"user\\": $USER}"')
    const joined = fence('bash', "curl https://api.example.com -d '{\"user\": '\"$USER\"'}'")
    const lines = fence('bash', "curl https://api.example.com/ingest \\\n  -H 'Content-Type: application/x-ndjson' \\\n  -d '{\"a\": 1}\n{\"a\": 2}'")
    expect(await messages([variable, joined, lines].join('\n\n'))).toEqual([])
  })

  it('leaves alone the fragments and transcripts docs are made of', async () => {
    const blocks = [
      fence('json', '{"event": "created"}\n{"event": "deleted"}'),
      fence('json', '// Request\n{"id": 1}\n// Response\n{"id": 1, "name": "Ada"}'),
      fence('json', '"name": "Ada",\n"role": "admin",'),
      fence('python', '%pip install acme\nimport acme'),
      fence('python', 'try:\n    # call the API\nexcept AcmeError:\n    pass'),
      fence('python', 'async def lifespan(app):\n    yield'),
      fence('python', '12:00:01 | INFO | Flow run started\n12:00:02 | INFO | Finished in state Completed()'),
      fence('ts', 'const user = await client.users.get("usr_123") // [!code highlight]'),
      fence('js', '  const a = 1\n+ const b = 2\n- const c = 3'),
      fence('js', 'docker run -p 3000:3000 acme/server'),
      fence('yaml', 'Sign request: 6878e048\n  Status: created\n  Signers: 2')
    ]
    expect(await messages(blocks.join('\n\n'))).toEqual([])
  })

  it('leaves alone a block nested deeper than any example, without a stack overflow', async () => {
    const deep = '['.repeat(20_000) + ']'.repeat(20_000)
    expect(await messages([fence('json', deep), fence('python', 'x = ' + deep + ')'), fence('js', 'f(' + deep)].join('\n\n'))).toEqual([])
  }, 60_000)

  it('reports an error before a placeholder, and none from it on', async () => {
    const before = fence('python', 'client = Client(\n    region="eu"\n    api_key="<API_KEY>",\n)')
    const after = fence('python', 'client = Client(\n    api_key=<API_KEY>,\n    region="eu"\n    timeout=3,\n)')
    expect(await messages(before + '\n\n' + after)).toEqual(['9:5-9:12 warning Unexpected `api_key` in Python code block, expected `,`'])
  })
})

describe('the parsers of code-syntax', () => {
  const dist = path.resolve(import.meta.dirname, '../dist/src/index.js')
  it.skipIf(!fs.existsSync(dist))('load on the first block of their language, not before', () => {
    const script = [
      `const {createRequire} = await import('node:module')`,
      `const {lintText, resolveConfig} = await import(${JSON.stringify(dist)})`,
      `const config = resolveConfig({rules: {'code-syntax': 'warn'}})`,
      `const loaded = () => Object.keys(createRequire(${JSON.stringify(dist)}).cache).filter((file) => /@lezer|acorn-typescript|smol-toml/.test(file)).map((file) => file.replace(/^.*node_modules\\//, '').split('/').slice(0, 2).join('/'))`,
      `await lintText('# Go\\n\\n\\\`\\\`\\\`go\\nfunc main() {}\\n\\\`\\\`\\\`\\n', {config})`,
      `console.log(JSON.stringify([...new Set(loaded())]))`,
      `await lintText('# Python\\n\\n\\\`\\\`\\\`python\\nprint(1)\\n\\\`\\\`\\\`\\n', {config})`,
      `console.log(JSON.stringify([...new Set(loaded())]))`
    ].join('\n')
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {encoding: 'utf8'})
    expect(run.stderr).toBe('')
    const [before, after] = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as string[])
    expect(before).toEqual([])
    expect(after).toContain('@lezer/python')
    expect(after).not.toContain('smol-toml/dist')
  })
})
