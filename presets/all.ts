import type {UserConfig} from '../src/config.js'
import {rules} from '../rules/index.js'

/** Every rule on, at its default severity. */
const all: UserConfig = {
  rules: Object.fromEntries(rules.map((rule) => [rule.id, rule.severity]))
}

export default all
