// The V8 code cache of the command line's bundle (see src/bundle-loader.ts), run by scripts/bundle.mjs
// in a process of its own that starts as bin/docs-lint.js does: lint the example site in docs/ the
// way a CI run and a writer's terminal do, in this thread, then save the bytecode V8 compiled for it.
import fs from 'node:fs'
import {createRequire} from 'node:module'
import os from 'node:os'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

const project = fileURLToPath(new URL('..', import.meta.url))
const {loadBundle, writeCodeCache} = createRequire(import.meta.url)('../dist/bundle/load.cjs')
const {main, tuneProcess} = loadBundle({ownProcess: true})
tuneProcess()

// The recommended preset, named in a config file of its own: a config in a folder above the project
// must not change the run.
const config = path.join(project, 'scripts/code-cache.docs-lintrc.json')
let output = ''
const io = {stdout: (text) => (output += text), stderr: (text) => (output += text), cwd: project, isTTY: false, columns: undefined, stderrIsTTY: false}
for (const format of ['json', 'pretty']) {
  output = ''
  const code = await main(['--jobs', '0', '--config', config, '--format', format, 'docs'], io)
  // 0 or 1: the pages were linted. Anything else: the run stopped early, and its cache would hold
  // little. The bundle runs without one, compiling as it goes: say so, and leave the build be.
  if (code !== 0 && code !== 1) {
    console.warn(`scripts/code-cache.mjs: linting docs/ stopped with exit code ${code}; the bundle has no code cache\n${output.slice(0, 2000)}`)
    process.exit(0)
  }
}
// Then twice with a results cache, as CI runs with `--cache` do: the first run fills it, the second is
// served by it. Without these, V8 compiles the functions that write and replay the cache (its reader,
// the replay of each page and of the site checks) from their text in every run that uses a cache.
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-code-cache-'))
try {
  for (let round = 0; round < 2; round++) {
    output = ''
    const code = await main(['--jobs', '0', '--config', config, '--format', 'json', '--cache-location', path.join(folder, 'cache'), 'docs'], io)
    if (code !== 0 && code !== 1) console.warn(`scripts/code-cache.mjs: linting docs/ with a cache stopped with exit code ${code}\n${output.slice(0, 2000)}`)
  }
} finally {
  fs.rmSync(folder, {recursive: true, force: true})
}
writeCodeCache()
