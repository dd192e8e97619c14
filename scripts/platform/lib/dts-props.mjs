// The props of @mintlify/components' display components, read from its .d.ts files with the TypeScript
// compiler API. The package is unpacked without its dependencies, so React's types do not resolve:
// `ReactNode` and the like read as `any`, which is what docs-lint makes of them anyway (any value).
import path from 'node:path'
import {ts} from './static-js.mjs'

/**
 * @typedef {{type: 'string' | 'number' | 'boolean' | 'any', values?: (string | number)[], required: boolean}} PropFact
 * @typedef {{exportName: string, props: Record<string, PropFact>}} ComponentProps
 */

/**
 * Every exported function component of the package and each function-valued member of one
 * (`Tree.Folder`, `Steps.Item`), by its export path, with the props a writer can set: functions,
 * `_`-prefixed, `@internal`, `data-*` and `children` props are left out.
 * @param {string} packageFolder the unpacked `package/` folder
 * @returns {Map<string, ComponentProps>}
 */
export function readComponentProps(packageFolder) {
  const entry = path.join(packageFolder, 'dist', 'index.d.ts')
  const program = ts.createProgram([entry], {noEmit: true, skipLibCheck: true, types: [], strict: true, noResolve: false})
  const checker = program.getTypeChecker()
  const source = program.getSourceFile(entry)
  const moduleSymbol = source && checker.getSymbolAtLocation(source)
  if (!moduleSymbol) throw new Error(`${entry} is missing or exports nothing: the package's layout changed`)
  const exports = checker.getExportsOfModule(moduleSymbol)
  const propsTypes = new Map(exports.filter((symbol) => symbol.name.endsWith('Props')).map((symbol) => [symbol.name, symbol]))

  /** @type {Map<string, ComponentProps>} */
  const components = new Map()
  for (const exported of exports) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported
    const declaration = symbol.valueDeclaration
    if (!declaration || !(symbol.flags & ts.SymbolFlags.Value)) continue
    const type = checker.getTypeOfSymbolAtLocation(symbol, declaration)
    let propsType = firstParameterType(checker, type, declaration)
    // A forwardRef component's type does not resolve without React's types: its `XProps` type does.
    const namedProps = propsTypes.get(exported.name + 'Props')
    if (!propsType && namedProps) propsType = checker.getDeclaredTypeOfSymbol(checker.getAliasedSymbol(namedProps))
    if (!propsType) continue
    components.set(exported.name, {exportName: exported.name, props: propsOf(checker, propsType, declaration)})
    for (const member of type.getProperties()) {
      const memberType = checker.getTypeOfSymbolAtLocation(member, declaration)
      const memberProps = firstParameterType(checker, memberType, declaration)
      if (memberProps) components.set(exported.name + '.' + member.name, {exportName: exported.name + '.' + member.name, props: propsOf(checker, memberProps, declaration)})
    }
  }
  return components
}

/** @param {ts.TypeChecker} checker @param {ts.Type} type @param {ts.Node} at */
function firstParameterType(checker, type, at) {
  const signature = type.getCallSignatures()[0]
  const parameter = signature?.getParameters()[0]
  return parameter ? checker.getTypeOfSymbolAtLocation(parameter, at) : undefined
}

/** @param {ts.TypeChecker} checker @param {ts.Type} type @param {ts.Node} at @returns {Record<string, PropFact>} */
function propsOf(checker, type, at) {
  /** @type {Record<string, PropFact>} */
  const props = {}
  for (const property of checker.getPropertiesOfType(type)) {
    const name = property.name
    if (name === 'children' || name.startsWith('_') || name.startsWith('data-')) continue
    if (property.getJsDocTags(checker).some((tag) => tag.name === 'internal')) continue
    const propertyType = checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(property, at))
    if (propertyType.getCallSignatures().length > 0) continue
    const required = (property.flags & ts.SymbolFlags.Optional) === 0
    props[name] = {...classify(checker, propertyType), required}
  }
  return props
}

/**
 * `string`, `number` (also `` `${number}` ``), `boolean`, a union of literals (an enum of its values),
 * or `any` for the rest (React nodes, objects, arrays, types that do not resolve).
 * @param {ts.TypeChecker} checker @param {ts.Type} type
 * @returns {{type: PropFact['type'], values?: (string | number)[]}}
 */
function classify(checker, type) {
  const parts = type.isUnion() ? type.types : [type]
  const kinds = new Set()
  /** @type {(string | number)[]} */
  const literals = []
  let open = false
  for (const part of parts) {
    const flags = part.flags
    if (flags & ts.TypeFlags.BooleanLike) kinds.add('boolean')
    else if (part.isStringLiteral()) {
      // `"2"` beside `2` (`cols?: ColCount | `${ColCount}``) is the same number written as a string.
      const asNumber = Number(part.value)
      if (part.value.trim() !== '' && !Number.isNaN(asNumber) && parts.some((other) => other.isNumberLiteral() && other.value === asNumber)) continue
      kinds.add('string')
      literals.push(part.value)
    } else if (part.isNumberLiteral()) {
      kinds.add('number')
      literals.push(part.value)
    } else if (flags & ts.TypeFlags.String) {
      kinds.add('string')
      open = true
    } else if (flags & ts.TypeFlags.Number) {
      kinds.add('number')
      open = true
    } else if (flags & ts.TypeFlags.TemplateLiteral && checker.typeToString(part) === '`${number}`') {
      kinds.add('number')
      open = true
    } else {
      return {type: 'any'}
    }
  }
  if (kinds.size !== 1) return {type: 'any'}
  const [kind] = kinds
  if (kind === 'boolean' || open || literals.length === 0) return {type: kind}
  return {type: kind, values: [...new Set(literals)].sort((a, b) => (typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : 1))}
}
