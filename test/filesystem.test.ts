import {spawn} from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {afterEach, describe, expect, it, vi} from 'vitest'
import {bin, goodPage, runCli, tempSite} from './helpers/cli.js'

// The file system as a hostile site shapes it: symbolic links out of the site and into loops, hard
// links, and a page edited while `--fix` runs. Each test says what the user would see.

interface Reported {
  path: string
  messages: Array<{ruleId: string; line: number | null; fatal: boolean | null; reason: string}>
}

const fixablePage = goodPage.replace('## Requirements', '# Requirements')
const secretText = 'OUTSIDE-FILE-CONTENT-7f3a'

/** A folder holding `site/` (the folder linted) and `outside/` beside it. */
function siteWithOutside(files: Record<string, string>): {parent: string; root: string; outside: string} {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-fs-'))
  const root = path.join(parent, 'site')
  const outside = path.join(parent, 'outside')
  fs.mkdirSync(outside)
  fs.writeFileSync(path.join(outside, 'secret.mdx'), fixablePage + '\n' + secretText + '\n')
  fs.mkdirSync(path.join(outside, 'folder'))
  fs.writeFileSync(path.join(outside, 'folder', 'page.mdx'), fixablePage)
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), {recursive: true})
    fs.writeFileSync(path.join(root, name), content)
  }
  return {parent, root, outside}
}

async function lintJson(cwd: string, args: string[]): Promise<{code: number; report: Reported[]; stdout: string; stderr: string}> {
  const run = await runCli(['--format', 'json', ...args], cwd)
  return {code: run.code, report: run.stdout.startsWith('[') ? (JSON.parse(run.stdout) as Reported[]) : [], stdout: run.stdout, stderr: run.stderr}
}

describe('symbolic links never lead out of the folder linted', () => {
  it('a page that links to a file outside is not read: one message names it, and --fix and --fix-dry-run leave both alone', async () => {
    const {root, outside} = siteWithOutside({'index.mdx': goodPage})
    fs.symlinkSync('../outside/secret.mdx', path.join(root, 'evil.mdx'))
    const before = fs.readFileSync(path.join(outside, 'secret.mdx'), 'utf8')

    const {code, report, stdout} = await lintJson(root, ['--jobs', '0'])
    expect(report.find((file) => file.path === 'evil.mdx')!.messages).toEqual([
      expect.objectContaining({ruleId: 'read-error', fatal: true, line: 1, reason: 'Not read: the page is a symbolic link to a file outside the folder linted, expected a file inside it'})
    ])
    expect(report.find((file) => file.path === 'index.mdx')!.messages).toEqual([])
    expect(stdout).not.toContain(secretText)
    expect(code).toBe(1)

    const dryRun = await runCli(['--fix-dry-run'], root)
    expect(dryRun.stdout).not.toContain(secretText)
    expect(dryRun.stdout).not.toContain('Requirements')

    await runCli(['--fix'], root)
    expect(fs.lstatSync(path.join(root, 'evil.mdx')).isSymbolicLink()).toBe(true)
    expect(fs.readFileSync(path.join(outside, 'secret.mdx'), 'utf8')).toBe(before)
  })

  it('the same when the page is named on the command line, from another folder', async () => {
    const {parent, root} = siteWithOutside({'index.mdx': goodPage})
    fs.symlinkSync('../outside/secret.mdx', path.join(root, 'evil.mdx'))
    const {report, stdout} = await lintJson(parent, ['site/evil.mdx'])
    expect(report.map((file) => [file.path, file.messages.map((message) => message.ruleId)])).toEqual([['site/evil.mdx', ['read-error']]])
    expect(stdout).not.toContain(secretText)
  })

  it('a folder that links outside is not walked, with a notice', async () => {
    const {root} = siteWithOutside({'index.mdx': goodPage})
    fs.symlinkSync('../outside/folder', path.join(root, 'shared'))
    const {report, stderr} = await lintJson(root, [])
    expect(report.map((file) => file.path)).toEqual(['index.mdx'])
    expect(stderr).toBe('docs-lint: not walked: `shared` is a symbolic link to a folder outside the folder linted\n')
  })

  it('a loop (`loop -> ..`) is not walked when the site is given as a path outside the current folder', async () => {
    const {parent, root} = siteWithOutside({'index.mdx': goodPage, 'a/page.mdx': goodPage, 'b/page.mdx': goodPage})
    // Two loops make 2^40 paths for a walk that follows them: the run would never end.
    fs.symlinkSync('..', path.join(root, 'a', 'loop'))
    fs.symlinkSync('..', path.join(root, 'b', 'loop'))
    const elsewhere = path.join(parent, 'elsewhere')
    fs.mkdirSync(elsewhere)
    // A walk that followed the loops would never end: the test's time limit is the check.
    const {report} = await lintJson(elsewhere, ['../site'])
    expect(report.map((file) => file.path)).toEqual(['../site/a/page.mdx', '../site/b/page.mdx', '../site/index.mdx'])
  }, 60_000)

  it('--fix writes through a link inside the site to its target: the link stays a link', async () => {
    const root = tempSite({'index.mdx': fixablePage})
    fs.symlinkSync('index.mdx', path.join(root, 'alias.mdx'))
    const {code} = await lintJson(root, ['--fix'])
    expect(fs.lstatSync(path.join(root, 'alias.mdx')).isSymbolicLink()).toBe(true)
    expect(fs.readlinkSync(path.join(root, 'alias.mdx'))).toBe('index.mdx')
    expect(fs.readFileSync(path.join(root, 'index.mdx'), 'utf8')).toBe(goodPage)
    expect(code).toBe(0)
  })

  it('--fix keeps a hard link whole: both names still share one file, left unfixed with a message', async () => {
    const root = tempSite({'index.mdx': fixablePage})
    fs.linkSync(path.join(root, 'index.mdx'), path.join(root, 'copy.mdx'))
    const {report} = await lintJson(root, ['--fix'])
    const one = fs.statSync(path.join(root, 'index.mdx'))
    const other = fs.statSync(path.join(root, 'copy.mdx'))
    expect(one.ino).toBe(other.ino)
    expect(one.nlink).toBe(2)
    expect(fs.readFileSync(path.join(root, 'copy.mdx'), 'utf8')).toBe(fs.readFileSync(path.join(root, 'index.mdx'), 'utf8'))
    expect(report.find((file) => file.path === 'index.mdx')!.messages.find((message) => message.ruleId === 'fix-error')).toMatchObject({
      ruleId: 'fix-error',
      reason: 'Cannot write fixes: the file has 2 hard links, and replacing it would split them; fix it by hand'
    })
  })
})

describe('an edit saved while --fix runs is never lost', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('a page changed between its read and its write is left as changed, with a warning', async () => {
    const root = tempSite({'a.mdx': fixablePage, 'b.mdx': fixablePage})
    const page = path.join(root, 'a.mdx')
    const fsync = fs.fsyncSync
    // An editor saves `a.mdx` while its fixed text is being written.
    vi.spyOn(fs, 'fsyncSync').mockImplementation((fd) => {
      fsync(fd)
      if (!fs.readFileSync(page, 'utf8').includes('Saved by the editor')) fs.appendFileSync(page, '\nSaved by the editor.\n')
    })
    const {code, report} = await lintJson(root, ['--fix', '--jobs', '0'])
    expect(fs.readFileSync(page, 'utf8')).toBe(fixablePage + '\nSaved by the editor.\n')
    const messages = report.find((file) => file.path === 'a.mdx')!.messages
    expect(messages.find((message) => message.ruleId === 'fix-error')).toMatchObject({ruleId: 'fix-error', fatal: false, reason: 'Not fixed: the file changed while docs-lint was fixing it; run `--fix` again'})
    // The problem it still has is reported, and the exit code says so.
    expect(messages.map((message) => message.ruleId)).toContain('heading-levels')
    expect(code).toBe(1)
    expect(fs.readFileSync(path.join(root, 'b.mdx'), 'utf8')).toBe(goodPage)
    expect(fs.readdirSync(root).sort()).toEqual(['a.mdx', 'b.mdx'])
  })

  it('a writer that appends a line every 50 ms while --fix runs loses none', async () => {
    // Large pages with many fixes each: every page is in the middle of being fixed for a while.
    const body = Array.from({length: 400}, (_, index) => '# Section ' + index + '\n\nThe service stores the records of region ' + index + '.\n').join('\n')
    const pages: Record<string, string> = {}
    for (let index = 0; index < 6; index++) pages['p' + index + '.mdx'] = '---\ntitle: Page ' + index + '\ndescription: Page ' + index + ' of the set.\n---\n\n' + body
    const root = tempSite(pages)
    const names = Object.keys(pages)
    const stop = path.join(os.tmpdir(), 'docs-lint-stop-' + process.pid + '-' + Date.now())
    const writerScript = `
      const fs = require('node:fs'); const path = require('node:path')
      const [root, stop, ...names] = process.argv.slice(1); let count = 0
      const timer = setInterval(() => {
        if (fs.existsSync(stop)) { clearInterval(timer); process.stdout.write(String(count)); return }
        fs.appendFileSync(path.join(root, names[count % names.length]), 'Appended line ' + count + '.\\n'); count++
      }, 50)`
    const writer = spawn(process.execPath, ['-e', writerScript, root, stop, ...names], {stdio: ['ignore', 'pipe', 'inherit']})
    let written = ''
    writer.stdout.on('data', (chunk: Buffer) => (written += chunk.toString()))
    const writerDone = new Promise((resolve) => writer.on('exit', resolve))
    await new Promise((resolve) => setTimeout(resolve, 200))
    const fixer = spawn(process.execPath, [bin, '--fix', '--jobs', '0', '--format', 'json'], {cwd: root, stdio: ['ignore', 'pipe', 'pipe']})
    let report = ''
    fixer.stdout.on('data', (chunk: Buffer) => (report += chunk.toString()))
    const fixCode = await new Promise<number | null>((resolve) => fixer.on('exit', resolve))
    fs.writeFileSync(stop, '')
    await writerDone
    fs.rmSync(stop)
    const appended = names.flatMap((name) => fs.readFileSync(path.join(root, name), 'utf8').match(/^Appended line \d+\.$/gm) ?? [])
    expect(Number(written)).toBeGreaterThan(10)
    expect(appended.length, 'lines the writer appended that are still there').toBe(Number(written))
    expect(fixCode).not.toBeNull()
    expect(report.startsWith('[')).toBe(true)
  }, 120_000)
})

describe('a bounded number of files open at once', () => {
  // `ulimit -n` needs a shell that can lower the limit (bash on Linux and macOS); elsewhere there is nothing to run.
  const {spawnSync} = process.getBuiltinModule('node:child_process')
  const lowered = spawnSync('bash', ['-c', 'ulimit -n 256 && ulimit -n'], {encoding: 'utf8'})
  const canLimit = lowered.status === 0 && lowered.stdout.trim() === '256'

  it.skipIf(!canLimit)('3,200 pages lint clean with `ulimit -n 256`, in this thread and in workers (skipped where ulimit cannot be set)', () => {
    const pages: Record<string, string> = {}
    for (let index = 0; index < 3200; index++) pages['p' + index + '.mdx'] = goodPage.replace('Install the command-line tool.', 'Page ' + index + ' of the set.')
    const root = tempSite(pages)
    for (const jobs of ['0', '2']) {
      const run = spawnSync('bash', ['-c', 'ulimit -n 256 && exec "$0" "$@"', process.execPath, bin, '--jobs', jobs, '--format', 'json', '.'], {
        cwd: root,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024
      })
      const report = JSON.parse(run.stdout) as Reported[]
      expect(report).toHaveLength(3200)
      expect(report.flatMap((file) => file.messages.map((message) => file.path + ' ' + message.reason)), '--jobs ' + jobs).toEqual([])
      expect(run.status).toBe(0)
    }
  }, 120_000)
})

describe('config and cache files are read bounded, and only when they are regular files', () => {
  const fifo = (file: string) => process.getBuiltinModule('node:child_process').execFileSync('mkfifo', [file])
  /** Run with a time budget: a read of a named pipe or `/dev/zero` would never end. */
  const bounded = async (args: string[], cwd: string) => {
    let timer: NodeJS.Timeout | undefined
    const result = await Promise.race([runCli(args, cwd), new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), 15_000)))])
    clearTimeout(timer)
    expect(result, 'docs-lint ' + args.join(' ') + ' never ends').toBeDefined()
    return result!
  }
  const cases: Array<[string, (root: string) => string[], string]> = [
    ['--config /dev/zero', () => ['--config', '/dev/zero'], 'docs-lint: Cannot read config `/dev/zero`: it is not a regular file (a device)\n'],
    ['--config a folder', () => ['--config', 'folder'], 'docs-lint: Cannot read config `folder`: it is not a regular file (a folder)\n'],
    ['--config a named pipe', (root) => (fifo(path.join(root, 'pipe.json')), ['--config', 'pipe.json']), 'docs-lint: Cannot read config `pipe.json`: it is not a regular file (a named pipe)\n'],
    ['`extends` /dev/zero', (root) => (fs.writeFileSync(path.join(root, '.docs-lintrc.json'), '{"extends": "/dev/zero"}'), []), 'docs-lint: Cannot read config `/dev/zero`: it is not a regular file (a device)\n'],
    ['a found .docs-lintrc.json that is a named pipe', (root) => (fifo(path.join(root, '.docs-lintrc.json')), []), 'docs-lint: Cannot read config `.docs-lintrc.json`: it is not a regular file (a named pipe)\n'],
    ['a 2 MB config', (root) => (fs.writeFileSync(path.join(root, 'big.json'), '{"rules": {}}' + ' '.repeat(2 * 1024 * 1024)), ['--config', 'big.json']), 'docs-lint: Cannot read config `big.json`: it is larger than the 1 MB limit\n'],
    ['--cache-location /dev/zero', () => ['--cache-location', '/dev/zero'], 'docs-lint: Cannot use cache `/dev/zero`: it is not a regular file (a device)\n'],
    ['--cache-location a named pipe', (root) => (fifo(path.join(root, 'cache')), ['--cache-location', 'cache']), 'docs-lint: Cannot use cache `cache`: it is not a regular file (a named pipe)\n'],
    ['--cache-location a folder', () => ['--cache-location', 'folder'], 'docs-lint: Cannot use cache `folder`: it is not a regular file (a folder)\n'],
    ['--suppressions-location /dev/zero', () => ['--suppressions-location', '/dev/zero'], 'docs-lint: Cannot read suppressions file `/dev/zero`: it is not a regular file (a device)\n'],
    ['a suppressions file that is a named pipe', (root) => (fifo(path.join(root, 'docs-lint-suppressions.json')), []), 'docs-lint: Cannot read suppressions file `' + 'ROOT/docs-lint-suppressions.json`: it is not a regular file (a named pipe)\n'],
    ['a sparse 3 GB suppressions file', (root) => (fs.truncateSync((fs.writeFileSync(path.join(root, 'big.json'), ''), path.join(root, 'big.json')), 3 * 1024 ** 3), ['--suppressions-location', 'big.json']), 'docs-lint: Cannot read suppressions file `ROOT/big.json`: it is larger than the 64 MB limit\n'],
    ['a .mintignore linked to /dev/urandom', (root) => (fs.symlinkSync('/dev/urandom', path.join(root, '.mintignore')), []), 'docs-lint: Cannot read `.mintignore`: it is not a regular file (a device)\n'],
    ['a .mintignore that is a named pipe', (root) => (fifo(path.join(root, '.mintignore')), []), 'docs-lint: Cannot read `.mintignore`: it is not a regular file (a named pipe)\n'],
    ['a .docs-lintignore that is a named pipe', (root) => (fifo(path.join(root, '.docs-lintignore')), []), 'docs-lint: Cannot read `.docs-lintignore`: it is not a regular file (a named pipe)\n'],
    ['a .docs-lintignore in a folder, linked to /dev/urandom', (root) => (fs.symlinkSync('/dev/urandom', path.join(root, 'folder/.docs-lintignore')), fs.writeFileSync(path.join(root, 'folder/b.mdx'), fixablePage), []), 'docs-lint: Cannot read `folder/.docs-lintignore`: it is not a regular file (a device)\n'],
    ['a package.json linked to /dev/zero', (root) => (fs.symlinkSync('/dev/zero', path.join(root, 'package.json')), []), 'docs-lint: Cannot read config `package.json`: it is not a regular file (a device)\n']
  ]
  for (const [name, setUp, expected] of cases) {
    it(name + ': one message, exit code 2', async () => {
      const root = tempSite({'index.mdx': fixablePage, 'folder/a.txt': 'x'})
      const run = await bounded(['--format', 'json', ...setUp(root)], root)
      expect(run.stderr).toBe(expected.replace('ROOT', fs.realpathSync(root)))
      expect(run.stdout).toBe('')
      expect(run.code).toBe(2)
    }, 30_000)
  }

  it('--config broken.json is one config error and exit code 2, not a read error per page', async () => {
    const root = tempSite({'a.mdx': goodPage, 'b.mdx': goodPage, 'broken.json': '{"rules": {'})
    const run = await runCli(['--config', 'broken.json'], root)
    expect(run.stderr).toMatch(/^docs-lint: Cannot parse config `broken\.json:1:11` as JSON: unexpected end of the text: a `}` or `]` is missing\n$/)
    expect(run.stdout).toBe('')
    expect(run.code).toBe(2)
  })

  it('a config saved with a byte order mark is read, found or given', async () => {
    const config = '\uFEFF{"extends": [], "rules": {"heading-levels": "off"}}'
    const found = tempSite({'index.mdx': fixablePage, '.docs-lintrc.json': config})
    expect(await runCli([], found)).toMatchObject({code: 0, stderr: ''})
    const given = tempSite({'index.mdx': fixablePage, 'lint.json': config})
    expect(await runCli(['--config', 'lint.json'], given)).toMatchObject({code: 0, stderr: ''})
  })
})

describe('errors a user can act on', () => {
  it('--jobs 100000 is a usage error that says the range', async () => {
    const root = tempSite({'index.mdx': goodPage})
    expect(await runCli(['--jobs', '100000'], root)).toEqual({code: 2, stdout: '', stderr: 'docs-lint: `--jobs` expects a number of worker threads from 0 to 64, got `100000`\n'})
  })

  it('--max-file-size 0 is a usage error, and a limit under a megabyte reads in its own unit', async () => {
    const root = tempSite({'index.mdx': goodPage})
    expect(await runCli(['--max-file-size', '0'], root)).toEqual({
      code: 2,
      stdout: '',
      stderr: 'docs-lint: `--max-file-size` expects a size above 0, such as `500KB` or `20MB`, got `0`\n'
    })
    const {report} = await lintJson(root, ['--max-file-size', '10'])
    expect(report[0]!.messages.map((message) => message.reason)).toEqual(['Skipped: the file is 106 bytes, larger than the 10 bytes limit (`--max-file-size`)'])
  })

  it('control characters in a file name reach no terminal, in any format that prints paths', async () => {
    const name = 'evil\u001B]0;owned\u0007\u001B[2J.mdx'
    const root = tempSite({[name]: fixablePage})
    const escaped = 'evil\\u001b]0;owned\\u0007\\u001b[2J.mdx'
    for (const format of ['pretty', 'github']) {
      const run = await runCli(['--format', format], root)
      expect(run.stdout, format).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/)
      expect(run.stdout, format).toContain(escaped)
    }
    const dryRun = await runCli(['--fix-dry-run'], root)
    expect(dryRun.stdout).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/)
    // JSON and SARIF escape them as JSON does.
    const json = await runCli(['--format', 'json'], root)
    expect(json.stdout).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/)
    expect((JSON.parse(json.stdout) as Reported[])[0]!.path).toBe(name)
  })

  it('a paragraph of 1,000,000 words gets one clear message, the same in this thread and in workers', async () => {
    const root = tempSite({'words.mdx': goodPage + '\n' + 'word '.repeat(1_000_000) + '\n', 'nested.mdx': goodPage + '\n' + '<Note>\n'.repeat(2000) + 'Text.\n' + '</Note>\n'.repeat(2000)})
    const reasons: string[][] = []
    for (const jobs of ['0', '2']) {
      const {report} = await lintJson(root, ['--jobs', jobs, '--max-file-size', '20MB', '--rule', 'sentence-length=info'])
      reasons.push(report.flatMap((file) => file.messages.filter((message) => message.fatal).map((message) => file.path + ' ' + message.reason)))
    }
    expect(reasons[0]).toEqual(['words.mdx Rule `sentence-length` failed on this page: the block at line 10 has more than 50,000 words, too many to read as prose'])
    expect(reasons[1]).toEqual(reasons[0])
  }, 120_000)
})

describe('the site model reads docs.json, its includes and OpenAPI files as it reads pages', () => {
  const fifo = (file: string) => process.getBuiltinModule('node:child_process').execFileSync('mkfifo', [file])
  const {spawnSync} = process.getBuiltinModule('node:child_process')
  const config = (extra: Record<string, unknown>) =>
    JSON.stringify({name: 'Site', theme: 'mint', colors: {primary: '#0B6E4F'}, navigation: {groups: [{group: 'Start', pages: ['index']}]}, ...extra})
  const withSpec = config({navigation: {groups: [{group: 'API', openapi: 'spec.json', pages: ['index', 'GET /users']}]}})
  const spec = JSON.stringify({openapi: '3.0.0', info: {title: 'API', version: '1'}, paths: {'/users': {get: {summary: 'List users'}}}})
  /** The installed command in a process of its own, with a time budget: a read of a pipe or `/dev/zero` would never end. */
  const lintSite = (root: string, args: string[] = []) => {
    const run = spawnSync(process.execPath, [bin, '--jobs', '0', '--format', 'json', ...args, '.'], {cwd: root, encoding: 'utf8', timeout: 20_000, maxBuffer: 64 * 1024 * 1024})
    expect(run.signal, 'docs-lint never ends').toBeNull()
    const report = JSON.parse(run.stdout) as Reported[]
    return {code: run.status, stdout: run.stdout, config: report.find((file) => file.path === 'docs.json')?.messages.map((message) => message.reason) ?? []}
  }

  const cases: Array<[string, (parent: string, root: string) => void, string]> = [
    ['docs.json, a symbolic link to a file outside the site', (parent, root) => {
      fs.writeFileSync(path.join(parent, 'outside', 'docs.json'), config({description: secretText}))
      fs.symlinkSync('../outside/docs.json', path.join(root, 'docs.json'))
    }, 'Cannot read `docs.json`: it is a symbolic link to a file outside the site folder, expected a JSON file'],
    ['docs.json, a named pipe', (_parent, root) => fifo(path.join(root, 'docs.json')),
      'Cannot read `docs.json`: it is not a regular file (a named pipe), expected a JSON file'],
    ['docs.json of 11 MB', (_parent, root) => fs.writeFileSync(path.join(root, 'docs.json'), config({description: 'x'.repeat(11 * 1024 * 1024)})),
      'Cannot read `docs.json`: it is larger than the 10 MB limit, expected a JSON file'],
    ['a `$ref` to a symbolic link to /dev/zero', (_parent, root) => {
      fs.writeFileSync(path.join(root, 'docs.json'), config({navigation: {$ref: 'navigation.json'}}))
      fs.symlinkSync('/dev/zero', path.join(root, 'navigation.json'))
    }, 'Unexpected `$ref` `navigation.json`: it is a symbolic link to a file outside the site folder, expected a JSON file relative to `docs.json`'],
    ['a `$ref` to a named pipe', (_parent, root) => {
      fs.writeFileSync(path.join(root, 'docs.json'), config({navigation: {$ref: 'navigation.json'}}))
      fifo(path.join(root, 'navigation.json'))
    }, 'Unexpected `$ref` `navigation.json`: it is not a regular file (a named pipe), expected a JSON file relative to `docs.json`'],
    ['an OpenAPI file that is a named pipe', (_parent, root) => {
      fs.writeFileSync(path.join(root, 'docs.json'), withSpec)
      fifo(path.join(root, 'spec.json'))
    }, 'Unexpected OpenAPI file `spec.json` for `GET /users`: it is not a regular file (a named pipe), expected a readable OpenAPI file'],
    ['an OpenAPI file that is a symbolic link outside the site', (parent, root) => {
      fs.writeFileSync(path.join(root, 'docs.json'), withSpec)
      fs.writeFileSync(path.join(parent, 'outside', 'spec.json'), spec)
      fs.symlinkSync('../outside/spec.json', path.join(root, 'spec.json'))
    }, 'Unexpected OpenAPI file `spec.json` for `GET /users`: it is a symbolic link to a file outside the site folder, expected a readable OpenAPI file']
  ]
  for (const [name, setUp, expected] of cases) {
    it(name + ': one message on docs.json, never a hang nor the outside text', () => {
      const {parent, root} = siteWithOutside({'index.mdx': goodPage})
      setUp(parent, root)
      const run = lintSite(root)
      expect(run.config).toEqual([expected])
      expect(run.stdout).not.toContain(secretText)
      expect(run.code).toBe(1)
    }, 30_000)
  }

  it('a symbolic link inside the site is read: the OpenAPI file it leads to is checked', () => {
    const {root} = siteWithOutside({'index.mdx': goodPage, 'docs.json': withSpec, 'specs/api.json': spec})
    fs.symlinkSync('specs/api.json', path.join(root, 'spec.json'))
    expect(lintSite(root)).toMatchObject({config: [], code: 0})
  })

  it('a cached run checks the files again: an OpenAPI file replaced by a named pipe is reported, not waited on', () => {
    const {root} = siteWithOutside({'index.mdx': goodPage, 'docs.json': withSpec, 'spec.json': spec})
    const cache = ['--cache-location', path.join(root, '..', 'cache')]
    expect(lintSite(root, cache)).toMatchObject({config: [], code: 0})
    fs.rmSync(path.join(root, 'spec.json'))
    fifo(path.join(root, 'spec.json'))
    expect(lintSite(root, cache).config).toEqual([
      'Unexpected OpenAPI file `spec.json` for `GET /users`: it is not a regular file (a named pipe), expected a readable OpenAPI file'
    ])
  }, 30_000)
})
