// Plugins: rules a team writes itself, loaded from a config's `plugins` list. A plugin is a module
// (an npm package or a local file) whose default export names the plugin and holds its rules; each
// rule runs under the id `<plugin>/<rule>` and is configured, reported, fixed and turned off by
// comments like a built-in rule. The loaded rules live in one registry per process, which the config
// resolution, the processor, the site checks and the workers all consult.
import {createHash} from 'node:crypto'
import {createRequire} from 'node:module'
import path from 'node:path'
import {readBoundedText, maxConfigBytes} from '../shared/bounded-read.js'
import {DOCS_BASE_URL, type ConventionCoverage, type OptionsSchema, type RuleInfo, type Severity} from '../contract.js'
import {ruleInfoById} from '../shared/rule-info.js'

/**
 * What the registry reads of a plugin's rule definition. The whole type, for plugin authors, is
 * `RuleDefinition` (src/rule.ts), with `Plugin` there too: this module stays below the rule API, which
 * the config resolution it serves must not load.
 */
export interface PluginRuleDefinition {
  id?: string
  severity: Exclude<Severity, 'off'>
  summary: string
  fixable?: boolean | 'suggestion'
  url?: string | undefined
  options?: OptionsSchema
  conventions?: readonly ConventionCoverage[]
  messages?: Readonly<Record<string, string>>
  defaults?: object
  create?: unknown
  site?: unknown
}

/** A plugin module's default export, as the registry reads it (see `Plugin` in src/rule.ts). */
export interface PluginShape {
  name: string
  rules: Record<string, PluginRuleDefinition> | ReadonlyArray<PluginRuleDefinition>
  /** Configs a team's config extends as `plugin:<name>/<config>`: `{recommended: {rules: {...}}}`. */
  configs?: Record<string, object>
}

/** A loaded plugin as configs record it: enough for a worker to load it again and for the cache key. */
export interface PluginRef {
  name: string
  /** The module's absolute path; undefined for a plugin object given in code. */
  path: string | undefined
  /** A hash of the module's main file (and version): a change makes the cache lint again. */
  digest: string
}

/** A plugin that cannot be loaded or is not well formed: the config that lists it reports it. */
export class PluginError extends Error {
  override name = 'PluginError'
  /** The plugin was not loaded on purpose (an untrusted workspace), rather than found wanting. */
  refused = false
}

const namePattern = /^[a-z][a-z\d]*(-[a-z\d]+)*$/
/** Each loaded rule's definition under its full id, its `url` its own (never docs-lint's). */
const registered = new Map<string, PluginRuleDefinition & {id: string}>()
const loadedPlugins = new Map<string, {ref: PluginRef; rules: string[]; configs: Record<string, object>}>()

/** The definition of a plugin's rule by its full id (`acme/no-foo`), if a plugin that has it is loaded. */
export function pluginRuleDefinition(ruleId: string): (PluginRuleDefinition & {id: string}) | undefined {
  return registered.get(ruleId)
}

/** Every loaded plugin rule's definition, in the order they were loaded. */
export function pluginRules(): Array<PluginRuleDefinition & {id: string}> {
  return [...registered.values()]
}

/** What the reporters know of every loaded plugin rule. */
export function pluginRuleInfos(): RuleInfo[] {
  return [...registered.keys()].map((id) => pluginRuleInfo(id)!)
}

/** What config resolution and the reporters know of a rule: a built-in one, or a loaded plugin's. */
export function ruleInfoOf(ruleId: string): RuleInfo | undefined {
  return ruleInfoById.get(ruleId) ?? pluginRuleInfo(ruleId)
}

function pluginRuleInfo(ruleId: string): RuleInfo | undefined {
  const rule = registered.get(ruleId)
  if (!rule) return undefined
  return {
    id: rule.id,
    severity: rule.severity,
    summary: rule.summary,
    fixable: rule.fixable ?? false,
    url: rule.url ?? '',
    site: Boolean(rule.site),
    page: Boolean(rule.create),
    ...(rule.options ? {options: rule.options} : {}),
    ...(rule.conventions ? {conventions: rule.conventions} : {}),
    ...(rule.messages ? {messages: rule.messages} : {})
  }
}

/**
 * Load the plugin `specifier` (a package name, or a path relative to `base`, the folder of the config
 * that lists it) and register its rules. Synchronous, so that a config resolves in one step: an ES
 * module loads through `require` (Node 20.19 and later) unless it awaits at its top level.
 */
export function loadPlugin(specifier: string, base: string): PluginRef {
  const requireFrom = createRequire(path.join(base, 'docs-lint-config.cjs'))
  let resolved: string
  try {
    resolved = requireFrom.resolve(specifier)
  } catch {
    throw new PluginError(
      'Cannot find plugin `' + specifier + '` from `' + base + '`' +
        (specifier.startsWith('.') || path.isAbsolute(specifier) ? '' : ': install it (`npm install --save-dev ' + specifier + '`) or give a relative path')
    )
  }
  const known = loadedPlugins.get(resolved)
  if (known) return known.ref
  let exported: unknown
  try {
    const module = requireFrom(resolved) as {default?: unknown}
    exported = module && typeof module === 'object' && 'default' in module ? module.default : module
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    throw new PluginError(
      'Cannot load plugin `' + specifier + '`: ' +
        (code === 'ERR_REQUIRE_ASYNC_MODULE' ? 'it awaits at its top level, which a plugin may not' : String((error as Error).message ?? error).split('\n')[0])
    )
  }
  return registerPlugin(exported, resolved, specifier)
}

/**
 * Register a plugin object: given in code (a config written in JavaScript, a test) or loaded from
 * `modulePath`. Registering the same plugin again replaces its rules.
 */
export function registerPlugin(exported: unknown, modulePath?: string, specifier?: string): PluginRef {
  const label = '`' + (specifier ?? (exported as {name?: unknown} | undefined)?.name ?? 'plugin') + '`'
  if (!exported || typeof exported !== 'object') throw new PluginError('Plugin ' + label + ' does not export a plugin object (`{name, rules}`)')
  const plugin = exported as Partial<PluginShape>
  if (typeof plugin.name !== 'string' || !namePattern.test(plugin.name)) {
    throw new PluginError('Plugin ' + label + ' needs a `name` in kebab-case (the prefix of its rule ids, as `acme` in `acme/no-foo`)')
  }
  const definitions = definitionsOf(plugin, label)
  const key = modulePath ?? 'object:' + plugin.name
  // Another module of the same name (another workspace's copy, in the language server) takes its place.
  for (const [otherKey, other] of loadedPlugins) {
    if (other.ref.name !== plugin.name) continue
    for (const id of other.rules) registered.delete(id)
    loadedPlugins.delete(otherKey)
  }
  const rules: string[] = []
  for (const [localId, definition] of definitions) {
    const rule = qualified(plugin.name, localId, definition, label)
    registered.set(rule.id, rule)
    rules.push(rule.id)
  }
  const ref: PluginRef = {name: plugin.name, path: modulePath, digest: digestOf(modulePath, definitions)}
  loadedPlugins.set(key, {ref, rules, configs: configsOf(plugin, label)})
  return ref
}

function configsOf(plugin: Partial<PluginShape>, label: string): Record<string, object> {
  const configs = plugin.configs ?? {}
  if (!configs || typeof configs !== 'object' || Array.isArray(configs)) throw new PluginError('Plugin ' + label + ' has `configs` that is not an object of configs')
  for (const [name, config] of Object.entries(configs)) {
    if (!config || typeof config !== 'object' || Array.isArray(config)) throw new PluginError('Plugin ' + label + ' has a config `' + name + '` that is not an object')
  }
  return configs
}

/**
 * The config `configName` of the loaded plugin `ref` (for `extends: "plugin:acme/recommended"`), with
 * the names of the plugin's configs for a message when it has no such config.
 */
export function pluginConfig(ref: PluginRef, configName: string): {config: object | undefined; names: string[]} {
  const configs = [...loadedPlugins.values()].find((plugin) => plugin.ref === ref)?.configs ?? {}
  return {config: Object.hasOwn(configs, configName) ? configs[configName] : undefined, names: Object.keys(configs)}
}

/**
 * One entry of a config's `plugins`: a package name or path (code, run only when `trusted`) or, in a
 * config written in JavaScript, a plugin object. Added to `plugins`, the config's list, once; two
 * different plugins of one name in a config are an error.
 */
export function loadConfigPlugin(entry: unknown, base: string, trusted: boolean, plugins: PluginRef[]): PluginRef {
  if (typeof entry === 'string' && !trusted) {
    const refused = new PluginError('Not loading plugin `' + entry + '`: it is JavaScript, which runs only in a trusted workspace')
    refused.refused = true
    throw refused
  }
  const ref = typeof entry === 'string' ? loadPlugin(entry, base)
    : entry && typeof entry === 'object' ? registerPlugin(entry)
    : undefined
  if (!ref) throw new PluginError('expected a package name, a path or (in a config written in JavaScript) a plugin object')
  const named = plugins.find((known) => known.name === ref.name)
  if (named && named.path !== ref.path) throw new PluginError('two plugins are named `' + ref.name + '`: `' + (named.path ?? 'one given in code') + '` and `' + (ref.path ?? 'one given in code') + '`')
  if (!named) plugins.push(ref)
  return ref
}

/** A worker's side of a config: load the plugins the config names, by path, if not yet loaded. */
export function ensurePlugins(refs: readonly PluginRef[]): void {
  for (const ref of refs) {
    if (ref.path && !loadedPlugins.has(ref.path)) loadPlugin(ref.path, path.dirname(ref.path))
  }
}

function definitionsOf(plugin: Partial<PluginShape>, label: string): Array<[string, PluginRuleDefinition]> {
  const rules = plugin.rules
  if (Array.isArray(rules)) {
    return rules.map((definition: PluginRuleDefinition, index): [string, PluginRuleDefinition] => {
      if (!definition || typeof definition.id !== 'string') throw new PluginError('Plugin ' + label + ': rule ' + (index + 1) + ' of `rules` has no `id`')
      return [definition.id.replace(/^[^/]*\//, ''), definition]
    })
  }
  if (!rules || typeof rules !== 'object') throw new PluginError('Plugin ' + label + ' has no `rules` (an object of rule definitions by id)')
  return Object.entries(rules as Record<string, PluginRuleDefinition>)
}

function qualified(pluginName: string, localId: string, definition: PluginRuleDefinition, label: string): PluginRuleDefinition & {id: string} {
  const where = 'Plugin ' + label + ', rule `' + localId + '`'
  if (!namePattern.test(localId)) throw new PluginError(where + ': the id must be kebab-case')
  if (!definition || typeof definition !== 'object') throw new PluginError(where + ': expected a rule definition object')
  if (typeof definition.create !== 'function' && typeof definition.site !== 'function') {
    throw new PluginError(where + ': expected a `create` function (a page check) or a `site` function')
  }
  if (!['error', 'warn', 'info'].includes(definition.severity)) throw new PluginError(where + ': `severity` must be `error`, `warn` or `info`')
  if (typeof definition.summary !== 'string' || definition.summary === '') throw new PluginError(where + ': `summary` must be a sentence saying what the rule checks')
  if (definition.messages !== undefined && (typeof definition.messages !== 'object' || Object.values(definition.messages).some((text) => typeof text !== 'string'))) {
    throw new PluginError(where + ': `messages` must map message ids to texts')
  }
  // A rule object made with `defineRule` carries what `defineRule` adds: it is made again under its full id.
  const {plugin: _plugin, prepare: _prepare, url, ...rest} = definition as PluginRuleDefinition & {plugin?: unknown; prepare?: unknown}
  return {...rest, fixable: rest.fixable ?? false, defaults: rest.defaults ?? {}, id: pluginName + '/' + localId, url: url && !url.startsWith(DOCS_BASE_URL) ? url : undefined}
}

function digestOf(modulePath: string | undefined, definitions: Array<[string, PluginRuleDefinition]>): string {
  const hash = createHash('sha256')
  if (modulePath) {
    try {
      hash.update(readBoundedText(modulePath, maxConfigBytes))
    } catch {
      hash.update(modulePath)
    }
  } else {
    hash.update(definitions.map(([id, definition]) => id + String(definition.create ?? '') + String(definition.site ?? '')).join('\n'))
  }
  return hash.digest('hex').slice(0, 16)
}
