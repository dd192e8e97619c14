import type {Root} from 'mdast'
import type {Point, Position} from 'unist'
import type {VFile} from 'vfile'
import {lintRule} from 'unified-lint-rule'
import {pageOf, type Page} from './page/page.js'
import type {Site, SitePage} from './site/model.js'
import {siteFactsOf, type RuleFact} from './site/facts.js'
import {DOCS_BASE_URL, SOURCE, type ConventionCoverage, type UserConfig, type Holds, type Level, type MessageExtras, type OptionsSchema, type Severity, type Suggestion, type TextEdit} from './contract.js'
import {fatalOf, shiftedLevel} from './page/messages.js'

export {DOCS_BASE_URL, NOTICE_SOURCE, SOURCE} from './contract.js'
export type {ConventionCoverage, MessageExtras, OptionsSchema, Severity, Suggestion, TextEdit} from './contract.js'
export type {RuleFact} from './site/facts.js'

export interface Report {
  /** What is wrong, in one sentence; or give `messageId` (and `data`) to use one of the rule's `messages`. */
  message?: string | undefined
  /** A key of the rule's `messages`: the message variant, kept in JSON and SARIF output. */
  messageId?: string | undefined
  /** The values of the `{{name}}` placeholders of the `messageId` message. */
  data?: Record<string, string | number> | undefined
  /** Where the problem is: a node (its position is used) or an explicit place. */
  node?: {position?: Position | undefined} | undefined
  place?: Position | Point | undefined
  actual?: string | undefined
  expected?: string | string[] | undefined
  /** Safe edits, applied by `--fix`. Only rules marked `fixable` may attach them. */
  fix?: TextEdit[] | undefined
  suggestions?: Suggestion[] | undefined
  /**
   * Severity of this problem when the rule runs at its default severity; it moves with the
   * configured one (a `warn` report of an `error` rule configured as `warn` shows as `info`).
   */
  level?: Exclude<Severity, 'off'> | undefined
  /** The problem holds only in a page of its own (`page`) or in what pages show (`shown`); see `Holds`. */
  holds?: Holds | undefined
}

export interface RuleContext {
  readonly file: VFile
  readonly page: Page
  report(report: Report): void
}

export type Check = (tree: Root, context: RuleContext) => void

/** A problem a site rule finds, in a page or in a config file (`docs.json` and its includes). */
export interface SiteReport {
  file: VFile
  /** See `Report.message`. */
  message?: string | undefined
  messageId?: string | undefined
  data?: Record<string, string | number> | undefined
  /**
   * What the check could not look at (a remote file docs-lint never fetches): shown once as a notice
   * of the run, not counted as a problem in the page.
   */
  notice?: boolean | undefined
  place?: Position | Point | undefined
  actual?: string | undefined
  expected?: string | string[] | undefined
  /**
   * Severity of this problem at the rule's default severity; moved up or down with the configured
   * one (a `warn` report of an `error` rule configured as `warn` is `info`).
   */
  level?: Exclude<Severity, 'off'> | undefined
}

export interface SiteContext {
  report(report: SiteReport): void
}

/** Runs once per site after every page was linted (see `src/site/`). */
export type SiteCheck = (site: Site, context: SiteContext) => void

export interface RuleDefinition<Options extends object = Record<string, never>> {
  /** Kebab-case id; also the file name in `rules/` and the doc page name. A plugin's rules get `<plugin>/` before it. */
  id: string
  /** The rule's documentation page; docs-lint's own rules have theirs on docs-lint.dev. */
  url?: string | undefined
  /**
   * The rule's messages by id, as ESLint's `meta.messages`: `{{name}}` stands for `data.name` of the
   * report. A report that gives `messageId` uses one; JSON and SARIF output keep the id.
   */
  messages?: Readonly<Record<string, string>> | undefined
  severity: Exclude<Severity, 'off'>
  /** One line, used by `--list-rules`, SARIF and the docs index. */
  summary: string
  /** `true`: attaches safe fixes. `'suggestion'`: only suggestions for editors. */
  fixable: boolean | 'suggestion'
  /**
   * The writing conventions of the team's rule file (`rules.md`) the rule checks, by catalogue id
   * (`src/conventions/catalogue.data.ts`): `docs-lint conventions` maps the rule file's lines to rules with them.
   */
  conventions?: readonly ConventionCoverage[]
  /** Prose rules read the shared retext tree and never look inside code or JSX attributes. */
  prose?: boolean
  /**
   * The languages (base codes) whose pages the rule can judge; pages in any other language are left
   * alone. Absent: every language (the rule does not read words).
   */
  languages?: readonly string[]
  /**
   * The comments of other linters that turn this rule off for a span of the page: a Vale
   * `vale off` (`vale: true`), or a markdownlint `markdownlint-disable` naming one of `markdownlint`
   * (rule numbers and aliases, such as `MD040` and `fenced-code-language`).
   */
  thirdParty?: {vale?: boolean; markdownlint?: readonly string[]}
  /** JSON Schema of the options object; options are validated once when a processor is built. */
  options?: OptionsSchema
  defaults: Options
  /** Called once per configuration: precompute here, return the per-page check. */
  create?(options: Options): Check
  /** Site rules: called once per run with the options, returns the whole-site check. */
  site?(options: Options): SiteCheck
  /**
   * Site rules that read more of a page than its links and anchors: called once per configuration,
   * returns what notes, on each page while its tree is alive, what the site check needs (kept with
   * the page's site facts under the rule's id, see `ruleFactsOf`). Each fact sits at a place, where an
   * inline comment may turn the rule off.
   */
  pageFacts?(options: Options): PageFactsOf
  /**
   * Rules that find secrets: called once per configuration, returns what finds the secrets of a text
   * (a page, with its tree, or a config file) as offset ranges. Every output masks them.
   */
  masks?(options: Options): SecretFinder
}

/** A plugin module's default export: its name, the prefix of its rule ids (`acme/no-foo`), and its rules. */
export interface Plugin {
  /** Lowercase and kebab-case: `acme` gives the rule ids `acme/<rule>`. */
  name: string
  /** The rules, by their id within the plugin, or as a list of definitions with their `id`. */
  rules: Record<string, RuleDefinition<any>> | ReadonlyArray<RuleDefinition<any>>
  /** Configs a team extends as `plugin:<name>/<config>`, such as `{recommended: {rules: {'acme/no-foo': 'warn'}}}`. */
  configs?: Record<string, UserConfig>
}

/** Type helper for plugin authors: returns the plugin as given. */
export function definePlugin(plugin: Plugin): Plugin {
  return plugin
}

/** What a site rule notes of one page (undefined or empty: nothing). */
export type PageFactsOf = (tree: Root, page: Page) => RuleFact[] | undefined

/** The facts `ruleId` noted of a linted page (see `pageFacts`), with those a comment turned off marked. */
export function ruleFactsOf<Fact extends RuleFact>(page: SitePage, ruleId: string): Fact[] {
  if (!page.file) return []
  return (siteFactsOf(page.file)?.rules?.[ruleId] ?? []) as Fact[]
}

/** The ranges (`[start, end]` offsets) of the secrets in `source`. */
export type SecretFinder = (source: string, tree?: Root) => Array<[number, number]>

export interface Rule<Options extends object = Record<string, never>> extends RuleDefinition<Options> {
  /** The documentation page; empty for a plugin rule that names none. */
  url: string
  /** A unified plugin (`[severity, options]` as its option), for use in any remark pipeline. */
  plugin: ReturnType<typeof lintRule<Root, Partial<Options> | undefined>>
  /** Merge user options over defaults and build the check (cached per options object). */
  prepare(options: Partial<Options> | undefined): Check
}

/** The page check of a rule that only checks the site. */
const noCheck: Check = () => {}

// eslint-style enforcement: a rule may only attach what its metadata declares.
export class RuleContractError extends Error {}

export function defineRule<Options extends object = Record<string, never>>(
  definition: RuleDefinition<Options>
): Rule<Options> {
  if (!/^([a-z][a-z\d]*(-[a-z\d]+)*\/)?[a-z][a-z\d]*(-[a-z\d]+)*$/.test(definition.id)) {
    throw new RuleContractError('Rule id `' + definition.id + '` is not kebab-case')
  }
  const url = definition.url ?? (definition.id.includes('/') ? '' : DOCS_BASE_URL + definition.id)
  const prepared = new WeakMap<object, Check>()
  let preparedDefault: Check | undefined
  const create = definition.create ?? (() => noCheck)

  function prepare(options: Partial<Options> | undefined): Check {
    if (!options || typeof options !== 'object') {
      preparedDefault ??= create(definition.defaults)
      return preparedDefault
    }
    let check = prepared.get(options)
    if (!check) {
      check = create({...definition.defaults, ...options})
      prepared.set(options, check)
    }
    return check
  }

  // For other remark pipelines only: unified-lint-rule sets each message's `fatal` from its own severity option.
  const plugin = lintRule<Root, Partial<Options> | undefined>(
    {origin: SOURCE + ':' + definition.id, url},
    function (tree, file, options) {
      runCheck(rule, prepare(options), tree, file, rule.severity)
    }
  )

  const rule: Rule<Options> = {...definition, url, plugin, prepare}
  return rule
}

/**
 * Run one prepared check on a page, turning reports into vfile messages: the rule's id, docs link and
 * the level each problem has with the rule configured at `configured`. An exception is the caller's.
 */
export function runCheck(rule: Rule<any>, check: Check, tree: Root, file: VFile, configured: Level): void {
  const page = pageOf(file)
  const context: RuleContext = {
    file,
    page,
    report(report) {
      if (report.fix && report.fix.length > 0 && rule.fixable !== true) {
        throw new RuleContractError(
          'Rule `' + rule.id + '` attached a fix but is not marked `fixable: true`'
        )
      }
      if (report.suggestions && report.suggestions.length > 0 && !rule.fixable) {
        throw new RuleContractError(
          'Rule `' + rule.id + '` attached a suggestion but is not marked `fixable`'
        )
      }
      const place = report.place ?? report.node?.position
      const message = file.message(messageText(rule, report), {
        place,
        ruleId: rule.id,
        source: SOURCE
      })
      if (rule.url) message.url = rule.url
      if (report.actual !== undefined) message.actual = report.actual
      if (report.expected !== undefined) {
        message.expected = Array.isArray(report.expected) ? report.expected : [report.expected]
      }
      message.fatal = fatalOf(shiftedLevel(rule.severity, report.level, configured))
      const extra = message as MessageExtras
      if (report.fix && report.fix.length > 0) extra.fix = report.fix
      if (report.suggestions && report.suggestions.length > 0) extra.suggestions = report.suggestions
      if (report.holds) extra.holds = report.holds
      if (report.messageId) extra.messageId = report.messageId
    }
  }
  check(tree, context)
}

/**
 * The text of a report: its `message`, or the rule's message `messageId` with `{{name}}` replaced by
 * `data.name`. A message id the rule does not declare, or a placeholder without data, is the rule's error.
 */
export function messageText(rule: Pick<RuleDefinition<any>, 'id' | 'messages'>, report: Pick<Report, 'message' | 'messageId' | 'data'>): string {
  if (report.messageId === undefined) {
    if (typeof report.message !== 'string') throw new RuleContractError('Rule `' + rule.id + '` reported a problem with neither `message` nor `messageId`')
    return report.message
  }
  const template = rule.messages && Object.hasOwn(rule.messages, report.messageId) ? rule.messages[report.messageId] : undefined
  if (template === undefined) throw new RuleContractError('Rule `' + rule.id + '` reported the message id `' + report.messageId + '`, which its `messages` do not declare')
  return template.replace(/\{\{\s*([\w$]+)\s*\}\}/g, (_, name: string) => {
    const value = report.data && Object.hasOwn(report.data, name) ? report.data[name] : undefined
    if (value === undefined) throw new RuleContractError('Rule `' + rule.id + '`, message `' + report.messageId + '`: no data for `{{' + name + '}}`')
    return String(value)
  })
}
