import type {UserConfig} from '../src/config.js'
import {rules} from '../rules/index.js'

/** Every rule on; warnings become errors. */
const strict: UserConfig = {
  rules: Object.fromEntries(rules.map((rule) => [rule.id, rule.severity === 'info' ? 'info' : 'error']))
}

export default strict
