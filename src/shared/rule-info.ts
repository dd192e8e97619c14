import type {RuleInfo} from '../contract.js'
import {ruleInfos as generated} from './rule-info.generated.js'

export type {RuleInfo} from '../contract.js'

/** Every rule, in registry order (`rules/index.ts`): the order their messages are produced. */
export const ruleInfos: readonly RuleInfo[] = generated

export const ruleInfoById: ReadonlyMap<string, RuleInfo> = new Map(ruleInfos.map((rule) => [rule.id, rule]))
