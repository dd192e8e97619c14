import {spawnSync} from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {main} from '../../src/cli/index.js'

export interface CliRun {
  code: number
  stdout: string
  stderr: string
}

/** Run the CLI in-process, in `cwd`, capturing its output. */
export async function runCli(args: string[], cwd: string): Promise<CliRun> {
  let stdout = ''
  let stderr = ''
  const code = await main(args, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    cwd,
    isTTY: false
  })
  return {code, stdout, stderr}
}

/** `bin/docs-lint.js`, which runs the bundle that `npm run build` makes (scripts/bundle.mjs). */
export const bin = path.resolve(import.meta.dirname, '../../bin/docs-lint.js')

/** Run the installed bin in a new process, in `cwd`, with `node` flags before it. */
export function runBin(args: string[], cwd: string, nodeFlags: string[] = []): CliRun {
  const run = spawnSync(process.execPath, [...nodeFlags, bin, ...args], {cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024})
  return {code: run.status ?? -1, stdout: run.stdout, stderr: run.stderr}
}

/**
 * Run the installed bin with an ES module load hook and a CommonJS one in every thread (main and
 * workers), and list each file it loaded: `file:` URLs from the first, paths from the second.
 */
export function runBinLoads(args: string[], cwd: string): CliRun & {loaded: string[]; workers: boolean} {
  const hooks = `export async function load(url, context, next) { console.error('LOADED ' + url); return next(url, context) }`
  const preload = [
    `import Module, {register} from 'node:module'`,
    `import {isMainThread} from 'node:worker_threads'`,
    `register(${JSON.stringify('data:text/javascript,' + encodeURIComponent(hooks))})`,
    `const load = Module._load`,
    `Module._load = function (request, parent, isMain) { try { console.error('LOADED ' + Module._resolveFilename(request, parent, isMain)) } catch {} return load.apply(this, arguments) }`,
    `if (!isMainThread) console.error('WORKER')`
  ].join('\n')
  const run = runBin(args, cwd, ['--import', 'data:text/javascript,' + encodeURIComponent(preload)])
  const loaded = [...run.stderr.matchAll(/^LOADED (.*)$/gm)].map((match) => match[1]!)
  return {...run, loaded, workers: /^WORKER$/m.test(run.stderr)}
}

/** A temporary folder holding `files` (path → content). */
export function tempSite(files: Record<string, string | Buffer>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-test-'))
  for (const [name, content] of Object.entries(files)) {
    const target = path.join(root, name)
    fs.mkdirSync(path.dirname(target), {recursive: true})
    fs.writeFileSync(target, content)
  }
  return root
}

export const goodPage = '---\ntitle: Install\ndescription: Install the command-line tool.\n---\n\n## Requirements\n\nYou need Node.js 20.\n'
