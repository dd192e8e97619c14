#!/usr/bin/env node
// Latency of the language server from the last change of a 2,000-line page to its diagnostics, as a
// writer sees it: the server runs over stdio, the page is typed into in bursts, and each burst's last
// change is timed until the diagnostics of that version arrive (the debounce included: 50 to 150 ms,
// as long as the page's last lint took).
// The page lives in a copy of a real site (docs.json, navigation, other pages) so site checks run too.
// Usage: node bench/server-latency.mjs [site folder] [bursts] [lines]   (needs `npx tsc -p .` first)
// `lines` (default 2000) sets the page's length: from about 12,000 lines (256 KB) the server lints it in a worker.
import {spawn} from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'
import {
  createProtocolConnection,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter
} from 'vscode-languageserver-protocol/node.js'
import {VFile} from 'vfile'
import {unified} from 'unified'
import remarkParse from 'remark-parse'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import remarkMdx from 'remark-mdx'
import {lint} from '../dist/src/index.js'
import {enableIncrementalParse} from '../dist/src/page/incremental-parse.js'
import {referencePage} from './reference-page.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const site = path.resolve(process.argv[2] ?? path.join(here, '../../shared/corpora/hoppscotch__docs'))
const bursts = Number(process.argv[3] ?? 20)
const pageLines = Number(process.argv[4] ?? 2000)

const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-latency-'))
if (fs.existsSync(site)) fs.cpSync(site, workspace, {recursive: true})
else console.log('site folder not found: ' + site + ', using an empty workspace (no site checks)')
const pagePath = path.join(workspace, 'reference-latency.mdx')
const uri = pathToFileURL(pagePath).href
let text = referencePage(pageLines)
fs.writeFileSync(pagePath, text)

const child = spawn(process.execPath, [path.join(here, '../bin/docs-lint-language-server.js'), '--stdio'], {stdio: ['pipe', 'pipe', 'inherit']})
const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin))
const waiting = new Map()
connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
  if (params.uri !== uri) return
  waiting.get(params.version)?.(params)
})
connection.onRequest('workspace/configuration', (params) => params.items.map(() => null))
connection.onRequest('client/registerCapability', () => null)
connection.listen()

const diagnosticsOf = (version) => new Promise((resolve) => waiting.set(version, resolve))
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

await connection.sendRequest(InitializeRequest.type, {
  processId: process.pid,
  rootUri: pathToFileURL(workspace).href,
  workspaceFolders: [{uri: pathToFileURL(workspace).href, name: 'site'}],
  capabilities: {workspace: {configuration: true, didChangeWatchedFiles: {dynamicRegistration: true}}}
})
await connection.sendNotification(InitializedNotification.type, {})

let version = 1
let start = performance.now()
const first = diagnosticsOf(1)
await connection.sendNotification(DidOpenTextDocumentNotification.type, {textDocument: {uri, languageId: 'mdx', version, text}})
const opened = await first
console.log(`page: ${text.split('\n').length - 1} lines, ${text.length} characters, ${opened.diagnostics.length} diagnostics`)
console.log(`open to diagnostics (cold): ${(performance.now() - start).toFixed(0)} ms`)

const latencies = []
for (let burst = 0; burst < bursts; burst++) {
  // Five keystrokes 40 ms apart in the middle of the page, then wait for the last one's diagnostics.
  let result
  for (let key = 0; key < 5; key++) {
    const at = Math.floor(text.length / 2)
    text = text.slice(0, at) + (key === 4 ? '\n' : 'x') + text.slice(at)
    version++
    result = diagnosticsOf(version)
    start = performance.now()
    await connection.sendNotification(DidChangeTextDocumentNotification.type, {textDocument: {uri, version}, contentChanges: [{text}]})
    if (key < 4) await sleep(40)
  }
  await result
  latencies.push(performance.now() - start)
}

// In order: the first bursts come within seconds of the workspace's copy, when the server cannot yet
// trust its folders' times and lists the site again for each edit (see src/site/memo.ts).
console.log('each burst, in order: ' + latencies.map((ms) => ms.toFixed(0)).join(' ') + ' ms')
latencies.sort((a, b) => a - b)
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]
console.log(`last change to diagnostics over ${bursts} bursts: median ${at(0.5).toFixed(0)} ms, p90 ${at(0.9).toFixed(0)} ms, min ${latencies[0].toFixed(0)} ms, max ${latencies[latencies.length - 1].toFixed(0)} ms`)

await connection.sendRequest(ShutdownRequest.type)
await connection.sendNotification(ExitNotification.type)
connection.dispose()

// For scale: the same page through `lint()` in this process (what the server calls), and the parse alone.
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]
const cpuMs = (usage) => (usage.user + usage.system) / 1000
const lintTimes = []
const lintCpu = []
const parseTimes = []
const parser = unified().use(remarkParse).use(remarkFrontmatter).use(remarkGfm).use(remarkMdx).freeze()
for (let run = 0; run < 7; run++) {
  let begin = performance.now()
  const cpu = process.cpuUsage()
  await lint({files: [new VFile({path: pagePath, value: text})], cwd: workspace})
  lintCpu.push(cpuMs(process.cpuUsage(cpu)))
  lintTimes.push(performance.now() - begin)
  begin = performance.now()
  parser.parse(text)
  parseTimes.push(performance.now() - begin)
}
// And as the server lints it: each edit re-parses only what it changed.
enableIncrementalParse()
const editTimes = []
await lint({files: [new VFile({path: pagePath, value: text})], cwd: workspace})
for (let run = 0; run < 7; run++) {
  const at = Math.floor(text.length / 2)
  text = text.slice(0, at) + 'x' + text.slice(at)
  const begin = performance.now()
  await lint({files: [new VFile({path: pagePath, value: text})], cwd: workspace})
  editTimes.push(performance.now() - begin)
}
console.log(`in process, same page: lint() median ${median(lintTimes).toFixed(0)} ms wall, ${median(lintCpu).toFixed(0)} ms CPU; parsing alone (remark + GFM + MDX) ${median(parseTimes).toFixed(0)} ms; ` +
  `lint() after a one-character edit, re-parsing only the changed part: median ${median(editTimes).toFixed(0)} ms`)
console.log(`load average while measuring: ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores (wall times grow with it)`)
fs.rmSync(workspace, {recursive: true, force: true})
