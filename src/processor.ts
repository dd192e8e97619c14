import type {Root} from 'mdast'
import type {Plugin, Processor} from 'unified'
import type {VFile} from 'vfile'
import {unified} from 'unified'
import {compareMessage} from 'vfile-sort'
import {VFileMessage} from 'vfile-message'
import {load} from './lazy.js'
import {docsLintParse, lineColumn, parseFailureOf} from './parse.js'
import {createPage, releasePage, type Page} from './page.js'
import {collectSiteFacts, probeInlineControl, siteFactsKey} from './site/facts.js'
import {SOURCE, type Check, type Rule} from './rule.js'
import {sharedSoFar, timeShared, timing, timings} from './timing.js'
import {ruleById} from '../rules/index.js'
import {MESSAGES_URL} from './rule-info.js'
import type {ResolvedConfig} from './config.js'
import path from 'node:path'
import {languageOfFolder, pageLanguageOf} from './language.js'
import {configuredLanguage, pageConfig} from './overrides.js'
import {findSiteRoot} from './site/files.js'
import {applyThirdPartyDirectives} from './directives.js'
import {applyInlineControl} from './inline-control.js'
import {redactMessage, redactorOf, redactValue} from './redact.js'
import {secretsIn} from './secrets.js'


/** Ids of messages that come from docs-lint itself rather than from a rule. */
export const builtinMessageIds = ['parse-error', 'file-too-large', 'inline-config', 'encoding', 'read-error', 'rule-error', 'fix-error'] as const

interface CompiledRule {
  rule: Rule<any>
  check: Check
  /** The configured severity: 0 info, 1 warn, 2 error. */
  rank: number
  transformer: (tree: Root, file: VFile, next: (error?: unknown) => void) => void
}

interface Compiled {
  rules: CompiledRule[]
  /** Every enabled rule, page and site. */
  ruleIds: Set<string>
  /** Enabled site rules: when any, each page leaves its facts for the site checks. */
  siteRuleIds: string[]
  /** Warn about docs-lint comments that turn nothing off (`--report-unused-disable-directives`). */
  reportUnused: boolean
}

const compiledConfigs = new WeakMap<ResolvedConfig, Compiled>()
const knownRules: ReadonlySet<string> = new Set(ruleById.keys())
const siteRuleIds: ReadonlySet<string> = new Set([...ruleById.values()].filter((rule) => rule.site).map((rule) => rule.id))

/** Rule set-up happens once per config, however many files use it. */
function compile(config: ResolvedConfig, processor: Processor<any, any, any, any, any>): Compiled {
  let compiled = compiledConfigs.get(config)
  if (compiled) return compiled
  const compiledRules: CompiledRule[] = []
  const siteRuleIds: string[] = []
  for (const [ruleId, entry] of config.rules) {
    const rule = ruleById.get(ruleId)
    if (!rule) continue
    if (rule.site) siteRuleIds.push(ruleId)
    if (!rule.create) continue
    const options = entry.options
    const check = rule.prepare(options)
    const severity = entry.severity === 'error' ? 'error' : 'warn'
    const transformer = rule.plugin.call(processor as never, [severity, options]) as CompiledRule['transformer']
    compiledRules.push({rule, check, rank: entry.severity === 'error' ? 2 : entry.severity === 'warn' ? 1 : 0, transformer})
  }
  compiled = {
    rules: compiledRules,
    ruleIds: new Set(config.rules.keys()),
    siteRuleIds,
    reportUnused: config.reportUnusedDisableDirectives
  }
  compiledConfigs.set(config, compiled)
  return compiled
}

export interface ProcessorOptions {
  /** Keep the syntax tree after linting (unified-engine does not need it; dropping it saves memory). */
  keepTree?: boolean
  /** Pages larger than this many bytes are skipped with one message (default 5 MB). */
  maxFileSize?: number | undefined
  /**
   * Mask the page's secrets in its messages and site facts (default true). Only `--fix` turns it
   * off: it applies the fixes' real text to the file and masks what it prints itself.
   */
  redact?: boolean
}

/**
 * The one place where parsing, MDX, front matter, GFM, comment control and rules are wired.
 * The CLI, the API, the language server and the tests all lint through it.
 */
export function createProcessor(config: ResolvedConfig, options: ProcessorOptions = {}): Processor<Root, Root, Root> {
  return unified()
    .use(docsLintParse, {maxFileSize: options.maxFileSize})
    .use(docsLintPlugin, {config, keepTree: options.keepTree ?? false, redact: options.redact ?? true}) as never
}

export interface DocsLintSettings {
  config: ResolvedConfig
  keepTree: boolean
  /** See `ProcessorOptions.redact`; absent means true. */
  redact?: boolean
}

/** The unified plugin that runs the configured rules, inline control and built-in checks. */
export const docsLintPlugin: Plugin<[DocsLintSettings], Root, Root> = function (settings) {
  const processor = this
  return function (tree: Root, file: VFile): Root {
    if (file.data['docsLintSkipped']) return tree
    const failure = parseFailureOf(file)
    // `--fix` re-lints a page with the config that linted it.
    file.data['docsLintConfig'] = settings.config
    const page = createPage(file, tree, {parseFailed: failure !== undefined, components: settings.config.components})
    const absolute = path.resolve(file.cwd, file.path ?? '')
    page.language = failure?.binary ? settings.config.language : languageOf(page, settings.config, absolute, file.cwd)
    // Only a language other than the site's is kept with the page's results (and the cache).
    if (page.language !== settings.config.language) file.data['language'] = page.language
    const config = pageConfig(settings.config, absolute, page.language)
    const compiled = compile(config, processor)
    // What the rules that find secrets found here, before comment control drops any: the page's secrets.
    const secrets: PageSecrets = {found: []}
    if (!failure?.binary) {
      for (const entry of compiled.rules) {
        if (entry.rule.languages && !entry.rule.languages.includes(page.language)) continue
        const before = file.messages.length
        runRule(entry, tree, file)
        if (entry.rule.masks) collectSecrets(entry.rule.id, file.messages.slice(before), page.source, secrets)
      }
      if (config.thirdPartyDirectives) applyThirdPartyDirectives(tree, file, compiled.ruleIds)
      if (compiled.siteRuleIds.length > 0) {
        // The site checks run after every page; keep only the facts they need, not the tree.
        let facts: ReturnType<typeof collectSiteFacts> | undefined
        try {
          facts = timeShared('site facts', () => collectSiteFacts(tree, file, page, failure !== undefined))
        } catch (error) {
          // Like a failing rule: one message on the page, and the site checks go on without its facts.
          const message = file.message('Cannot collect the links and headings of this page for the site checks: ' + String((error as Error).message ?? error), {
            ruleId: 'rule-error',
            source: SOURCE
          })
          message.fatal = true
          message.url = MESSAGES_URL + '#rule-error'
        }
        if (facts) {
          file.data[siteFactsKey] = facts
          probeInlineControl(facts, file, compiled.siteRuleIds, () => controlMessages(compiled, tree, file))
        } else {
          controlMessages(compiled, tree, file)
        }
      } else {
        controlMessages(compiled, tree, file)
      }
    }
    if (failure) {
      const ruleId = failure.cause === 'file-too-large' ? 'file-too-large' : 'parse-error'
      const message = file.message(failure.reason, {
        place: {line: failure.line, column: failure.column},
        ruleId,
        source: SOURCE
      })
      message.fatal = ruleId === 'parse-error'
      message.url = MESSAGES_URL + '#' + ruleId
    }
    if (!failure?.binary) reportEncoding(file)
    if (settings.redact !== false && !failure?.binary) redactPage(file, page.source, config, tree, secrets)
    for (const message of file.messages) {
      // Messages must not keep trees alive after the page is done.
      message.ancestors = undefined
    }
    file.messages.sort(compareMessage)
    if (settings.keepTree) return tree
    // Files outlive the run's pages (the engine keeps every file until the end): let the tree go now.
    releasePage(file)
    return {type: 'root', children: []}
  }
}

interface PageSecrets {
  found: string[]
}

/** The secrets a rule that finds them reported: the text its messages cover. */
function collectSecrets(ruleId: string, messages: readonly VFileMessage[], source: string, secrets: PageSecrets): void {
  const own = messages.filter((message) => message.ruleId === ruleId)
  // A rule that failed here found nothing: its finder scans the page instead.
  if (messages.some((message) => message.ruleId === 'rule-error')) return
  // The rule reports only what a writer should replace (not the values of a response example, nor what a
  // comment turned off), so its finder still scans the page: every secret is masked, reported or not.
  for (const message of own) {
    const place = message.place
    const start = place && 'start' in place ? place.start.offset : undefined
    const end = place && 'start' in place ? place.end.offset : undefined
    if (start !== undefined && end !== undefined && end > start) secrets.found.push(source.slice(start, end))
  }
}

/** Mask the page's secrets in everything it leaves behind: its messages and the facts for the site checks. */
function redactPage(file: VFile, source: string, config: ResolvedConfig, tree: Root, found: PageSecrets): void {
  const secrets = [...found.found, ...timeShared('secrets', () => secretsIn(source, config, tree))]
  if (secrets.length === 0) return
  const redact = redactorOf(secrets)
  for (const message of file.messages) redactMessage(message, redact)
  if (file.data[siteFactsKey]) file.data[siteFactsKey] = redactValue(file.data[siteFactsKey], redact)
}

const siteRoots = new Map<string, string | null>()

/** A page's language: its front matter, the config's overrides, its language folder, or the site's. */
function languageOf(page: Page, config: ResolvedConfig, absolute: string, cwd: string): string {
  const root = findSiteRoot(path.dirname(absolute), siteRoots) ?? cwd
  const folder = languageOfFolder(path.relative(root, absolute))
  return pageLanguageOf(page.frontMatter().data, configuredLanguage(config, absolute), folder, config.language)
}

function runRule(entry: CompiledRule, tree: Root, file: VFile): void {
  const before = file.messages.length
  const started = timing ? performance.now() - sharedSoFar() : 0
  try {
    entry.transformer(tree, file, (error) => {
      if (error) throw error
    })
  } catch (error) {
    const message = file.message(
      'Rule `' + entry.rule.id + '` failed on this page: ' + String((error as Error).message ?? error),
      {ruleId: 'rule-error', source: SOURCE}
    )
    message.fatal = true
    message.url = MESSAGES_URL + '#rule-error'
    return
  }
  if (timing) timings.set(entry.rule.id, (timings.get(entry.rule.id) ?? 0) + performance.now() - sharedSoFar() - started)
  for (let index = before; index < file.messages.length; index++) {
    const message = file.messages[index]!
    // unified-lint-rule turns an exception in a rule into a message carrying it as `cause`.
    if (message.cause instanceof Error && !(message.cause instanceof VFileMessage)) {
      message.reason = 'Rule `' + entry.rule.id + '` failed on this page: ' + message.cause.message
      message.ruleId = 'rule-error'
      message.fatal = true
      message.url = MESSAGES_URL + '#rule-error'
      message.cause = undefined
      delete (message as {stack?: string}).stack
      continue
    }
    const shift = (message as {levelShift?: number}).levelShift ?? 0
    const rank = Math.max(0, Math.min(2, entry.rank + shift))
    message.fatal = rank === 2 ? true : rank === 1 ? false : undefined
  }
}

function controlMessages(compiled: Compiled, tree: Root, file: VFile): void {
  applyInlineControl(tree, file, knownRules, {reportUnused: compiled.reportUnused, siteRules: siteRuleIds})
  // Messages without a place (a missing front matter on a blank page) point at the page's start.
  for (const message of file.messages) {
    if (message.source !== SOURCE) continue
    if (!message.line) message.line = 1
    if (!message.column) message.column = 1
  }
}

function reportEncoding(file: VFile): void {
  const source = String(file.value ?? '')
  const offset = source.indexOf('\uFFFD')
  if (offset === -1) return
  const message = file.message('Unexpected invalid UTF-8 byte sequence, expected UTF-8 text', {
    place: lineColumn(source, offset),
    ruleId: 'encoding',
    source: SOURCE
  })
  message.fatal = false
  message.url = MESSAGES_URL + '#encoding'
}
