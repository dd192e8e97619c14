import type {UserConfig} from '../src/contract.js'
import {ruleInfos} from '../src/shared/rule-info.js'

/** Every rule on; warnings become errors. */
const strict: UserConfig = {
  rules: Object.fromEntries(ruleInfos.map((rule) => [rule.id, rule.severity === 'info' ? 'info' : 'error']))
}

export default strict
