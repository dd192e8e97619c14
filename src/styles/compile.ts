// A style set made ready to run: each rule's check built once (its patterns compiled), and the rules
// docs-lint cannot run as their style wrote them, each with its file and line, to say so once per run.
import {factories} from './checks/index.js'
import type {LoadedStyles, StyleProblem} from './load.js'
import {mentionsScope, scopeMatcher, type ScopeMatcher} from './scope.js'
import {UnsupportedRuleError, type CompiledStyleCheck, type StyleEnvironment, type StyleRuleSource} from './types.js'
import {readBoundedText} from '../bounded-read.js'

export interface CompiledRule {
  rule: StyleRuleSource
  check: CompiledStyleCheck
  matches: ScopeMatcher
  /** Reads `sentence` blocks: the page's paragraphs are split into sentences. */
  sentences: boolean
}

export interface CompiledStyles {
  loaded: LoadedStyles
  rules: Map<string, CompiledRule>
  /** Rules that are not checked, and why. */
  unsupported: StyleProblem[]
}

// Vale runs these kinds on one scope whatever the rule says.
const fixedScopes: Record<string, string[]> = {sequence: ['sentence'], metric: ['summary'], readability: ['summary']}

const compiledByDigest = new Map<string, CompiledStyles>()

export function compileStyles(loaded: LoadedStyles): CompiledStyles {
  const known = compiledByDigest.get(loaded.digest)
  if (known) return known
  const environment: StyleEnvironment = {
    stylesPath: loaded.config.stylesPath,
    accept: loaded.accept,
    reject: loaded.reject,
    readText: (file) => readBoundedText(file, 16 * 1024 * 1024)
  }
  const rules = new Map<string, CompiledRule>()
  const unsupported: StyleProblem[] = []
  for (const rule of loaded.rules.values()) {
    const factory = Object.hasOwn(factories, rule.extends) ? factories[rule.extends] : undefined
    const where = {file: rule.file ?? loaded.config.file, line: rule.lines['extends'] ?? 1}
    if (!factory) {
      unsupported.push({...where, message: 'Rule `' + rule.id + '` is not checked: `extends: ' + rule.extends + '` is not a check kind Vale documents'})
      continue
    }
    try {
      const scope = fixedScopes[rule.extends] ?? rule.scope
      rules.set(rule.id, {rule, check: factory(rule, environment), matches: scopeMatcher(scope), sentences: mentionsScope(scope, 'sentence')})
    } catch (error) {
      const field = error instanceof UnsupportedRuleError ? error.field : undefined
      unsupported.push({file: where.file, line: (field && rule.lines[field]) || where.line, message: 'Rule `' + rule.id + '` is not checked: ' + (error as Error).message})
    }
  }
  const compiled = {loaded, rules, unsupported}
  compiledByDigest.set(loaded.digest, compiled)
  return compiled
}
