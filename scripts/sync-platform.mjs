#!/usr/bin/env node
// Write src/platform/facts.generated.json: what the platform's own packages say about its components and
// its docs.json, extracted by every module in scripts/platform/*.mjs. docs-lint reads the facts, never
// the packages (their licence is Elastic-2.0 and they weigh 100 MB and more), so the packages are
// fetched into a scratch folder under the system's temporary folder and removed afterwards.
//
// Usage: npm run sync:platform [-- --common 1.0.1211 --components 1.0.19 --mint 4.2.941 --mdx 4.0.6
//        --validation 0.1.878 --cli 4.0.1544 --keep-scratch]
// Each version defaults to the latest on the registry; @mintlify/cli defaults to the version the `mint`
// package depends on. The same versions give the same bytes: the file holds no dates, and its keys are
// sorted, so the scheduled workflow (.github/workflows/sync-platform.yml) proposes a change only when the
// platform changed.
//
// An extractor is a module exporting `name` (its key in the file) and `async extract(packages)`, where
// `packages` holds the folders: `common`, `components`, `cli`, `mdx` (each the unpacked `package/`
// folder of @mintlify/<name>, read only) and `validation` (an installed @mintlify/validation, with its
// dependencies, which an extractor may import).
import {spawnSync} from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'
import {parseArgs} from 'node:util'

const project = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const extractorsFolder = path.join(project, 'scripts', 'platform')
export const factsFile = path.join(project, 'src', 'platform', 'facts.generated.json')
export const generatedNote = 'by scripts/sync-platform.mjs (npm run sync:platform) from the platform\'s npm packages; do not edit'

/** The packages read, by the key extractors find them under. */
const packed = {common: '@mintlify/common', components: '@mintlify/components', cli: '@mintlify/cli', mdx: '@mintlify/mdx'}
const installed = {validation: '@mintlify/validation'}

class SyncError extends Error {}

function npm(args, what) {
  const result = spawnSync('npm', args, {encoding: 'utf8', shell: process.platform === 'win32', maxBuffer: 64 * 1024 * 1024})
  if (result.error) throw new SyncError(`cannot run npm (${result.error.message}): is Node's npm on the PATH?`)
  if (result.status !== 0) throw new SyncError(`${what} failed (npm ${args.join(' ')}): ${npmReason(result)}`)
  return result.stdout.trim()
}

/** npm's own summary of a failure: the `--json` error's, else its first `npm error` line with a message. */
function npmReason(result) {
  try {
    const summary = JSON.parse(result.stdout)?.error?.summary
    if (typeof summary === 'string' && summary !== '') return summary
  } catch {
    // Not JSON: read the error lines.
  }
  const lines = result.stderr.split('\n').map((line) => line.replace(/^npm (?:error|ERR!)\s*(?:code\s+)?/, '').trim())
  return lines.find((line) => line !== '' && !/^[A-Z]?\d*$/.test(line) && !line.startsWith('A complete log')) ?? 'exit code ' + result.status
}

/** The newest version of a package matching `range` (`latest` when none is given). */
function resolveVersion(name, range = 'latest') {
  const output = npm(['view', `${name}@${range}`, 'version', '--json'], `looking up ${name}@${range} on the registry`)
  if (output === '') throw new SyncError(`no version of ${name} matches ${range}`)
  const parsed = JSON.parse(output)
  const versions = Array.isArray(parsed) ? parsed : [parsed]
  const last = versions.at(-1)
  if (typeof last !== 'string') throw new SyncError(`the registry gave no version for ${name}@${range}`)
  return last
}

function resolveVersions(options) {
  const mint = resolveVersion('mint', options.mint)
  const cliRange = JSON.parse(npm(['view', `mint@${mint}`, 'dependencies', '--json'], `reading the dependencies of mint@${mint}`) || '{}')['@mintlify/cli']
  if (!options.cli && typeof cliRange !== 'string') throw new SyncError(`mint@${mint} no longer depends on @mintlify/cli: pass --cli`)
  return {
    mint,
    common: resolveVersion(packed.common, options.common),
    components: resolveVersion(packed.components, options.components),
    cli: resolveVersion(packed.cli, options.cli ?? cliRange),
    mdx: resolveVersion(packed.mdx, options.mdx),
    validation: resolveVersion(installed.validation, options.validation)
  }
}

/** `npm pack` a package into the scratch folder and unpack it: its `package/` folder. */
function unpack(scratch, key, name, version) {
  const packs = path.join(scratch, 'packs')
  fs.mkdirSync(packs, {recursive: true})
  const listing = JSON.parse(npm(['pack', `${name}@${version}`, '--pack-destination', packs, '--json', '--silent'], `fetching ${name}@${version}`))
  const tarball = path.join(packs, listing[0].filename)
  const folder = path.join(scratch, key)
  fs.mkdirSync(folder, {recursive: true})
  const tar = spawnSync('tar', ['-xzf', tarball, '-C', folder], {encoding: 'utf8'})
  if (tar.error || tar.status !== 0) throw new SyncError(`cannot unpack ${tarball}: ${tar.error?.message ?? tar.stderr.trim()}`)
  const packageFolder = path.join(folder, 'package')
  if (!fs.existsSync(packageFolder)) throw new SyncError(`${name}@${version} has no package/ folder in its tarball`)
  return packageFolder
}

/** `npm install` a package with its dependencies into its own prefix: for an extractor that imports it. */
function install(scratch, key, name, version) {
  const prefix = path.join(scratch, key)
  fs.mkdirSync(prefix, {recursive: true})
  npm(['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel', 'error', `${name}@${version}`], `installing ${name}@${version}`)
  return path.join(prefix, 'node_modules', ...name.split('/'))
}

async function loadExtractors() {
  const files = fs.readdirSync(extractorsFolder).filter((file) => file.endsWith('.mjs')).sort()
  const extractors = []
  for (const file of files) {
    const module = await import(pathToFileURL(path.join(extractorsFolder, file)).href)
    if (typeof module.name !== 'string' || typeof module.extract !== 'function') {
      throw new SyncError(`scripts/platform/${file} must export \`name\` (a string) and \`extract(packages)\``)
    }
    if (module.name === '@generated' || module.name === 'sources' || extractors.some((other) => other.name === module.name)) {
      throw new SyncError(`scripts/platform/${file}: the key \`${module.name}\` is taken`)
    }
    extractors.push({file, name: module.name, extract: module.extract})
  }
  if (extractors.length === 0) throw new SyncError('scripts/platform/ holds no extractor')
  return extractors
}

/** Objects with their keys in code-point order, all the way down; arrays keep their order. */
export function sortedDeep(value) {
  if (Array.isArray(value)) return value.map(sortedDeep)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortedDeep(value[key])]))
}

/**
 * The file's text: the header, the versions, then each extractor's facts by name; every object's keys
 * sorted and arrays as the extractors give them, so the same facts always give the same bytes.
 */
export function factsText(facts) {
  const {'@generated': header, sources, ...extracted} = facts
  return JSON.stringify({'@generated': header, sources: sortedDeep(sources), ...sortedDeep(extracted)}, undefined, 2) + '\n'
}

async function main() {
  const {values: options} = parseArgs({
    options: {
      common: {type: 'string'},
      components: {type: 'string'},
      cli: {type: 'string'},
      mdx: {type: 'string'},
      validation: {type: 'string'},
      mint: {type: 'string'},
      'keep-scratch': {type: 'boolean'}
    }
  })
  const extractors = await loadExtractors()
  const versions = resolveVersions(options)
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-platform-'))
  const cleanUp = () => {
    if (!options['keep-scratch']) fs.rmSync(scratch, {recursive: true, force: true})
  }
  process.once('SIGINT', () => {
    cleanUp()
    process.exit(130)
  })
  try {
    const packages = {}
    for (const [key, name] of Object.entries(packed)) packages[key] = unpack(scratch, key, name, versions[key])
    for (const [key, name] of Object.entries(installed)) packages[key] = install(scratch, key, name, versions[key])
    const facts = {
      '@generated': generatedNote,
      sources: {mint: versions.mint, ...Object.fromEntries(Object.entries({...packed, ...installed}).map(([key, name]) => [name, versions[key]]))}
    }
    for (const extractor of extractors) {
      try {
        facts[extractor.name] = await extractor.extract(Object.freeze({...packages}))
      } catch (error) {
        throw new SyncError(`scripts/platform/${extractor.file} failed: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
    const text = factsText(facts)
    const changed = !fs.existsSync(factsFile) || fs.readFileSync(factsFile, 'utf8') !== text
    fs.mkdirSync(path.dirname(factsFile), {recursive: true})
    fs.writeFileSync(factsFile, text)
    const from = Object.entries(facts.sources).map(([name, version]) => `${name}@${version}`).join(', ')
    console.log(`${path.relative(project, factsFile)} ${changed ? 'written' : 'unchanged'} (${extractors.map((extractor) => extractor.name).join(', ')}) from ${from}`)
    if (options['keep-scratch']) console.log(`the packages are kept in ${scratch}`)
  } finally {
    cleanUp()
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error('sync-platform: ' + (error instanceof SyncError || error?.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? error.message : error?.stack ?? String(error)))
    process.exit(1)
  })
}
