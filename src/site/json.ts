import path from 'node:path'
import {parse, type MemberNode, type ObjectNode, type StringNode, type ValueNode} from '@humanwhocodes/momoa'
import type {Position} from 'unist'
import {VFile} from 'vfile'
import {maxSiteConfigBytes, readSiteFile, unreadableReason} from './reads.js'
import {relativeTo} from '../shared/relative-path.js'

/** One JSON file of the site config (`docs.json`, or a file it includes with `$ref`). */
export interface JsonDocument {
  path: string
  file: VFile
  /** The parsed body; undefined when the text is not JSON. */
  body: ValueNode | undefined
  parseError: {message: string; line: number; column: number} | undefined
  /** Why the file could not be read (a folder named `docs.json`, no permission), when it could not. */
  readError?: string | undefined
}

/**
 * A JSON value with `$ref` includes resolved, each part keeping the file and the place it came
 * from, so a problem anywhere in the resolved config is reported where it was written.
 */
export type Located =
  | {type: 'object'; members: LocatedMember[]; doc: JsonDocument; place: Position; brokenRef?: true}
  | {type: 'array'; items: Located[]; doc: JsonDocument; place: Position}
  | {type: 'string'; value: string; doc: JsonDocument; place: Position}
  | {type: 'number'; value: number; doc: JsonDocument; place: Position}
  | {type: 'boolean'; value: boolean; doc: JsonDocument; place: Position}
  | {type: 'null'; doc: JsonDocument; place: Position}

export interface LocatedMember {
  name: string
  /** Where the key is written. */
  keyPlace: Position
  value: Located
}

/** A `$ref` that could not be followed, reported on the file that holds it. */
export interface RefProblem {
  doc: JsonDocument
  place: Position
  reason: string
  /** `warn` for what the platform ignores; errors otherwise. */
  level?: 'warn'
}

/** A JSON file of the site config in `root`, read as `readSiteFile` reads (inside the site, bounded). */
export function readJsonDocument(filePath: string, root: string, text?: string): JsonDocument {
  const value = text ?? readSiteFile(filePath, root, maxSiteConfigBytes)
  const file = new VFile({path: filePath, value})
  try {
    const document = parse(value, {mode: 'json'})
    return {path: filePath, file, body: document.body, parseError: undefined}
  } catch (error) {
    const cause = error as {message: string; line?: number; column?: number}
    return {
      path: filePath,
      file,
      body: undefined,
      parseError: {
        message: readableJsonError(cause.message),
        line: cause.line ?? 1,
        column: cause.column ?? 1
      }
    }
  }
}

/** A config file that is there but cannot be read: reported on, never thrown. */
export function unreadableDocument(filePath: string, error: unknown): JsonDocument {
  const reason = unreadableReason(error)
  return {path: filePath, file: new VFile({path: filePath}), body: undefined, parseError: undefined, readError: reason}
}

export function placeOf(node: {loc: {start: {line: number; column: number; offset: number}; end: {line: number; column: number; offset: number}}}): Position {
  return {start: {...node.loc.start}, end: {...node.loc.end}}
}

export interface ResolveResult {
  value: Located | undefined
  documents: JsonDocument[]
  problems: RefProblem[]
}

/**
 * Resolve `{"$ref": "file.json"}` includes as the platform's `resolveRefs` does: relative to the file
 * that holds them; siblings of `$ref` override the keys of an included object and are dropped beside
 * any other included value; a `$ref` that is not a string is an ordinary key. A path that leaves `root`
 * is an error and is never read; a file that includes itself, directly or not, is a cycle.
 */
export function resolveDocument(main: JsonDocument, root: string): ResolveResult {
  const documents: JsonDocument[] = [main]
  const problems: RefProblem[] = []
  const loaded = new Map<string, JsonDocument>([[main.path, main]])

  /** The included file, or why it cannot be read. */
  function load(filePath: string): JsonDocument | string {
    let doc = loaded.get(filePath)
    if (doc) return doc
    try {
      doc = readJsonDocument(filePath, root)
    } catch (error) {
      return unreadableReason(error)
    }
    loaded.set(filePath, doc)
    documents.push(doc)
    return doc
  }

  function resolve(node: ValueNode, doc: JsonDocument, chain: string[]): Located | undefined {
    const place = placeOf(node)
    switch (node.type) {
      case 'Object': {
        const ref = node.members.find((member) => member.name.type === 'String' && member.name.value === '$ref' && member.value.type === 'String')
        const base: LocatedMember[] = []
        let brokenRef = false
        if (ref) {
          const included = include(ref, doc, chain)
          if (included?.type === 'object') base.push(...included.members)
          else if (included) return withoutSiblings(included, node, ref, doc)
          // An include that failed is reported once; checks of what it should have held are moot.
          else brokenRef = true
        }
        const members = [...base]
        for (const member of node.members) {
          if (member === ref) continue
          const name = member.name.type === 'String' ? member.name.value : member.name.name
          const value = resolve(member.value, doc, chain)
          if (!value) continue
          const existing = members.findIndex((item) => item.name === name && base.includes(item))
          const entry = {name, keyPlace: placeOf(member.name), value}
          if (existing === -1) members.push(entry)
          else members[existing] = entry
        }
        return brokenRef ? {type: 'object', members, doc, place, brokenRef: true} : {type: 'object', members, doc, place}
      }
      case 'Array': {
        const items: Located[] = []
        for (const element of node.elements) {
          const value = resolve(element.value, doc, chain)
          if (value) items.push(value)
        }
        return {type: 'array', items, doc, place}
      }
      case 'String':
        return {type: 'string', value: node.value, doc, place}
      case 'Number':
        return {type: 'number', value: node.value, doc, place}
      case 'Boolean':
        return {type: 'boolean', value: node.value, doc, place}
      case 'Null':
        return {type: 'null', doc, place}
      default:
        return undefined
    }
  }

  /** An included array or value replaces the object that includes it: the platform drops the `$ref`'s siblings. */
  function withoutSiblings(included: Located, node: ObjectNode, ref: MemberNode, doc: JsonDocument): Located {
    for (const member of node.members) {
      if (member === ref) continue
      const name = member.name.type === 'String' ? member.name.value : member.name.name
      problems.push({doc, place: placeOf(member.name), reason: 'Unexpected key `' + name + '` beside a `$ref` to ' + (included.type === 'array' ? 'an array' : 'a value') + ': the platform ignores it', level: 'warn'})
    }
    return included
  }

  function include(member: MemberNode, doc: JsonDocument, chain: string[]): Located | undefined {
    const place = placeOf(member.value)
    const reference = (member.value as StringNode).value
    if (/^[a-z][a-z\d+.-]*:/i.test(reference)) {
      problems.push({doc, place, reason: 'Unexpected URL in `$ref` `' + reference + '`, expected a path to a JSON file in the project'})
      return undefined
    }
    // The platform joins the including file's folder and the path, so a leading `/` is that folder,
    // except in a file at the root, where it leaves the project.
    const folder = path.dirname(doc.path)
    const fromRoot = path.relative(root, folder) === ''
    const slashed = reference.replace(/\\/g, '/')
    const target = path.resolve(folder, fromRoot ? slashed : slashed.replace(/^\/+/, ''))
    const relative = path.relative(root, target)
    if (relative.startsWith('..') || path.isAbsolute(relative) || (fromRoot && slashed.startsWith('/'))) {
      problems.push({doc, place, reason: 'Unexpected `$ref` `' + reference + '` outside the project folder, expected a path inside it'})
      return undefined
    }
    if (chain.includes(target)) {
      const cycle = [...chain.slice(chain.indexOf(target)), target].map((item) => '`' + relativeTo(root, item) + '`')
      problems.push({doc, place, reason: 'Unexpected `$ref` cycle: ' + cycle.join(' → ') + ', expected includes that end'})
      return undefined
    }
    const included = load(target)
    if (typeof included === 'string') {
      problems.push({doc, place, reason: 'Unexpected `$ref` `' + reference + '`: ' + included + ', expected a JSON file relative to `' + relativeTo(root, doc.path) + '`'})
      return undefined
    }
    if (!included.body) return undefined
    return resolve(included.body, included, [...chain, target])
  }

  const value = main.body ? resolve(main.body, main, [main.path]) : undefined
  return {value, documents, problems}
}

/** The plain JSON value (for schema validation). */
export function toValue(node: Located): unknown {
  switch (node.type) {
    case 'object':
      return Object.fromEntries(node.members.map((member) => [member.name, toValue(member.value)]))
    case 'array':
      return node.items.map(toValue)
    case 'null':
      return null
    default:
      return node.value
  }
}

export function member(node: Located | undefined, name: string): LocatedMember | undefined {
  return node?.type === 'object' ? node.members.find((item) => item.name === name) : undefined
}

export function get(node: Located | undefined, ...names: Array<string | number>): Located | undefined {
  let current = node
  for (const name of names) {
    if (!current) return undefined
    if (typeof name === 'number') current = current.type === 'array' ? current.items[name] : undefined
    else current = member(current, name)?.value
  }
  return current
}

const tokenText: Record<string, string> = {
  LBrace: '`{`', RBrace: '`}`', LBracket: '`[`', RBracket: '`]`', Comma: '`,`', Colon: '`:`',
  String: 'a string', Number: 'a number', Boolean: 'a boolean', Null: '`null`'
}

/** `Unexpected token RBrace found. (5:1)` → `unexpected `}`` */
function readableJsonError(message: string): string {
  const text = message.replace(/\s*\(\d+:\d+\)$/, '')
  const token = /^Unexpected token (\w+) found\.?$/.exec(text)
  if (token) return 'unexpected ' + (tokenText[token[1]!] ?? token[1]!)
  return text.replace(/\.$/, '').replace(/^./, (first) => first.toLowerCase())
}
