// Read constants out of a JavaScript file without running it: the platform's packages are read, never
// executed (their dependencies are not installed, and their code is not docs-lint's to run). The file
// is parsed with the TypeScript compiler (a devDependency), and a top-level `var`/`let`/`const` whose
// value is plain data (strings, numbers, arrays, objects, `new Set([...])`, template strings, and
// references to other such constants) is evaluated here.
import fs from 'node:fs'
import ts from 'typescript'

/** Thrown when an expression is not plain data: the caller says which fact it could not read. */
export class NotData extends Error {}

/**
 * A parsed module: its top-level constants by name, the evaluator, and the source for searches.
 * @param {string} file
 */
export function readModule(file) {
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: the package's layout changed`)
  const text = fs.readFileSync(file, 'utf8')
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS)
  /** @type {Map<string, ts.Expression>} */
  const declarations = new Map()
  /** @type {Map<string, ts.FunctionDeclaration>} */
  const functions = new Map()
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name) functions.set(statement.name.text, statement)
    if (!ts.isVariableStatement(statement)) continue
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.initializer) declarations.set(declaration.name.text, declaration.initializer)
    }
  }
  const evaluating = new Set()

  /** @param {string} name */
  function constant(name) {
    const initializer = declarations.get(name)
    if (!initializer) throw new Error(`${file} no longer declares \`${name}\``)
    return evaluate(initializer)
  }

  /** @param {ts.Node} node @returns {unknown} */
  function evaluate(node) {
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return evaluate(node.expression)
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text
    if (ts.isNumericLiteral(node)) return Number(node.text)
    if (node.kind === ts.SyntaxKind.TrueKeyword) return true
    if (node.kind === ts.SyntaxKind.FalseKeyword) return false
    if (node.kind === ts.SyntaxKind.NullKeyword) return null
    if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken) return -Number(evaluate(node.operand))
    if (ts.isTemplateExpression(node)) {
      return node.head.text + node.templateSpans.map((span) => String(evaluate(span.expression)) + span.literal.text).join('')
    }
    if (ts.isArrayLiteralExpression(node)) {
      return node.elements.flatMap((element) => (ts.isSpreadElement(element) ? asArray(evaluate(element.expression)) : [evaluate(element)]))
    }
    if (ts.isObjectLiteralExpression(node)) return objectOf(node)
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'Set') {
      return node.arguments?.[0] ? asArray(evaluate(node.arguments[0])) : []
    }
    if (ts.isIdentifier(node)) {
      if (node.text === 'undefined') return undefined
      if (evaluating.has(node.text)) throw new NotData(`\`${node.text}\` refers to itself`)
      evaluating.add(node.text)
      try {
        return constant(node.text)
      } finally {
        evaluating.delete(node.text)
      }
    }
    if (ts.isPropertyAccessExpression(node)) {
      const object = evaluate(node.expression)
      if (object === null || typeof object !== 'object') throw new NotData(`\`${node.getText()}\` is not a property of plain data`)
      return /** @type {Record<string, unknown>} */ (object)[node.name.text]
    }
    throw new NotData(`\`${node.getText().slice(0, 60)}\` is not plain data`)
  }

  /** @param {ts.ObjectLiteralExpression} node */
  function objectOf(node) {
    /** @type {Record<string, unknown>} */
    const object = {}
    for (const property of node.properties) {
      if (ts.isSpreadAssignment(property)) {
        Object.assign(object, evaluate(property.expression))
      } else if (ts.isShorthandPropertyAssignment(property)) {
        object[property.name.text] = evaluate(property.name)
      } else if (ts.isPropertyAssignment(property)) {
        object[propertyName(property.name)] = evaluate(property.initializer)
      } else {
        throw new NotData(`\`${property.getText().slice(0, 60)}\` is not plain data`)
      }
    }
    return object
  }

  /** @param {ts.PropertyName} name */
  function propertyName(name) {
    if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text
    if (ts.isComputedPropertyName(name)) return String(evaluate(name.expression))
    throw new NotData(`\`${name.getText()}\` is not a plain property name`)
  }

  return {file, text, source, declarations, functions, constant, evaluate, propertyName}
}

/** @param {unknown} value @returns {unknown[]} */
function asArray(value) {
  if (!Array.isArray(value)) throw new NotData('a spread of something other than an array')
  return value
}

/**
 * Every node under `root` (itself included) that `test` accepts, in source order.
 * @template {ts.Node} T
 * @param {ts.Node} root
 * @param {(node: ts.Node) => node is T} test
 * @returns {T[]}
 */
export function findAll(root, test) {
  /** @type {T[]} */
  const found = []
  const visit = (/** @type {ts.Node} */ node) => {
    if (test(node)) found.push(node)
    ts.forEachChild(node, visit)
  }
  visit(root)
  return found
}

/**
 * The string literals compared with `<something>.name` in `root`: `node.name === 'Snippet'`,
 * `child.name !== "Tree"`. How the platform's plugins and its editor pick out the components they handle.
 * @param {ts.Node} root
 * @returns {string[]}
 */
export function comparedNames(root) {
  const names = []
  for (const binary of findAll(root, ts.isBinaryExpression)) {
    const operator = binary.operatorToken.kind
    if (operator !== ts.SyntaxKind.EqualsEqualsEqualsToken && operator !== ts.SyntaxKind.ExclamationEqualsEqualsToken) continue
    const [access, literal] = ts.isStringLiteral(binary.right) ? [binary.left, binary.right] : [binary.right, binary.left]
    if (ts.isPropertyAccessExpression(access) && access.name.text === 'name' && ts.isStringLiteral(literal)) names.push(literal.text)
  }
  return names
}

export {ts}
