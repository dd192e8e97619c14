import picomatch from 'picomatch'
import {isStyleRuleId, type ResolvedConfig, type ResolvedOverride} from './resolve.js'
import {relativeTo} from '../shared/relative-path.js'

// A config's `overrides` apply to some pages: those a glob matches, or those in a language. The config
// a page is linted with is the config with its matching overrides laid over it, one object per set of
// matching overrides, so rule set-up (compiled per config object) happens once per set.

const matchers = new WeakMap<ResolvedOverride, (relative: string) => boolean>()

function matchesFiles(override: ResolvedOverride, absolutePath: string): boolean {
  if (!override.files) return false
  let match = matchers.get(override)
  if (!match) {
    match = picomatch(override.files, {dot: true})
    matchers.set(override, match)
  }
  const relative = relativeTo(override.base, absolutePath)
  return !relative.startsWith('../') && match(relative)
}

/** The language the overrides whose `files` match a page give it (the last one wins). */
export function configuredLanguage(config: ResolvedConfig, absolutePath: string): string | undefined {
  let language: string | undefined
  for (const override of config.overrides) {
    if (override.language && matchesFiles(override, absolutePath)) language = override.language
  }
  return language
}

const effective = new WeakMap<ResolvedConfig, Map<string, ResolvedConfig>>()

/** The config a page at `absolutePath` in `language` is linted with. */
export function pageConfig(config: ResolvedConfig, absolutePath: string, language: string): ResolvedConfig {
  if (config.overrides.length === 0) return config
  const matching: number[] = []
  config.overrides.forEach((override, index) => {
    const byLanguage = override.languages !== undefined && override.languages.includes(language)
    // An override with both `files` and `languages` applies to pages that both select.
    const byFiles = override.files !== undefined && matchesFiles(override, absolutePath)
    if (override.rules.length > 0 && (override.files && override.languages ? byFiles && byLanguage : byFiles || byLanguage)) {
      matching.push(index)
    }
  })
  if (matching.length === 0) return config
  let byKey = effective.get(config)
  if (!byKey) effective.set(config, (byKey = new Map()))
  const key = matching.join(',')
  let result = byKey.get(key)
  if (!result) {
    const rules = new Map(config.rules)
    const styleRules = new Map(config.styleRules)
    // An override that sets a severity alone keeps the options the rule was last given, as a config
    // that extends another does: by an override before it, else by the config (even one turning it off).
    const given = new Map([...config.rules].map(([ruleId, entry]) => [ruleId, entry.options]))
    for (const index of matching) {
      for (const [ruleId, entry] of config.overrides[index]!.rules) {
        if (isStyleRuleId(ruleId)) {
          styleRules.set(ruleId, entry ? entry.severity : 'off')
        } else if (entry) {
          const options = entry.options ?? given.get(ruleId) ?? entry.offOptions
          given.set(ruleId, options)
          rules.set(ruleId, {severity: entry.severity, options})
        } else {
          rules.delete(ruleId)
        }
      }
    }
    result = {...config, rules, styleRules, overrides: []}
    byKey.set(key, result)
  }
  return result
}
