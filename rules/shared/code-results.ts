// The results a Python or JavaScript program computes last and never uses: the assignments from calls
// (`relevant = m.search(…)`) at the end of its top-level statements, or at the end of the `main`
// function its last statement runs, whose names nothing after them reads. Read from the parsers' trees.
import type {SyntaxNode} from '@lezer/common'
import {pythonTree, scriptTree} from './syntax-parsers.js'

/** A statement that assigns the result of a call to names. */
export interface ResultAssignment {
  /** The names it binds. */
  names: string[]
  /** Offsets of the statement in the block's text. */
  from: number
  to: number
  /** The called function as written, `m.search` for `m.search(…)`. */
  callee: string
}

export interface ProgramReading {
  /** Whether the block imports something (an `import` statement, or `require(…)`). */
  imports: boolean
  /** Whether the block exports something: a module of a larger program, whose values other files read. */
  exports: boolean
  /** The assignments of the last run of top-level (or `main`) statements whose names nothing after reads. */
  unused: ResultAssignment[]
  /** Every name the block mentions, bound or used. */
  names: Set<string>
  /** The names its top-level statements assign (`m = Memory.from_config(config)`): what a later block may go on with. */
  assigned: Set<string>
  /** The text between the statements after the first unused result, and after the last: the comments that may tell it. */
  commentsAfter: string
  /** Whether a comment follows the program's last statement (the last of `main` when it runs one). */
  endsWithComment: boolean
}

/** Calls that show a value: they end a run of results. */
const showingCalls = /^(?:print|pprint|display|console\.\w+|logger\.\w+|logging\.\w+|log\.\w+|st\.\w+|rprint|assert\w*)$/

/** Calls that end a program: they close a client or a session and give nothing to show. */
const teardownCall = /(?:^|\.)(?:close|aclose|disconnect|stop|shutdown|quit|cleanup|end|end_?trace|end_?session|endSession|flush|destroy|dispose|teardown|exit)$/i

interface Statement {
  from: number
  to: number
  /** `assign`: a result of a call; `call`: a call for its effect; `main`: runs a function of the block; `other`. */
  kind: 'assign' | 'call' | 'main' | 'other'
  names: string[]
  callee: string
  /** For `main`: the function's name. */
  runs?: string
}

interface Occurrence {
  name: string
  offset: number
}

/** Reads a Python block; `undefined` when it does not parse. */
export function readPython(text: string): ProgramReading | undefined {
  const tree = pythonTree(text)
  let broken = false
  const occurrences: Occurrence[] = []
  tree.iterate({
    enter(ref) {
      if (ref.type.isError) broken = true
      if (ref.name === 'VariableName') occurrences.push({name: text.slice(ref.from, ref.to), offset: ref.from})
    }
  })
  if (broken) return undefined
  const top = childrenOf(tree.topNode)
  const functions = new Map<string, SyntaxNode>()
  for (const node of top) {
    const target = node.name === 'DecoratedStatement' ? node.lastChild : node
    if (target?.name === 'FunctionDefinition') {
      const name = target.getChild('VariableName')
      if (name) functions.set(text.slice(name.from, name.to), target)
    }
  }
  let statements = top.filter((node) => node.name !== 'Comment').map((node) => pythonStatement(node, text))
  const last = top.filter((node) => node.name !== 'Comment').at(-1)
  // `if __name__ == "__main__":` runs its body.
  if (last?.name === 'IfStatement' && /__name__/.test(text.slice(last.from, last.getChild('Body')?.from ?? last.from))) {
    const body = childrenOf(last.getChild('Body')!).filter((node) => node.name !== 'Comment' && node.name !== ':')
    statements = [...statements.slice(0, -1), ...body.map((node) => pythonStatement(node, text))]
  }
  const imports = top.some((node) => node.name === 'ImportStatement')
  const assigned = new Set<string>()
  for (const node of top) {
    if (node.name !== 'AssignStatement') continue
    for (let child = node.firstChild; child && child.name !== 'AssignOp'; child = child.nextSibling) {
      if (child.name === 'VariableName') assigned.add(text.slice(child.from, child.to))
    }
  }
  return reading(statements, occurrences, text, imports, false, assigned, (name) => {
    const definition = functions.get(name)
    const body = definition?.getChild('Body')
    if (!body) return undefined
    return {end: body.to, statements: childrenOf(body).filter((node) => node.name !== 'Comment' && node.name !== ':').map((node) => pythonStatement(node, text))}
  })
}

function childrenOf(node: SyntaxNode): SyntaxNode[] {
  const children: SyntaxNode[] = []
  for (let child = node.firstChild; child; child = child.nextSibling) children.push(child)
  return children
}

function pythonStatement(node: SyntaxNode, text: string): Statement {
  const base = {from: node.from, to: node.to, names: [] as string[], callee: ''}
  if (node.name === 'AssignStatement') {
    const children = childrenOf(node)
    const ops = children.filter((child) => child.name === 'AssignOp')
    if (ops.length !== 1) return {...base, kind: 'other'}
    const targets = children.slice(0, children.indexOf(ops[0]!))
    let value = ops[0]!.nextSibling
    if (value?.name === 'AwaitExpression') value = value.lastChild
    const names = targets.filter((child) => child.name === 'VariableName').map((child) => text.slice(child.from, child.to))
    const simple = targets.every((child) => child.name === 'VariableName' || child.name === ',' || child.name === 'TypeDef')
    if (!simple || names.length === 0 || value?.name !== 'CallExpression') return {...base, kind: 'other'}
    return {...base, kind: 'assign', names, callee: calleeText(value.firstChild!, text)}
  }
  if (node.name === 'ExpressionStatement') {
    let call = node.firstChild
    if (call?.name === 'AwaitExpression') call = call.lastChild
    if (call?.name !== 'CallExpression') return {...base, kind: 'other'}
    const callee = calleeText(call.firstChild!, text)
    // `main()`, `asyncio.run(main())`: the program is the function's body.
    if (call.firstChild?.name === 'VariableName') return {...base, kind: 'main', callee, runs: callee}
    const argument = call.getChild('ArgList')?.getChild('CallExpression')
    if (/^(?:asyncio|anyio|trio)\.run$/.test(callee) && argument?.firstChild?.name === 'VariableName') {
      return {...base, kind: 'main', callee, runs: text.slice(argument.firstChild.from, argument.firstChild.to)}
    }
    return {...base, kind: 'call', callee}
  }
  return {...base, kind: 'other'}
}

/** A callee as written, without spaces: `client.chat.completions.create`. */
function calleeText(node: SyntaxNode, text: string): string {
  return text.slice(node.from, node.to).replace(/\s+/g, '')
}

/** Reads a JavaScript or TypeScript block; `undefined` when it does not parse. */
export function readScript(text: string): ProgramReading | undefined {
  const tree = scriptTree(text) as unknown as EstreeNode | undefined
  if (!tree) return undefined
  const occurrences: Occurrence[] = []
  collectIdentifiers(tree, occurrences)
  const body = (tree['body'] as EstreeNode[]).filter((node) => node.type !== 'EmptyStatement')
  const imports = body.some((node) => node.type === 'ImportDeclaration') || occurrences.some((use) => use.name === 'require')
  const exports = body.some((node) => node.type.startsWith('Export'))
  const functions = new Map<string, EstreeNode>()
  for (const node of body) {
    if (node.type === 'FunctionDeclaration') functions.set(identifierName(node['id']), node)
    if (node.type === 'VariableDeclaration') {
      for (const declarator of node['declarations'] as EstreeNode[]) {
        const init = declarator['init'] as EstreeNode | null
        if (init && /FunctionExpression$/.test(init.type) && (init['body'] as EstreeNode).type === 'BlockStatement') {
          functions.set(identifierName(declarator['id']), init)
        }
      }
    }
  }
  const assigned = new Set<string>()
  for (const node of body) {
    if (node.type !== 'VariableDeclaration') continue
    for (const declarator of node['declarations'] as EstreeNode[]) if (identifierName(declarator['id'])) assigned.add(identifierName(declarator['id']))
  }
  return reading(body.map((node) => scriptStatement(node, text)), occurrences, text, imports, exports, assigned, (name) => {
    const definition = functions.get(name)
    const block = definition?.['body'] as EstreeNode | undefined
    if (block?.type !== 'BlockStatement') return undefined
    return {end: block.end - 1, statements: (block['body'] as EstreeNode[]).map((node) => scriptStatement(node, text))}
  })
}

interface EstreeNode {
  type: string
  start: number
  end: number
  [key: string]: unknown
}

function isNode(value: unknown): value is EstreeNode {
  return typeof value === 'object' && value !== null && typeof (value as {type?: unknown}).type === 'string' && typeof (value as {start?: unknown}).start === 'number'
}

function identifierName(node: unknown): string {
  return isNode(node) && node.type === 'Identifier' ? (node['name'] as string) : ''
}

function collectIdentifiers(root: EstreeNode, into: Occurrence[]): void {
  const stack: EstreeNode[] = [root]
  while (stack.length > 0) {
    const node = stack.pop()!
    if (node.type === 'Identifier' || node.type === 'JSXIdentifier') into.push({name: node['name'] as string, offset: node.start})
    for (const [key, value] of Object.entries(node)) {
      if (key === 'loc') continue
      for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) stack.push(child)
    }
  }
}

function scriptStatement(node: EstreeNode, text: string): Statement {
  const base = {from: node.start, to: node.end, names: [] as string[], callee: ''}
  const unwrap = (value: unknown): EstreeNode | undefined => {
    const expression = isNode(value) && value.type === 'AwaitExpression' ? value['argument'] : value
    return isNode(expression) && expression.type === 'CallExpression' ? expression : undefined
  }
  if (node.type === 'VariableDeclaration') {
    const declarations = node['declarations'] as EstreeNode[]
    if (declarations.length !== 1) return {...base, kind: 'other'}
    const id = declarations[0]!['id'] as EstreeNode
    const call = unwrap(declarations[0]!['init'])
    if (!call || id.type !== 'Identifier') return {...base, kind: 'other'}
    return {...base, kind: 'assign', names: [id['name'] as string], callee: scriptCallee(call, text)}
  }
  if (node.type === 'ExpressionStatement') {
    const call = unwrap(node['expression'])
    if (!call) return {...base, kind: 'other'}
    const callee = scriptCallee(call, text)
    const target = call['callee'] as EstreeNode
    if (target.type === 'Identifier') return {...base, kind: 'main', callee, runs: callee}
    // `main().catch(console.error)`, `main().then(…)`.
    const object = target.type === 'MemberExpression' ? (target['object'] as EstreeNode) : undefined
    if (object?.type === 'CallExpression' && (object['callee'] as EstreeNode).type === 'Identifier') {
      const runs = identifierName(object['callee'])
      return {...base, kind: 'main', callee: runs, runs}
    }
    return {...base, kind: 'call', callee}
  }
  return {...base, kind: 'other'}
}

function scriptCallee(call: EstreeNode, text: string): string {
  const callee = call['callee'] as EstreeNode
  return text.slice(callee.start, callee.end).replace(/\s+/g, '')
}

/**
 * The unused results of a program's statements: the last run of assignments from calls and calls for
 * their effect, back from the end, where nothing after an assignment reads its names. When the last
 * statement runs a function of the block (`asyncio.run(main())`), the function's statements are read.
 */
function reading(
  statements: Statement[],
  occurrences: readonly Occurrence[],
  text: string,
  imports: boolean,
  exports: boolean,
  assigned: Set<string>,
  bodyOf: (name: string) => {statements: Statement[]; end: number} | undefined
): ProgramReading {
  const names = new Set(occurrences.map((use) => use.name))
  const last = statements.at(-1)
  const runs = last?.kind === 'main' && last.runs ? bodyOf(last.runs) : undefined
  const whole = trailingRun(runs?.statements ?? statements)
  // Teardown calls may follow the results (`await stagehand.close()`); any other call after them is
  // where the example goes on, and what it does with them is not a result left unshown.
  let end = whole.length
  while (end > 0 && whole[end - 1]!.kind === 'call' && teardownCall.test(whole[end - 1]!.callee)) end--
  let start = end
  while (start > 0 && whole[start - 1]!.kind === 'assign') start--
  const run = whole.slice(start, end)
  const unused: ResultAssignment[] = []
  for (const statement of run) {
    if (statement.kind !== 'assign' || showingCalls.test(statement.callee)) continue
    const read = statement.names.some((name) => occurrences.some((use) => use.name === name && (use.offset < statement.from || use.offset >= statement.to)))
    if (!read) unused.push({names: statement.names, from: statement.from, to: statement.to, callee: statement.callee})
  }
  const first = unused[0]
  const limit = runs?.end ?? text.length
  const final = (runs?.statements ?? statements).at(-1)
  const endsWithComment = final !== undefined && text.slice(final.to, limit).trim() !== ''
  return {imports, exports, unused, names, assigned, commentsAfter: first ? commentBefore(whole, first, text) + gaps(whole, first.from, text.slice(0, limit)) : '', endsWithComment}
}

/** The statements back from the end that are assignments from calls or calls, before any other statement or call that shows. */
function trailingRun(statements: readonly Statement[]): Statement[] {
  const run: Statement[] = []
  for (let index = statements.length - 1; index >= 0; index--) {
    const statement = statements[index]!
    if (statement.kind === 'other' || statement.kind === 'main' || showingCalls.test(statement.callee)) break
    run.unshift(statement)
  }
  return run
}

/** The text between the statements of `run` from `from` on, and after the last: comments and blank space only. */
function gaps(run: readonly Statement[], from: number, text: string): string {
  const after = run.filter((statement) => statement.from >= from)
  let found = ''
  for (const [index, statement] of after.entries()) {
    const next = after[index + 1]
    found += text.slice(statement.to, next ? next.from : text.length) + '\n'
  }
  return found
}

/** The comment lines right before a statement of `run` (`// returns the verified content`), after the statement before it. */
function commentBefore(run: readonly Statement[], statement: {from: number}, text: string): string {
  const before = run.filter((other) => other.to <= statement.from).at(-1)
  // Else the line before the statement's: a statement that is not in the run ends there or earlier.
  if (before) return text.slice(before.to, statement.from)
  const lineStart = text.lastIndexOf('\n', statement.from - 1) + 1
  const line = text.slice(text.lastIndexOf('\n', lineStart - 2) + 1, lineStart).trim()
  return line.startsWith('#') || line.startsWith('//') ? line : ''
}
