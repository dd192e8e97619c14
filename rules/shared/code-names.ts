// The names a code block uses and the names it binds, read from the parsers' trees. A use is a name
// read as a module (`os.environ`), called (`Field(…)`) or used as a type (`Optional[str]`); every other
// place a name stands (an import, an assignment, a parameter, an argument) counts as binding it, so a
// doubt always binds, and a name is never taken for unbound by mistake.
import type {SyntaxNode} from '@lezer/common'
import {pythonTree, scriptTree} from './syntax-parsers.js'

/** How a name is used: as a module object, called, or as a type. */
/**
 * How a name is used: read as a module (`os.getenv`), called, used as a type, or only read (an
 * argument, an f-string's or a template's value, a decorator), which no table entry asks for but
 * tells an excerpt of a larger program.
 */
export type NameUseKind = 'module' | 'call' | 'type' | 'read'

export interface NameUse {
  name: string
  /** Offset of the name in the block's text. */
  offset: number
  kind: NameUseKind
  /** The attribute read on a module use (`now` in `datetime.now()`). */
  attribute?: string | undefined
}

export interface BlockNames {
  /** Uses in text order. Empty when the block does not parse. */
  uses: NameUse[]
  /** Names the block may bind: every name in it that is not a use. */
  bound: Set<string>
}

/** The names of a Python text: `undefined` uses when the grammar meets an error. */
export function pythonBlockNames(text: string): BlockNames {
  const uses: NameUse[] = []
  const bound = new Set<string>()
  let broken = false
  pythonTree(text).iterate({
    enter(ref) {
      if (ref.type.isError) broken = true
      if (ref.name !== 'VariableName') return
      const name = text.slice(ref.from, ref.to)
      const use = pythonUse(ref.node, text)
      if (use === 'keyword') return
      if (use) uses.push({name, offset: ref.from, ...use})
      else bound.add(name)
    }
  })
  return broken ? unreadable(text) : {uses, bound}
}

/** How a Python name node is used; `keyword` for a keyword argument's name; `undefined` when it may bind. */
function pythonUse(node: SyntaxNode, text: string): {kind: NameUseKind; attribute?: string | undefined} | 'keyword' | undefined {
  const parent = node.parent
  if (!parent) return undefined
  const first = node.prevSibling === null
  const next = node.nextSibling
  switch (parent.name) {
    case 'MemberExpression':
      if (!first || !next) return undefined
      if (next.name === '[') return {kind: 'type'}
      return {kind: 'module', attribute: next.nextSibling ? text.slice(next.nextSibling.from, next.nextSibling.to) : undefined}
    case 'CallExpression':
      return first ? {kind: 'call'} : undefined
    case 'TypeDef':
      return {kind: 'type'}
    case 'ArgList':
      if (next?.name === 'AssignOp') return 'keyword'
      // A base class: `class User(BaseModel):`.
      return parent.parent?.name === 'ClassDefinition' ? {kind: 'type'} : {kind: 'read'}
    case 'FormatReplacement':
    case 'Decorator':
      return {kind: 'read'}
    default:
      return undefined
  }
}

/** A block no parser reads whole: no uses, and each of its words may bind. */
function unreadable(text: string): BlockNames {
  return {uses: [], bound: new Set(text.match(/[\p{L}_$][\p{L}\p{N}_$]*/gu) ?? [])}
}

interface EstreeNode {
  type: string
  start: number
  [key: string]: unknown
}

/** The names of a JavaScript or TypeScript text, with or without JSX. */
export function scriptBlockNames(text: string): BlockNames {
  const tree = scriptTree(text)
  if (!tree) return unreadable(text)
  const uses: NameUse[] = []
  const bound = new Set<string>()
  const visit = (node: EstreeNode, parent: EstreeNode | undefined, key: string) => {
    if (node.type === 'Identifier') {
      const name = node['name'] as string
      const use = parent ? scriptUse(parent, key) : undefined
      if (use === 'property') return
      if (use) uses.push({name, offset: node.start, ...use})
      else bound.add(name)
      return
    }
    for (const [childKey, value] of Object.entries(node)) {
      for (const child of Array.isArray(value) ? value : [value]) {
        if (isNode(child)) visit(child, node, childKey)
      }
    }
  }
  visit(tree as unknown as EstreeNode, undefined, '')
  uses.sort((a, b) => a.offset - b.offset)
  return {uses, bound}
}

function isNode(value: unknown): value is EstreeNode {
  return typeof value === 'object' && value !== null && typeof (value as {type?: unknown}).type === 'string' && typeof (value as {start?: unknown}).start === 'number'
}

/** How a script identifier is used; `property` for a property's or member's name, which is neither a use nor a binding. */
function scriptUse(parent: EstreeNode, key: string): {kind: NameUseKind; attribute?: string | undefined} | 'property' | undefined {
  const computed = parent['computed'] === true
  switch (parent.type) {
    case 'MemberExpression': {
      if (key === 'property') return computed ? undefined : 'property'
      const property = parent['property'] as EstreeNode
      return {kind: 'module', attribute: !computed && property.type === 'Identifier' ? (property['name'] as string) : undefined}
    }
    case 'CallExpression':
    case 'NewExpression':
      return key === 'callee' ? {kind: 'call'} : key === 'arguments' ? {kind: 'read'} : undefined
    case 'TemplateLiteral':
      return key === 'expressions' ? {kind: 'read'} : undefined
    case 'TSQualifiedName':
      return key === 'left' ? {kind: 'module'} : 'property'
    case 'Property':
    case 'MethodDefinition':
    case 'PropertyDefinition':
      return key === 'key' && !computed && parent['shorthand'] !== true ? 'property' : undefined
    default:
      return undefined
  }
}

/**
 * Whether a Python text only declares data models: classes whose bodies hold nothing but typed fields,
 * docstrings and `pass`. Reference pages list a library's models that way, to show their shape.
 */
export function declaresModelsOnly(text: string): boolean {
  const statements = childrenOf(pythonTree(text).topNode).filter((node) => node.name !== 'Comment')
  if (statements.length === 0) return false
  return statements.every((statement) => isModel(statement))
}

/** Whether a statement defines a class whose body holds only model members (nested models too). */
function isModel(statement: SyntaxNode): boolean {
  const definition = statement.name === 'DecoratedStatement' ? statement.lastChild : statement
  if (definition?.name !== 'ClassDefinition') return false
  const body = definition.getChild('Body')
  return body !== null && childrenOf(body).every((member) => modelMember(member))
}

/** A member a data model's body may hold: a typed field, a docstring, `pass`, a comment, punctuation. */
function modelMember(node: SyntaxNode): boolean {
  switch (node.name) {
    case 'AssignStatement':
      return node.getChild('TypeDef') !== null
    case 'ExpressionStatement':
      return node.firstChild?.name === 'String'
    case 'ClassDefinition':
    case 'DecoratedStatement':
      return isModel(node)
    case 'PassStatement':
    case 'Comment':
    case ':':
      return true
    default:
      return false
  }
}

function childrenOf(node: SyntaxNode): SyntaxNode[] {
  const children: SyntaxNode[] = []
  for (let child = node.firstChild; child; child = child.nextSibling) children.push(child)
  return children
}
