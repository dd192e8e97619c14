import {VFile} from 'vfile'
import {createProcessor} from './linter/processor.js'
import {resolveConfig, type ResolvedConfig, type UserConfig} from './config/resolve.js'

export {createProcessor, docsLintPlugin} from './linter/processor.js'
export {defineRule, definePlugin, type Plugin, type Rule, type RuleDefinition, type TextEdit, type Suggestion, type Severity} from './rule.js'
export {PluginError} from './config/plugins.js'
export {resolveConfig, ConfigError, type UserConfig, type ResolvedConfig, type RuleSetting} from './config/resolve.js'
export {lint, type LintOptions, type LintResult} from './engine/index.js'
export {rules, ruleById} from '../rules/index.js'
export {presets} from '../presets/index.js'
export {pretty} from './reporters/pretty.js'
export {json} from './reporters/json.js'
export {fixText, applyFixes, type FixResult, type FixOptions} from './fix/fix.js'

/** Lint one page's text. `path` decides Markdown (`.md`) or MDX (anything else). */
export async function lintText(
  text: string,
  options: {path?: string; config?: UserConfig | ResolvedConfig} = {}
): Promise<VFile> {
  const config = options.config && options.config.rules instanceof Map
    ? (options.config as ResolvedConfig)
    : resolveConfig(options.config as UserConfig | undefined)
  const file = new VFile({value: text, path: options.path ?? 'page.mdx'})
  await createProcessor(config).run(createProcessor(config).parse(file), file)
  return file
}
