import {createHash} from 'node:crypto'
import type {VFile} from 'vfile'
import type {VFileMessage} from 'vfile-message'
import type {ResolvedConfig, RuleEntry} from '../config/resolve.js'
import type {MessageExtras} from '../contract.js'
import {ensurePlugins, type PluginRef} from '../config/plugins.js'
import {siteFactsDigestKey} from '../site/facts.js'


/** A config as it crosses a thread boundary or sits in the cache. */
export interface SerializedConfig {
  key: string
  rules: Array<[string, RuleEntry]>
  components: string[]
  filePath: string | undefined
  language: string
  overrides: ResolvedConfig['overrides']
  thirdPartyDirectives: boolean
  reportUnusedDisableDirectives: boolean
  vale: false | string | undefined
  styleRules: Array<[string, ResolvedConfig['styleRules'] extends Map<string, infer S> ? S : never]>
  plugins: PluginRef[]
}

export interface SerializedMessage {
  reason: string
  place: VFileMessage['place']
  ruleId: string | undefined
  source: string | undefined
  fatal: boolean | null | undefined
  url: string | undefined
  actual: string | undefined
  expected: string[] | undefined
  fix: MessageExtras['fix']
  suggestions: MessageExtras['suggestions']
  holds?: MessageExtras['holds']
  messageId?: string
}

/** What linting one page produces, apart from the page itself. */
export interface PageResult {
  messages: SerializedMessage[]
  /** `file.data` entries other than the config (facts for site checks, the BOM flag, ...). */
  data: Record<string, unknown>
}

const serializedConfigs = new WeakMap<ResolvedConfig, SerializedConfig>()

export function serializeConfig(config: ResolvedConfig): SerializedConfig {
  let serialized = serializedConfigs.get(config)
  if (!serialized) {
    const rules = [...config.rules]
    const styleRules = [...config.styleRules]
    const key = createHash('sha256')
      .update(JSON.stringify([rules, config.components, config.language, config.overrides, config.thirdPartyDirectives, config.reportUnusedDisableDirectives, config.vale ?? null, styleRules, config.plugins]))
      .digest('hex')
      .slice(0, 32)
    serialized = {
      key,
      rules,
      components: config.components,
      filePath: config.filePath,
      language: config.language,
      overrides: config.overrides,
      thirdPartyDirectives: config.thirdPartyDirectives,
      reportUnusedDisableDirectives: config.reportUnusedDisableDirectives,
      vale: config.vale,
      styleRules,
      plugins: config.plugins
    }
    serializedConfigs.set(config, serialized)
  }
  return serialized
}

const deserializedConfigs = new Map<string, ResolvedConfig>()

/** The same object for the same key, so compiled rule sets are reused across pages. */
export function deserializeConfig(serialized: SerializedConfig): ResolvedConfig {
  let config = deserializedConfigs.get(serialized.key)
  if (!config) {
    // A worker, or a replayed run, loads the config's plugins as the config did.
    ensurePlugins(serialized.plugins ?? [])
    config = {
      rules: new Map(serialized.rules),
      components: serialized.components,
      filePath: serialized.filePath,
      language: serialized.language,
      overrides: serialized.overrides,
      thirdPartyDirectives: serialized.thirdPartyDirectives,
      reportUnusedDisableDirectives: serialized.reportUnusedDisableDirectives,
      vale: serialized.vale,
      styleRules: new Map(serialized.styleRules),
      plugins: serialized.plugins ?? []
    }
    deserializedConfigs.set(serialized.key, config)
  }
  return config
}

export function serializeMessage(message: VFileMessage): SerializedMessage {
  const extras = message as VFileMessage & MessageExtras
  return {
    reason: message.reason,
    place: message.place,
    ruleId: message.ruleId,
    source: message.source,
    fatal: message.fatal,
    url: message.url,
    actual: message.actual,
    expected: message.expected,
    fix: extras.fix,
    suggestions: extras.suggestions,
    ...(extras.holds ? {holds: extras.holds} : {}),
    ...(extras.messageId ? {messageId: extras.messageId} : {})
  }
}

export function pageResultOf(file: VFile): PageResult {
  const data: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(file.data)) {
    if (key !== 'docsLintConfig') data[key] = value
  }
  return {messages: file.messages.map(serializeMessage), data}
}

/** Put a page's result (from a worker or the cache) on the engine's file. */
export function applyPageResult(file: VFile, result: PageResult, config: ResolvedConfig): void {
  // A file linted before (a caller's VFile, linted again) must not keep what its new result lacks.
  delete file.data[siteFactsDigestKey]
  Object.assign(file.data, result.data)
  file.data['docsLintConfig'] = config
  applyMessages(file, result.messages)
}

/** Add serialized messages to a file, as they were. */
export function applyMessages(file: VFile, messages: readonly SerializedMessage[]): void {
  if (messages.length === 0) return
  // A VFileMessage is an Error whose stack vfile-message blanks: capturing one would only cost time.
  const stackTraceLimit = Error.stackTraceLimit
  Error.stackTraceLimit = 0
  try {
    addMessages(file, messages)
  } finally {
    Error.stackTraceLimit = stackTraceLimit
  }
}

function addMessages(file: VFile, messages: readonly SerializedMessage[]): void {
  for (const serialized of messages) {
    const message = file.message(serialized.reason, {
      place: serialized.place ?? undefined,
      ruleId: serialized.ruleId ?? undefined,
      source: serialized.source ?? undefined
    })
    message.fatal = serialized.fatal
    if (serialized.url !== undefined) message.url = serialized.url
    if (serialized.actual !== undefined) message.actual = serialized.actual
    if (serialized.expected !== undefined) message.expected = serialized.expected
    const extras = message as VFileMessage & MessageExtras
    if (serialized.fix) extras.fix = serialized.fix
    if (serialized.suggestions) extras.suggestions = serialized.suggestions
    if (serialized.holds) extras.holds = serialized.holds
    if (serialized.messageId) extras.messageId = serialized.messageId
  }
}
