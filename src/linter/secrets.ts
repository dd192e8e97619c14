import type {Root} from 'mdast'
import type {ResolvedConfig} from '../config/resolve.js'
import type {SecretFinder} from '../rule.js'
import {redactorOf, type Redact} from '../page/redact.js'
import {rules} from '../../rules/index.js'

interface Finder {
  ruleId: string
  find: SecretFinder
}

const findersByConfig = new WeakMap<ResolvedConfig, Finder[]>()
let defaultFinders: Finder[] | undefined

/**
 * The secret finders of the rules that declare `masks`, with the options the config gives them (or
 * their defaults): outputs are masked even where the rule itself is turned off.
 */
function findersOf(config: ResolvedConfig | undefined): Finder[] {
  if (!config) return (defaultFinders ??= rules.flatMap((rule) => (rule.masks ? [{ruleId: rule.id, find: rule.masks(rule.defaults)}] : [])))
  let finders = findersByConfig.get(config)
  if (!finders) {
    finders = rules.flatMap((rule) => (rule.masks ? [{ruleId: rule.id, find: rule.masks({...rule.defaults, ...config.rules.get(rule.id)?.options})}] : []))
    findersByConfig.set(config, finders)
  }
  return finders
}

/** The secrets in `source` (a page, with its tree, or a config file's text). */
export function secretsIn(source: string, config: ResolvedConfig | undefined, tree?: Root): string[] {
  const secrets = new Set<string>()
  for (const {find} of findersOf(config)) {
    for (const [start, end] of find(source, tree)) secrets.add(source.slice(start, end))
  }
  return [...secrets]
}

/** A redactor for every secret in any of `sources`. */
export function redactorFor(sources: readonly string[], config: ResolvedConfig | undefined): Redact {
  return redactorOf(sources.flatMap((source) => secretsIn(source, config)))
}
