import type {Root} from 'mdast'
import type {Plugin, Processor} from 'unified'
import type {VFile} from 'vfile'
import {unified} from 'unified'
import {compareMessage} from 'vfile-sort'
import type {VFileMessage} from 'vfile-message'
import {docsLintParse, parseFailureOf} from '../page/parse.js'
import {lineColumn} from '../shared/text.js'
import {readBounded} from '../shared/bounded-read.js'
import {defaultMaxFileSize} from '../shared/limits.js'
import {absolutePath} from '../shared/relative-path.js'
import {createPage, kindOf, releasePage, type Page} from '../page/page.js'
import {location} from 'vfile-location'
import {collectSiteFacts, probeInlineControl, siteFactsDigestKey, siteFactsKey, type PageFacts} from '../site/facts.js'
import {runCheck, type Check, type PageFactsOf, type Rule} from '../rule.js'
import {SOURCE, type Level} from '../contract.js'
import {builtinMessage, fatalOf} from '../page/messages.js'
import {sharedSoFar, timeShared, timing, timings} from '../shared/timing.js'
import {loadedPluginRules, ruleById, ruleFor} from '../../rules/index.js'
import type {ResolvedConfig} from '../config/resolve.js'
import path from 'node:path'
import {languageOfFolder, pageLanguageOf} from '../shared/language.js'
import {configuredLanguage, pageConfig} from '../config/overrides.js'
import {findSiteRoot} from '../site/files.js'
import {applyThirdPartyDirectives} from './directives.js'
import {applyInlineControl} from './inline-control.js'
import {redactMessage, redactorOf, redactValue} from '../page/redact.js'
import {secretsIn} from './secrets.js'
import {styleFindings} from '../styles/registry.js'
import type {MessageExtras} from '../contract.js'

interface CompiledRule {
  rule: Rule<any>
  check: Check
  /** The configured severity. */
  level: Level
}

interface Compiled {
  rules: CompiledRule[]
  /** Every enabled rule, page and site. */
  ruleIds: Set<string>
  /** Enabled site rules: when any, each page leaves its facts for the site checks. */
  siteRuleIds: string[]
  /** Enabled site rules that note facts of their own on each page (`pageFacts`). */
  factNoters: Array<{ruleId: string; note: PageFactsOf}>
  /** Warn about docs-lint comments that turn nothing off (`--report-unused-disable-directives`). */
  reportUnused: boolean
  /** The rules a docs-lint comment may name: the built-in ones and those of the config's plugins. */
  known: ReadonlySet<string>
  /** Of those, the rules whose findings on a page come only from the site checks. */
  siteOnly: ReadonlySet<string>
}

const compiledConfigs = new WeakMap<ResolvedConfig, Compiled>()
const builtinRules: ReadonlySet<string> = new Set(ruleById.keys())
// Rules whose findings on a page come only from the site checks, after the page is done.
const builtinSiteRules: ReadonlySet<string> = new Set([...ruleById.values()].filter((rule) => rule.site && !rule.create).map((rule) => rule.id))

/** Rule set-up happens once per config, however many files use it. */
function compile(config: ResolvedConfig): Compiled {
  let compiled = compiledConfigs.get(config)
  if (compiled) return compiled
  const compiledRules: CompiledRule[] = []
  const siteRuleIds: string[] = []
  const factNoters: Compiled['factNoters'] = []
  for (const [ruleId, entry] of config.rules) {
    const rule = ruleFor(ruleId)
    if (!rule) continue
    if (rule.site) siteRuleIds.push(ruleId)
    if (rule.site && rule.pageFacts) factNoters.push({ruleId, note: rule.pageFacts({...rule.defaults, ...entry.options})})
    if (!rule.create) continue
    compiledRules.push({rule, check: rule.prepare(entry.options), level: entry.severity})
  }
  const plugged = loadedPluginRules().filter((rule) => config.plugins.some((plugin) => rule.id.startsWith(plugin.name + '/')))
  compiled = {
    known: plugged.length === 0 ? builtinRules : new Set([...builtinRules, ...plugged.map((rule) => rule.id)]),
    siteOnly: plugged.length === 0 ? builtinSiteRules : new Set([...builtinSiteRules, ...plugged.filter((rule) => rule.site && !rule.create).map((rule) => rule.id)]),
    rules: compiledRules,
    ruleIds: new Set(config.rules.keys()),
    siteRuleIds,
    factNoters,
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
    const compiled = compile(config)
    // What the rules that find secrets found here, before comment control drops any: the page's secrets.
    const secrets: PageSecrets = {found: []}
    if (!failure?.binary) {
      for (const entry of compiled.rules) {
        if (entry.rule.languages && !entry.rule.languages.includes(page.language)) continue
        const before = file.messages.length
        runRule(entry, tree, file)
        if (entry.rule.masks) collectSecrets(entry.rule.id, file.messages.slice(before), page.source, secrets)
      }
      // A team's styles are written for the site's language: a translated page is left to its translators.
      const styleIds = failure || page.language !== settings.config.language ? undefined : lintStyles(tree, file, page.source, config, absolute)
      if (config.thirdPartyDirectives) applyThirdPartyDirectives(tree, file, compiled.ruleIds)
      // A file linted again (a caller's VFile) drops the hash of the facts it had.
      delete file.data[siteFactsDigestKey]
      if (compiled.siteRuleIds.length > 0) {
        // The site checks run after every page; keep only the facts they need, not the tree.
        let facts: ReturnType<typeof collectSiteFacts> | undefined
        try {
          facts = timeShared('site facts', () => collectSiteFacts(tree, file, page, failure !== undefined))
          if (!failure) addRuleFacts(facts, compiled, tree, page, file)
        } catch (error) {
          // Like a failing rule: one message on the page, and the site checks go on without its facts.
          builtinMessage(file, 'rule-error', 'Cannot collect the links and headings of this page for the site checks: ' + String((error as Error).message ?? error), {fatal: true})
        }
        if (facts) {
          file.data[siteFactsKey] = facts
          probeInlineControl(facts, file, compiled.siteRuleIds, () => controlMessages(compiled, tree, file, styleIds))
        } else {
          controlMessages(compiled, tree, file, styleIds)
        }
      } else {
        controlMessages(compiled, tree, file, styleIds)
      }
    }
    if (failure) {
      const tooLarge = failure.cause === 'file-too-large'
      builtinMessage(file, tooLarge ? 'file-too-large' : 'parse-error', failure.reason, {place: {line: failure.line, column: failure.column}, fatal: !tooLarge})
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

/** What the enabled site rules note of the page themselves (see `pageFacts`); a failing one becomes one message. */
function addRuleFacts(facts: PageFacts, compiled: Compiled, tree: Root, page: Page, file: VFile): void {
  for (const {ruleId, note} of compiled.factNoters) {
    try {
      const noted = note(tree, page)
      if (noted && noted.length > 0) (facts.rules ??= {})[ruleId] = noted
    } catch (error) {
      builtinMessage(file, 'rule-error', 'Rule `' + ruleId + '` failed on this page: ' + String((error as Error).message ?? error), {fatal: true})
    }
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

/** Run one rule on the page; a rule that throws leaves one message saying so, and the other rules run. */
function runRule(entry: CompiledRule, tree: Root, file: VFile): void {
  const started = timing ? performance.now() - sharedSoFar() : 0
  try {
    runCheck(entry.rule, entry.check, tree, file, entry.level)
  } catch (error) {
    builtinMessage(file, 'rule-error', 'Rule `' + entry.rule.id + '` failed on this page: ' + String((error as Error).message ?? error), {fatal: true})
    return
  }
  if (timing) timings.set(entry.rule.id, (timings.get(entry.rule.id) ?? 0) + performance.now() - sharedSoFar() - started)
}

/**
 * The page's Vale styles (the `.vale.ini` its folder finds, or the one the config names): their findings
 * become messages like any rule's. Returns the ids of the style rules, which docs-lint comments may name.
 */
function lintStyles(tree: Root, file: VFile, source: string, config: ResolvedConfig, absolute: string): ReadonlySet<string> | undefined {
  const started = timing ? performance.now() - sharedSoFar() : 0
  let styled: ReturnType<typeof styleFindings>
  try {
    styled = styleFindings(absolute, config.vale, {tree, source, extension: kindOf(file), severities: config.styleRules})
  } catch (error) {
    builtinMessage(file, 'rule-error', 'The Vale styles failed on this page: ' + String((error as Error).message ?? error), {fatal: true})
    return undefined
  }
  if (!styled) return undefined
  const place = location(file)
  for (const finding of styled.findings) {
    const start = place.toPoint(finding.start)
    const end = place.toPoint(finding.end)
    const message = file.message(finding.message, {place: start && end ? {start, end} : start, ruleId: finding.ruleId, source: SOURCE})
    if (finding.url) message.url = finding.url
    message.fatal = fatalOf(finding.level)
    const extra = message as MessageExtras
    if (finding.fix) extra.fix = finding.fix
    if (finding.suggestions) extra.suggestions = finding.suggestions
  }
  if (timing) timings.set('(vale styles)', (timings.get('(vale styles)') ?? 0) + performance.now() - sharedSoFar() - started)
  return styled.ruleIds
}

function controlMessages(compiled: Compiled, tree: Root, file: VFile, styleIds?: ReadonlySet<string>): void {
  const known = styleIds ? new Set([...compiled.known, ...styleIds]) : compiled.known
  applyInlineControl(tree, file, known, {reportUnused: compiled.reportUnused, siteRules: compiled.siteOnly})
  // Messages without a place (a missing front matter on a blank page) point at the page's start.
  for (const message of file.messages) {
    if (message.source !== SOURCE) continue
    if (!message.line) message.line = 1
    if (!message.column) message.column = 1
  }
}

function reportEncoding(file: VFile): void {
  const source = String(file.value ?? '')
  if (!source.includes('\uFFFD')) return
  const offset = invalidSequenceAt(source, file)
  if (offset === -1) return
  builtinMessage(file, 'encoding', 'Unexpected invalid UTF-8 byte sequence, expected UTF-8 text', {place: lineColumn(source, offset), fatal: false})
}

/**
 * Decoding turns each invalid byte sequence into U+FFFD, but a page may also hold U+FFFD itself (an
 * example of what a decoder shows). The page's bytes tell them apart: the first U+FFFD not written as
 * its own UTF-8 bytes (`EF BF BD`). Without the bytes (text from an editor), the first U+FFFD.
 */
function invalidSequenceAt(source: string, file: VFile): number {
  let bytes: Buffer
  try {
    bytes = readBounded(absolutePath(file), defaultMaxFileSize)
  } catch {
    return source.indexOf('\uFFFD')
  }
  if (isWellFormedUtf8(bytes)) return -1
  // `parsePage` dropped a byte order mark from the text, not from the bytes.
  let byteOffset = file.data['bom'] ? 3 : 0
  let last = 0
  for (let offset = source.indexOf('\uFFFD'); offset !== -1; offset = source.indexOf('\uFFFD', offset + 1)) {
    byteOffset += Buffer.byteLength(source.slice(last, offset))
    last = offset + 1
    if (!(bytes[byteOffset] === 0xef && bytes[byteOffset + 1] === 0xbf && bytes[byteOffset + 2] === 0xbd)) return offset
    byteOffset += 3
  }
  return source.indexOf('\uFFFD')
}

function isWellFormedUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', {fatal: true}).decode(bytes)
    return true
  } catch {
    return false
  }
}
