// Bundle the command line's code (the compiled `dist/src/` and `dist/rules/`, and the packages they
// use) into `dist/bundle/`, which `bin/docs-lint.js` runs. Node's module system costs 0.2 to 0.3 s
// for a process's first page: it resolves, reads and compiles some 200 files, each with its stats
// and package.json reads. A few large chunks cost a fraction of that, in the main thread and in each
// worker. The library API (`dist/src/index.js`) and the language server stay unbundled.
//
// Lazy loading survives bundling. Dynamic `import()`s become chunks of their own (the processor, the
// site checks, each reporter), and a package loaded on first use through `load('name')` from
// src/lazy.ts is given to esbuild as `require('name')`, which it bundles and evaluates on that first
// call, not at start.
//
// Tried and dropped: one CommonJS file run through `vm.Script` with a V8 code cache (Node 20 has no
// code cache for ES modules). On a 138-page site, 9 interleaved cold runs: 1.20 times the wall time of
// these chunks without the cache and 1.13 with it; minifying the chunks changed nothing either.
import fs from 'node:fs'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import * as esbuild from 'esbuild'

const project = fileURLToPath(new URL('..', import.meta.url))
const dist = path.join(project, 'dist')
const outdir = path.join(dist, 'bundle')

/** `load('package')`, the lazy require of src/lazy.ts, with a literal name (not a method such as `x.load('…')`). */
const lazyLoad = /(?<![\w$.])load\((['"])([^'"]+)\1\)/g
const lazyPackages = new Set()

/**
 * Packages that linting a page with the recommended preset never loads: ajv (a config that sets rule
 * options), the prose parsers and retext-passive (prose rules), diff (`--fix --diff`). V8 compiles a
 * chunk's whole text when it loads, so each gets a chunk of its own, loaded on first use: some 400 KB
 * that most runs, and every worker, no longer compile. The others are bundled where they are used.
 */
const ownChunk = new Set(['ajv', 'parse-english', 'mdast-util-to-nlcst', 'retext-passive', 'diff'])

/** The chunk that holds a package of `ownChunk`: `lazy-ajv.js`. */
const lazyChunk = (name) => 'lazy-' + name.replace(/[^\w.-]/g, '_')

/**
 * Hand every literal `load('package')` in docs-lint's own compiled files to esbuild: as a `require`
 * that esbuild bundles in place, evaluated on first call, or for a package of `ownChunk` (unless
 * `inline`, for the browser), as a `require` of its own chunk, an ES module whose default export is
 * that package (see `lazyEntries`), which Node loads on first call.
 */
function lazyLoads(inline) {
  return {
    name: 'lazy-loads',
    setup(build) {
      build.onResolve({filter: /^\.\/lazy-[\w.-]+\.js$/}, (args) => ({path: args.path, external: true}))
      build.onLoad({filter: /[\\/]dist[\\/](src|rules|presets)[\\/].*\.js$/}, async (args) => {
        const text = await fs.promises.readFile(args.path, 'utf8')
        // Only src/lazy.js and the modules that import it call its `load`; esbuild reads the rest as usual.
        if (!text.includes('/lazy.js') && path.basename(args.path) !== 'lazy.js') return undefined
        const contents = text.replace(lazyLoad, (_, quote, name) => {
          lazyPackages.add(name)
          if (inline || !ownChunk.has(name)) return `require(${quote}${name}${quote})`
          return `require(${JSON.stringify('./' + lazyChunk(name) + '.js')}).default`
        })
        return {contents, loader: 'js'}
      })
    }
  }
}

/** The entry of a package's own chunk: an ES module whose default export is what `require('package')` gives. */
const lazyEntries = {
  name: 'lazy-entries',
  setup(build) {
    build.onResolve({filter: /^lazy-entry:/}, (args) => ({path: args.path.slice('lazy-entry:'.length), namespace: 'lazy-entry'}))
    build.onLoad({filter: /.*/, namespace: 'lazy-entry'}, (args) => ({contents: `export default require(${JSON.stringify(args.path)})`, resolveDir: project, loader: 'js'}))
  }
}

fs.rmSync(outdir, {recursive: true, force: true})
const result = await esbuild.build({
  entryPoints: {
    cli: path.join(dist, 'src/cli.js'),
    memory: path.join(dist, 'src/memory.js'),
    // The worker's own entry, next to the chunks, where src/pool.ts looks for `./worker.js`.
    worker: path.join(dist, 'src/worker.js'),
    ...Object.fromEntries([...ownChunk].map((name) => [lazyChunk(name), 'lazy-entry:' + name]))
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
  // A `require` for the CommonJS packages in the bundle and for the lazy loads of packages it cannot
  // hold (none today), resolved from the bundle's folder.
  banner: {js: "import {createRequire as __docsLintCreateRequire} from 'node:module'; const require = __docsLintCreateRequire(import.meta.url);"},
  // unified-engine's loader of plugins by name, which docs-lint never calls (see the shim).
  alias: {
    'load-plugin': path.join(project, 'scripts/cli-shims/load-plugin.mjs'),
    // acorn-jsx requires acorn, which would bundle acorn's CommonJS build (240 KB) beside the ES module
    // build that remark-mdx imports. acorn-jsx extends the parser it is given: one copy serves both.
    acorn: path.join(project, 'node_modules/acorn/dist/acorn.mjs')
  },
  plugins: [lazyLoads(false), lazyEntries]
})

// A lazy load the bundle did not take in would be loaded from node_modules at run time, unnoticed.
const inputs = Object.keys(result.metafile.inputs)
const missing = [...lazyPackages].filter((name) => !inputs.some((input) => input.includes(`node_modules/${name}/`)))
if (missing.length > 0) {
  console.error(`scripts/bundle.mjs: the bundle does not hold ${missing.join(', ')}, loaded through load() in src/`)
  process.exit(1)
}
// Which chunk holds which of docs-lint's own modules (paths under dist/), for the tests.
const chunks = {}
for (const [output, {inputs: held}] of Object.entries(result.metafile.outputs)) {
  if (!output.endsWith('.js')) continue
  chunks[path.basename(output)] = Object.keys(held)
    .map((input) => path.relative(dist, path.resolve(input)).split(path.sep).join('/'))
    .filter((input) => !input.startsWith('..') && !input.includes('node_modules'))
    .sort()
}
fs.writeFileSync(path.join(outdir, 'chunks.json'), JSON.stringify(chunks, undefined, 1) + '\n')

// The playground: the processor and the page rules, bundled for the browser into one classic script
// (a module script does not load from file://), beside its page in `dist/playground/`.
const playground = path.join(dist, 'playground')
const shims = path.join(project, 'scripts/playground')
fs.rmSync(playground, {recursive: true, force: true})
const unavailable = path.join(shims, 'unavailable.mjs')
/**
 * rules/passive-voice.ts reads retext-passive's participle list with a top-level `await import()` of a
 * path the package does not export; a classic script has no top-level await, so the browser bundle
 * imports the same list module statically.
 */
const participles = {
  name: 'participle-list',
  setup(build) {
    build.onLoad({filter: /[\\/]dist[\\/]rules[\\/]passive-voice\.js$/}, async (args) => {
      const text = await fs.promises.readFile(args.path, 'utf8')
      const list = path.join(project, 'node_modules/retext-passive/lib/list.js')
      const statement = /export const participleList = await import\([^;]*;/
      if (!statement.test(text) || !fs.existsSync(list)) throw new Error('cannot bundle the participle list of rules/passive-voice.ts for the browser')
      const contents = text.replace(lazyLoad, (_, quote, name) => `require(${quote}${name}${quote})`).replace(
        statement,
        `import * as participleModule from ${JSON.stringify(list)};\nexport const participleList = Array.isArray(participleModule.list) ? participleModule.list : undefined;`
      )
      return {contents, loader: 'js'}
    })
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
  plugins: [participles, lazyLoads(true)]
})
fs.copyFileSync(path.join(shims, 'index.html'), path.join(playground, 'index.html'))
// Rules that need the whole site run only in the command line; the playground must not carry them.
const browserInputs = Object.keys(browser.metafile.inputs)
const siteOnly = ['dist/src/engine.js', 'dist/src/site/model.js', 'dist/src/pool.js'].filter((input) => browserInputs.some((held) => held.endsWith(input)))
if (siteOnly.length > 0) {
  console.error(`scripts/bundle.mjs: the playground holds ${siteOnly.join(', ')}, which need Node`)
  process.exit(1)
}
