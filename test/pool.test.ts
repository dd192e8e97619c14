import {spawnSync} from 'node:child_process'
import {fileURLToPath} from 'node:url'
import {describe, expect, it} from 'vitest'
import {goodPage, tempSite} from './helpers/cli.js'
import {PagePool, heavyPageSize, nextToStart} from '../src/engine/pool.js'
import {resolveConfig} from '../src/config/resolve.js'
import {serializeConfig} from '../src/engine/remote.js'

const light = {size: 1000}
const heavy = {size: heavyPageSize}
const sizeOf = (task: {size: number}) => task.size

describe('the worker pool starts one large page at a time', () => {
  it('starts the first page in the queue when no large page is being linted', () => {
    expect(nextToStart([heavy, light], false, sizeOf)).toBe(0)
    expect(nextToStart([light, heavy], true, sizeOf)).toBe(0)
    expect(nextToStart([], false, sizeOf)).toBe(-1)
  })

  it('holds a large page while another is being linted, and starts the next small one instead', () => {
    expect(nextToStart([heavy, heavy, light, light], true, sizeOf)).toBe(2)
    expect(nextToStart([heavy, heavy], true, sizeOf)).toBe(-1)
  })

  it('lints every page of a queue of large pages, each with its own result', async () => {
    const pool = new PagePool(2, 30_000)
    const config = serializeConfig(resolveConfig(undefined))
    const page = (index: number) => {
      const body = '## Section ' + index + '\n\n' + 'Text of a long page. '.repeat(heavyPageSize / 20) + '\n'
      return '---\ntitle: Page ' + index + '\ndescription: A long page.\n---\n\n# Extra heading ' + index + '\n\n' + body
    }
    try {
      const outcomes = await Promise.all(
        [0, 1, 2, 3, 4].map((index) => {
          const value = page(index)
          return pool.run({path: 'page-' + index + '.mdx', cwd: '/', value, size: value.length, config, maxFileSize: undefined})
        })
      )
      expect(outcomes.map((outcome) => outcome.result.messages.find((message) => message.ruleId === 'heading-levels')?.place)).toEqual(
        [0, 1, 2, 3, 4].map(() => ({start: {line: 6, column: 1, offset: 49}, end: {line: 6, column: 18, offset: 66}}))
      )
    } finally {
      await pool.close()
    }
  })
})

describe('the threads the pool starts', () => {
  // Node 20 aborts the whole process (`FATAL ERROR: v8::Module::IsGraphAsync must be used on an
  // instantiated module`) when a thread is ended while it loads an ES module through require(), which
  // the compiled modules in dist/src do on first use. The pool ends workers (a page past its time, the
  // end of a run, possibly while a worker still starts), so every worker runs the bundle instead.
  it('run the bundle, and load no package through require(), when the library (dist/src) starts them', () => {
    const root = tempSite(Object.fromEntries(Array.from({length: 12}, (_, index) => ['page-' + index + '.mdx', goodPage + '\n# Extra ' + index + '\n'])))
    const engine = fileURLToPath(new URL('../dist/src/engine/index.js', import.meta.url))
    const preload = [
      `import Module from 'node:module'`,
      `import {isMainThread} from 'node:worker_threads'`,
      `const load = Module._load`,
      `if (!isMainThread) Module._load = function (request, parent, isMain) { try { console.error('WORKER LOADED ' + Module._resolveFilename(request, parent, isMain)) } catch {} return load.apply(this, arguments) }`
    ].join('\n')
    const script = `
      const {lint} = await import(${JSON.stringify(engine)})
      const result = await lint({patterns: ['.'], cwd: ${JSON.stringify(root)}, jobs: 2})
      console.log(result.files.filter((file) => file.messages.some((message) => message.ruleId === 'heading-levels')).length)`
    const run = spawnSync(process.execPath, ['--import', 'data:text/javascript,' + encodeURIComponent(preload), '--input-type=module', '-e', script], {cwd: root, encoding: 'utf8'})
    expect(run.status).toBe(0)
    expect(run.stdout.trim()).toBe('12')
    const loaded = [...run.stderr.matchAll(/^WORKER LOADED (.*)$/gm)].map((match) => match[1]!.split('\\').join('/'))
    expect(loaded.filter((file) => file.endsWith('/dist/bundle/load.cjs')).length).toBeGreaterThanOrEqual(2)
    expect(loaded.filter((file) => file.includes('/node_modules/') || file.includes('/dist/src/'))).toEqual([])
  }, 60_000)

  it('leave the V8 flags of a program that lints through the library as they were', () => {
    // V8's flags are the whole process's: a worker that set docs-lint's own (src/engine/memory.ts) would
    // change them under the program that called `lint`. One of them, --expose-gc, shows: a global
    // `gc` in every context made after it.
    const root = tempSite(Object.fromEntries(Array.from({length: 4}, (_, index) => ['page-' + index + '.mdx', goodPage + '\n# Extra ' + index + '\n'])))
    const engine = fileURLToPath(new URL('../dist/src/engine/index.js', import.meta.url))
    const script = `
      import vm from 'node:vm'
      const {lint} = await import(${JSON.stringify(engine)})
      const result = await lint({patterns: ['.'], cwd: ${JSON.stringify(root)}, jobs: 2})
      console.log(result.files.filter((file) => file.messages.some((message) => message.ruleId === 'heading-levels')).length, vm.runInNewContext('typeof gc'))`
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {cwd: root, encoding: 'utf8'})
    expect(run.stderr).toBe('')
    expect(run.stdout.trim()).toBe('4 undefined')
  }, 60_000)

  it('start under the V8 flags of the process that starts them (node --max-old-space-size=1024)', () => {
    // A worker refuses V8 flags given to it explicitly, but inherits them: with them given, every page
    // waited for a worker that never started, and the run ended silently with exit code 0.
    const root = tempSite(Object.fromEntries(Array.from({length: 6}, (_, index) => ['page-' + index + '.mdx', goodPage + '\n# Extra ' + index + '\n'])))
    const bin = fileURLToPath(new URL('../bin/docs-lint.js', import.meta.url))
    const run = spawnSync(process.execPath, ['--max-old-space-size=1024', bin, '--format', 'json', '--jobs', '2', '.'], {cwd: root, encoding: 'utf8'})
    expect(run.stderr).toBe('')
    expect(run.status).toBe(1)
    const files = JSON.parse(run.stdout) as Array<{messages: Array<{ruleId: string}>}>
    expect(files.filter((file) => file.messages.some((message) => message.ruleId === 'heading-levels'))).toHaveLength(6)
  }, 60_000)
})
