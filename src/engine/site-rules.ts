// The site rules themselves: loaded only when a site is checked, not when the cache serves its results.
import type {VFile} from 'vfile'
import type {ResolvedConfig, RuleEntry} from '../config/resolve.js'
import {NOTICE_SOURCE, SOURCE, type MessageExtras} from '../contract.js'
import {withdrawFindings, type FileKind} from './withheld.js'
import {messageText, type Rule, type SiteReport} from '../rule.js'
import {builtinMessage, fatalOf, shiftedLevel} from '../page/messages.js'
import {loadedPluginRules, rules} from '../../rules/index.js'
import type {ChangeSet} from './git.js'
import {Site, type SitePage} from '../site/model.js'
import {buildSiteBase} from '../site/base.js'
import {VFile as VFileClass} from 'vfile'
import {frameworkNotice} from '../site/framework.js'
import type {LintedPage} from '../site/files.js'
import {timing, timings} from '../shared/timing.js'
import type {SiteMemo} from '../site/memo.js'

/**
 * Run the site rules on one site: the config files with messages come back. `withdrawn` receives the
 * linted pages that are no page of their own (see `withdrawOutsidePages`).
 */
export function checkSite(
  root: string,
  linted: readonly LintedPage[],
  rootConfig: ResolvedConfig | undefined,
  changes: ChangeSet | undefined,
  cwd: string | undefined,
  withdrawn: Array<[relative: string, kind: FileKind]> = [],
  memo?: SiteMemo
): VFile[] {
  const runFolder = cwd ?? process.cwd()
  const base = memo ? memo.siteBase(root, runFolder) : buildSiteBase(root, runFolder)
  if (!base) return []
  const config = base.config
  // A kept base's config files serve every run: each run's messages start empty and leave on copies.
  for (const document of config.documents) document.file.messages = []
  const site = new Site(base, linted, memo)
  if (changes) site.watchChanges(changes.pages, changes.removed, cwd ?? process.cwd(), rootConfig)
  for (const rule of [...rules, ...loadedPluginRules()]) if (rule.site) runSiteRule(rule, site, rootConfig)
  withdrawn.push(...withdrawOutsidePages(site))
  // Said once per site: another framework serves it, so docs-lint routes it as that framework does.
  if (site.framework) site.config.main.file.message(frameworkNotice(site.framework), {place: {line: 1, column: 1}, source: NOTICE_SOURCE})
  const extra: VFile[] = []
  for (const document of config.documents) {
    if (document.file.messages.length === 0) continue
    const copy = new VFileClass({path: document.file.path, value: document.file.value})
    copy.messages = document.file.messages
    document.file.messages = []
    extra.push(copy)
  }
  for (const page of site.dependents) {
    if (page.file && page.file.messages.length > 0) extra.push(page.file)
  }
  return extra
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
    const level = shiftedLevel(rule.severity, problem.level, fileEntry.severity)
    const message = problem.file.message(messageText(rule, problem), {place: problem.place, ruleId: rule.id, source: problem.notice ? NOTICE_SOURCE : SOURCE})
    if (rule.url) message.url = rule.url
    if (problem.messageId) (message as MessageExtras).messageId = problem.messageId
    message.fatal = fatalOf(level)
    if (problem.actual !== undefined) message.actual = problem.actual
    if (problem.expected !== undefined) message.expected = Array.isArray(problem.expected) ? problem.expected : [problem.expected]
  }
  const started = timing ? performance.now() : 0
  try {
    rule.site!({...rule.defaults, ...entry.options})(site, {report})
    if (timing) timings.set(rule.id, (timings.get(rule.id) ?? 0) + performance.now() - started)
  } catch (error) {
    // As with page rules, a failing rule becomes one message, never the end of the run.
    builtinMessage(site.config.main.file, 'rule-error', 'Rule `' + rule.id + '` failed on this site: ' + String((error as Error).message ?? error), {fatal: true})
  }
}

/**
 * The linted files that are no page of their own, with the findings that hold only in pages withdrawn
 * (see `Holds`): a snippet, which a page imports, loses its `page` findings (front matter, first
 * heading); a file the site does not serve loses its `shown` ones too. On a site another framework's
 * app renders with components of its own, every page loses its `platform` findings.
 */
function withdrawOutsidePages(site: Site): Array<[string, FileKind]> {
  const withdrawn: Array<[string, FileKind]> = []
  const appRendered = site.framework?.componentRegistry !== undefined
  for (const page of site.linted) {
    const file = page.file
    if (!file || !file.messages.some((message) => (message as MessageExtras).holds)) continue
    if (appRendered && file.messages.some((message) => (message as MessageExtras).holds === 'platform')) {
      withdrawFindings(file, 'app-rendered')
      withdrawn.push([page.relative, 'app-rendered'])
    }
    const kind: FileKind | undefined = !page.served ? 'unserved' : file.messages.some((message) => (message as MessageExtras).holds === 'page') && site.snippets().isSnippet(page) ? 'snippet' : undefined
    if (!kind) continue
    withdrawFindings(file, kind)
    withdrawn.push([page.relative, kind])
  }
  return withdrawn
}
