// Extractor for scripts/sync-platform.mjs: the docs.json and mint.json schemas of @mintlify/validation,
// marked with what a JSON Schema cannot say about the platform's zod validation (which objects reject an
// unknown key and which drop it, which values are dropped when invalid, where a refinement checks more).
// As a side effect it records the platform's verdict on each corpus config and on the probe configs of
// test/fixtures/docs-config-probes, for the agreement test (test/docs-config-platform.test.ts).
// Standalone, until the sync script runs it: node scripts/platform/docs-config.mjs --standalone <validation dir>
import fs from 'node:fs'
import path from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'

export const name = 'docsConfig'

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const corporaRoot = path.resolve(projectRoot, '../shared/corpora')
const probesFolder = path.join(projectRoot, 'test/fixtures/docs-config-probes')
export const verdictsFile = path.join(projectRoot, 'test/data/docs-config-verdicts.generated.json')
const factsFile = path.join(projectRoot, 'src/platform/facts.generated.json')
const generatedMark = 'by scripts/sync-platform.mjs; do not edit'

/**
 * `packages.validation`: an installed @mintlify/validation folder (with its dependencies). Returns
 * `{docs, mint}`: each the platform's JSON Schema, without descriptions, marked with `x-unknown`
 * (`error`: a strict zod object rejects an unknown key; `strip`: it drops it; `allow`: it keeps it),
 * `x-invalid: "ignored"` (zod `.catch`: an invalid value is dropped, not an error) and `x-refined`
 * (a zod refinement checks more than the JSON Schema says: its name when docs-lint checks it too).
 */
export async function extract(packages) {
  const dir = packages.validation
  const validation = await import(pathToFileURL(path.join(dir, 'dist/index.js')).href)
  const v1 = await import(pathToFileURL(path.join(dir, 'dist/mint-config/schemas/v1/config.js')).href)
  const refinements = await namedRefinements(dir)
  const docs = marked(validation.docsConfigJsonSchema, validation.docsConfigSchema, validation, refinements)
  const mint = marked(validation.mintConfigJsonSchema, v1.mintConfigSchema, validation, refinements)
  await recordVerdicts(validation, packageVersion(dir))
  return {docs, mint}
}

export function packageVersion(dir) {
  return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version
}

/**
 * A copy of `jsonSchema` with the marks of `zodSchema` (the schema it was generated from). A definition
 * is the image of the zod schema the package exports under its name (`baseGroupSchema`).
 */
function marked(jsonSchema, zodSchema, exports, refinements) {
  const copy = withoutDescriptions(jsonSchema)
  const marker = new Marker(copy, refinements)
  marker.walk(zodSchema, copy)
  for (const [name, node] of Object.entries(copy.definitions ?? {})) {
    if (exports[name]?._def) marker.walk(exports[name], node)
  }
  return copy
}

function withoutDescriptions(value) {
  if (Array.isArray(value)) return value.map(withoutDescriptions)
  if (!value || typeof value !== 'object') return value
  const result = {}
  for (const [key, item] of Object.entries(value)) {
    if (key === 'description' && typeof item === 'string') continue
    result[key] = withoutDescriptions(item)
  }
  return result
}

function pointer(root, reference) {
  if (!reference.startsWith('#')) throw new Error('unsupported $ref ' + reference)
  let node = root
  for (const part of reference.slice(1).split('/').filter(Boolean)) {
    node = node?.[decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')]
  }
  if (!node || typeof node !== 'object') throw new Error('dangling $ref ' + reference)
  return node
}

/**
 * Walks a zod schema and the JSON Schema zod-to-json-schema made of it side by side (each JSON node is
 * the image of one zod node; a `$ref` points to the image of the same zod node seen earlier).
 */
class Marker {
  constructor(root, refinements) {
    this.root = root
    this.refinements = refinements
    /** JSON node → the zod defs already walked there (a wrapper and what it wraps share a node). */
    this.seen = new Map()
  }

  walk(zod, node) {
    if (!zod || !node || typeof node !== 'object') return
    const def = zod._def
    const defs = this.seen.get(node) ?? new Set()
    if (defs.has(def)) return
    this.seen.set(node, defs.add(def))
    switch (def.typeName) {
      // Wrappers mark the node that uses them, even when it is a `$ref` to a schema used elsewhere too.
      case 'ZodOptional': return this.optional(def, node)
      case 'ZodNullable': {
        const target = this.target(node)
        return this.walk(def.innerType, target.anyOf ? target.anyOf[0] : node)
      }
      case 'ZodDefault':
      case 'ZodBranded':
      case 'ZodReadonly': return this.walk(def.innerType ?? def.type, node)
      case 'ZodLazy': return this.walk(def.getter(), node)
      case 'ZodEffects':
        if (def.effect.type === 'refinement') node['x-refined'] = this.refinements.get(def) ?? true
        return this.walk(def.schema, node)
      case 'ZodCatch':
        node['x-invalid'] = 'ignored'
        return this.walk(def.innerType, node)
      case 'ZodObject': return this.object(def, this.target(node))
      case 'ZodUnion':
      case 'ZodDiscriminatedUnion': return this.union(def, this.target(node))
      case 'ZodArray': return this.walk(def.type, this.target(node).items)
      case 'ZodRecord': return this.walk(def.valueType, this.target(node).additionalProperties)
      case 'ZodString': case 'ZodNumber': case 'ZodBoolean': case 'ZodLiteral': case 'ZodEnum':
      case 'ZodNativeEnum': case 'ZodNever': case 'ZodAny': case 'ZodUnknown': case 'ZodNull':
        return undefined
      default:
        // ZodIntersection (allOf of objects that each reject the other's keys), tuples, pipelines, …:
        // src/site/schema-check.ts would misread them. Fail the sync rather than mislead.
        throw new Error('docs-config extractor: unsupported zod type ' + def.typeName + ': teach the extractor and src/site/schema-check.ts')
    }
  }

  /** The node a `$ref` chain ends at. */
  target(node) {
    let current = node
    while (current.$ref) current = pointer(this.root, current.$ref)
    return current
  }

  object(def, node) {
    node['x-unknown'] = def.unknownKeys === 'strict' ? 'error' : def.unknownKeys === 'passthrough' ? 'allow' : 'strip'
    for (const [name, value] of Object.entries(def.shape())) {
      if (node.properties?.[name]) this.walk(value, node.properties[name])
    }
    if (def.catchall._def.typeName !== 'ZodNever') {
      node['x-unknown'] = 'allow'
      this.walk(def.catchall, node.additionalProperties)
    }
  }

  optional(def, node) {
    // An optional that is not an object's property becomes `anyOf: [{not: {}}, inner]`.
    const target = this.target(node)
    const wrapped = target.anyOf?.length === 2 && target.anyOf[0].not && Object.keys(target.anyOf[0].not).length === 0
    this.walk(def.innerType, wrapped ? target.anyOf[1] : node)
  }

  union(def, node) {
    const options = def.options instanceof Map ? [...def.options.values()] : def.options
    if (!node.anyOf) return // primitives squashed into `type: [...]` or `enum`
    if (node.anyOf.length !== options.length) throw new Error('docs-config extractor: a union lost a branch in its JSON Schema')
    options.forEach((option, index) => this.walk(option, node.anyOf[index]))
  }
}

/**
 * Refinements docs-lint checks itself (src/site/schema-refinements.ts), by the zod schema that holds
 * them: `href` (a URL, or a path from `/`, `#`, `mailto:`), `icon` (a name without `fa-`),
 * `unique-sources` (redirects). A schema that moved fails the sync rather than silently lose a check.
 */
async function namedRefinements(dir) {
  const load = (file) => import(pathToFileURL(path.join(dir, 'dist/mint-config/schemas', file)).href)
  const unwrap = (schema) => (schema?._def.typeName === 'ZodOptional' ? schema._def.innerType : schema)
  const href = (await load('v2/properties/reusable/href.js')).hrefSchema
  const icon = (await load('v2/properties/reusable/icon.js')).iconSchema?._def.options[0]
  const anchorIcon = unwrap((await load('v1/anchors.js')).anchorSchema?._def.shape().icon)
  const redirects = (await load('v1/basics.js')).redirectsSchema
  const named = new Map([[href, 'href'], [icon, 'icon'], [anchorIcon, 'icon'], [redirects, 'unique-sources']])
  for (const [schema, label] of named) {
    if (schema?._def.typeName !== 'ZodEffects' || schema._def.effect.type !== 'refinement') throw new Error('docs-config extractor: the `' + label + '` refinement moved in @mintlify/validation')
  }
  return new Map([...named].map(([schema, label]) => [schema._def, label]))
}

/** The platform's verdict, as its build gives it: `$ref` resolved, then docs.json or mint.json validation. */
async function platformVerdict(validation, file) {
  const folder = path.dirname(file)
  let resolved
  try {
    const raw = JSON.parse(fs.readFileSync(file, 'utf8'))
    resolved = (await validation.resolveRefs(raw, (relative) => fs.promises.readFile(path.join(folder, relative), 'utf8'))).resolved
  } catch (error) {
    return {valid: false, issues: [String((error instanceof Error ? error.message : undefined) ?? error)]}
  }
  const result = path.basename(file) === 'mint.json' ? validation.validateMintConfig(resolved) : validation.validateDocsConfig(resolved)
  if (result.success) return {valid: true, issues: []}
  return {valid: false, issues: result.error.issues.map((issue) => issue.path.join('.') + ': ' + issue.message)}
}

/** Each corpus config (when ../shared/corpora is there) and each probe, with the platform's verdict. */
async function recordVerdicts(validation, version) {
  const configs = {}
  for (const [label, file] of [...corpusConfigs(), ...probeConfigs()]) configs[label] = await platformVerdict(validation, file)
  const previous = fs.existsSync(verdictsFile) ? JSON.parse(fs.readFileSync(verdictsFile, 'utf8')).configs : {}
  // Without the corpora (a CI sync), keep their last verdicts rather than lose them.
  for (const [label, verdict] of Object.entries(previous)) if (!label.startsWith('probe:') && !(label in configs) && !fs.existsSync(corporaRoot)) configs[label] = verdict
  const sorted = Object.fromEntries(Object.keys(configs).sort().map((label) => [label, configs[label]]))
  const data = {'@generated': generatedMark, sources: {'@mintlify/validation': version}, configs: sorted}
  fs.mkdirSync(path.dirname(verdictsFile), {recursive: true})
  fs.writeFileSync(verdictsFile, JSON.stringify(data, undefined, 2) + '\n')
}

function* corpusConfigs() {
  if (!fs.existsSync(corporaRoot)) return
  for (const corpus of fs.readdirSync(corporaRoot).filter((entry) => !entry.startsWith('.')).sort()) {
    for (const file of findConfigs(path.join(corporaRoot, corpus), 0)) yield ['corpus:' + path.relative(corporaRoot, file).split(path.sep).join('/'), file]
  }
}

/** `docs.json` first, as the platform prefers it; a folder holding a config is a site root. */
function findConfigs(folder, depth) {
  for (const name of ['docs.json', 'mint.json']) if (fs.existsSync(path.join(folder, name))) return [path.join(folder, name)]
  if (depth >= 4) return []
  const entries = fs.readdirSync(folder, {withFileTypes: true}).filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules')
  return entries.sort((a, b) => a.name.localeCompare(b.name)).flatMap((entry) => findConfigs(path.join(folder, entry.name), depth + 1))
}

function* probeConfigs() {
  if (!fs.existsSync(probesFolder)) return
  for (const site of fs.readdirSync(probesFolder).sort()) {
    for (const file of findConfigs(path.join(probesFolder, site), 3)) yield ['probe:' + site, file]
  }
}

/** Until scripts/sync-platform.mjs lands: write the facts file with this extractor's part only. */
async function standalone(dir) {
  const data = await extract({validation: dir})
  const facts = {'@generated': generatedMark, sources: {'@mintlify/validation': packageVersion(dir)}, [name]: data}
  fs.mkdirSync(path.dirname(factsFile), {recursive: true})
  fs.writeFileSync(factsFile, JSON.stringify(facts, undefined, 2) + '\n')
  console.log('wrote ' + path.relative(process.cwd(), factsFile) + ' and ' + path.relative(process.cwd(), verdictsFile))
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--standalone')
  const dir = at === -1 ? undefined : process.argv[at + 1]
  if (!dir) {
    console.error('usage: node scripts/platform/docs-config.mjs --standalone <folder of an installed @mintlify/validation>')
    process.exit(2)
  }
  await standalone(path.resolve(dir))
}
