// The command line's options: their help, how they are parsed, and what each may hold. A value that
// does not make sense is refused here, before anything is linted, with what was expected.
import fs from 'node:fs'
import path from 'node:path'
import {parseArgs} from 'node:util'
import {closestWithin, keyLimit} from '../shared/close-match.js'
import {ConfigError, parseRuleFlag, unknownRuleMessage, type RuleSetting} from '../config/resolve.js'
import {changesSince, type ChangeSet} from '../engine/git.js'
import {ruleInfoById} from '../shared/rule-info.js'
import {defaultSuppressionsFile, readSuppressions, SuppressionsError, type Suppressions} from './suppressions.js'
import {formatNames, parseOutputFile, type Format} from './output.js'

/** The most worker threads `--jobs` takes. */
const maxJobs = 64

export const help = `Usage: docs-lint [options] [paths or globs...]
       docs-lint llms [--out llms.txt] [--base-url URL] [--check]   (see docs-lint llms --help)
       docs-lint conventions [folder] [--write|--check [file]]   (see docs-lint conventions --help)
       docs-lint init [folder]   (writes a .docs-lintrc.json for the site there)
       docs-lint merge [report options] <result files...>   (one report of a CI matrix's shards)

Lint Markdown and MDX documentation pages (default: the current folder).

Options:
  -c, --config <file>     Use this config file instead of searching for .docs-lintrc*
      --rule <id>=<sev>   Set a rule's severity: off, info, warn or error (repeatable)
      --changed-since <ref>  Lint only pages changed since the merge base of <ref> and HEAD
      --cache             Reuse results of unchanged pages from the last run
      --cache-location <path>  Where the cache lives (default .docs-lint-cache)
  -j, --jobs <n>          Worker threads that lint pages (default: the available cores, or none for
                          under 1 MB of pages; 0: none)
      --file-timeout <s>  Report a page that takes longer than this many seconds (default 30)
      --max-file-size <size>  Skip pages larger than this (default 5MB; e.g. 500KB, 20MB)
      --shard <i>/<n>     Lint only shard i of n (a stable partition of the pages, for a CI matrix)
      --write-result <file>  Write this run's page results for \`docs-lint merge\`, which runs the
                          site checks (links, navigation) once for all shards
      --stdin             Lint the text of standard input instead of files
      --stdin-filename <path>  The page that text is (default stdin.mdx): its config, language
                          and site; only that page is reported
      --fix               Fix what rules can fix safely, write the files, report what remains
      --fix-dry-run       Print the fixes as a unified diff; write nothing
      --fix-rule <id>     Only apply the fixes of this rule (repeatable)
      --no-error-on-unmatched-pattern  Do not fail when a path or glob matches no page
      --no-gitignore      Lint pages that .gitignore files list too (left out by default, as git does)
      --report-unused-disable-directives  Warn about docs-lint comments that turn nothing off
      --suppress-all      Record every finding of this run in the suppressions file; later runs
                          report only findings beyond its counts
      --suppress-rule <id>  Record the findings of this rule only (repeatable)
      --prune-suppressions  Remove suppressions of findings that no longer occur
      --suppressions-location <path>  The suppressions file (default docs-lint-suppressions.json)
  -q, --quiet             Report errors only
      --max-warnings <n>  Exit with 1 when there are more than n warnings
  -f, --format <name>     Output format: pretty (default), compact, json, github, sarif or html
  -o, --output-file <[format=]path>
                          Also write the report to a file (format from the name: .sarif, .json,
                          .html, .txt; or given, e.g. sarif=results.sarif); repeatable
      --color / --no-color  Force or disable colour in pretty output
      --list-rules        List every rule with its default severity and summary
      --print-config <page>  Print the config docs-lint lints this page with (its language, rules
                          and options after extends and overrides), as JSON
  -v, --version           Print the version
  -h, --help              Print this help

Exit codes: 0 no errors (and warnings within --max-warnings), 1 errors or too many warnings,
2 usage or configuration error.`

/** The command line's options, as `parseArgs` reads them. */
export const cliOptions = {
  config: {type: 'string', short: 'c'},
  rule: {type: 'string', multiple: true},
  quiet: {type: 'boolean', short: 'q'},
  'max-warnings': {type: 'string'},
  format: {type: 'string', short: 'f'},
  'output-file': {type: 'string', short: 'o', multiple: true},
  color: {type: 'boolean'},
  'no-color': {type: 'boolean'},
  'list-rules': {type: 'boolean'},
  fix: {type: 'boolean'},
  'fix-dry-run': {type: 'boolean'},
  'fix-rule': {type: 'string', multiple: true},
  'changed-since': {type: 'string'},
  shard: {type: 'string'},
  'write-result': {type: 'string'},
  'max-file-size': {type: 'string'},
  jobs: {type: 'string', short: 'j'},
  cache: {type: 'boolean'},
  'cache-location': {type: 'string'},
  'file-timeout': {type: 'string'},
  'suppress-all': {type: 'boolean'},
  'no-error-on-unmatched-pattern': {type: 'boolean'},
  'no-gitignore': {type: 'boolean'},
  'report-unused-disable-directives': {type: 'boolean'},
  'print-config': {type: 'string'},
  stdin: {type: 'boolean'},
  'stdin-filename': {type: 'string'},
  'suppress-rule': {type: 'string', multiple: true},
  'prune-suppressions': {type: 'boolean'},
  'suppressions-location': {type: 'string'},
  version: {type: 'boolean', short: 'v'},
  help: {type: 'boolean', short: 'h'}
} as const

/**
 * An unknown option in docs-lint's words, with the closest known option when there is one
 * (`--fromat` → `--format`). Node's own message is kept for every other mistake.
 */
export function usageError(error: Error & {code?: string}): string {
  // Node's message: "Unknown option '<option>'. To specify a positional argument…"
  const opening = "Unknown option '"
  const end = error.message.indexOf("'. ", opening.length)
  const unknown = error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && error.message.startsWith(opening) && end !== -1 ? error.message.slice(opening.length, end) : undefined
  if (!unknown) return error.message
  const name = unknown.replace(/^-+/, '').split('=')[0]!
  const negated = name.startsWith('no-') ? name.slice(3) : undefined
  if (unknown.startsWith('--') && negated && cliOptions[negated as keyof typeof cliOptions]?.type === 'boolean') {
    return 'Unknown option `' + unknown + '`: `--' + negated + '` is off unless you give it.'
  }
  const closest = unknown.startsWith('--') ? closestWithin(name, Object.keys(cliOptions), keyLimit(name)) : undefined
  return 'Unknown option `' + unknown + '`' + (closest ? ', did you mean `--' + closest + '`?' : '.') + ' A path that starts with `-` goes after `--`.'
}

/** Parse the arguments; throws Node's usage errors (see `usageError`). */
export function parseCommandLine(args: string[]) {
  return parseArgs({args, allowPositionals: true, strict: true, options: cliOptions})
}

export type Values = ReturnType<typeof parseCommandLine>['values']

/** What the options of a run ask for, each checked. */
export interface RunFlags {
  format: Format
  outputFiles: Array<{format: Format; path: string}>
  /** -1: no limit. */
  maxWarnings: number
  overrides: Record<string, RuleSetting>
  fixRules: Set<string> | undefined
  /** `--suppress-all` or `--suppress-rule`: this run records its findings. */
  recording: boolean
  /** `--changed-since` or `--shard`: the run looks at part of the site. */
  partialRun: boolean
  suppressionsPath: string
  suppressions: Suppressions | undefined
  changes: ChangeSet | undefined
  shard: {index: number; count: number} | undefined
  maxFileSize: number | undefined
  jobs: number | 'auto'
  fileTimeoutMs: number | undefined
}

/** The run's flags, checked; a string is what is wrong, for exit code 2. */
export function readFlags(values: Values, positionals: readonly string[], cwd: string): RunFlags | string {
  const report = reportFlags(values)
  if (typeof report === 'string') return report
  const rules = ruleFlags(values, cwd)
  if (typeof rules === 'string') return rules
  const scope = scopeFlags(values, cwd)
  if (typeof scope === 'string') return scope
  const limits = limitFlags(values)
  if (typeof limits === 'string') return limits
  if (values.stdin) {
    const refused = stdinConflicts(values, positionals)
    if (refused) return '`--stdin` lints the text it reads, so it cannot be used with ' + refused
  } else if (values['stdin-filename'] !== undefined) {
    return '`--stdin-filename` names the text of `--stdin`, expected `--stdin` too'
  }
  return {...report, ...rules, ...scope, ...limits}
}

function reportFlags(values: Values): Pick<RunFlags, 'format' | 'outputFiles' | 'maxWarnings'> | string {
  const format = (values.format ?? 'pretty') as Format
  if (!formatNames.includes(format)) return 'unknown format `' + format + '`, expected one of: ' + formatNames.join(', ')
  const outputFiles: Array<{format: Format; path: string}> = []
  for (const value of values['output-file'] ?? []) {
    const parsedOutput = parseOutputFile(value)
    if (typeof parsedOutput === 'string') return parsedOutput
    outputFiles.push(parsedOutput)
  }
  let maxWarnings = -1
  if (values['max-warnings'] !== undefined) {
    maxWarnings = Number(values['max-warnings'])
    if (!Number.isInteger(maxWarnings) || maxWarnings < 0) return '`--max-warnings` expects a non-negative integer, got `' + values['max-warnings'] + '`'
  }
  return {format, outputFiles, maxWarnings}
}

function ruleFlags(values: Values, cwd: string): Pick<RunFlags, 'overrides' | 'fixRules'> | string {
  const overrides: Record<string, RuleSetting> = {}
  try {
    for (const flag of values.rule ?? []) {
      const [ruleId, setting] = parseRuleFlag(flag)
      overrides[ruleId] = setting
    }
  } catch (error) {
    if (error instanceof ConfigError) return error.message
    throw error
  }
  if (values.config !== undefined && !fs.existsSync(path.resolve(cwd, values.config))) return 'config file `' + values.config + '` does not exist'
  const fixRules = values['fix-rule'] ? new Set(values['fix-rule']) : undefined
  // A plugin's rules (`acme/no-foo`) are known once the configs load their plugins.
  for (const ruleId of [...(fixRules ?? [])].filter((id) => !id.includes('/'))) {
    const rule = ruleInfoById.get(ruleId)
    if (!rule) return unknownRuleMessage(ruleId) + ' in `--fix-rule`'
    if (rule.fixable !== true) return 'rule `' + ruleId + '` in `--fix-rule` has no automatic fix'
  }
  for (const ruleId of values['suppress-rule'] ?? []) {
    if (!ruleInfoById.has(ruleId) && !ruleId.includes('/')) return unknownRuleMessage(ruleId) + ' in `--suppress-rule`'
  }
  return {overrides, fixRules}
}

function scopeFlags(values: Values, cwd: string): Pick<RunFlags, 'recording' | 'partialRun' | 'suppressionsPath' | 'suppressions' | 'changes' | 'shard'> | string {
  const recording = values['suppress-all'] === true || (values['suppress-rule']?.length ?? 0) > 0
  // A run of part of the site cannot record or prune suppressions, nor tell which are stale.
  const partialRun = values['changed-since'] !== undefined || values.shard !== undefined
  if ((recording || values['prune-suppressions']) && partialRun) {
    return '`' + (recording ? '--suppress-all` or `--suppress-rule' : '--prune-suppressions') + '` records the whole site: run it without `--changed-since` and `--shard`'
  }
  const suppressionsPath = path.resolve(cwd, values['suppressions-location'] ?? defaultSuppressionsFile)
  let suppressions: Suppressions | undefined
  try {
    suppressions = readSuppressions(suppressionsPath)
  } catch (error) {
    if (!(error instanceof SuppressionsError)) throw error
    return error.message
  }
  let changes: ChangeSet | undefined
  if (values['changed-since'] !== undefined) {
    try {
      changes = changesSince(values['changed-since'], cwd)
    } catch (error) {
      return '`--changed-since ' + values['changed-since'] + '`: ' + (error as Error).message
    }
  }
  let shard: {index: number; count: number} | undefined
  if (values.shard !== undefined) {
    const match = /^(\d+)\/(\d+)$/.exec(values.shard)
    const index = Number(match?.[1])
    const count = Number(match?.[2])
    if (!match || count < 1 || index < 1 || index > count) return '`--shard` expects `<i>/<n>` with 1 ≤ i ≤ n, got `' + values.shard + '`'
    shard = {index, count}
  }
  return {recording, partialRun, suppressionsPath, suppressions, changes, shard}
}

function limitFlags(values: Values): Pick<RunFlags, 'maxFileSize' | 'jobs' | 'fileTimeoutMs'> | string {
  let maxFileSize: number | undefined
  if (values['max-file-size'] !== undefined) {
    const match = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?$/i.exec(values['max-file-size'].trim())
    if (!match) return '`--max-file-size` expects a size such as `500KB` or `20MB`, got `' + values['max-file-size'] + '`'
    const unit = {b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3}[(match[2] ?? 'b').toLowerCase() as 'b']
    maxFileSize = Math.round(Number(match[1]) * unit)
    if (maxFileSize < 1) return '`--max-file-size` expects a size above 0, such as `500KB` or `20MB`, got `' + values['max-file-size'] + '`'
  }
  let jobs: number | 'auto' = 'auto'
  if (values.jobs !== undefined) {
    jobs = Number(values.jobs)
    // Each worker loads docs-lint again (some 50 MB): thousands of them exhaust memory before linting a page.
    if (!Number.isInteger(jobs) || jobs < 0 || jobs > maxJobs) return '`--jobs` expects a number of worker threads from 0 to ' + maxJobs + ', got `' + values.jobs + '`'
  }
  let fileTimeoutMs: number | undefined
  if (values['file-timeout'] !== undefined) {
    fileTimeoutMs = Number(values['file-timeout']) * 1000
    if (!(fileTimeoutMs > 0)) return '`--file-timeout` expects a number of seconds, got `' + values['file-timeout'] + '`'
  }
  return {maxFileSize, jobs, fileTimeoutMs}
}

/** The options `--stdin` cannot go with, named as the user wrote them; undefined when there is none. */
function stdinConflicts(values: Record<string, unknown>, positionals: readonly string[]): string | undefined {
  if (positionals.length > 0) return 'paths (`' + positionals[0] + '`)'
  const flags = ['fix', 'fix-dry-run', 'fix-rule', 'shard', 'changed-since', 'cache', 'suppress-all', 'suppress-rule', 'prune-suppressions']
  const given = flags.filter((flag) => values[flag] !== undefined && values[flag] !== false)
  return given.length > 0 ? given.map((flag) => '`--' + flag + '`').join(', ') : undefined
}
