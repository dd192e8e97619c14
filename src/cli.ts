import fs from 'node:fs'
import path from 'node:path'
import {parseArgs} from 'node:util'
import picomatch from 'picomatch'
import {trimCharacters} from './text.js'
import {VFile} from 'vfile'
import {lint, withheldKey, type LintResult} from './engine.js'
import {ConfigError, loadConfigFile, parseRuleFlag, resolveConfig, type RuleSetting} from './config.js'
import {ruleInfos, ruleInfoById} from './rule-info.js'
import {pluginRuleInfos, ruleInfoOf} from './plugins.js'
import {builtinMessage} from './messages.js'
import {unknownRuleMessage, type ResolvedConfig} from './config.js'
import {FixWriteError, fixTarget, fixText, writeFileAtomic} from './fix.js'
import {unifiedDiff} from './diff.js'
import {redactMessage} from './redact.js'
import type {MessageExtras} from './contract.js'
import {presets} from '../presets/index.js'
import {version} from './version.js'
import {now} from './timing.js'
import {compareMessage} from 'vfile-sort'
import {closestWithin, keyLimit} from './close-match.js'
import {changesSince, type ChangeSet} from './git.js'
import {
  applySuppressions,
  defaultSuppressionsFile,
  pruneSuppressions,
  readSuppressions,
  recordSuppressions,
  SuppressionsError,
  writeSuppressions,
  type Suppressions
} from './suppressions.js'
import {escapeControl} from './reporters/control.js'
import {absolutePath, relativeTo} from './relative-path.js'
import type {ResultsOfRun, ResultSettings} from './merge/results.js'

/** The most worker threads `--jobs` takes. */
const maxJobs = 64

type Format = 'pretty' | 'compact' | 'json' | 'github' | 'sarif' | 'html'
const formatNames: Format[] = ['pretty', 'compact', 'json', 'github', 'sarif', 'html']

interface RenderOptions {
  color: boolean
  quiet: boolean
  cwd: string
  width: number | undefined
  /** When the run started (`now()` of src/timing.ts), for the HTML report's run time. */
  started: number
}

/**
 * The report in pieces, each made when it is asked for: the pretty report comes a file at a time, so a
 * report of hundreds of thousands of problems is never held whole. Each reporter loads when its format
 * is asked for.
 */
async function render(format: Format, files: VFile[], options: RenderOptions): Promise<Iterable<string>> {
  switch (format) {
    case 'json': return [(await import('./reporters/json.js')).json(files)]
    case 'github': return [(await import('./reporters/github.js')).github(files, {workspace: process.env['GITHUB_WORKSPACE'] || undefined})]
    case 'sarif': return [(await import('./reporters/sarif.js')).sarif(files, {root: process.env['GITHUB_WORKSPACE'] || options.cwd})]
    case 'html': return [(await import('./reporters/html.js')).html(files, {cwd: options.cwd, durationMs: now() - options.started})]
    case 'compact': return [(await import('./reporters/pretty.js')).compact(files, {quiet: options.quiet})]
    default: {
      const seconds = (now() - options.started) / 1000
      return (await import('./reporters/pretty.js')).prettyChunks(files, {color: options.color, quiet: options.quiet, width: options.width, pages: files.length, seconds})
    }
  }
}

/** Pieces of a report are written in blocks of about this many characters, not one write each. */
const writeBlock = 64 * 1024

/** `fs.writeSync` until every byte is written, as `fs.writeFileSync` does. */
function writeAll(descriptor: number, text: string): void {
  const bytes = Buffer.from(text)
  for (let offset = 0; offset < bytes.length; ) offset += fs.writeSync(descriptor, bytes, offset)
}

/** Write a report's pieces as they come, in blocks; on a terminal, a report that is not empty ends with a line break. */
function writeReport(pieces: Iterable<string>, write: (text: string) => void, endLine: boolean): void {
  let block = ''
  let last = ''
  for (const piece of pieces) {
    if (piece === '') continue
    block += piece
    last = piece
    if (block.length >= writeBlock) {
      write(block)
      block = ''
    }
  }
  if (endLine && last !== '' && !last.endsWith('\n')) block += '\n'
  if (block !== '') write(block)
}

/** Extensions `--output-file` reads a format from. */
const formatByExtension: ReadonlyArray<[RegExp, Format]> = [
  [/\.sarif(\.json)?$/i, 'sarif'],
  [/\.json$/i, 'json'],
  [/\.html?$/i, 'html'],
  [/\.(txt|log)$/i, 'pretty']
]

/** `--output-file [format=]path`: the format is given, or read from the extension. */
function parseOutputFile(value: string): {format: Format; path: string} | string {
  const match = /^(\w+)=(.+)$/.exec(value)
  if (match) {
    if (!formatNames.includes(match[1] as Format)) return 'unknown format in `--output-file ' + value + '`, expected one of: ' + formatNames.join(', ')
    return {format: match[1] as Format, path: match[2]!}
  }
  const found = formatByExtension.find(([pattern]) => pattern.test(value))
  if (!found) {
    return 'cannot tell the format of `--output-file ' + value + '` from its extension (`.json`, `.sarif`, `.html`, `.txt`), expected `<format>=' + value + '` with one of: ' + formatNames.join(', ')
  }
  return {format: found[1], path: value}
}

const help = `Usage: docs-lint [options] [paths or globs...]
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

export interface CliIo {
  stdout: (text: string) => void
  stderr: (text: string) => void
  cwd: string
  isTTY: boolean
  /** The terminal's width: pretty output wraps its messages to it. */
  columns?: number | undefined
  /** A progress line goes to stderr only on a terminal, never in CI. */
  stderrIsTTY?: boolean
  /** The text of standard input, for `--stdin`; at most `limit` bytes, else it rejects. */
  readStdin?: (limit: number) => Promise<string>
}

/** On a terminal, after about a second, one self-updating line: pages done / started and the rate. */
function progressLine(io: CliIo): ((done: number, started: number) => void) | undefined {
  if (!io.stderrIsTTY || process.env['CI']) return undefined
  const start = now()
  let last = 0
  return (done, started) => {
    const at = now()
    if (at - start < 1000 || at - last < 100) return
    last = at
    const rate = Math.round(done / ((at - start) / 1000))
    io.stderr('\r\u001B[Kdocs-lint: ' + done + '/' + started + ' pages, ' + rate + ' pages/s')
  }
}

/** The command line's options, as `parseArgs` reads them. */
const cliOptions = {
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
function usageError(error: Error & {code?: string}): string {
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

/** Run the CLI and return its exit code. Never throws for bad input: it reports and returns 2. */
export async function main(argv: string[], io: CliIo): Promise<number> {
  const started = now()
  if (argv[0] === 'llms') {
    const {secretsIn} = await import('./secrets.js')
    return (await import('./llms/command.js')).llmsCommand(argv.slice(1), io, (source) => secretsIn(source, undefined))
  }
  if (argv[0] === 'conventions') return (await import('./conventions/command.js')).conventionsCommand(argv.slice(1), io)
  if (argv[0] === 'init') return (await import('./init/command.js')).initCommand(argv.slice(1), io)
  // `docs-lint merge <results…>`: the report of the shards' results, as one run over the whole site gives it.
  const merging = argv[0] === 'merge'
  let parsed
  try {
    parsed = parseArgs({
      args: merging ? argv.slice(1) : argv,
      allowPositionals: true,
      strict: true,
      options: cliOptions
    })
  } catch (error) {
    io.stderr('docs-lint: ' + usageError(error as Error & {code?: string}) + '\nRun `docs-lint --help` for usage.\n')
    return 2
  }
  const {values} = parsed
  let positionals = parsed.positionals
  if (values.help) {
    io.stdout(help + '\n')
    return 0
  }
  if (values.version) {
    io.stdout(version + '\n')
    return 0
  }
  if (values['list-rules']) return listRules(values.config, io)
  if (values['print-config'] !== undefined) return printConfig(values['print-config'], values.config, io)
  // The shards' results to report (`docs-lint merge`), or a recorder of this run's (`--write-result`).
  let results: ResultsOfRun = {}
  if (merging || values['write-result'] !== undefined) {
    const prepared = (await import('./merge/results.js')).resultsOfRun(merging, values, positionals, io.cwd)
    if (typeof prepared === 'string') {
      io.stderr('docs-lint: ' + escapeControl(prepared) + '\n')
      return 2
    }
    results = prepared
    if (prepared.merged) positionals = prepared.merged.settings.patterns
  }
  const format = (values.format ?? 'pretty') as Format
  if (!formatNames.includes(format)) {
    io.stderr('docs-lint: unknown format `' + format + '`, expected one of: ' + formatNames.join(', ') + '\n')
    return 2
  }
  const outputFiles: Array<{format: Format; path: string}> = []
  for (const value of values['output-file'] ?? []) {
    const parsedOutput = parseOutputFile(value)
    if (typeof parsedOutput === 'string') {
      io.stderr('docs-lint: ' + parsedOutput + '\n')
      return 2
    }
    outputFiles.push(parsedOutput)
  }
  let maxWarnings = -1
  if (values['max-warnings'] !== undefined) {
    maxWarnings = Number(values['max-warnings'])
    if (!Number.isInteger(maxWarnings) || maxWarnings < 0) {
      io.stderr('docs-lint: `--max-warnings` expects a non-negative integer, got `' + values['max-warnings'] + '`\n')
      return 2
    }
  }
  const overrides: Record<string, RuleSetting> = {}
  try {
    for (const flag of values.rule ?? []) {
      const [ruleId, setting] = parseRuleFlag(flag)
      overrides[ruleId] = setting
    }
  } catch (error) {
    if (error instanceof ConfigError) {
      io.stderr('docs-lint: ' + error.message + '\n')
      return 2
    }
    throw error
  }
  if (values.config !== undefined && !fs.existsSync(path.resolve(io.cwd, values.config))) {
    io.stderr('docs-lint: config file `' + values.config + '` does not exist\n')
    return 2
  }

  let fixRules: Set<string> | undefined
  if (values['fix-rule']) {
    fixRules = new Set(values['fix-rule'])
    // A plugin's rules (`acme/no-foo`) are known once the configs load their plugins.
    for (const ruleId of [...fixRules].filter((id) => !id.includes('/'))) {
      const rule = ruleInfoById.get(ruleId)
      if (!rule) {
        io.stderr('docs-lint: ' + unknownRuleMessage(ruleId) + ' in `--fix-rule`\n')
        return 2
      }
      if (rule.fixable !== true) {
        io.stderr('docs-lint: rule `' + ruleId + '` in `--fix-rule` has no automatic fix\n')
        return 2
      }
    }
  }

  for (const ruleId of values['suppress-rule'] ?? []) {
    if (!ruleInfoById.has(ruleId) && !ruleId.includes('/')) {
      io.stderr('docs-lint: ' + unknownRuleMessage(ruleId) + ' in `--suppress-rule`\n')
      return 2
    }
  }
  const recording = values['suppress-all'] === true || (values['suppress-rule']?.length ?? 0) > 0
  // A run of part of the site cannot record or prune suppressions, nor tell which are stale.
  const partialRun = values['changed-since'] !== undefined || values.shard !== undefined
  if ((recording || values['prune-suppressions']) && partialRun) {
    io.stderr('docs-lint: `' + (recording ? '--suppress-all` or `--suppress-rule' : '--prune-suppressions') + '` records the whole site: run it without `--changed-since` and `--shard`\n')
    return 2
  }
  const suppressionsPath = path.resolve(io.cwd, values['suppressions-location'] ?? defaultSuppressionsFile)
  let suppressions: Suppressions | undefined
  try {
    suppressions = readSuppressions(suppressionsPath)
  } catch (error) {
    if (!(error instanceof SuppressionsError)) throw error
    io.stderr('docs-lint: ' + error.message + '\n')
    return 2
  }

  let changes: ChangeSet | undefined
  if (values['changed-since'] !== undefined) {
    try {
      changes = changesSince(values['changed-since'], io.cwd)
    } catch (error) {
      io.stderr('docs-lint: `--changed-since ' + values['changed-since'] + '`: ' + (error as Error).message + '\n')
      return 2
    }
  }

  let shard: {index: number; count: number} | undefined
  if (values.shard !== undefined) {
    const match = /^(\d+)\/(\d+)$/.exec(values.shard)
    const index = Number(match?.[1])
    const count = Number(match?.[2])
    if (!match || count < 1 || index < 1 || index > count) {
      io.stderr('docs-lint: `--shard` expects `<i>/<n>` with 1 ≤ i ≤ n, got `' + values.shard + '`\n')
      return 2
    }
    shard = {index, count}
  }

  let maxFileSize: number | undefined
  if (values['max-file-size'] !== undefined) {
    const match = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?$/i.exec(values['max-file-size'].trim())
    if (!match) {
      io.stderr('docs-lint: `--max-file-size` expects a size such as `500KB` or `20MB`, got `' + values['max-file-size'] + '`\n')
      return 2
    }
    const unit = {b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3}[(match[2] ?? 'b').toLowerCase() as 'b']
    maxFileSize = Math.round(Number(match[1]) * unit)
    if (maxFileSize < 1) {
      io.stderr('docs-lint: `--max-file-size` expects a size above 0, such as `500KB` or `20MB`, got `' + values['max-file-size'] + '`\n')
      return 2
    }
  }

  let jobs: number | 'auto' = 'auto'
  if (values.jobs !== undefined) {
    jobs = Number(values.jobs)
    // Each worker loads docs-lint again (some 50 MB): thousands of them exhaust memory before linting a page.
    if (!Number.isInteger(jobs) || jobs < 0 || jobs > maxJobs) {
      io.stderr('docs-lint: `--jobs` expects a number of worker threads from 0 to ' + maxJobs + ', got `' + values.jobs + '`\n')
      return 2
    }
  }
  let fileTimeoutMs: number | undefined
  if (values['file-timeout'] !== undefined) {
    fileTimeoutMs = Number(values['file-timeout']) * 1000
    if (!(fileTimeoutMs > 0)) {
      io.stderr('docs-lint: `--file-timeout` expects a number of seconds, got `' + values['file-timeout'] + '`\n')
      return 2
    }
  }

  if (values.stdin) {
    const refused = stdinConflicts(values, positionals)
    if (refused) {
      io.stderr('docs-lint: `--stdin` lints the text it reads, so it cannot be used with ' + refused + '\n')
      return 2
    }
  } else if (values['stdin-filename'] !== undefined) {
    io.stderr('docs-lint: `--stdin-filename` names the text of `--stdin`, expected `--stdin` too\n')
    return 2
  }
  const settings: ResultSettings = results.merged?.settings ?? {
    patterns: positionals,
    configPath: values.config ?? null,
    overrides,
    gitignore: !values['no-gitignore'],
    maxFileSize: maxFileSize ?? null,
    reportUnusedDisableDirectives: values['report-unused-disable-directives'] ?? false
  }
  const result = values.stdin ? await lintStdin(values['stdin-filename'], maxFileSize, values.config, overrides, values['report-unused-disable-directives'], io) : await lint({
    patterns: settings.patterns,
    cwd: io.cwd,
    configPath: settings.configPath ?? undefined,
    gitignore: settings.gitignore,
    overrides: settings.overrides,
    reportUnusedDisableDirectives: settings.reportUnusedDisableDirectives,
    record: results.recorder,
    given: results.merged?.given,
    only: changes?.pages,
    changes,
    shard,
    maxFileSize: settings.maxFileSize ?? undefined,
    jobs,
    fileTimeoutMs,
    onProgress: progressLine(io),
    cacheLocation: values.cache || values['cache-location'] !== undefined ? values['cache-location'] ?? '.docs-lint-cache' : undefined
  })
  if (io.stderrIsTTY && !process.env['CI']) io.stderr('\r\u001B[K')
  // Notices and config errors may name files: their control characters reach no terminal.
  for (const notice of result.notices) io.stderr('docs-lint: ' + escapeControl(notice) + '\n')
  if (result.configErrors.length > 0) {
    for (const message of result.configErrors) io.stderr('docs-lint: ' + escapeControl(message) + '\n')
    return 2
  }
  const unwritten = results.recorder?.write(values['write-result']!, shard ?? {index: 1, count: 1}, settings)
  if (unwritten) {
    io.stderr('docs-lint: ' + unwritten + '\n')
    return 2
  }
  const files = result.files
  if (changes) keepWhatTheChangeCaused(files, changes)
  // A path that does not exist, or a glob that matches no page, is a mistake in the command: say so
  // and exit 2, instead of passing without looking at anything.
  if (!values['no-error-on-unmatched-pattern'] && !changes && !shard && !values.stdin) {
    const unmatched = unmatchedPatterns(positionals.length > 0 ? positionals : ['.'], files, io.cwd)
    if (unmatched.length > 0) {
      for (const problem of unmatched) io.stderr('docs-lint: ' + problem + '\n')
      return 2
    }
  }
  // Pages named one by one (`docs-lint guides/a.mdx`): only they are reported, as in ESLint; the
  // site's config files are reported when a folder, a glob or the file itself is named.
  if (!changes && !values.stdin) keepNamedFiles(files, positionals, io.cwd)
  const dryRun = values['fix-dry-run'] ?? false
  if (values.fix || dryRun || fixRules) {
    const {diffs, problems, written} = await fixFiles(files, {write: !dryRun, rules: fixRules, roots: result.roots})
    if (dryRun && format === 'pretty' && diffs.length > 0) io.stdout(escapeControl(diffs.join('')))
    if (written > 0) io.stderr('docs-lint: fixed ' + plural(problems, 'problem') + ' in ' + plural(written, 'file') + '\n')
  }
  if (recording || values['prune-suppressions']) {
    suppressions = recording
      ? recordSuppressions(suppressions, files, io.cwd, values['suppress-all'] ? undefined : new Set(values['suppress-rule']))
      : pruneSuppressions(suppressions ?? {}, files, io.cwd)
    try {
      writeSuppressions(suppressionsPath, suppressions)
    } catch (error) {
      io.stderr('docs-lint: cannot write `' + path.relative(io.cwd, suppressionsPath) + '`: ' + ((error as NodeJS.ErrnoException).code ?? (error as Error).message) + '\n')
      return 2
    }
  }
  if (suppressions) {
    const {suppressed, unused} = applySuppressions(files, io.cwd, suppressions)
    const name = path.relative(io.cwd, suppressionsPath) || suppressionsPath
    if (suppressed > 0) io.stderr('docs-lint: ' + suppressed + ' known ' + (suppressed === 1 ? 'finding' : 'findings') + ' suppressed by `' + name + '`\n')
    // A partial run cannot tell a stale suppression from a finding it did not look for: it says nothing of them.
    if (unused > 0 && !values['prune-suppressions'] && !partialRun) {
      io.stderr('docs-lint: ' + unused + ' suppressed ' + (unused === 1 ? 'finding no longer occurs' : 'findings no longer occur') + ': run with `--prune-suppressions` to update `' + name + '`\n')
    }
  }
  if (values.quiet) {
    for (const file of files) file.messages = file.messages.filter((message) => message.fatal === true)
  }
  const {errors, warnings} = count(files)
  const color = values['no-color'] ? false : values.color ?? (io.isTTY && !process.env['NO_COLOR'])
  const renderOptions: RenderOptions = {color, quiet: values.quiet ?? false, cwd: io.cwd, width: io.columns, started}
  writeReport(await render(format, files, renderOptions), io.stdout, true)
  for (const target of outputFiles) {
    let descriptor: number | undefined
    try {
      const destination = path.resolve(io.cwd, target.path)
      if (target.format === 'html') {
        await writeHtml(destination, files, {cwd: io.cwd, durationMs: now() - started})
        continue
      }
      const pieces = await render(target.format, files, {...renderOptions, color: false, width: undefined})
      descriptor = fs.openSync(destination, 'w')
      const file = descriptor
      writeReport(pieces, (text) => writeAll(file, text), false)
    } catch (error) {
      io.stderr('docs-lint: cannot write `' + target.path + '`: ' + ((error as NodeJS.ErrnoException).code ?? (error as Error).message) + '\n')
      return 2
    } finally {
      if (descriptor !== undefined) fs.closeSync(descriptor)
    }
  }
  const summaryFile = process.env['GITHUB_STEP_SUMMARY']
  if (format === 'github' && summaryFile) {
    try {
      const {githubSummary} = await import('./reporters/github.js')
      fs.appendFileSync(summaryFile, githubSummary(files, {workspace: process.env['GITHUB_WORKSPACE'] || undefined}))
    } catch {
      io.stderr('docs-lint: cannot append to GITHUB_STEP_SUMMARY `' + summaryFile + '`\n')
    }
  }
  if (errors > 0) return 1
  if (maxWarnings >= 0 && warnings > maxWarnings) {
    io.stderr('docs-lint: too many warnings (' + warnings + '), expected at most ' + maxWarnings + '\n')
    return 1
  }
  return 0
}

/** The HTML report, written piece by piece: a report of many findings is never one string in memory. */
/** When every pattern names a file (no folder, no glob), drop the other files of the result (`docs.json`). */
function keepNamedFiles(files: VFile[], patterns: readonly string[], cwd: string): void {
  if (patterns.length === 0 || patterns.some((pattern) => /[*?{[]/.test(pattern))) return
  const named = new Set<string>()
  for (const pattern of patterns) {
    const absolute = path.resolve(cwd, pattern)
    try {
      if (!fs.statSync(absolute).isFile()) return
    } catch {
      return
    }
    named.add(absolute)
  }
  const kept = files.filter((file) => named.has(path.resolve(file.cwd, file.path)))
  files.splice(0, files.length, ...kept)
}

/** The options `--stdin` cannot go with, named as the user wrote them; undefined when there is none. */
function stdinConflicts(values: Record<string, unknown>, positionals: string[]): string | undefined {
  if (positionals.length > 0) return 'paths (`' + positionals[0] + '`)'
  const flags = ['fix', 'fix-dry-run', 'fix-rule', 'shard', 'changed-since', 'cache', 'suppress-all', 'suppress-rule', 'prune-suppressions']
  const given = flags.filter((flag) => values[flag] !== undefined && values[flag] !== false)
  return given.length > 0 ? given.map((flag) => '`--' + flag + '`').join(', ') : undefined
}

/**
 * Lint the text of standard input as the page `--stdin-filename` names (default `stdin.mdx` in the
 * current folder): its config, language and site are those of that path, as an editor's unsaved text.
 * Only that page is reported, not the site's config files.
 */
async function lintStdin(
  name: string | undefined,
  maxFileSize: number | undefined,
  configPath: string | undefined,
  overrides: Record<string, RuleSetting>,
  reportUnusedDisableDirectives: boolean | undefined,
  io: CliIo
): Promise<LintResult> {
  const limit = maxFileSize ?? 5 * 1024 * 1024
  let text: string
  try {
    if (!io.readStdin) throw new Error('no standard input')
    text = await io.readStdin(limit)
  } catch (error) {
    return {files: [], notices: [], configErrors: ['cannot read standard input: ' + (error as Error).message]}
  }
  const file = new VFile({path: path.resolve(io.cwd, name ?? 'stdin.mdx'), value: text})
  const result = await lint({files: [file], cwd: io.cwd, configPath, overrides, reportUnusedDisableDirectives, jobs: 0})
  return {...result, files: result.files.filter((candidate) => candidate === file)}
}

async function writeHtml(destination: string, files: VFile[], options: {cwd: string; durationMs: number}): Promise<void> {
  const {htmlChunks} = await import('./reporters/html.js')
  const descriptor = fs.openSync(destination, 'w')
  try {
    for (const chunk of htmlChunks(files, options)) fs.writeSync(descriptor, chunk)
  } finally {
    fs.closeSync(descriptor)
  }
}

/** `1 file`, `7 files`. */
function plural(count: number, noun: string): string {
  return count + ' ' + noun + (count === 1 ? '' : 's')
}

/**
 * Fix each file that has fixable problems; its messages become what remains. Returns the diffs of
 * changed files, and how many files were written with how many fixes in all.
 */
async function fixFiles(files: VFile[], options: {write: boolean; rules: Set<string> | undefined; roots: string[] | undefined}): Promise<{diffs: string[]; problems: number; written: number}> {
  const diffs: string[] = []
  let problems = 0
  let written = 0
  for (const file of files) {
    const config = file.data['docsLintConfig'] as ResolvedConfig | undefined
    const fixable = file.messages.some((message) => (message as MessageExtras).fix && (!options.rules || options.rules.has(message.ruleId ?? '')))
    if (!config || !fixable) continue
    let target: string
    let bytes: Buffer
    try {
      // A symbolic link is read and written through, and only to a file inside the folders linted.
      target = fixTarget(absolutePath(file), options.roots)
      bytes = fs.readFileSync(target)
    } catch (error) {
      if (error instanceof FixWriteError) fixFailed(file, error)
      continue
    }
    const original = bytes.toString('utf8')
    // Never rewrite a file whose bytes would not survive a round trip through text.
    if (!Buffer.from(original, 'utf8').equals(bytes)) continue
    // The page's own path: what depends on where it lies (its styles, overrides, language folder) is as when it was linted.
    const withheld = file.data[withheldKey] as string[] | undefined
    const result = await fixText(original, absolutePath(file), config, {rules: options.rules, withheld: withheld && new Set(withheld)})
    // The fixes' real text goes to the file; everything printed about it is masked.
    const {redactorFor} = await import('./secrets.js')
    const redact = redactorFor([original], config)
    for (const message of result.messages) redactMessage(message, redact)
    // Unchanged when another name of the same file (a link) was fixed first: what remains is what the re-lint found.
    if (result.changed && options.write) {
      try {
        writeFileAtomic(target, result.output, bytes)
      } catch (error) {
        fixFailed(file, error as Error)
        continue
      }
      written++
      problems += result.fixed
    } else if (result.changed) {
      diffs.push(redact(unifiedDiff(file.path, original, result.output)))
      file.data['fixedOutput'] = redact(result.output)
    }
    // What remains counts its offsets in the fixed text: a report that shows fixes reads them there.
    if (result.changed) file.value = result.output
    // Site checks ran on the whole run; re-linting one page cannot redo them, so their messages stay.
    // A rule with a page check too reports on pages only from it: the re-lint has those messages.
    const siteMessages = file.messages.filter((message) => {
      const info = ruleInfoOf(message.ruleId ?? '')
      return info?.site === true && !info.page
    })
    file.messages = [...result.messages, ...siteMessages].sort(compareMessage)
  }
  return {diffs, problems, written}
}

/**
 * `--changed-since` reports what the change could cause: every finding on a changed page (and, from the
 * site checks, links in unchanged pages into changed or removed ones), but findings on a config file
 * only when that file changed, or when its navigation names a page the change removed.
 */
function keepWhatTheChangeCaused(files: VFile[], changes: ChangeSet): void {
  const removed = [...changes.removed]
  for (const file of files) {
    const absolute = absolutePath(file)
    if (/\.(md|mdx|markdown)$/i.test(file.path) || changes.others.has(absolute)) continue
    const root = path.dirname(absolute)
    const removedRoutes = new Set(removed.map((page) => relativeTo(root, page).replace(/\.(md|mdx)$/i, '')))
    file.messages = file.messages.filter(
      (message) => message.ruleId === 'navigation' && removedRoutes.has(trimCharacters(String(message.actual ?? '').trim(), '/'))
    )
  }
}

/** The given paths and globs that name no page: each with why. */
function unmatchedPatterns(patterns: readonly string[], files: readonly VFile[], cwd: string): string[] {
  const pages = files.filter((file) => /\.(md|mdx|markdown)$/i.test(file.path)).map((file) => absolutePath(file))
  const problems: string[] = []
  for (const pattern of patterns) {
    const absolute = path.resolve(cwd, pattern)
    const missing = files.some(
      (file) => absolutePath(file) === absolute && file.messages.some((message) => message.ruleId === 'read-error' && message.reason.startsWith('No such file or folder'))
    )
    let matched: boolean
    if (missing) {
      problems.push('No such file or folder: `' + pattern + '`')
      continue
    } else if (fs.existsSync(absolute)) {
      matched = pages.some((page) => page === absolute || page.startsWith(absolute.endsWith(path.sep) ? absolute : absolute + path.sep))
    } else {
      const match = picomatch(pattern.split(path.sep).join('/'), {dot: true})
      matched = pages.some((page) => match(relativeTo(cwd, page)))
    }
    if (!matched) problems.push('No pages match `' + pattern + '`: there are none, or every one is ignored (`.mintignore`, `.docs-lintignore`, `.gitignore`); pass `--no-error-on-unmatched-pattern` to allow it')
  }
  return problems
}

/**
 * A page whose fixes were not written: an error when the file cannot be written, a warning when it
 * changed while it was being fixed (its problems, as found, are still reported).
 */
function fixFailed(file: VFile, error: Error): void {
  builtinMessage(file, 'fix-error', error.message, {fatal: !(error instanceof FixWriteError && error.changed)})
}

/** `--print-config <page>`: the resolved config of one page, as the run would lint it. */
async function printConfig(page: string, configPath: string | undefined, io: CliIo): Promise<number> {
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
  const {pageConfig} = await import('./overrides.js')
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

function count(files: VFile[]): {errors: number; warnings: number} {
  let errors = 0
  let warnings = 0
  for (const file of files) {
    for (const message of file.messages) {
      if (message.fatal === true) errors++
      else if (message.fatal === false) warnings++
    }
  }
  return {errors, warnings}
}

/** `--list-rules`: every built-in rule, and with `--config`, the rules of the plugins it loads. */
function listRules(configPath: string | undefined, io: CliIo): number {
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
