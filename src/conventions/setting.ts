// What the lint configuration that applies to a folder turns on: docs-lint's rules (the user's
// `.docs-lintrc*`, or the recommended preset) and the rules of the Vale styles its `.vale.ini` names,
// each with the writing conventions it checks.
import path from 'node:path'
import {resolveConfig, type ResolvedConfig} from '../config/resolve.js'
import type {ConventionCoverage, UserConfig} from '../contract.js'
import {configFinder} from '../engine/configs.js'
import {ruleInfos} from '../shared/rule-info.js'
import {findValeIni, pageSettings} from '../styles/config.js'
import {loadStyles} from '../styles/load.js'
import type {StyleRuleSource, ValeLevel} from '../styles/types.js'
import {conventions, conventionsOf} from './catalogue.js'
import type {Checker} from './types.js'

export interface LintSetting {
  /** The config file (absolute), or undefined for the recommended preset. */
  configFile: string | undefined
  /** The `.vale.ini` in use (absolute), if any. */
  valeIni: string | undefined
  /** Problems of the Vale styles (a style not in StylesPath), to show once. */
  problems: string[]
  /** docs-lint's rules, on or off, and the Vale rules on: every one that checks a convention, by convention id. */
  checkers: ReadonlyMap<string, Checker[]>
  /** docs-lint's rules that are on. */
  rulesOn: ReadonlySet<string>
}

/** The user config that applies to pages in `folder` (the nearest config file in it or above), or the given one. */
export async function lintSetting(folder: string, cwd: string, given: {config: UserConfig | undefined; filePath: string} | undefined): Promise<LintSetting> {
  const found = given ?? (await configFinder(cwd)(path.join(folder, 'page.mdx')))
  const resolved = resolveConfig(found.config, {filePath: found.filePath, cwd})
  const valeIni = resolved.vale === false ? undefined : resolved.vale ?? findValeIni(folder, new Map())
  const vale = valeIni ? valeRules(valeIni, resolved) : {on: [], off: [], problems: []}
  return {
    configFile: found.filePath,
    valeIni,
    problems: vale.problems,
    checkers: checkersByConvention(resolved, vale.on, vale.off),
    rulesOn: new Set(resolved.rules.keys())
  }
}

const levelRank: Record<ValeLevel, number> = {suggestion: 0, warning: 1, error: 2}

/** The rules of the `.vale.ini`'s styles, on or off for a Markdown or an MDX page beside it, as docs-lint runs them. */
function valeRules(iniFile: string, resolved: ResolvedConfig): {on: StyleRuleSource[]; off: StyleRuleSource[]; problems: string[]} {
  const loaded = loadStyles(iniFile)
  const settings = ['page.md', 'page.mdx'].map((page) => pageSettings(loaded.config, page))
  const isOn = (rule: StyleRuleSource) => {
    const configured = resolved.styleRules.get(rule.id)
    if (configured !== undefined) return configured !== 'off'
    return settings.some((setting) => {
      const switched = setting.rules.get(rule.id)
      const on = switched ? switched.enabled : setting.styles.includes(rule.id.split('.')[0]!)
      return on && levelRank[switched?.level ?? rule.level] >= levelRank[loaded.config.minAlertLevel]
    })
  }
  // A rule of a style the team does not use is not "off": only one its style names and the team turned off is.
  const inUse = (rule: StyleRuleSource) =>
    resolved.styleRules.has(rule.id) || settings.some((setting) => setting.rules.has(rule.id) || setting.styles.includes(rule.id.split('.')[0]!))
  const rules = [...loaded.rules.values()].filter(inUse)
  const problems = loaded.problems.map((problem) => path.basename(problem.file) + ':' + problem.line + ': ' + problem.message)
  return {on: rules.filter(isOn), off: rules.filter((rule) => !isOn(rule)), problems}
}

/** `WordList`, `word-list` and `word_list` name the same rule. */
function normalName(name: string): string {
  return name.toLowerCase().replace(/[-_\s]/g, '')
}

/** The conventions a Vale rule checks: by its name, or by the words of its message. */
function valeConventions(rule: StyleRuleSource): string[] {
  const name = normalName(rule.id.split('.').slice(1).join('.'))
  const byName = conventions.filter((convention) => (convention.vale ?? []).some((entry) => (entry.includes('.') ? entry === rule.id : normalName(entry) === name)))
  const message = rule.message.replace(/['"‘“]?%(?:\[\d+\])?[sd]['"’”]?/g, '').trim()
  return [...new Set([...byName, ...conventionsOf(message)].map((convention) => convention.id))]
}

function checkersByConvention(resolved: ResolvedConfig, valeOn: readonly StyleRuleSource[], valeOff: readonly StyleRuleSource[]): Map<string, Checker[]> {
  const checkers = new Map<string, Checker[]>()
  const add = (id: string, checker: Checker) => checkers.set(id, [...(checkers.get(id) ?? []), checker])
  for (const rule of ruleInfos) {
    for (const {id, coverage} of (rule.conventions ?? []) as readonly ConventionCoverage[]) add(id, {id: rule.id, coverage, on: resolved.rules.has(rule.id), vale: false})
  }
  // A Vale rule checks a convention in part: its patterns are the team's, docs-lint cannot tell how far they reach.
  for (const [rules, on] of [[valeOn, true], [valeOff, false]] as const) {
    for (const rule of rules) for (const id of valeConventions(rule)) add(id, {id: rule.id, coverage: 'partial', on, vale: true})
  }
  return checkers
}
