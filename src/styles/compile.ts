// A style set made ready to run: each rule's check built once (its patterns compiled), and the rules
// docs-lint cannot run as their style wrote them, each with its file and line, to say so once per run.
import {factories} from './checks/index.js'
import type {LoadedStyles, StyleProblem} from './load.js'
import {mentionsScope, scopeMatcher, type ScopeMatcher} from './scope.js'
import {UnsupportedRuleError, type CompiledStyleCheck, type StyleEnvironment, type StyleRuleSource} from './types.js'
import {readBoundedText} from '../shared/bounded-read.js'

export interface CompiledRule {
  rule: StyleRuleSource
  check: CompiledStyleCheck
  matches: ScopeMatcher
  /** Reads `sentence` blocks: the page's paragraphs are split into sentences. */
  sentences: boolean
}

export interface CompiledStyles {
  loaded: LoadedStyles
  /** Rules built so far: every rule the `.vale.ini` turns on anywhere, and others when first asked for. */
  rules: Map<string, CompiledRule>
  /** Rules that are not checked, and why. */
  unsupported: StyleProblem[]
  environment: StyleEnvironment
}

// Vale runs these kinds on one scope whatever the rule says.
const fixedScopes: Record<string, string[]> = {sequence: ['sentence'], metric: ['summary'], readability: ['summary']}

const compiledByDigest = new Map<string, CompiledStyles>()

/** Whether any section of the `.vale.ini` turns the rule on (its style in `BasedOnStyles`, or the rule by name). */
function onInIni(loaded: LoadedStyles, id: string): boolean {
  const style = id.split('.')[0]!
  return [loaded.config.global, ...loaded.config.sections].some((section) => section.basedOnStyles?.includes(style) || section.rules.get(id)?.enabled === true)
}

/**
 * The styles of a `.vale.ini`, with the rules it turns on built now, so that what cannot run is known at
 * once. A rule only the docs-lint config turns on is built when a page first asks for it (`ruleOf`).
 */
export function compileStyles(loaded: LoadedStyles): CompiledStyles {
  const known = compiledByDigest.get(loaded.digest)
  if (known) return known
  const environment: StyleEnvironment = {
    stylesPath: loaded.config.stylesPath,
    accept: loaded.accept,
    reject: loaded.reject,
    readText: (file) => readBoundedText(file, 16 * 1024 * 1024)
  }
  const compiled: CompiledStyles = {loaded, rules: new Map(), unsupported: [], environment}
  for (const id of loaded.rules.keys()) if (onInIni(loaded, id)) ruleOf(compiled, id)
  compiledByDigest.set(loaded.digest, compiled)
  return compiled
}

const failed = new WeakMap<CompiledStyles, Set<string>>()

/** A rule ready to run, built on first use; undefined when it cannot run (said once in `unsupported`). */
export function ruleOf(styles: CompiledStyles, id: string): CompiledRule | undefined {
  const built = styles.rules.get(id)
  if (built) return built
  let refused = failed.get(styles)
  if (refused?.has(id)) return undefined
  const rule = styles.loaded.rules.get(id)
  if (!rule) return undefined
  const factory = Object.hasOwn(factories, rule.extends) ? factories[rule.extends] : undefined
  const where = {file: rule.file ?? styles.loaded.config.file, line: rule.lines['extends'] ?? 1}
  try {
    if (!factory) throw new UnsupportedRuleError('`extends: ' + rule.extends + '` is not a check kind Vale documents', 'extends')
    const scope = fixedScopes[rule.extends] ?? rule.scope
    const compiled = {rule, check: factory(rule, styles.environment), matches: scopeMatcher(scope), sentences: mentionsScope(scope, 'sentence')}
    styles.rules.set(id, compiled)
    return compiled
  } catch (error) {
    const field = error instanceof UnsupportedRuleError ? error.field : undefined
    styles.unsupported.push({file: where.file, line: (field && rule.lines[field]) || where.line, message: 'Rule `' + rule.id + '` is not checked: ' + (error as Error).message})
    if (!refused) failed.set(styles, (refused = new Set()))
    refused.add(id)
    return undefined
  }
}
