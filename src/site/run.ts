import path from 'node:path'
import type {VFile} from 'vfile'
import type {ResolvedConfig, RuleEntry} from '../config.js'
import {SOURCE, type Rule, type Severity, type SiteReport} from '../rule.js'
import {rules} from '../../rules/index.js'
import {siteFactsKey} from './facts.js'
import type {ChangeSet} from '../git.js'
import {findSiteRoot, loadSiteConfig, Site, type SitePage} from './model.js'

type Level = Exclude<Severity, 'off'>
const rank: Record<Level, number> = {info: 0, warn: 1, error: 2}
const byRank: Level[] = ['info', 'warn', 'error']

/**
 * Run the site rules on every site the linted pages belong to (the site root is the nearest folder
 * above a page holding `docs.json` or `mint.json`). Messages about pages go on the pages' files;
 * messages about the config go on the config files, returned here to join the run's results.
 */
export function runSiteChecks(files: readonly VFile[], options: {changes?: ChangeSet | undefined; cwd?: string | undefined; defaultConfig?: ResolvedConfig | undefined} = {}): VFile[] {
  const siteRules = rules.filter((rule) => rule.site)
  if (siteRules.length === 0) return []
  const roots = new Map<string, string | null>()
  const bySite = new Map<string, VFile[]>()
  for (const file of files) {
    // Pages whose config turns every site rule off leave no facts and take no part.
    if (!file.data[siteFactsKey] || !file.path) continue
    const root = findSiteRoot(path.dirname(path.resolve(file.cwd, file.path)), roots)
    if (!root) continue
    let group = bySite.get(root)
    if (!group) bySite.set(root, (group = []))
    group.push(file)
  }
  const changes = options.changes
  if (changes) {
    // A change can break links in pages this run does not lint: their sites are checked too.
    for (const changed of [...changes.pages, ...changes.removed]) {
      const root = findSiteRoot(path.dirname(changed), roots)
      if (root && !bySite.has(root)) bySite.set(root, [])
    }
  }
  const extra: VFile[] = []
  for (const [root, group] of bySite) {
    const config = loadSiteConfig(root)
    if (!config) continue
    const site = new Site(root, config, group)
    const rootConfig = configAtRoot(site) ?? options.defaultConfig
    if (changes) site.watchChanges(changes.pages, changes.removed, options.cwd ?? process.cwd(), rootConfig)
    for (const rule of siteRules) runSiteRule(rule, site, rootConfig)
    for (const document of config.documents) {
      if (document.file.messages.length > 0) extra.push(document.file)
    }
    for (const page of site.dependents) {
      if (page.file && page.file.messages.length > 0) extra.push(page.file)
    }
  }
  return extra
}

/** Config-file messages follow the docs-lint config of the pages nearest the root. */
function configAtRoot(site: Site): ResolvedConfig | undefined {
  let best: SitePage | undefined
  for (const page of site.linted) {
    if (!page.config) continue
    if (!best || page.relative.split('/').length < best.relative.split('/').length) best = page
  }
  return best?.config
}

function runSiteRule(rule: Rule<any>, site: Site, rootConfig: ResolvedConfig | undefined): void {
  const entry = rootConfig?.rules.get(rule.id) ?? site.linted.find((page) => page.config?.rules.has(rule.id))?.config?.rules.get(rule.id)
  if (!entry) return
  const pageOf = new Map<VFile, SitePage>()
  for (const page of [...site.linted, ...site.dependents]) if (page.file) pageOf.set(page.file, page)
  const report = (problem: SiteReport): void => {
    const page = pageOf.get(problem.file)
    // A page follows its own docs-lint config; the config files follow the root's.
    const fileEntry: RuleEntry | undefined = page ? page.config?.rules.get(rule.id) : entry
    if (!fileEntry) return
    const shift = rank[problem.level ?? rule.severity] - rank[rule.severity]
    const level = byRank[Math.max(0, Math.min(2, rank[fileEntry.severity] + shift))]!
    const message = problem.file.message(problem.message, {place: problem.place, ruleId: rule.id, source: SOURCE})
    message.url = rule.url
    message.fatal = level === 'error' ? true : level === 'warn' ? false : undefined
    if (problem.actual !== undefined) message.actual = problem.actual
    if (problem.expected !== undefined) message.expected = Array.isArray(problem.expected) ? problem.expected : [problem.expected]
  }
  try {
    rule.site!({...rule.defaults, ...entry.options})(site, {report})
  } catch (error) {
    // As with page rules, a failing rule becomes one message, never the end of the run.
    const message = site.config.main.file.message(
      'Rule `' + rule.id + '` failed on this site: ' + String((error as Error).message ?? error),
      {ruleId: 'rule-error', source: SOURCE}
    )
    message.fatal = true
    message.url = 'https://docs-lint.dev/messages#rule-error'
  }
}
