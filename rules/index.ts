import {defineRule, type Rule, type RuleDefinition} from '../src/rule.js'
import {pluginRuleDefinition, pluginRules, type PluginRuleDefinition} from '../src/config/plugins.js'
import apiCompleteness from './api-completeness.js'
import apiDrift from './api-drift.js'
import apiExamples from './api-examples.js'
import authFormat from './auth-format.js'
import brokenLinks from './broken-links.js'
import codeBlockLanguage from './code-block-language.js'
import codeSyntax from './code-syntax.js'
import colorContrast from './color-contrast.js'
import componentAttributes from './component-attributes.js'
import componentChoice from './component-choice.js'
import componentNesting from './component-nesting.js'
import configAssets from './config-assets.js'
import docsConfig from './docs-config.js'
import exampleImports from './example-imports.js'
import frameImages from './frame-images.js'
import frontMatter from './front-matter.js'
import headingLevels from './heading-levels.js'
import imageAlt from './image-alt.js'
import linkText from './link-text.js'
import navigation from './navigation.js'
import noSecrets from './no-secrets.js'
import orphanPages from './orphan-pages.js'
import passiveVoice from './passive-voice.js'
import presentTense from './present-tense.js'
import referenceDescriptions from './reference-descriptions.js'
import secondPerson from './second-person.js'
import sentenceLength from './sentence-length.js'
import stepsForProcedures from './steps-for-procedures.js'
import terminology from './terminology.js'
import unknownComponent from './unknown-component.js'

/** Every rule, in the order their messages are produced. A test checks this matches `rules/`. */
export const rules: ReadonlyArray<Rule<any>> = [
  apiCompleteness,
  apiDrift,
  apiExamples,
  authFormat,
  brokenLinks,
  codeBlockLanguage,
  codeSyntax,
  colorContrast,
  componentAttributes,
  componentChoice,
  componentNesting,
  configAssets,
  docsConfig,
  exampleImports,
  frameImages,
  frontMatter,
  headingLevels,
  imageAlt,
  linkText,
  navigation,
  noSecrets,
  orphanPages,
  passiveVoice,
  presentTense,
  referenceDescriptions,
  secondPerson,
  sentenceLength,
  stepsForProcedures,
  terminology,
  unknownComponent
]

export const ruleById: ReadonlyMap<string, Rule<any>> = new Map(rules.map((rule) => [rule.id, rule]))

/** A rule by its id: a built-in one, or a rule of a plugin a config loaded (`acme/no-foo`). */
export function ruleFor(ruleId: string): Rule<any> | undefined {
  const builtin = ruleById.get(ruleId)
  if (builtin) return builtin
  const definition = pluginRuleDefinition(ruleId)
  return definition && pluginRuleOf(definition)
}

/** Every rule of the plugins loaded so far. */
export function loadedPluginRules(): Array<Rule<any>> {
  return pluginRules().map(pluginRuleOf)
}

const madePluginRules = new WeakMap<PluginRuleDefinition, Rule<any>>()

function pluginRuleOf(definition: PluginRuleDefinition & {id: string}): Rule<any> {
  let rule = madePluginRules.get(definition)
  if (!rule) {
    rule = defineRule(definition as RuleDefinition<any>)
    madePluginRules.set(definition, rule)
  }
  return rule
}
