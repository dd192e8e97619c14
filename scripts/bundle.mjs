// Bundle the command line's code (the compiled `dist/src/` and `dist/rules/`, and the packages they
// use) into one CommonJS file, `dist/bundle/docs-lint.cjs`, and make its V8 code cache
// (scripts/code-cache.mjs), which `bin/docs-lint.js` and the pool's worker threads start from (see
// src/bundle-loader.ts). The library API (`dist/src/index.js`) and the language server stay unbundled.
//
// Node's module system costs 0.2 to 0.3 s for a process's first page: it resolves, reads and compiles
// some 200 files, each with its stats and package.json reads. One file with a code cache costs a
// fraction of that: V8 reads the bytecode the build compiled instead of compiling it again. Against
// the ES module chunks this replaced (2026-11-27, 2 cores, interleaved runs): cold runs of a 107-page
// and a 138-page site 0.91 and 0.92 of the wall time (9 runs each); a run of a 405-page site served
// from the cache 1.04 (0.17 s against 0.16 s, 15 runs), the price of reading the whole cache.
//
// Lazy loading survives bundling. A dynamic `import()` (the processor, the site checks, each reporter)
// and a package loaded on first use through `load('name')` from src/shared/lazy.ts (given to esbuild as
// `require('name')`) are evaluated on first use, not at start; with the cache they cost no compiling
// either way.
//
// The bundle runs the library's code: esbuild rewrites no package. Only docs-lint's own `load('name')`
// becomes `require('name')`, the same call, and characters past ASCII become escapes. A rewrite of
// mdast-util-from-markdown (one compile context a page instead of a copy an event) made cold runs
// faster, 0.87 of the wall time on a 670-page site and 0.93 on a 148-page one (2026-12-06, 10 and 8
// interleaved runs), but the command line and the library then ran different code; it was dropped.
//
// Tried and dropped: the same file without a code cache (1.05 times the chunks' wall time); a code
// cache made when the file is compiled, before it runs, which holds only the few functions V8
// compiles eagerly (1.13 times); a cache made from linting the benchmark's own sites instead of docs/
// (no faster); comments kept (1.04); identifiers minified too (0.98 on a cached run and the same cold,
// for names that no stack trace or profile could be read by). A startup snapshot (`node
// --snapshot-blob`) saved 0.1 s of a cold run, but it needs Node to start with that flag (a second
// process, from the bin) and Node 20 marks it experimental.
import {spawnSync} from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'
import * as esbuild from 'esbuild'

const project = fileURLToPath(new URL('..', import.meta.url))
/** acorn's ES module build: the one remark-mdx imports, the bundle's only copy, and the tokenizer below. */
const acornModule = path.join(project, 'node_modules/acorn/dist/acorn.mjs')
const acorn = await import(pathToFileURL(acornModule).href)
const dist = path.join(project, 'dist')
const outdir = path.join(dist, 'bundle')

/** `load('package')`, the lazy require of src/shared/lazy.ts, with a literal name (not a method such as `x.load('…')`). */
const lazyLoad = /(?<![\w$.])load\((['"])([^'"]+)\1\)/g
const lazyPackages = new Set()

/**
 * Hand every literal `load('package')` in docs-lint's own compiled files to esbuild as a `require`,
 * which esbuild bundles in place, evaluated on first call.
 */
function requireLazyLoads(text) {
  return text.replace(lazyLoad, (_, quote, name) => {
    lazyPackages.add(name)
    return `require(${quote}${name}${quote})`
  })
}

const lazyLoads = {
  name: 'lazy-loads',
  setup(build) {
    build.onLoad({filter: /[\\/]dist[\\/](src|rules|presets)[\\/].*\.js$/}, async (args) => {
      const text = await fs.promises.readFile(args.path, 'utf8')
      // Only src/shared/lazy.js and the modules that import it call its `load`; esbuild reads the rest as usual.
      const lazy = text.includes('/lazy.js') || path.basename(args.path) === 'lazy.js'
      if (!lazy && isAscii(text)) return undefined
      return {contents: escapeNonAscii(lazy ? requireLazyLoads(text) : text), loader: 'js'}
    })
  }
}

const isAscii = (text) => !/[^\0-\x7f]/.test(text)

/**
 * The text with every character past ASCII inside a string or a regular expression literal written as
 * a `\\u` escape. esbuild escapes strings itself, not regular expression literals (`/[’']/`), where
 * the escape means the same character with or without the `u` flag (a pair of surrogate escapes is
 * one code point under `u`). Only those tokens, found by acorn's tokenizer (the one the bundle holds
 * for MDX): in a comment, a template or a name an escape would not mean the same. A file acorn cannot
 * read is left as it is. An ASCII bundle is read as Latin-1, a string of one byte a character, 6 ms
 * sooner than UTF-8 for each thread that starts (src/bundle-loader.ts).
 */
function escapeNonAscii(text) {
  if (isAscii(text)) return text
  let tokens
  for (const sourceType of ['module', 'script']) {
    try {
      tokens = [...acorn.tokenizer(text, {ecmaVersion: 'latest', sourceType, allowHashBang: true, allowReturnOutsideFunction: true, allowAwaitOutsideFunction: true})]
      break
    } catch {
      tokens = undefined
    }
  }
  if (!tokens) return text
  let out = ''
  let at = 0
  for (const token of tokens) {
    if (token.type.label !== 'regexp' && token.type.label !== 'string') continue
    const literal = text.slice(token.start, token.end)
    if (isAscii(literal)) continue
    // A character escaped already (`\’`, the same character) loses that backslash for its `\\u` one.
    out += text.slice(at, token.start) + literal.replace(/(\\*)([^\0-\x7f])/g, (_, slashes, character) =>
      slashes.slice(0, slashes.length - (slashes.length % 2)) + '\\u' + character.charCodeAt(0).toString(16).padStart(4, '0'))
    at = token.end
  }
  return out + text.slice(at)
}

/** The same for the packages: only their files that hold a character past ASCII. */
const asciiPackages = {
  name: 'ascii-packages',
  setup(build) {
    build.onLoad({filter: /[\\/]node_modules[\\/].*\.(js|mjs|cjs)$/}, async (args) => {
      const text = await fs.promises.readFile(args.path, 'utf8')
      if (isAscii(text)) return undefined
      return {contents: escapeNonAscii(text), loader: 'js'}
    })
  }
}

/**
 * For Node: CommonJS, with `import.meta.url` the file's own URL (the bundle's, for the bundle).
 * @satisfies {import('esbuild').BuildOptions}
 */
const forNode = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  // A third smaller without comments and indentation, for each start to read, check and decode. Stack
  // traces point into the bundle (Node maps no script run through `vm`); the source map beside it
  // leads from there to the source.
  minifyWhitespace: true,
  legalComments: 'linked',
  sourcemap: 'linked',
  logLevel: 'warning',
  define: {'import.meta.url': '__docsLintUrl'},
  // Strict, as the ES modules it is made of were: the directive must come first.
  banner: {js: "'use strict';var __docsLintUrl = require('node:url').pathToFileURL(__filename).href;"}
}

fs.rmSync(outdir, {recursive: true, force: true})
const result = await esbuild.build({
  ...forNode,
  entryPoints: {'docs-lint': path.join(dist, 'src/bundle-entry.js')},
  outdir,
  outExtension: {'.js': '.cjs'},
  metafile: true,
  // unified-engine's loader of plugins by name, which docs-lint never calls (see the shim).
  alias: {
    'load-plugin': path.join(project, 'scripts/cli-shims/load-plugin.mjs'),
    // acorn-jsx requires acorn, which would bundle acorn's CommonJS build (240 KB) beside the ES module
    // build that remark-mdx imports. acorn-jsx extends the parser it is given: one copy serves both.
    acorn: acornModule
  },
  plugins: [lazyLoads, asciiPackages]
})
if (!isAscii(fs.readFileSync(path.join(outdir, 'docs-lint.cjs'), 'utf8'))) {
  console.error('scripts/bundle.mjs: the bundle holds a character past ASCII; it is read as UTF-8, 6 ms slower a thread')
}
await esbuild.build({...forNode, entryPoints: {load: path.join(dist, 'src/bundle-loader.js')}, outdir, outExtension: {'.js': '.cjs'}})
// The pool's worker threads start here (src/engine/pool.ts looks for `./worker.js` beside the bundle).
fs.writeFileSync(
  path.join(outdir, 'worker.js'),
  "// A worker thread of the pool (src/engine/pool.ts): docs-lint's bundle, serving pages.\nimport {createRequire} from 'node:module'\n" +
    "createRequire(import.meta.url)('./load.cjs').loadBundle().startWorker()\n"
)

// A lazy load the bundle did not take in would be loaded from node_modules at run time, unnoticed.
const inputs = Object.keys(result.metafile.inputs)
// A load of a file inside a package (`wink-lexicon/src/lexicon.js`) is held when that file is.
const missing = [...lazyPackages].filter((name) => !inputs.some((input) => input.includes(`node_modules/${name}/`) || input.endsWith(`node_modules/${name}`)))
if (missing.length > 0) {
  console.error(`scripts/bundle.mjs: the bundle does not hold ${missing.join(', ')}, loaded through load() in src/`)
  process.exit(1)
}
// Its code cache: lint the example site and keep what V8 compiled, in a process of its own, which
// starts as the command line does.
const cached = spawnSync(process.execPath, [path.join(project, 'scripts/code-cache.mjs')], {stdio: 'inherit'})
if (cached.status !== 0) {
  console.error('scripts/bundle.mjs: scripts/code-cache.mjs failed')
  process.exit(1)
}

// The playground: the processor and the page rules, bundled for the browser into one classic script
// (a module script does not load from file://), beside its page in `dist/playground/`.
const playground = path.join(dist, 'playground')
const shims = path.join(project, 'scripts/playground')
fs.rmSync(playground, {recursive: true, force: true})
const unavailable = path.join(shims, 'unavailable.mjs')
// Vale styles are files beside a site (a `.vale.ini`, a styles folder): the browser has none to read.
const noStyles = {
  name: 'no-styles',
  setup(build) {
    build.onResolve({filter: /[\\/]styles[\\/]registry\.js$/}, () => ({path: path.join(shims, 'styles.mjs')}))
  }
}
const browser = await esbuild.build({
  entryPoints: {playground: path.join(dist, 'src/playground/app.js')},
  outdir: playground,
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: ['chrome109', 'firefox115', 'safari16'],
  minify: true,
  metafile: true,
  logLevel: 'warning',
  alias: {
    'node:path': path.join(shims, 'path.mjs'),
    'node:fs': unavailable,
    'node:module': unavailable,
    'node:crypto': unavailable,
    'node:url': unavailable,
    'node:buffer': unavailable,
    crypto: unavailable
  },
  inject: [path.join(shims, 'shims.mjs')],
  define: {'import.meta.url': '"file:///playground/playground.js"'},
  plugins: [noStyles, lazyLoads]
})
fs.copyFileSync(path.join(shims, 'index.html'), path.join(playground, 'index.html'))
// Rules that need the whole site run only in the command line; the playground must not carry them.
const browserInputs = Object.keys(browser.metafile.inputs)
const siteOnly = ['dist/src/engine/index.js', 'dist/src/site/model.js', 'dist/src/engine/pool.js'].filter((input) => browserInputs.some((held) => held.endsWith(input)))
if (siteOnly.length > 0) {
  console.error(`scripts/bundle.mjs: the playground holds ${siteOnly.join(', ')}, which need Node`)
  process.exit(1)
}
