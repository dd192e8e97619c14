// What the platform's renderer does with a page's JSX, read from @mintlify/common's MDX pipeline:
// the components it keeps (`allowedComponents`), the plugins that run before the unknown-JSX filter
// (`<Snippet>` replaced by its file, `<Example>` renamed `<Frame>`), the parents its validators ask for
// (`<Step>` directly inside `<Steps>`), the file tree's accepted children, and what each component
// does with an `id`.
import fs from 'node:fs'
import path from 'node:path'
import {comparedNames, findAll, readModule, ts} from './static-js.mjs'

/**
 * @param {string} commonFolder the unpacked `package/` folder of @mintlify/common
 */
export function readRenderer(commonFolder) {
  const mdx = path.join(commonFolder, 'dist', 'mdx')
  const allowed = /** @type {string[]} */ (readModule(path.join(mdx, 'utils.js')).constant('allowedComponents'))
  if (!Array.isArray(allowed) || allowed.length < 20) throw new Error(`${mdx}/utils.js: \`allowedComponents\` no longer reads as a list of names`)
  const ids = readModule(path.join(mdx, 'componentIds.js'))
  const plugins = exportedPlugins(path.join(mdx, 'plugins', 'remark'))
  return {
    allowed,
    unknownJsx: unknownJsxHandling(mdx, plugins),
    beforeFilter: handledBeforeFilter(mdx, plugins, new Set(allowed)),
    directParents: validatorParents(plugins),
    missingWarned: validatorMissing(plugins),
    fileTree: fileTreeChildren(plugins),
    id: {
      raw: /** @type {string[]} */ (ids.constant('COMPONENTS_WITH_RAW_ID')),
      cleaned: /** @type {string[]} */ (ids.constant('COMPONENTS_WITH_CLEANED_ID')),
      dropped: /** @type {string[]} */ (ids.constant('COMPONENTS_WITHOUT_ID'))
    },
    paramFieldLocations: /** @type {string[]} */ (readModule(path.join(mdx, 'lib', 'mdx-utils.js')).constant('paramFieldLocations'))
  }
}

/**
 * Each remark plugin module by the names it exports.
 * @param {string} folder
 * @returns {Map<string, ReturnType<typeof readModule>>}
 */
function exportedPlugins(folder) {
  const byName = new Map()
  const files = fs.readdirSync(folder, {recursive: true, encoding: 'utf8'}).filter((name) => name.endsWith('.js') && !name.endsWith('.test.js')).sort()
  for (const name of files) {
    const module = readModule(path.join(folder, name))
    for (const statement of module.source.statements) {
      const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
      if (!exported) continue
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) if (ts.isIdentifier(declaration.name)) byName.set(declaration.name.text, module)
      } else if (ts.isFunctionDeclaration(statement) && statement.name) {
        byName.set(statement.name.text, module)
      }
    }
  }
  return byName
}

/**
 * Which JSX the filter drops: it must drop only flow (block) elements, the fact docs-lint relies on.
 * An inline element it keeps, and MDX then throws at render time for a name nothing provides.
 */
function unknownJsxHandling(mdx, plugins) {
  const filter = plugins.get('remarkMdxRemoveUnknownJsx')
  const predicate = readModule(path.join(mdx, 'lib', 'mdx-utils.js')).declarations.get('isMdxJsxFlowElementHast')
  const reads = (/** @type {string} */ text) => filter?.text.includes(text) === true
  if (!filter || !predicate || !reads('isMdxJsxFlowElementHast') || reads('mdxJsxTextElement') || !predicate.getText().includes("'mdxJsxFlowElement'")) {
    throw new Error(`${mdx}: remarkMdxRemoveUnknownJsx no longer drops exactly the unknown flow elements; re-read it and update scripts/platform/components.mjs`)
  }
  // The page's own exported functions and the pipeline's allowlist (snippet imports) are known to it.
  if (!reads('getExportedFunctionNames') || !reads('allowlist')) {
    throw new Error(`${mdx}: remarkMdxRemoveUnknownJsx no longer keeps the page's own components; re-read it`)
  }
  return {flow: 'dropped', text: 'kept'}
}

/**
 * Components the pipeline handles before the unknown-JSX filter although they are not on its list:
 * a plugin that renames one (`<Example>` becomes `<Frame>`) makes it an alias; one that replaces it
 * (`<Snippet file>` by the snippet) handles it, with the attributes it reads.
 */
function handledBeforeFilter(mdx, plugins, allowed) {
  const options = readModule(path.join(mdx, 'getMDXOptions.js'))
  const list = findAll(options.source, ts.isPropertyAssignment).find(
    (property) => property.name.getText() === 'remarkPlugins' && ts.isArrayLiteralExpression(property.initializer) && property.initializer.getText().includes('remarkMdxRemoveUnknownJsx')
  )
  if (!list || !ts.isArrayLiteralExpression(list.initializer)) throw new Error(`${options.file}: the remark plugin list no longer reads as expected`)
  const before = []
  for (const element of list.initializer.elements) {
    const plugin = ts.isArrayLiteralExpression(element) ? element.elements[0] : element
    if (!plugin || !ts.isIdentifier(plugin)) continue
    if (plugin.text === 'remarkMdxRemoveUnknownJsx') break
    before.push(plugin.text)
  }
  /** @type {Record<string, {plugin: string, aliasOf?: string, attributes: string[]}>} */
  const handled = {}
  for (const name of before) {
    const module = plugins.get(name)
    if (!module) continue
    const compared = [...new Set(comparedNames(module.source))]
    const components = compared.filter((item) => /^[A-Z]/.test(item) && !allowed.has(item))
    if (components.length !== 1) continue
    const renamedTo = findAll(module.source, ts.isBinaryExpression)
      .filter((binary) => binary.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(binary.left) && binary.left.name.text === 'name' && ts.isStringLiteral(binary.right))
      .map((binary) => /** @type {ts.StringLiteral} */ (binary.right).text)
    const attributes = compared.filter((item) => /^[a-z]/.test(item)).sort()
    handled[components[0]] = {plugin: name, ...(renamedTo.length === 1 ? {aliasOf: renamedTo[0]} : {}), attributes}
  }
  return handled
}

/** `<Step>` directly inside `<Steps>`: the parents the platform's validators warn about. */
function validatorParents(plugins) {
  /** @type {Record<string, string>} */
  const parents = {}
  const pattern = /all <([\w.]+)> components are direct children of <([\w.]+)>/g
  for (const [name, module] of plugins) {
    if (!name.startsWith('remarkValidate')) continue
    for (const [, child, parent] of module.text.matchAll(pattern)) parents[child] = parent
  }
  if (Object.keys(parents).length === 0) throw new Error('the platform\'s remarkValidate* plugins no longer say which components must be direct children of which')
  return parents
}

/** The attributes the platform's validators warn about when missing: `<Accordion> is missing a title`. */
function validatorMissing(plugins) {
  /** @type {Record<string, string[]>} */
  const missing = {}
  const pattern = /<([\w.]+)> is missing (?:an? |its )?"?(\w+)"?/g
  for (const [name, module] of plugins) {
    if (!name.startsWith('remarkValidate')) continue
    for (const [, component, attribute] of module.text.matchAll(pattern)) missing[component] = [...new Set([...(missing[component] ?? []), attribute])].sort()
  }
  return missing
}

/**
 * The file tree: the roots remarkFileTree rebuilds (`<Tree>`, `<FileTree>`) and the items it keeps
 * inside them (`<Tree.Folder>`, `<Tree.File>`); it turns a Markdown list into items and removes the rest.
 */
function fileTreeChildren(plugins) {
  const module = plugins.get('remarkFileTree')
  const items = module?.declarations.get('isTreeItemElement')
  const plugin = module?.declarations.get('remarkFileTree')
  if (!module || !items || !plugin || !module.text.includes('isList')) throw new Error('the platform\'s remarkFileTree no longer reads as expected; re-read it')
  return {roots: [...new Set(comparedNames(plugin))].sort(), items: [...new Set(comparedNames(items))].sort(), lists: true}
}
