// Nested object properties, which the conventions' selection table puts in an `<Expandable>`: fields
// written inside their parent without one, and fields flattened to dotted names (`options.timeout`).
import type {Nodes, RootContent} from 'mdast'
import {toString as mdastToString} from 'mdast-util-to-string'
import type {TextEdit} from '../../src/contract.js'
import type {RuleContext} from '../../src/rule.js'
import {joinAnd} from '../../src/shared/text.js'
import {firstLine} from './positions.js'
import {indentOf} from './code-group.js'
import {isJsxElement, jsxAttribute, type JsxElement} from './jsx.js'

/**
 * The attributes that name a field. A query parameter or a header has a flat name on the wire, so a
 * dot in it (`filter.status`) is part of the name, not a path to a property.
 */
const nestingNames: Readonly<Record<string, readonly string[]>> = {ParamField: ['body', 'path', 'name'], ResponseField: ['name']}
const flatNames: readonly string[] = ['query', 'header']

interface Field {
  node: JsxElement
  /** The field's name as written (`options.timeout`), or undefined when it has none or a flat one. */
  name: string | undefined
}

function fieldOf(node: Nodes): Field | undefined {
  if (!isJsxElement(node) || node.type !== 'mdxJsxFlowElement') return undefined
  const attributes = nestingNames[node.name ?? '']
  if (!attributes) return undefined
  if (flatNames.some((name) => jsxAttribute(node, name).kind === 'text')) return {node, name: undefined}
  for (const attribute of attributes) {
    const value = jsxAttribute(node, attribute)
    if (value.kind === 'text' && value.text.trim() !== '') return {node, name: value.text.trim()}
  }
  return {node, name: undefined}
}

const list = (names: readonly string[]): string => joinAnd(names.map((name) => '`' + name + '`'), 3)

/** A dotted name's path (`result.metadata.usage` → `result`, `metadata`, `usage`); `items[].id` reads as `items`, `id`. */
const pathOf = (name: string): string[] => name.replace(/\[\]/g, '').split('.')

/**
 * Reports the fields of an object written as fields of their own: inside the parent with no
 * `<Expandable>`, or beside it with dotted names. Fields already in an `<Expandable>` are nested.
 */
export function checkNestedFields(tree: Nodes, context: RuleContext): void {
  walk(tree, {nested: false, reported: false}, context)
}

interface Around {
  /** In an `<Expandable>` or a field: dotted names here are nested already, or reported with the field. */
  nested: boolean
  /** In a field reported for its nested fields: its fields' own fields are part of that finding. */
  reported: boolean
}

function walk(node: Nodes, around: Around, context: RuleContext): void {
  if (!('children' in node)) return
  const children = node.children as RootContent[]
  const parent = fieldOf(node)
  const reported = around.reported || (parent !== undefined && checkInside(parent, children, context))
  if (!around.nested && !parent && !(isJsxElement(node) && node.name === 'Expandable')) checkFlattened(children, context)
  const nested = around.nested || Boolean(parent) || (isJsxElement(node) && node.name === 'Expandable')
  for (const child of children) walk(child, {nested, reported: reported && !(isJsxElement(child) && child.name === 'Expandable')}, context)
}

/** Types of a single value: fields inside such a field list its values, not properties. */
const scalarType = /^(?:string|str|number|integer|int|float|double|boolean|bool|enum)(?:\s*\|\s*(?:null|none|undefined))?$/i

/** A field of a function's or a method's type is a method of the object, not a property (`ctx.info`, `async method`). */
const callableType = /\b(?:method|function|callable)\b|=>|->/i

const typeOf = (field: Field): string => {
  const type = jsxAttribute(field.node, 'type')
  return type.kind === 'text' ? type.text.trim() : ''
}

/**
 * Fields written straight inside their parent field, with no `<Expandable>` to fold them; reported
 * once for the outermost parent. A parent that folds some of its content already chose what to show.
 */
function checkInside(parent: Field, children: readonly RootContent[], {page, report}: RuleContext): boolean {
  const fields = children.map(fieldOf).filter((field): field is Field => field !== undefined)
  if (fields.length === 0 || scalarType.test(typeOf(parent))) return false
  if (children.some((child) => isJsxElement(child) && child.name === 'Expandable')) return false
  const prefix = parent.name ? parent.name + '.' : ''
  const names = fields.map((field) => (field.name && prefix && field.name.startsWith(prefix) ? field.name.slice(prefix.length) : field.name ?? '?'))
  const of = parent.name ? ' of `' + parent.name + '`' : ''
  report({
    message: (names.length === 1 ? 'Unexpected field ' : 'Unexpected fields ') + list(names) + of + ' without an `<Expandable>`, expected ' + (names.length === 1 ? 'it' : 'them') + ' in an `<Expandable>` inside the field',
    place: firstLine(parent.node, page),
    actual: names.join(', '),
    expected: '<Expandable>',
    fix: wrapEdits(children, fields, page.source)
  })
  return true
}

/**
 * Edits that wrap the nested fields in an `<Expandable title="properties">`, when they stand one after
 * another at the end of the parent's content (no text of the parent's would move into it).
 */
function wrapEdits(children: readonly RootContent[], fields: readonly Field[], source: string): TextEdit[] | undefined {
  const first = fields[0]!.node
  const last = fields[fields.length - 1]!.node
  const from = children.indexOf(first as RootContent)
  if (children.slice(from).some((child) => !fieldOf(child))) return undefined
  const start = first.position?.start.offset
  const end = last.position?.end.offset
  const indent = indentOf(first, source)
  if (start === undefined || end === undefined || indent === undefined) return undefined
  if (fields.some((field) => indentOf(field.node, source) === undefined)) return undefined
  const lineStart = start - indent.length
  return [
    {start: lineStart, end: lineStart, text: indent + '<Expandable title="properties">\n'},
    {start: end, end, text: '\n' + indent + '</Expandable>'}
  ]
}

/**
 * Fields beside each other whose dotted names are the properties of one object (`options.timeout`,
 * `options.waitUntil`), within one section: one finding for each object, at its first property.
 */
function checkFlattened(children: readonly RootContent[], context: RuleContext): void {
  let section: Field[] = []
  let heading = ''
  for (const child of [...children, undefined]) {
    if (child === undefined || child.type === 'heading') {
      if (section.length > 1) reportFlattened(section, heading, context)
      section = []
      heading = child ? mdastToString(child) : ''
      continue
    }
    const field = fieldOf(child)
    if (field?.name && !callableType.test(typeOf(field))) section.push(field)
  }
}

/** Whether a heading names an object (`Scaling configuration` for `scaling`, `Krisp VIVA` for `krisp_viva`). */
function namesObject(heading: string, root: string): boolean {
  const words = (text: string): string => ' ' + text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim() + ' '
  return root.length > 1 && words(heading).includes(words(root))
}

/** The page's title, read only when a group of dotted names is found. */
function titleOf(context: RuleContext): string {
  const title = context.page.frontMatter().data?.['title']
  return typeof title === 'string' ? title : ''
}

function reportFlattened(fields: readonly Field[], heading: string, context: RuleContext): void {
  const {page, report} = context
  const names = new Set(fields.map((field) => field.name!))
  const groups = new Map<string, Field[]>()
  for (const field of fields) {
    const path = pathOf(field.name!)
    // `.data` names an attribute of a result, not a property of a field on the page.
    if (path.length < 2 || path.some((part) => part === '')) continue
    const root = path[0]!
    groups.set(root, [...(groups.get(root) ?? []), field])
  }
  for (const [root, members] of groups) {
    // One dotted name alone may be a path into a deep value; two, or one beside its parent, are properties.
    if (members.length < 2 && !names.has(root)) continue
    // A section whose heading names the object (a config file's `[scaling]` table) groups its
    // properties; on a page titled with it (`Stagehand`), they are the page's own (`stagehand.browser`).
    if (!names.has(root) && (namesObject(heading, root) || namesObject(titleOf(context), root))) continue
    const shown = members.map((field) => field.name!)
    report({
      message: 'Unexpected properties of `' + root + '` as separate fields (' + list(shown) + '), expected them nested in an `<Expandable>` inside the field `' + root + '`',
      place: firstLine(members[0]!.node, page),
      actual: shown.join(', '),
      expected: '<Expandable>'
    })
  }
}
