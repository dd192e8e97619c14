// The vocabulary every layer shares: imports nothing of docs-lint, so any module may import it.

/** Severity as written in config files. `info` is shown but never fails a run. */
export type Severity = 'off' | 'info' | 'warn' | 'error'

/** A severity a problem can have (a rule that is off reports nothing). */
export type Level = Exclude<Severity, 'off'>

export type SeverityValue = Severity | 0 | 1 | 2
export type RuleSetting = SeverityValue | [SeverityValue] | [SeverityValue, Record<string, unknown>]

/** A config file as users write it (`.docs-lintrc*`, the `docs-lint` field of package.json). */
export interface UserConfig {
  $schema?: string
  extends?: string | string[]
  /**
   * Plugins whose rules (`<plugin>/<rule>`) the config may set: npm package names, or paths relative
   * to the config file. A config written in JavaScript, or one given in code, may give plugin objects.
   */
  plugins?: Array<string | {name: string; rules: object}>
  rules?: Record<string, RuleSetting>
  /** Components a team defines itself (and snippets), known to component rules. */
  components?: string[]
  /** The language of pages that declare none and sit in no language folder (default `en`). */
  language?: string
  /** Settings for some pages: those whose path matches `files`, or whose language is in `languages`. */
  overrides?: UserOverride[]
  /** Honour Vale's and markdownlint's own comments (`vale off`, `markdownlint-disable`); default true. */
  thirdPartyDirectives?: boolean
  /** Warn about `docs-lint` comments that turn nothing off; default false. */
  reportUnusedDisableDirectives?: boolean
  /**
   * Vale styles: `true` (the default) lints with the `.vale.ini` Vale would find for each page, a path
   * names the `.vale.ini` to use, `false` lints with no style.
   */
  vale?: boolean | string
}

export interface UserOverride {
  /** Globs, relative to the folder of the config file (or the folder the run started in). */
  files?: string | string[]
  /** Base language codes (`es`, `zh`, `ja`); the override applies to pages in one of them. */
  languages?: string[]
  /** The language of the pages `files` matches. */
  language?: string
  rules?: Record<string, RuleSetting>
}

/** A replacement of `source.slice(start, end)` by `text`, in offsets of the original source. */
export interface TextEdit {
  start: number
  end: number
  text: string
}

/** A fix an editor may offer but `--fix` never applies: a guess that needs a human. */
export interface Suggestion {
  description: string
  edits: TextEdit[]
}

/**
 * Where a finding holds when not in every file: `page`, only in a page of its own (not in a snippet,
 * which pages import, nor in a file no page shows); `shown`, in a page or a snippet; `platform`, only
 * where the platform renders the page (not where another framework's app, with components of its
 * own, does). The site checks withdraw it from the other files, once they know the site.
 */
export type Holds = 'page' | 'shown' | 'platform'

/** Fields docs-lint adds to vfile messages. */
export interface MessageExtras {
  fix?: TextEdit[]
  suggestions?: Suggestion[]
  holds?: Holds
  /** The rule's id of this message variant (`RuleDefinition.messages`), when the rule reported one. */
  messageId?: string
}

/** A JSON Schema (the subset ajv understands) describing a rule's options object. */
export type OptionsSchema = Record<string, unknown>

/**
 * A writing convention of the team's rule file that a rule checks: an id of the catalogue in
 * `src/conventions/catalogue.data.ts`, checked in `full` or in `partial` (one side of it, some pages only).
 */
export interface ConventionCoverage {
  id: string
  coverage: 'full' | 'partial'
}

/**
 * A rule's metadata without its implementation: what config validation, presets, `--list-rules`,
 * SARIF and a run served from the cache need (options are checked against the schema; the rule
 * merges its defaults when it runs). Written once, in the rule's `defineRule` call;
 * `src/shared/rule-info.generated.ts` is derived from it (`npm run docs:rules`, checked by a test).
 */
export interface RuleInfo {
  id: string
  severity: Level
  summary: string
  fixable: boolean | 'suggestion'
  options?: OptionsSchema
  url: string
  /** Has a whole-site check (`site`). */
  site: boolean
  /** Has a page check (`create`): a rule with both (`no-secrets`) reports on pages as they are linted. */
  page: boolean
  /** The writing conventions the rule checks (`docs-lint conventions`). */
  conventions?: readonly ConventionCoverage[]
  /** The rule's message variants by id (`RuleDefinition.messages`). */
  messages?: Readonly<Record<string, string>>
}

// Names shared by the rules, the engine and the reporters; here so that none of them loads a rule.
export const SOURCE = 'docs-lint'
export const DOCS_BASE_URL = 'https://docs-lint.dev/rules/'
/** The `source` of a site message that is a notice of the run (`SiteReport.notice`), not a finding. */
export const NOTICE_SOURCE = 'docs-lint:notice'
export const MESSAGES_URL = 'https://docs-lint.dev/messages'
