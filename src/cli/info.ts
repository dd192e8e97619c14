// What the command line tells without linting: `--list-rules` and `--print-config`.
import path from 'node:path'
import {lint} from '../engine/index.js'
import {ConfigError, loadConfigFile, resolveConfig, type ResolvedConfig} from '../config/resolve.js'
import {pluginRuleInfos} from '../config/plugins.js'
import {ruleInfos} from '../shared/rule-info.js'
import {escapeControl} from '../reporters/control.js'
import {presets} from '../../presets/index.js'
import type {CliIo} from './io.js'

/** `--print-config <page>`: the resolved config of one page, as the run would lint it. */
export async function printConfig(page: string, configPath: string | undefined, io: CliIo): Promise<number> {
  const result = await lint({patterns: [page], cwd: io.cwd, configPath, jobs: 0})
  if (result.configErrors.length > 0) {
    for (const message of result.configErrors) io.stderr('docs-lint: ' + escapeControl(message) + '\n')
    return 2
  }
  const file = result.files.find((candidate) => path.resolve(candidate.cwd, candidate.path) === path.resolve(io.cwd, page))
  const config = file?.data['docsLintConfig'] as ResolvedConfig | undefined
  if (!file || !config) {
    io.stderr('docs-lint: `--print-config ' + escapeControl(page) + '`: no page there, or the page is ignored\n')
    return 2
  }
  const {pageConfig} = await import('../config/overrides.js')
  const language = typeof file.data['language'] === 'string' ? file.data['language'] : config.language
  const resolved = pageConfig(config, path.resolve(io.cwd, page), language)
  const rules = Object.fromEntries([...resolved.rules].map(([ruleId, entry]) => [ruleId, entry.options ? [entry.severity, entry.options] : entry.severity]))
  io.stdout(
    JSON.stringify(
      {
        page: file.path,
        configFile: config.filePath ? path.relative(io.cwd, config.filePath) : null,
        language,
        rules,
        ...(config.plugins.length > 0 ? {plugins: config.plugins.map((plugin) => plugin.path ? path.relative(io.cwd, plugin.path) : plugin.name)} : {}),
        components: resolved.components,
        thirdPartyDirectives: resolved.thirdPartyDirectives,
        reportUnusedDisableDirectives: resolved.reportUnusedDisableDirectives
      },
      undefined,
      2
    ) + '\n'
  )
  return 0
}

/** `--list-rules`: every built-in rule, and with `--config`, the rules of the plugins it loads. */
export function listRules(configPath: string | undefined, io: CliIo): number {
  if (configPath !== undefined) {
    try {
      resolveConfig(loadConfigFile(path.resolve(io.cwd, configPath), io.cwd), {filePath: path.resolve(io.cwd, configPath), cwd: io.cwd})
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error
      io.stderr('docs-lint: ' + escapeControl(error.message) + '\n')
      return 2
    }
  }
  const recommended = presets.recommended.rules ?? {}
  const listed = [...ruleInfos, ...pluginRuleInfos()]
  const width = Math.max(...listed.map((rule) => rule.id.length))
  const lines = listed.map((rule) => {
    const inRecommended = Object.hasOwn(recommended, rule.id) ? '✔' : ' '
    const fixable = rule.fixable === true ? 'fix' : rule.fixable ? 'sug' : '   '
    return rule.id.padEnd(width) + '  ' + rule.severity.padEnd(5) + '  ' + inRecommended + '  ' + fixable + '  ' + rule.summary
  })
  io.stdout('rule'.padEnd(width) + '  level  rec  fix  summary\n' + lines.join('\n') + '\n')
  return 0
}
