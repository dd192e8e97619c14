import path from 'node:path'
import {createRequire} from 'node:module'
import {ConfigTextError, parseJsonConfig, parseYamlConfig} from './text.js'
import type {RuleSetting, Severity, UserConfig} from '../contract.js'
import {ruleInfos, ruleInfoById} from '../shared/rule-info.js'
import {loadConfigPlugin, pluginConfig, pluginRules, PluginError, ruleInfoOf, type PluginRef} from './plugins.js'
import {ConfigError, displayPath, isStyleRuleId, needsPluginMessage, resolveRuleSetting, setDisplayRoot, suggest, unknownRuleMessage, where, type Place, type RuleEntry} from './rule-settings.js'

export {ConfigError, isStyleRuleId, parseRuleFlag, parseSeverity, resolveRuleSetting, unknownRuleMessage, type RuleEntry} from './rule-settings.js'
import {presets, type PresetName} from '../../presets/index.js'

const builtInPresets = new Set<object>(Object.values(presets))
import {baseLanguage} from '../shared/language.js'
import {BoundedReadError, maxConfigBytes, readBoundedText} from '../shared/bounded-read.js'

export type {RuleSetting, SeverityValue, UserConfig, UserOverride} from '../contract.js'

/** An override ready to match pages: `files` relative to `base`; a rule set to `off` maps to `null`. */
export interface ResolvedOverride {
  files: string[] | undefined
  base: string
  languages: string[] | undefined
  language: string | undefined
  rules: Array<[string, RuleEntry | null]>
}

/** What the processor runs with: every enabled rule with validated options. */
export interface ResolvedConfig {
  rules: Map<string, RuleEntry>
  components: string[]
  /** The config file this came from, if any (for messages). */
  filePath: string | undefined
  /** The site's default language (base code). */
  language: string
  overrides: ResolvedOverride[]
  thirdPartyDirectives: boolean
  reportUnusedDisableDirectives: boolean
  /** `false`: no Vale style; a path: the `.vale.ini` to use; undefined: the one each page's folder finds. */
  vale: false | string | undefined
  /** Severities the config sets for rules of Vale styles (`Google.Passive`), `off` included. */
  styleRules: Map<string, Severity>
  /** The plugins the config loads (`plugins`), for the workers and the cache key. */
  plugins: PluginRef[]
}

const topLevelKeys = ['$schema', 'extends', 'plugins', 'rules', 'components', 'language', 'overrides', 'thirdPartyDirectives', 'reportUnusedDisableDirectives', 'vale']
const overrideKeys = ['files', 'languages', 'language', 'rules']
/** Load a config file that another config `extends`, or the one given (JSON, YAML, or CommonJS); `cwd` names it in messages. */
export function loadConfigFile(filePath: string, cwd?: string): UserConfig {
  if (cwd !== undefined) setDisplayRoot(cwd)
  const extname = path.extname(filePath)
  let text: string
  try {
    // Every config is read bounded first: `/dev/zero` or a named pipe is refused, never read forever.
    text = readBoundedText(filePath, maxConfigBytes)
  } catch (error) {
    const reason = error instanceof BoundedReadError ? error.message : (error as NodeJS.ErrnoException).code ?? (error as Error).message
    throw new ConfigError('Cannot read config `' + displayPath(filePath) + '`: ' + (error instanceof BoundedReadError ? 'it ' : '') + reason)
  }
  if (extname === '.js' || extname === '.cjs') {
    try {
      const loaded = createRequire(import.meta.url)(filePath) as {default?: UserConfig} & UserConfig
      return loaded.default ?? loaded
    } catch (error) {
      throw new ConfigError('Cannot load config `' + displayPath(filePath) + '`: ' + (error as Error).message.split('\n')[0])
    }
  }
  if (extname === '.mjs') {
    throw new ConfigError('Cannot extend `' + displayPath(filePath) + '`: a config may extend JSON, YAML or CommonJS files')
  }
  return parseConfigText(text, filePath)
}

export function parseConfigText(text: string, filePath: string): UserConfig {
  // An editor on Windows may save the file with a byte order mark: it is not part of the JSON.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
  const base = path.basename(filePath)
  // `.docs-lintrc` without an extension holds JSON (with comments) or YAML.
  const json = base.endsWith('.json') || (!/\.ya?ml$/.test(base) && /^\s*[{/]/.test(text))
  try {
    if (base === 'package.json') return parseJsonConfig(text, 'docs-lint') as UserConfig
    return (json ? parseJsonConfig(text) : parseYamlConfig(text)) as UserConfig
  } catch (error) {
    if (!(error instanceof ConfigTextError)) throw error
    const at = error.point ? ':' + error.point.line + ':' + error.point.column : ''
    throw new ConfigError('Cannot parse ' + (base === 'package.json' ? '' : 'config ') + '`' + displayPath(filePath) + at + '`' + (json ? ' as JSON' : '') + ': ' + error.message)
  }
}

function isPresetName(name: string): name is PresetName {
  return Object.hasOwn(presets, name)
}

/**
 * Resolve a user config (with `extends`) into the rules to run. Throws `ConfigError` for anything
 * invalid, naming the file, the rule, the option and what was expected.
 */
export function resolveConfig(
  user: UserConfig | undefined,
  options: {
    filePath?: string | undefined
    overrides?: Record<string, RuleSetting> | undefined
    cwd?: string | undefined
    /** Receives every file that an `extends` loads (absolute paths). */
    extendedFiles?: Set<string> | undefined
    /** `--report-unused-disable-directives`: wins over the config files. */
    reportUnusedDisableDirectives?: boolean | undefined
    /** False: an `extends` of a JavaScript file is an error instead of code run (an untrusted workspace). */
    trusted?: boolean | undefined
  } = {}
): ResolvedConfig {
  setDisplayRoot(options.cwd ?? process.cwd())
  const state: Collected = {
    settings: new Map(),
    components: new Set(),
    extendedFiles: options.extendedFiles,
    language: undefined,
    overrides: [],
    thirdPartyDirectives: undefined,
    reportUnusedDisableDirectives: undefined,
    vale: undefined,
    plugins: [],
    cwd: path.resolve(options.cwd ?? process.cwd()),
    trusted: options.trusted !== false
  }
  // No config: the recommended preset. A config file that is empty (YAML's `null`) is the config `{}`.
  collect(user === undefined || (user === null && options.filePath === undefined) ? {extends: 'recommended'} : user, options.filePath, [], state)
  for (const [ruleId, setting] of Object.entries(options.overrides ?? {})) {
    state.settings.set(ruleId, keepOptions(state.settings.get(ruleId), {setting, filePath: undefined}))
  }
  const resolved: ResolvedConfig = {
    rules: new Map(),
    components: [...state.components],
    filePath: options.filePath,
    language: state.language ?? 'en',
    overrides: state.overrides,
    thirdPartyDirectives: state.thirdPartyDirectives ?? true,
    reportUnusedDisableDirectives: options.reportUnusedDisableDirectives ?? state.reportUnusedDisableDirectives ?? false,
    vale: state.vale,
    styleRules: new Map(),
    plugins: state.plugins
  }
  // Registry order keeps message order stable whatever order the config lists rules in.
  const offOptions = new Map<string, RuleEntry['options']>()
  for (const rule of [...ruleInfos, ...pluginRules()]) {
    const entry = state.settings.get(rule.id)
    if (!entry) continue
    const ruleEntry = resolveRuleSetting(rule.id, entry.setting, entry.filePath, undefined, entry.builtIn)
    if (ruleEntry) resolved.rules.set(rule.id, ruleEntry)
    else if (Array.isArray(entry.setting)) offOptions.set(rule.id, entry.setting[1] as RuleEntry['options'])
  }
  for (const [ruleId, entry] of state.settings) {
    if (isStyleRuleId(ruleId)) {
      resolved.styleRules.set(ruleId, resolveRuleSetting(ruleId, entry.setting, entry.filePath)?.severity ?? 'off')
      continue
    }
    if (!ruleInfoOf(ruleId)) throw new ConfigError(unknownRuleMessage(ruleId, entry.filePath))
    refuseUnlisted(ruleId, entry.filePath, state)
  }
  // A config that leaves every rule off would lint nothing and pass: almost always a missing `extends`.
  // `"extends": []` says it is meant.
  const explicitlyEmpty = Array.isArray(user?.extends) && user.extends.length === 0
  if (resolved.rules.size === 0 && !explicitlyEmpty && !state.overrides.some((override) => override.rules.some(([, entry]) => entry))) {
    throw new ConfigError(
      'Config' + where(options.filePath) + ' turns every rule off, so docs-lint would check nothing: expected `"extends": "recommended"` ' +
        '(or another preset) beside its `rules`, or `"extends": []` if that is what you mean'
    )
  }
  // `--rule` wins over overrides too: an override that sets such a rule leaves it as the flag says.
  const flagged = new Set(Object.keys(options.overrides ?? {}))
  // An override that sets a severity alone keeps the options of a rule the config turns off, too.
  for (const override of resolved.overrides) {
    override.rules = override.rules.filter(([ruleId]) => !flagged.has(ruleId))
      .map(([ruleId, entry]) => [ruleId, entry && entry.options === undefined ? {...entry, offOptions: offOptions.get(ruleId)} : entry])
  }
  return resolved
}

type Setting = {setting: unknown; filePath: string | undefined; builtIn?: boolean}

/** A severity alone (`"error"`, `["error"]`) keeps the options an earlier config gave the rule, as in ESLint. */
function keepOptions(earlier: Setting | undefined, later: Setting): Setting {
  const severity = Array.isArray(later.setting) ? (later.setting.length === 1 ? later.setting[0] : undefined) : later.setting
  const options = Array.isArray(earlier?.setting) ? earlier.setting[1] : undefined
  if (severity === undefined || options === undefined) return later
  return {setting: [severity, options], filePath: later.filePath, builtIn: earlier!.builtIn === true}
}

interface Collected {
  /** `builtIn`: a setting of a built-in preset, whose options a test checks against the rule's schema. */
  settings: Map<string, Setting>
  components: Set<string>
  extendedFiles: Set<string> | undefined
  language: string | undefined
  overrides: ResolvedOverride[]
  thirdPartyDirectives: boolean | undefined
  reportUnusedDisableDirectives: boolean | undefined
  vale: false | string | undefined
  plugins: PluginRef[]
  cwd: string
  trusted: boolean
}

function languageCode(value: unknown, what: string, filePath: string | undefined, place?: Place): string {
  const code = baseLanguage(value)
  if (!code) {
    throw new ConfigError('Invalid ' + what + where(filePath, place?.container, place?.key) + ': `' + JSON.stringify(value) + '` is not a language code, expected one such as `en`, `es` or `zh-Hans`')
  }
  return code
}

function collectOverride(list: unknown[], index: number, filePath: string | undefined, state: Collected): ResolvedOverride {
  const what = '`overrides[' + index + ']`'
  const value = list[index]
  const at = (container: unknown, key: string | number) => where(filePath, container, key)
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new ConfigError('Invalid ' + what + at(list, index) + ': expected an object with `files` or `languages`, and `rules` or `language`')
  }
  const record = value as Record<string, unknown>
  for (const key of Object.keys(record)) {
    if (!overrideKeys.includes(key)) throw new ConfigError('Unknown key `' + key + '` in ' + what + at(record, key) + suggest(key, overrideKeys))
  }
  const files = record['files'] === undefined ? undefined : [record['files']].flat()
  if (files && (files.length === 0 || !files.every((glob) => typeof glob === 'string' && glob !== ''))) {
    throw new ConfigError('Invalid `files` in ' + what + at(record, 'files') + ': expected a glob or a list of globs')
  }
  const languages = record['languages']
  if (languages !== undefined && (!Array.isArray(languages) || languages.length === 0)) {
    throw new ConfigError('Invalid `languages` in ' + what + at(record, 'languages') + ': expected a list of language codes such as `["es", "fr"]`')
  }
  if (!files && !languages) {
    throw new ConfigError('Invalid ' + what + at(list, index) + ': expected `files` or `languages` to say which pages it applies to')
  }
  if (languages && record['language'] !== undefined) {
    throw new ConfigError('Invalid ' + what + at(record, 'language') + ': `language` sets the language of the pages `files` matches, not of pages chosen by `languages`')
  }
  const rules: Array<[string, RuleEntry | null]> = []
  const ruleSettings = record['rules']
  if (ruleSettings !== undefined) {
    if (!ruleSettings || typeof ruleSettings !== 'object' || Array.isArray(ruleSettings)) {
      throw new ConfigError('Invalid `rules` in ' + what + at(record, 'rules') + ': expected an object mapping rule ids to severities')
    }
    for (const [ruleId, setting] of Object.entries(ruleSettings)) {
      rules.push([ruleId, resolveRuleSetting(ruleId, setting, filePath, {container: ruleSettings, key: ruleId}) ?? null])
    }
  }
  return {
    files: files as string[] | undefined,
    base: filePath ? path.dirname(filePath) : state.cwd,
    languages: languages?.map((code: unknown, position: number) => languageCode(code, '`languages` in ' + what, filePath, {container: languages, key: position})),
    language: record['language'] === undefined ? undefined : languageCode(record['language'], '`language` in ' + what, filePath, {container: record, key: 'language'}),
    rules
  }
}

/**
 * A config object (or its `rules`) with a prototype of its own, as `{__proto__: {...}}` in a JavaScript
 * config makes one, would lend settings no key shows: refused like an unknown key.
 */
/** Load the plugins a config lists (`plugins`), before its rules are read: their rules are known from here on. */
function collectPlugins(record: Record<string, unknown>, filePath: string | undefined, state: Collected): void {
  const list = record['plugins']
  if (list === undefined) return
  if (!Array.isArray(list)) throw new ConfigError('Invalid `plugins`' + where(filePath, record, 'plugins') + ': expected a list of package names or paths')
  for (const [index, entry] of list.entries()) {
    try {
      const ref = loadConfigPlugin(entry, filePath ? path.dirname(filePath) : state.cwd, state.trusted, state.plugins)
      // A run replayed from the cache checks the plugin's file as it checks the configs it extends.
      if (ref.path) state.extendedFiles?.add(ref.path)
    } catch (error) {
      if (!(error instanceof PluginError)) throw error
      throw new ConfigError((error.refused ? error.message.replace(/^([^:]*)/, '$1' + where(filePath, list, index)) : 'Invalid plugin' + where(filePath, list, index) + ': ' + error.message))
    }
  }
}

/** `extends: "plugin:acme/recommended"`: a config the plugin `acme`, which this config or one it extends loads, ships. */
function collectPluginConfig(name: string, configName: string, {at, chain}: {at: string; chain: string[]}, state: Collected): void {
  const ref = state.plugins.find((plugin) => plugin.name === name)
  if (!ref) throw new ConfigError('Unknown plugin `' + name + '` in `extends`' + at + ': expected it in `plugins` first')
  const {config, names} = pluginConfig(ref, configName)
  if (!config) {
    throw new ConfigError('Plugin `' + name + '` has no config `' + configName + '`' + at + (names.length > 0 ? ': expected ' + names.map((known) => '`plugin:' + name + '/' + known + '`').join(', ') : ': it ships none'))
  }
  const key = 'plugin:' + name + '/' + configName
  if (chain.includes(key)) throw new ConfigError('Config `' + key + '` extends itself' + at)
  collect(config, ref.path, [...chain, key], state)
}

/** A plugin rule set by a config that does not load its plugin: the plugin's rules are not this config's to run. */
function refuseUnlisted(ruleId: string, filePath: string | undefined, state: Collected): void {
  const slash = ruleId.indexOf('/')
  if (slash < 0 || ruleInfoById.has(ruleId)) return
  const name = ruleId.slice(0, slash)
  if (state.plugins.some((plugin) => plugin.name === name)) return
  throw new ConfigError(needsPluginMessage(ruleId, name, filePath))
}


function refuseInherited(record: Record<string, unknown>, filePath: string | undefined): void {
  for (const [owner, value] of [['config', record], ['`rules`', record['rules']]] as const) {
    if (value === null || typeof value !== 'object') continue
    const prototype = Object.getPrototypeOf(value) as unknown
    if (prototype !== Object.prototype && prototype !== null && !Array.isArray(value)) {
      throw new ConfigError('Unknown config key `__proto__` in the ' + owner + where(filePath) + ': expected plain keys only')
    }
  }
}

function collect(config: unknown, filePath: string | undefined, chain: string[], state: Collected): void {
  if (config === undefined || (config === null && filePath === undefined)) return
  // An empty YAML file reads as `null`: it is the config `{}`, as an empty JSON object is.
  if (config === null) config = {}
  if (typeof config !== 'object' || Array.isArray(config)) {
    throw new ConfigError('Invalid config' + where(filePath) + ': expected an object')
  }
  const record = config as Record<string, unknown>
  refuseInherited(record, filePath)
  for (const key of Object.keys(record)) {
    if (!topLevelKeys.includes(key)) {
      throw new ConfigError('Unknown config key `' + key + '`' + where(filePath, record, key) + suggest(key, topLevelKeys))
    }
  }
  collectPlugins(record, filePath, state)
  const parents = record['extends'] === undefined ? [] : [record['extends']].flat()
  for (const [index, parent] of parents.entries()) {
    const at = Array.isArray(record['extends']) ? where(filePath, record['extends'], index) : where(filePath, record, 'extends')
    if (typeof parent !== 'string') {
      throw new ConfigError('Invalid `extends`' + at + ': expected a preset name or a file path')
    }
    const fromPlugin = /^plugin:([^/]+)\/(.+)$/.exec(parent)
    if (fromPlugin) {
      collectPluginConfig(fromPlugin[1]!, fromPlugin[2]!, {at, chain}, state)
      continue
    }
    const name = parent.replace(/^docs-lint[:/](presets\/)?/, '')
    if (isPresetName(name)) {
      collect(presets[name], undefined, chain, state)
      continue
    }
    if (!parent.startsWith('.') && !path.isAbsolute(parent)) {
      throw new ConfigError(
        'Unknown preset `' + parent + '`' + at + (suggest(name, Object.keys(presets)) || ': expected ' +
          Object.keys(presets).map((p) => '`' + p + '`').join(', ') + ' or a relative path')
      )
    }
    const target = path.resolve(filePath ? path.dirname(filePath) : process.cwd(), parent)
    if (chain.includes(target)) {
      throw new ConfigError('Config `' + displayPath(target) + '` extends itself' + at)
    }
    state.extendedFiles?.add(target)
    if (!state.trusted && /\.c?js$/.test(target)) {
      throw new ConfigError('Not running config `' + displayPath(target) + '`' + at + ': it is JavaScript, which runs only in a trusted workspace')
    }
    collect(loadConfigFile(target), target, [...chain, target], state)
  }
  const ruleSettings = record['rules']
  if (ruleSettings !== undefined) {
    if (!ruleSettings || typeof ruleSettings !== 'object' || Array.isArray(ruleSettings)) {
      throw new ConfigError('Invalid `rules`' + where(filePath, record, 'rules') + ': expected an object mapping rule ids to severities')
    }
    // A built-in preset's options are checked by docs-lint's tests, not at run time: validating them
    // compiles code, which the playground's content security policy forbids.
    const builtIn = builtInPresets.has(record)
    for (const [ruleId, setting] of Object.entries(ruleSettings)) {
      // Validate early so the error names the file that holds the mistake.
      resolveRuleSetting(ruleId, setting, filePath, {container: ruleSettings, key: ruleId}, builtIn)
      state.settings.set(ruleId, keepOptions(state.settings.get(ruleId), {setting, filePath, builtIn}))
    }
  }
  const list = record['components']
  if (list !== undefined) {
    if (!Array.isArray(list) || !list.every((item) => typeof item === 'string')) {
      throw new ConfigError('Invalid `components`' + where(filePath, record, 'components') + ': expected an array of component names')
    }
    for (const name of list) state.components.add(name)
  }
  if (record['language'] !== undefined) state.language = languageCode(record['language'], '`language`', filePath, {container: record, key: 'language'})
  for (const key of ['thirdPartyDirectives', 'reportUnusedDisableDirectives'] as const) {
    const value = record[key]
    if (value === undefined) continue
    if (typeof value !== 'boolean') throw new ConfigError('Invalid `' + key + '`' + where(filePath, record, key) + ': expected `true` or `false`')
    state[key] = value
  }
  const vale = record['vale']
  if (vale !== undefined) {
    if (typeof vale !== 'boolean' && (typeof vale !== 'string' || vale === '')) {
      throw new ConfigError('Invalid `vale`' + where(filePath, record, 'vale') + ': expected `true`, `false` or the path of a `.vale.ini`')
    }
    state.vale = vale === true ? undefined : vale === false ? false : path.resolve(filePath ? path.dirname(filePath) : state.cwd, vale)
  }
  const overrides = record['overrides']
  if (overrides !== undefined) {
    if (!Array.isArray(overrides)) {
      throw new ConfigError('Invalid `overrides`' + where(filePath, record, 'overrides') + ': expected a list of `{files or languages, rules}` objects')
    }
    overrides.forEach((_, index) => state.overrides.push(collectOverride(overrides, index, filePath, state)))
  }
}
