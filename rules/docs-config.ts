import type {ValueNode} from '@humanwhocodes/momoa'
import {defineRule, type SiteContext} from '../src/rule.js'
import {get, placeOf, type JsonDocument, type Located} from '../src/site/json.js'
import type {Site} from '../src/site/model.js'
import {schemaProblems} from '../src/site/schema.js'

/**
 * `docs.json` / `mint.json`: JSON syntax, `$ref` includes, and the platform's own validation (its schemas
 * from src/platform/facts.generated.json, see src/site/schema.ts): an error where the platform rejects the
 * config, a warning where it ignores a key or value. A few checks the schema cannot say are written here.
 */
export default defineRule({
  id: 'docs-config',
  severity: 'error',
  summary: 'docs.json / mint.json follows the platform schema, placed at the offending key or value',
  fixable: false,
  conventions: [{id: 'site-config', coverage: 'full'}],
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
      for (const problem of schemaProblems(value, config.name)) {
        context.report({
          file: problem.doc.file,
          message: problem.reason,
          place: problem.place,
          level: problem.level,
          actual: problem.actual,
          expected: problem.expected
        })
      }
      handWritten(value, config.name, context)
    }
  }
})

/** What the platform's schema cannot say (mint.json's group versions), and docs-lint's own judgements, as warnings. */
function handWritten(config: Located, fileName: string, context: SiteContext): void {
  const method = get(config, 'api', 'auth', 'method')
  const authName = get(config, 'api', 'auth', 'name')
  if (method?.type === 'string' && method.value === 'basic' && authName?.type === 'string' && !/^[^:]+:[^:]+$/.test(authName.value)) {
    context.report({
      file: authName.doc.file,
      message: 'Unexpected `api.auth.name` `' + authName.value + '` for `basic` authentication, expected `usernameName:passwordName`',
      place: authName.place,
      level: 'warn',
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
  if (fileName === 'mint.json') mintVersions(config, context)
}

/**
 * mint.json: a navigation group's `version` (at any depth) is a name of `versions`, or the platform
 * rejects the config; an anchor's is only checked by docs-lint (the anchor would show under no version).
 */
function mintVersions(config: Located, context: SiteContext): void {
  const versions: string[] = []
  const links = new Set<string>()
  const list = get(config, 'versions')
  if (list?.type === 'array') {
    for (const item of list.items) {
      const name = item.type === 'string' ? item : get(item, 'name')
      if (name?.type !== 'string') continue
      // A version with a `url` links elsewhere: the platform does not count it.
      if (item.type === 'object' && get(item, 'url')) links.add(name.value)
      else versions.push(name.value)
    }
  }
  const check = (owner: 'anchor' | 'group', node: Located | undefined) => {
    const version = get(node, 'version')
    if (version?.type !== 'string' || versions.includes(version.value)) return
    const link = links.has(version.value) ? ': that version is a link (`url`) and holds no pages' : ''
    context.report({
      file: version.doc.file,
      message: 'Unexpected ' + owner + ' version `' + version.value + '`' + link + ', expected one of `versions`' + (link ? ' without a `url`' : '') +
        (versions.length > 0 ? ': ' + versions.map((name) => '`' + name + '`').join(', ') : ' (none is declared)'),
      place: version.place,
      level: owner === 'group' ? 'error' : 'warn',
      actual: version.value,
      expected: versions
    })
  }
  const anchors = get(config, 'anchors')
  if (anchors?.type === 'array') for (const anchor of anchors.items) check('anchor', anchor)
  const groups = (node: Located | undefined): void => {
    if (node?.type !== 'array') return
    for (const item of node.items) {
      if (item.type !== 'object') continue
      check('group', item)
      groups(get(item, 'pages'))
    }
  }
  groups(get(config, 'navigation'))
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
