import type {UserConfig} from '../src/contract.js'
import {ruleInfos} from '../src/shared/rule-info.js'

/** Every rule on, at its default severity. */
const all: UserConfig = {
  rules: Object.fromEntries(ruleInfos.map((rule) => [rule.id, rule.severity]))
}

export default all
