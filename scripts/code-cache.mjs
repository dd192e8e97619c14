// The V8 code cache of the command line's bundle (see src/bundle-loader.ts), run by scripts/bundle.mjs
// in a process of its own that starts as bin/docs-lint.js does: lint the example site in docs/ the
// way a CI run and a writer's terminal do, in this thread, then save the bytecode V8 compiled for it.
import {createRequire} from 'node:module'
import {fileURLToPath} from 'node:url'

const project = fileURLToPath(new URL('..', import.meta.url))
const {loadBundle, writeCodeCache} = createRequire(import.meta.url)('../dist/bundle/load.cjs')
const {main, tuneProcess} = loadBundle()
tuneProcess()

const quiet = {stdout() {}, stderr() {}, cwd: project, isTTY: false, columns: undefined, stderrIsTTY: false}
for (const format of ['json', 'pretty']) {
  const code = await main(['--jobs', '0', '--format', format, 'docs'], quiet)
  // The example site lints clean: anything else means the bundle does not run as it should.
  if (code !== 0) {
    console.error(`scripts/code-cache.mjs: linting docs/ with the bundle exited with ${code}`)
    process.exit(1)
  }
}
writeCodeCache()
