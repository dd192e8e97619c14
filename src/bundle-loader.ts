import {isAscii} from 'node:buffer'
import fs from 'node:fs'
import {createRequire} from 'node:module'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import vm from 'node:vm'
import zlib from 'node:zlib'
import {tuneFlags} from './engine/memory.js'

/**
 * How the command line starts (built to dist/bundle/load.cjs): bin/docs-lint.js and each worker
 * thread run docs-lint's bundle, one CommonJS file (dist/bundle/docs-lint.cjs), with the V8 code
 * cache that `npm run build` made for it (scripts/code-cache.mjs).
 *
 * A cold run compiles docs-lint and the parsers from their text, function by function as each is
 * first called: some 0.15 to 0.2 s of a run on a 100-page site, before and while its first pages
 * parse. The code cache holds the bytecode V8 compiled while the build linted the example site in
 * docs/, so a run starts with it instead. Node 20 has no code cache for ES modules, hence one
 * CommonJS file run through `vm.Script`.
 *
 * V8 takes a cache only from its own version, under the flags it was made with (`tuneFlags`, which
 * the command line sets before compiling; a V8 flag in NODE_OPTIONS, such as `--max-old-space-size`,
 * makes V8 turn it down), and checks only the length of the text it belongs to: the cache file starts
 * with a checksum of the bundle and of the cache, and a cache that does not match them is not used.
 * Without a usable cache the bundle compiles from its text as it runs.
 *
 * V8's flags belong to the whole process, every thread in it. A worker thread never sets them: in
 * the command line's process they are set already, and its workers start from the cache; a program
 * that lints through the library keeps its own flags, and the workers of its pool compile the bundle
 * from its text.
 */

/** What the bundle exports (src/bundle-entry.ts). */
export type Bundle = typeof import('./bundle-entry.js')

/** Whether the bundle started from its code cache; `stale`: the cache belongs to another text. */
export type CodeCacheState = 'used' | 'rejected' | 'stale' | 'missing'

const folder = path.dirname(fileURLToPath(import.meta.url))
const bundlePath = path.join(folder, 'docs-lint.cjs')
const codeCachePath = path.join(folder, 'docs-lint.cache')

/** What V8 compiles is the bundle in Node's CommonJS wrapper (see `loadBundle`). */
const wrapper = '(function (exports, require, module, __filename, __dirname) {\n'

/** The cache file: the CRC-32 of what V8 compiles, the CRC-32 of the cache, then V8's cache. */
const headerBytes = 8

let loaded: {bundle: Bundle; script: vm.Script; checksum: number; state: CodeCacheState} | undefined

/**
 * Compile and run the bundle in this thread (once), from its code cache where one fits. `ownProcess`:
 * the process is docs-lint's own (the command line, the build's code cache): set its V8 flags first.
 */
export function loadBundle(options: {ownProcess?: boolean} = {}): Bundle {
  if (loaded) return loaded.bundle
  if (options.ownProcess) tuneFlags()
  const text = fs.readFileSync(bundlePath)
  // The wrapper is on a line of its own, so that the file's lines keep their numbers.
  const checksum = zlib.crc32(text, zlib.crc32(wrapper))
  const cachedData = codeCacheFor(checksum)
  // The build writes the bundle in ASCII (scripts/bundle.mjs): read so, V8 keeps it one byte a
  // character and decoding it takes 1.5 ms instead of 7.5.
  const source = isAscii(text) ? text.toString('latin1') : text.toString('utf8')
  const script = new vm.Script(wrapper + source + '\n})', {
    filename: bundlePath,
    lineOffset: -1,
    cachedData: cachedData === 'stale' || cachedData === 'missing' ? undefined : cachedData
  })
  const state = typeof cachedData === 'string' ? cachedData : script.cachedDataRejected ? 'rejected' : 'used'
  const module = {exports: {} as Bundle}
  const run = script.runInThisContext() as (exports: object, require: NodeJS.Require, module: object, filename: string, dirname: string) => void
  run.call(module.exports, module.exports, createRequire(bundlePath), module, bundlePath, folder)
  // A script from a code cache has no module loader for its `import()`: a config written in
  // JavaScript loads through this module's, which Node loaded.
  module.exports.useImporter((url) => import(url))
  loaded = {bundle: module.exports, script, checksum, state}
  return loaded.bundle
}

function codeCacheFor(checksum: number): Buffer | 'stale' | 'missing' {
  let file: Buffer
  try {
    file = fs.readFileSync(codeCachePath)
  } catch {
    return 'missing'
  }
  if (file.length <= headerBytes || file.readUInt32LE(0) !== checksum) return 'stale'
  const cache = file.subarray(headerBytes)
  return file.readUInt32LE(4) === zlib.crc32(cache) ? cache : 'stale'
}

/** How the loaded bundle started, for the tests; undefined before `loadBundle`. */
export function codeCacheState(): CodeCacheState | undefined {
  return loaded?.state
}

/** Save what V8 has compiled of the loaded bundle as its code cache (written whole, then renamed into place). */
export function writeCodeCache(): void {
  if (!loaded) throw new Error('writeCodeCache: no bundle loaded')
  const cache = loaded.script.createCachedData()
  const header = Buffer.alloc(headerBytes)
  header.writeUInt32LE(loaded.checksum, 0)
  header.writeUInt32LE(zlib.crc32(cache), 4)
  const temporary = codeCachePath + '.' + process.pid + '.tmp'
  fs.writeFileSync(temporary, Buffer.concat([header, cache]))
  fs.renameSync(temporary, codeCachePath)
}
