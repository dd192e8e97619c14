// One rule's setting in a config (a severity, or a severity and options), checked against the rule's
// metadata, and how config mistakes are worded: the file, where in it, what was expected.
import path from 'node:path'
import type {ErrorObject, ValidateFunction} from 'ajv'
import {load, once} from '../shared/lazy.js'
import {positionOf} from './text.js'
import {closestWithin, keyLimit} from '../shared/close-match.js'
import type {RuleSetting, Severity} from '../contract.js'
import {ruleInfoById} from '../shared/rule-info.js'
import {pluginRules, ruleInfoOf} from './plugins.js'

export interface RuleEntry {
  severity: Exclude<Severity, 'off'>
  options: Record<string, unknown> | undefined
  /** An override's severity alone, for a rule the config turns off: the options the config gave it. */
  offOptions?: Record<string, unknown> | undefined
}

/** A rule of a Vale style (`Google.Passive`, `Vale.Spelling`): docs-lint's own rule ids have no dot. */
export function isStyleRuleId(ruleId: string): boolean {
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(ruleId)
}

/** A problem in configuration: reported once, with exit code 2. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

const severities: Record<string, Severity> = {
  off: 'off', info: 'info', warn: 'warn', error: 'error',
  0: 'off', 1: 'warn', 2: 'error'
}

// ajv is loaded only for a config that sets rule options: most runs never need it.
const ajv = once(() => new (load('ajv') as typeof import('ajv')).Ajv({allErrors: false, strict: false, useDefaults: false}))
const validators = new WeakMap<object, ValidateFunction>()

function validatorFor(ruleId: string): ValidateFunction | undefined {
  const rule = ruleInfoOf(ruleId)
  if (!rule?.options) return undefined
  let validate = validators.get(rule.options)
  if (!validate) {
    validate = ajv().compile({...rule.options, additionalProperties: rule.options['additionalProperties'] ?? false})
    validators.set(rule.options, validate)
  }
  return validate
}

/** ` in `file:line:col``: the file, and where in it `key` of `container` was written when that is known. */
export function where(filePath: string | undefined, container?: unknown, key?: string | number): string {
  if (!filePath) return ''
  const point = key === undefined ? undefined : positionOf(container, key)
  return ' in `' + displayPath(filePath) + (point ? ':' + point.line + ':' + point.column : '') + '`'
}

/** Where in a config a setting was written: the object or list holding it, and its key or index. */
export interface Place {
  container: unknown
  key: string | number
}

// Messages name config files relative to the folder the run started in (set per resolution).
let displayRoot = process.cwd()

/** The folder config files are named relative to in messages. */
export function setDisplayRoot(folder: string): void {
  displayRoot = folder
}

export function displayPath(filePath: string): string {
  const relative = path.relative(displayRoot, filePath)
  return relative && !relative.startsWith('..') ? relative : filePath
}

const severityWords = ['off', 'info', 'warn', 'error']

/** `warning` → `warn`, `information` → `info`, `eror` → `error`. */
function suggestSeverity(value: string): string {
  const word = value.trim().toLowerCase()
  const prefix = severityWords.find((known) => word.startsWith(known) || (word.length >= 3 && known.startsWith(word)))
  return prefix ? ', did you mean `' + prefix + '`?' : suggest(word, severityWords)
}

export function parseSeverity(value: unknown, ruleId: string, filePath?: string, place?: Place): Severity {
  const severity = typeof value === 'string' || typeof value === 'number' ? severities[String(value)] : undefined
  if (!severity) {
    throw new ConfigError(
      'Invalid severity `' + JSON.stringify(value) + '` for rule `' + ruleId + '`' + where(filePath, place?.container, place?.key) +
        ': expected `off`, `info`, `warn` or `error`' + (typeof value === 'string' ? suggestSeverity(value) : '')
    )
  }
  return severity
}

export function suggest(name: string, known: Iterable<string>): string {
  const guess = closestWithin(name, [...known], keyLimit(name))
  return guess ? ', did you mean `' + guess + '`?' : ''
}

export function unknownRuleMessage(ruleId: string, filePath?: string, place?: Place): string {
  return 'Unknown rule `' + ruleId + '`' + where(filePath, place?.container, place?.key) + suggest(ruleId, [...ruleInfoById.keys(), ...pluginRules().map((rule) => rule.id)])
}

function describeAjvError(error: ErrorObject, ruleId: string, options: unknown, filePath?: string, place?: Place): string {
  const head = 'Invalid options for rule `' + ruleId + '`' + where(filePath, place?.container, place?.key) + ': '
  if (error.keyword === 'additionalProperties') {
    const extra = String((error.params as {additionalProperty: string}).additionalProperty)
    const known = Object.keys(((ruleInfoOf(ruleId)?.options ?? {})['properties'] ?? {}) as object)
    return head + 'unknown option `' + extra + '`' + suggest(extra, known)
  }
  const option = error.instancePath.replace(/^\//, '').replace(/\//g, '.') || '(options)'
  let value: unknown = options
  for (const part of error.instancePath.split('/').slice(1)) {
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined
  }
  return head + 'option `' + option + '` is `' + JSON.stringify(value) + '`, expected ' + expectation(error)
}

function expectation(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>
  switch (error.keyword) {
    case 'type': return String(params['type'])
    case 'enum': return 'one of ' + (params['allowedValues'] as unknown[]).map((v) => '`' + String(v) + '`').join(', ')
    case 'minimum': return 'a number ≥ ' + String(params['limit'])
    case 'maximum': return 'a number ≤ ' + String(params['limit'])
    default: return String(error.message)
  }
}

/**
 * Validate one rule setting and turn it into an entry (or `undefined` when off). `builtIn` skips the
 * options' schema, for a built-in preset whose options the tests check.
 */
export function resolveRuleSetting(ruleId: string, setting: unknown, filePath?: string, place?: Place, builtIn = false): RuleEntry | undefined {
  const at = where(filePath, place?.container, place?.key)
  if (isStyleRuleId(ruleId)) return styleRuleSetting(ruleId, setting, filePath, place)
  if (!ruleInfoOf(ruleId)) {
    const plugin = ruleId.includes('/') ? ruleId.slice(0, ruleId.indexOf('/')) : undefined
    if (plugin && !pluginRules().some((rule) => rule.id.startsWith(plugin + '/'))) throw new ConfigError(needsPluginMessage(ruleId, plugin, filePath))
    throw new ConfigError(unknownRuleMessage(ruleId, filePath, place))
  }
  let severityValue: unknown = setting
  let options: unknown
  if (Array.isArray(setting)) {
    if (setting.length === 0 || setting.length > 2) {
      throw new ConfigError(
        'Invalid setting for rule `' + ruleId + '`' + at + ': expected a severity or `[severity, options]`'
      )
    }
    severityValue = setting[0]
    options = setting[1]
  }
  const severity = parseSeverity(severityValue, ruleId, filePath, place)
  if (options !== undefined && !builtIn) {
    if (options === null || typeof options !== 'object' || Array.isArray(options)) {
      throw new ConfigError(
        'Invalid options for rule `' + ruleId + '`' + at + ': expected an object, got `' + JSON.stringify(options) + '`'
      )
    }
    const validate = validatorFor(ruleId)
    if (!validate) {
      if (Object.keys(options).length > 0) {
        throw new ConfigError('Invalid options for rule `' + ruleId + '`' + at + ': the rule takes no options')
      }
    } else if (!validate(options)) {
      throw new ConfigError(describeAjvError(validate.errors![0]!, ruleId, options, filePath, place))
    }
  }
  if (severity === 'off') return undefined
  return {severity, options: options as Record<string, unknown> | undefined}
}

/** A Vale style's rule takes a severity only: its options are in its style's rule file. */
function styleRuleSetting(ruleId: string, setting: unknown, filePath?: string, place?: Place): RuleEntry | undefined {
  if (Array.isArray(setting)) {
    if (setting.length !== 1) {
      throw new ConfigError('Invalid setting for rule `' + ruleId + '`' + where(filePath, place?.container, place?.key) + ': a Vale style\'s rule takes a severity only, its options are in its rule file')
    }
    setting = setting[0]
  }
  const severity = parseSeverity(setting, ruleId, filePath, place)
  return severity === 'off' ? undefined : {severity, options: undefined}
}

/** Parse `--rule id=severity` (or `id=["warn", {...}]` as JSON). */
export function parseRuleFlag(value: string): [string, RuleSetting] {
  const index = value.indexOf('=')
  if (index <= 0) throw new ConfigError('Invalid `--rule ' + value + '`: expected `<rule-id>=off|info|warn|error`')
  const ruleId = value.slice(0, index).trim()
  const raw = value.slice(index + 1).trim()
  let setting: unknown = raw
  if (raw.startsWith('[')) {
    try {
      setting = JSON.parse(raw)
    } catch {
      throw new ConfigError('Invalid `--rule ' + value + '`: the setting is not valid JSON')
    }
  }
  resolveRuleSetting(ruleId, setting)
  return [ruleId, setting as RuleSetting]
}

export function needsPluginMessage(ruleId: string, plugin: string, filePath: string | undefined): string {
  return 'Rule `' + ruleId + '`' + where(filePath) + ' belongs to the plugin `' + plugin + '`, which the config does not load: add the plugin to `plugins`'
}
