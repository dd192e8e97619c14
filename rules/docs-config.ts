import type {ValueNode} from '@humanwhocodes/momoa'
import {defineRule, type SiteContext} from '../src/rule.js'
import {get, placeOf, type JsonDocument, type Located} from '../src/site/json.js'
import type {Site} from '../src/site/model.js'
import {divisionKeys, labelKeys} from '../src/site/navigation.js'
import {schemaProblems} from '../src/site/schema.js'

/**
 * `docs.json` / `mint.json`: JSON syntax, `$ref` includes, the shape of `schema/docs.schema.json`
 * (types, enums, hex colours, required keys, unknown keys), and what a schema cannot say.
 */
export default defineRule({
  id: 'docs-config',
  severity: 'error',
  summary: 'docs.json / mint.json follows the platform schema, placed at the offending key or value',
  fixable: false,
  defaults: {},
  site() {
    return function (site: Site, context: SiteContext) {
      const config = site.config
      for (const doc of config.documents) {
        if (doc.readError) {
          context.report({
            file: doc.file,
            message: 'Cannot read `' + site.relativeOf(doc.path) + '`: ' + doc.readError + ', expected a JSON file',
            level: 'error',
            place: {line: 1, column: 1}
          })
        } else if (doc.parseError) {
          context.report({
            file: doc.file,
            message: 'Cannot parse `' + site.relativeOf(doc.path) + '` as JSON: ' + doc.parseError.message,
            level: 'error',
            place: {line: doc.parseError.line, column: doc.parseError.column}
          })
        } else if (doc.body) {
          duplicateKeys(doc, doc.body, context)
        }
      }
      for (const problem of config.refProblems) {
        context.report({file: problem.doc.file, message: problem.reason, place: problem.place, level: problem.level})
      }
      const value = config.value
      if (!value) return
      if (value.type !== 'object') {
        context.report({file: value.doc.file, message: 'Unexpected ' + value.type + ' in `' + config.name + '`, expected an object', place: value.place})
        return
      }
      for (const problem of schemaProblems(value)) {
        context.report({
          file: problem.doc.file,
          message: problem.reason,
          place: problem.place,
          level: problem.level,
          actual: problem.actual,
          expected: problem.expected
        })
      }
      handWritten(value, config.shape, context)
    }
  }
})

/** Rules the schema cannot express. */
function handWritten(config: Located, shape: 'docs' | 'mint', context: SiteContext): void {
  const method = get(config, 'api', 'auth', 'method')
  const authName = get(config, 'api', 'auth', 'name')
  if (method?.type === 'string' && method.value === 'basic' && authName?.type === 'string' && !/^[^:]+:[^:]+$/.test(authName.value)) {
    context.report({
      file: authName.doc.file,
      message: 'Unexpected `api.auth.name` `' + authName.value + '` for `basic` authentication, expected `usernameName:passwordName`',
      place: authName.place,
      actual: authName.value
    })
  }
  const maintainOrder = get(config, 'api', 'maintainOrder')
  if (maintainOrder) {
    context.report({
      file: maintainOrder.doc.file,
      message: 'Deprecated `api.maintainOrder`: OpenAPI pages keep the order of the OpenAPI file by default, remove the key',
      place: maintainOrder.place,
      level: 'info'
    })
  }
  if (shape === 'docs') navigationLabels(get(config, 'navigation'), 'navigation', context)
  if (shape === 'mint') {
    const versions = new Set<string>()
    const list = get(config, 'versions')
    if (list?.type === 'array') {
      for (const item of list.items) {
        const name = item.type === 'string' ? item : get(item, 'name')
        if (name?.type === 'string') versions.add(name.value)
      }
    }
    const checkVersion = (owner: string, node: Located | undefined) => {
      const version = get(node, 'version')
      if (version?.type !== 'string' || versions.has(version.value)) return
      context.report({
        file: version.doc.file,
        message: 'Unexpected ' + owner + ' version `' + version.value + '`, expected one of `versions`' +
          (versions.size > 0 ? ': ' + [...versions].map((name) => '`' + name + '`').join(', ') : ' (none is declared)'),
        place: version.place,
        actual: version.value,
        expected: [...versions]
      })
    }
    const anchors = get(config, 'anchors')
    if (anchors?.type === 'array') for (const anchor of anchors.items) checkVersion('anchor', anchor)
    const navigation = get(config, 'navigation')
    if (navigation?.type === 'array') for (const group of navigation.items) checkVersion('group', group)
  }
}

/** In the newer shape, each item of `tabs` needs a `tab` label, of `groups` a `group`, and so on. */
function navigationLabels(node: Located | undefined, trail: string, context: SiteContext): void {
  if (node?.type !== 'object') return
  for (const key of divisionKeys) {
    const list = get(node, key)
    if (list?.type !== 'array') continue
    list.items.forEach((item, index) => {
      if (item.type !== 'object' || item.brokenRef) return
      const where = trail + '.' + key + '[' + index + ']'
      const label = labelKeys[key]!
      if (!get(item, label)) {
        context.report({
          file: item.doc.file,
          message: 'Missing required key `' + label + '` in `' + where + '`: each item of `' + key + '` is labelled with `' + label + '`',
          place: {start: item.place.start, end: {line: item.place.start.line, column: item.place.start.column + 1}},
          expected: [label]
        })
      }
      navigationLabels(item, where, context)
    })
  }
}

/** JSON keeps the last of two equal keys; the first silently does nothing. */
function duplicateKeys(doc: JsonDocument, node: ValueNode, context: SiteContext): void {
  if (node.type === 'Object') {
    const seen = new Set<string>()
    for (const member of node.members) {
      const name = member.name.type === 'String' ? member.name.value : member.name.name
      if (seen.has(name)) {
        context.report({
          file: doc.file,
          message: 'Unexpected duplicate key `' + name + '`: only its last value counts, expected each key once',
          place: placeOf(member.name),
          level: 'warn'
        })
      }
      seen.add(name)
      duplicateKeys(doc, member.value, context)
    }
  } else if (node.type === 'Array') {
    for (const element of node.elements) duplicateKeys(doc, element.value, context)
  }
}
