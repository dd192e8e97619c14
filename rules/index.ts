import type {Rule} from '../src/rule.js'
import frontMatter from './front-matter.js'
import headingLevels from './heading-levels.js'

/** Every rule, in the order their messages are produced. A test checks this matches `rules/`. */
export const rules: ReadonlyArray<Rule<any>> = [
  frontMatter,
  headingLevels
]

export const ruleById: ReadonlyMap<string, Rule<any>> = new Map(rules.map((rule) => [rule.id, rule]))
