// A page's front matter: the YAML block read as the platform reads it, its values with their places,
// and its problems (a YAML error, values nested too deep), for the rules that check it.
import type {Root, Yaml} from 'mdast'
import type {Position} from 'unist'
import type {location} from 'vfile-location'
import {load, once, yaml} from '../shared/lazy.js'
import type {Document, Pair} from 'yaml'

export interface FrontMatterError {
  message: string
  place: Position
}

export interface FrontMatter {
  /** The `yaml` node, when the page starts with `---` front matter. */
  node: Yaml | undefined
  /** The parsed data (undefined when absent or invalid). */
  data: Record<string, unknown> | undefined
  /** YAML syntax errors, placed in the page. */
  errors: FrontMatterError[]
  /** Where key `name` sits in the page (its key, or its value with `value: true`). */
  placeOf(name: string, value?: boolean): Position | undefined
}

/** Per-page facts shared by every rule, each computed at most once and only when asked for. */
export function readFrontMatter(tree: Root, source: string, lines: ReturnType<typeof location>): FrontMatter {
  const first = tree.children[0]
  if (!first || first.type !== 'yaml' || !first.position) {
    return {node: undefined, data: undefined, errors: [], placeOf: () => undefined}
  }
  const node = first
  const position = first.position
  // The YAML text starts on the line after the opening `---`.
  const start = first.position.start.offset ?? 0
  const newline = source.indexOf('\n', start)
  const valueStart = newline === -1 ? start : newline + 1
  const toPlace = (from: number, to: number): Position => {
    const startPoint = lines.toPoint(valueStart + from) ?? first.position!.start
    const endPoint = lines.toPoint(valueStart + Math.max(to, from)) ?? startPoint
    return {start: startPoint, end: endPoint}
  }

  let read: YamlReading
  try {
    read = readYaml(node.value)
  } catch (error) {
    return {
      node,
      data: undefined,
      errors: [{message: String((error as Error).message), place: first.position}],
      placeOf: () => undefined
    }
  }
  const {data} = read
  const errors: FrontMatterError[] = read.errors.map(({message, pos}) => ({message, place: pos ? toPlace(pos[0], pos[1]) : position}))

  return {
    node,
    data,
    errors,
    placeOf(name, value) {
      const YAML = yaml()
      const doc = read.document()
      // js-yaml gives no places, and the YAML library's tree is broken where it rejects the text: a key is found by its line.
      if (doc.errors.length > 0) {
        const from = keyOffset(node.value, name)
        return from === undefined ? undefined : toPlace(from, from + name.length)
      }
      if (!YAML.isMap(doc.contents)) return undefined
      const pair = doc.contents.items.find(
        (item: Pair) => YAML.isScalar(item.key) && item.key.value === name
      )
      const target = value && pair?.value && YAML.isScalar(pair.value) ? pair.value : pair?.key
      if (!target || !YAML.isScalar(target) || !target.range) return undefined
      return toPlace(target.range[0], target.range[1])
    }
  }
}

/** `value` when it is a mapping (a plain object), else undefined. */
function mappingOf(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
}

/** Where the top-level key `name:` starts in YAML `text` (at the start of a line), if it does. */
function keyOffset(text: string, name: string): number | undefined {
  let at = 0
  while (at <= text.length) {
    const end = text.indexOf('\n', at)
    const line = text.slice(at, end === -1 ? text.length : end)
    if (line.startsWith(name) && line.slice(name.length).trimStart().startsWith(':')) return at
    if (end === -1) return undefined
    at = end + 1
  }
  return undefined
}

interface YamlReading {
  data: Record<string, unknown> | undefined
  /** Syntax errors (with the YAML library's offsets) or a failure to build the value (without). */
  errors: Array<{message: string; pos: [number, number] | undefined}>
  /** The YAML library's tree of the text, with the places of its keys: built on first use. */
  document(): Document
}

/**
 * YAML front matter text read as the platform reads it: by js-yaml (see `platformReading`), or,
 * where js-yaml rejects it, by the YAML library, whose errors say where the text goes wrong. The
 * YAML library's tree, which places keys, is built only when a rule asks where a key is: it takes
 * four times as long as js-yaml (a 138-page site: 27 ms against 8). On the 9,028 front matter
 * blocks of the corpora the two agree on every value but one, where js-yaml keeps a space the YAML
 * specification folds away, as the platform does.
 */
function readYaml(text: string): YamlReading {
  const document = once(() => yaml().parseDocument(text, {prettyErrors: false, uniqueKeys: true}))
  const accepted = platformReading(text)
  if (accepted) return {data: mappingOf(accepted.value), errors: [], document}
  const doc = document()
  if (doc.errors.length > 0) {
    return {data: undefined, errors: doc.errors.map((error) => ({message: firstLine(error.message), pos: error.pos})), document}
  }
  try {
    return {data: mappingOf(doc.toJS({maxAliasCount: 100})), errors: [], document}
  } catch (error) {
    return {data: undefined, errors: [{message: firstLine((error as Error).message), pos: undefined}], document}
  }
}

/**
 * The mapping a front matter block holds (the YAML between the `---` lines), read as pages are linted.
 * Undefined when the block is not YAML or holds no mapping.
 */
export function frontMatterData(text: string): Record<string, unknown> | undefined {
  try {
    return readYaml(text).data
  } catch {
    return undefined
  }
}

interface JsYaml {
  load(text: string, options: {schema: unknown}): unknown
  CORE_SCHEMA: unknown
}

const jsYaml = once(() => load('js-yaml') as JsYaml)

/**
 * The value js-yaml reads from `text`, with the same core schema as the YAML library here (dates stay
 * strings); undefined when js-yaml rejects it. The platform reads front matter with js-yaml (through
 * gray-matter), which accepts some text the YAML specification does not, such as a quoted
 * `description` whose closing quote or second line starts in column 1: a page the platform renders
 * has no invalid front matter.
 */
function platformReading(text: string): {value: unknown} | undefined {
  const reader = jsYaml()
  let value: unknown
  try {
    value = reader.load(text, {schema: reader.CORE_SCHEMA})
  } catch {
    return undefined
  }
  // js-yaml shares an alias's value wherever it is used. Without aliases a value has fewer parts than
  // its text has characters; more than that is aliases multiplying it, which the YAML library bounds
  // with `maxAliasCount`. Such a value could hold billions of nodes: it is not taken.
  return valuesWithin(value, Math.max(1000, text.length)) ? {value} : undefined
}

/** Whether walking `value` (a shared value once per use) reaches at most `limit` values. */
function valuesWithin(value: unknown, limit: number): boolean {
  let left = limit - 1
  const stack = [value]
  while (stack.length > 0) {
    const next = stack.pop()
    if (!next || typeof next !== 'object') continue
    const children = Array.isArray(next) ? next : Object.values(next)
    // Counted before they are pushed: the stack never holds more than `limit` values.
    left -= children.length
    if (left < 0) return false
    for (const child of children) stack.push(child)
  }
  return true
}

function firstLine(text: string): string {
  return text.split('\n')[0]!.replace(/\s+at line \d+, column \d+:?$/, '').trim()
}
