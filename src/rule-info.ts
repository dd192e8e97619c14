import type {RuleDefinition} from './rule.js'
import {ruleInfos as generated} from './rule-info.generated.js'

// Names shared by the rules, the engine and the reporters; here so that none of them loads a rule.
export const SOURCE = 'docs-lint'
export const DOCS_BASE_URL = 'https://docs-lint.dev/rules/'
/** The `source` of a site message that is a notice of the run (`SiteReport.notice`), not a finding. */
export const NOTICE_SOURCE = 'docs-lint:notice'

export const MESSAGES_URL = 'https://docs-lint.dev/messages'

/**
 * A rule's metadata without its implementation: what config validation, presets, `--list-rules`,
 * SARIF and a run served from the cache need (options are checked against the schema; the rule
 * merges its defaults when it runs). Written once, in the rule's `defineRule` call;
 * `src/rule-info.generated.ts` is derived from it (`npm run docs:rules`, checked by a test).
 */
export interface RuleInfo extends Pick<RuleDefinition<any>, 'id' | 'severity' | 'summary' | 'fixable' | 'options'> {
  url: string
  /** Has a whole-site check (`site`). */
  site: boolean
}

/** Every rule, in registry order (`rules/index.ts`): the order their messages are produced. */
export const ruleInfos: readonly RuleInfo[] = generated

export const ruleInfoById: ReadonlyMap<string, RuleInfo> = new Map(ruleInfos.map((rule) => [rule.id, rule]))
