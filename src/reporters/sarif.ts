import path from 'node:path'
import {reportableEdits} from '../page/redact.js'
import {pathToFileURL} from 'node:url'
import type {VFile} from 'vfile'
import type {VFileMessage} from 'vfile-message'
import {ruleInfos} from '../shared/rule-info.js'
import {pluginRuleInfos} from '../config/plugins.js'
import type {MessageExtras, RuleInfo} from '../contract.js'
import {builtinMessageIds, builtinMessageUrl, type BuiltinMessageId} from '../page/messages.js'
import {version} from '../shared/version.js'
import {absolutePath} from '../shared/relative-path.js'

// Messages docs-lint reports itself, described alongside the rules: one entry for each id (the type
// says so), so every result's rule is in the table.
const builtinRules: Record<BuiltinMessageId, {summary: string; level: 'error' | 'warning'}> = {
  'parse-error': {summary: 'The page is not valid MDX or Markdown', level: 'error'},
  'inline-config': {summary: 'A docs-lint comment names an unknown rule or keyword', level: 'warning'},
  encoding: {summary: 'The file is not valid UTF-8', level: 'warning'},
  'read-error': {summary: 'The file cannot be read', level: 'error'},
  'rule-error': {summary: 'A rule failed on the page', level: 'error'},
  'fix-error': {summary: 'Fixes could not be written', level: 'error'},
  'file-too-large': {summary: 'The file is larger than `--max-file-size` and was not linted', level: 'warning'},
  'file-timeout': {summary: 'The page took longer than `--file-timeout` to lint', level: 'error'}
}

/** A rule's entry in the SARIF rule table; its message variants are its `messageStrings`. */
function ruleDescriptor(rule: RuleInfo) {
  return {
    id: rule.id,
    shortDescription: {text: rule.summary},
    ...(rule.url ? {helpUri: rule.url} : {}),
    defaultConfiguration: {level: rule.severity === 'error' ? 'error' : rule.severity === 'warn' ? 'warning' : 'note'},
    ...(rule.messages ? {messageStrings: Object.fromEntries(Object.entries(rule.messages).map(([id, text]) => [id, {text: positional(text)}]))} : {})
  }
}

/** A message template with SARIF's numbered placeholders (`{0}`), in the order its `{{name}}`s first appear. */
function positional(template: string): string {
  const names: string[] = []
  return template.replace(/\{\{\s*([\w$]+)\s*\}\}/g, (_, name: string) => {
    if (!names.includes(name)) names.push(name)
    return '{' + names.indexOf(name) + '}'
  })
}

function level(message: VFileMessage): 'error' | 'warning' | 'note' {
  return message.fatal ? 'error' : message.fatal === false ? 'warning' : 'note'
}

/** SARIF 2.1.0 for code scanning: the rule table comes from rule metadata; fixes become `artifactChanges`. */
export function sarif(files: VFile[], options: {root?: string | undefined} = {}): string {
  const root = path.resolve(options.root ?? files[0]?.cwd ?? process.cwd())
  const table: Array<{id: string; shortDescription: {text: string}; helpUri?: string; defaultConfiguration: {level: string}; messageStrings?: Record<string, {text: string}>}> = [
    ...[...ruleInfos, ...pluginRuleInfos()].map(ruleDescriptor),
    ...builtinMessageIds.map((id) => ({
      id,
      shortDescription: {text: builtinRules[id].summary},
      helpUri: builtinMessageUrl(id),
      defaultConfiguration: {level: builtinRules[id].level}
    }))
  ]
  const index = new Map(table.map((rule, position) => [rule.id, position]))
  // A Vale style's rule (`Google.Passive`) has no metadata here: its entry is its id and the link it gives.
  for (const file of files) {
    for (const message of file.messages) {
      const ruleId = message.ruleId
      if (!ruleId || index.has(ruleId) || !ruleId.includes('.')) continue
      index.set(ruleId, table.length)
      table.push({id: ruleId, shortDescription: {text: 'Rule `' + ruleId + '` of a Vale style'}, ...(message.url ? {helpUri: message.url} : {}), defaultConfiguration: {level: level(message)}})
    }
  }
  const results: unknown[] = []
  for (const file of files) {
    const absolute = absolutePath(file)
    const uri = path.relative(root, absolute).split(path.sep).map(encodeURIComponent).join('/')
    // Offsets in fixes count from the text without its byte order mark; SARIF counts from the file.
    const bom = file.data['bom'] === true ? 1 : 0
    for (const message of file.messages) {
      const place = message.place
      const start = place && 'start' in place ? place.start : place
      const end = place && 'end' in place ? place.end : undefined
      const region: Record<string, number> = {startLine: start?.line ?? 1, startColumn: start?.column ?? 1}
      if (end) {
        region['endLine'] = end.line
        region['endColumn'] = end.column
      }
      const ruleId = message.ruleId ?? 'docs-lint'
      const result: Record<string, unknown> = {
        ruleId,
        level: level(message),
        message: {text: message.reason, ...((message as MessageExtras).messageId ? {id: (message as MessageExtras).messageId} : {})},
        locations: [{physicalLocation: {artifactLocation: {uri, uriBaseId: '%SRCROOT%'}, region}}]
      }
      const ruleIndex = index.get(ruleId)
      if (ruleIndex !== undefined) result['ruleIndex'] = ruleIndex
      const fix = reportableEdits(message).fix
      if (fix && fix.length > 0) {
        result['fixes'] = [
          {
            description: {text: 'Fix: ' + message.reason},
            artifactChanges: [
              {
                artifactLocation: {uri, uriBaseId: '%SRCROOT%'},
                replacements: fix.map((edit) => ({
                  deletedRegion: {charOffset: edit.start + bom, charLength: edit.end - edit.start},
                  insertedContent: {text: edit.text}
                }))
              }
            ]
          }
        ]
      }
      results.push(result)
    }
  }
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {driver: {name: 'docs-lint', version, informationUri: 'https://docs-lint.dev', rules: table}},
        originalUriBaseIds: {'%SRCROOT%': {uri: pathToFileURL(root).href + '/'}},
        columnKind: 'utf16CodeUnits',
        results
      }
    ]
  }
  return JSON.stringify(log, undefined, 2) + '\n'
}
