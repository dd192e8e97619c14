import {VFile} from 'vfile'
import {resolveConfig, type ResolvedConfig} from '../config/resolve.js'
import {fixText} from '../fix/fix.js'
import {unifiedDiff} from '../fix/diff.js'
import {createProcessor} from '../linter/processor.js'
import {messageToJson, type JsonMessage} from '../reporters/json.js'
import {ruleInfos, type RuleInfo} from '../shared/rule-info.js'

/**
 * What the playground runs: one page through the same processor and page rules as the command line,
 * with the recommended preset. Site rules need every page and docs.json, so they are off here.
 */
export const siteRules: readonly RuleInfo[] = ruleInfos.filter((rule) => rule.site && !rule.page)

let config: ResolvedConfig | undefined

/** The recommended preset with the site rules off (`strict` or `all` for more rules). */
export function playgroundConfig(preset: 'recommended' | 'strict' | 'all' = 'recommended'): ResolvedConfig {
  const overrides = Object.fromEntries(siteRules.map((rule) => [rule.id, 'off' as const]))
  return resolveConfig({extends: preset}, {cwd: '/', overrides})
}

export interface PlaygroundResult {
  messages: JsonMessage[]
  /** The page after `--fix`, and its unified diff; both empty when no fix applies. */
  fixed: string
  diff: string
}

/** Lint `text` as the page `name` (`.md` is Markdown, anything else MDX), and fix a copy of it. */
export async function lintPage(text: string, name = 'page.mdx', preset?: 'recommended' | 'strict' | 'all'): Promise<PlaygroundResult> {
  const resolved = preset ? playgroundConfig(preset) : (config ??= playgroundConfig())
  const file = new VFile({value: text, path: name, cwd: '/'})
  const processor = createProcessor(resolved)
  await processor.run(processor.parse(file), file)
  const messages = file.messages.map((message) => messageToJson(message))
  if (!messages.some((message) => message.fix)) return {messages, fixed: '', diff: ''}
  // The writer's own text: the fixed page shows what they typed, with every fix applied.
  const result = await fixText(text, name, resolved)
  return {messages, fixed: result.changed ? result.output : '', diff: result.changed ? unifiedDiff(name, text, result.output) : ''}
}
