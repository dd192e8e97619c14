// The platform editor's node schema, as the `mint` CLI bundles it (@mintlify/cli
// bin/vendor/converter.js): each node's allowed `content` (a ProseMirror content expression such as
// `block*`, `Step*` or `StepTitle StepBody`), its group (`block`, `inline`), and the attribute list
// it is built from (`toProseMirrorAttrs(STEP_ATTRS)`, each entry `{name, type, options, required}`).
import path from 'node:path'
import {comparedNames, findAll, readModule, ts} from './static-js.mjs'

/**
 * @typedef {{name: string, type: string, options?: unknown[], required?: boolean}} AttributeDescriptor
 * @typedef {{type: string, content?: string, group?: string, inline: boolean, atom: boolean, attributes?: AttributeDescriptor[]}} EditorNode
 */

/**
 * @param {string} cliFolder the unpacked `package/` folder of @mintlify/cli
 * @returns {{nodes: Map<string, EditorNode>, calloutTypes: string[], handledElements: string[], codeBlock: string}}
 */
export function readEditorSchema(cliFolder) {
  const converter = readModule(path.join(cliFolder, 'bin', 'vendor', 'converter.js'))
  const calloutTypes = /** @type {string[]} */ (converter.constant('CALLOUT_TYPES'))
  const blockTypes = /** @type {Record<string, string>} */ (converter.constant('BLOCK_TYPES'))
  // Named callouts (`<Note>`) take the callout's attributes but `type`, which only `<Callout>` has.
  if (!converter.declarations.has('CALLOUT_NON_TYPE_ATTRS')) {
    throw new Error(`${converter.file} no longer declares CALLOUT_NON_TYPE_ATTRS: check which attributes named callouts take`)
  }
  const schema = converter.declarations.get('nodes')
  if (!schema || !ts.isObjectLiteralExpression(schema)) throw new Error(`${converter.file} no longer declares the editor's \`nodes\` as an object`)

  /** @type {Map<string, EditorNode>} */
  const nodes = new Map()
  for (const property of schema.properties) {
    if (!ts.isPropertyAssignment(property) || !ts.isObjectLiteralExpression(property.initializer)) continue
    const type = converter.propertyName(property.name)
    /** @type {EditorNode} */
    const node = {type, inline: false, atom: false}
    for (const field of property.initializer.properties) {
      if (!ts.isPropertyAssignment(field)) continue
      const key = converter.propertyName(field.name)
      if (key === 'content' || key === 'group') node[key] = String(converter.evaluate(field.initializer))
      else if (key === 'inline' || key === 'atom') node[key] = converter.evaluate(field.initializer) === true
      else if (key === 'attrs') {
        const lists = findAll(field.initializer, ts.isCallExpression).filter(
          (call) => ts.isIdentifier(call.expression) && call.expression.text === 'toProseMirrorAttrs' && call.arguments[0] && ts.isIdentifier(call.arguments[0])
        )
        if (lists.length > 0) node.attributes = lists.flatMap((call) => /** @type {AttributeDescriptor[]} */ (converter.evaluate(call.arguments[0])))
      }
    }
    nodes.set(type, node)
  }
  const described = [...nodes.values()].filter((node) => node.attributes)
  if (!nodes.has(blockTypes.step) || described.length < 10) {
    throw new Error(`${converter.file}: the editor's nodes no longer read as expected (${nodes.size} nodes, ${described.length} with attribute lists)`)
  }
  // The JSX names the converter turns into a node of their own (`<Prompt>` into `PromptBlock`); the
  // others it keeps as custom components or unknown tags.
  const handler = converter.functions.get('handleFlowJsxInner')
  if (!handler) throw new Error(`${converter.file} no longer declares handleFlowJsxInner, which maps JSX to editor nodes`)
  return {nodes, calloutTypes, handledElements: [...new Set(comparedNames(handler))].sort(), codeBlock: blockTypes.codeBlock}
}

/**
 * The node names a content expression allows: `(Card | Column | block)*` gives Card, Column and block.
 * @param {string} expression
 */
export function contentNames(expression) {
  return [...new Set(expression.match(/[A-Za-z][\w.]*/g) ?? [])]
}
