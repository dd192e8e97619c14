import {parse as parseJsonc, type ValueNode} from '@humanwhocodes/momoa'
import {yaml} from '../shared/lazy.js'

/**
 * Config text to a value, remembering where each key and list item was written, so that a config error
 * can name the line and column of the mistake. JSON configs accept comments and trailing commas (JSONC,
 * as editors write `settings.json`), parsed by momoa, which docs-lint also reads docs.json with.
 */

export interface TextPoint {
  line: number
  column: number
}

/** A config text that does not parse: the reason and where. */
export class ConfigTextError extends Error {
  constructor(message: string, readonly point: TextPoint | undefined) {
    super(message)
  }
}

// Keyed by the parsed objects and arrays themselves: a value that came from no text has no entry.
const positions = new WeakMap<object, Map<string, TextPoint>>()

/** Where `key` (an object's key, or an array's index) of a parsed config value was written. */
export function positionOf(container: unknown, key: string | number): TextPoint | undefined {
  return container !== null && typeof container === 'object' ? positions.get(container)?.get(String(key)) : undefined
}

function remember(container: object, key: string | number, point: TextPoint): void {
  let map = positions.get(container)
  if (!map) positions.set(container, (map = new Map()))
  map.set(String(key), point)
}

const tokenNames: Record<string, string> = {
  LBrace: '`{`', RBrace: '`}`', LBracket: '`[`', RBracket: '`]`', Colon: '`:`', Comma: '`,`',
  String: 'string', Number: 'number', Boolean: 'boolean', Null: '`null`'
}

/** JSON with comments and trailing commas. `field`: the value of this top-level key only (package.json). */
export function parseJsonConfig(text: string, field?: string): unknown {
  let document
  try {
    document = parseJsonc(text, {mode: 'jsonc', allowTrailingCommas: true})
  } catch (error) {
    const raw = error as Error & Partial<TextPoint> & {offset?: number}
    // At the end of the text momoa names the last token it read: the text is cut short, not that token wrong.
    const cutShort = raw.offset !== undefined && /^Unexpected token \w+ found/.test(raw.message) && text.slice(raw.offset + 1).trim() === ''
    const message = cutShort ? 'unexpected end of the text: a `}` or `]` is missing' : raw.message
      .replace(/ \(\d+:\d+\)$/, '')
      .replace(/^Unexpected token (\w+) found\.?$/, (_, token: string) => 'unexpected ' + (tokenNames[token] ?? token))
      .replace(/^Unexpected (.*) found\.?$/, 'unexpected $1')
    throw new ConfigTextError(message, raw.line === undefined ? undefined : {line: raw.line, column: raw.column ?? 1})
  }
  let node: ValueNode | undefined = document.body
  if (field !== undefined) {
    node = node.type === 'Object' ? node.members.find((member) => member.name.type === 'String' && member.name.value === field)?.value : undefined
    if (!node) return undefined
  }
  return jsonValue(node)
}

function jsonValue(node: ValueNode): unknown {
  switch (node.type) {
    case 'Object': {
      const result: Record<string, unknown> = {}
      for (const member of node.members) {
        const key = member.name.type === 'String' ? member.name.value : member.name.name
        // Defined, not assigned: `"__proto__"` is a key like any other (an unknown one), never the prototype.
        Object.defineProperty(result, key, {value: jsonValue(member.value), enumerable: true, writable: true, configurable: true})
        remember(result, key, member.name.loc.start)
      }
      return result
    }
    case 'Array':
      return node.elements.map((element, index, list) => {
        remember(list, index, element.value.loc.start)
        return jsonValue(element.value)
      })
    case 'Null':
      return null
    case 'NaN':
      return Number.NaN
    case 'Infinity':
      return node.sign === '-' ? -Infinity : Infinity
    default:
      return node.value
  }
}

/** YAML (and JSON written as YAML). */
export function parseYamlConfig(text: string): unknown {
  const {LineCounter, isMap, isSeq, isPair, isScalar} = yaml()
  const lines = new LineCounter()
  const document = yaml().parseDocument(text, {lineCounter: lines})
  if (document.errors.length > 0) {
    const error = document.errors[0]!
    const at = error.linePos?.[0]
    throw new ConfigTextError(
      error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, ''),
      at ? {line: at.line, column: at.col} : undefined
    )
  }
  const value = document.toJS() as unknown
  const pointAt = (offset: number | undefined): TextPoint | undefined => {
    if (offset === undefined) return undefined
    const {line, col} = lines.linePos(offset)
    return {line, column: col}
  }
  // The parsed value mirrors the document's nodes: walk both together.
  const walk = (node: unknown, js: unknown): void => {
    if (js === null || typeof js !== 'object') return
    if (isMap(node)) {
      for (const pair of node.items) {
        if (!isPair(pair)) continue
        const key = isScalar(pair.key) ? String(pair.key.value) : undefined
        if (key === undefined || !Object.hasOwn(js, key)) continue
        const point = pointAt((pair.key as {range?: [number, number, number]}).range?.[0])
        if (point) remember(js, key, point)
        walk(pair.value, (js as Record<string, unknown>)[key])
      }
    } else if (isSeq(node) && Array.isArray(js)) {
      node.items.forEach((item, index) => {
        const point = pointAt((item as {range?: [number, number, number]} | null)?.range?.[0])
        if (point) remember(js, index, point)
        walk(item, js[index])
      })
    }
  }
  walk(document.contents, value)
  return value
}
