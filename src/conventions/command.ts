// `docs-lint conventions [folder]`: the team's rule files, each line matched to the writing conventions
// it states and to the rules of the lint configuration that check them, as a coverage table; `--write`
// and `--check` keep a section of a rules.md in step with the lint configuration.
import fs from 'node:fs'
import path from 'node:path'
import {ConfigError, loadConfigFile} from '../config/resolve.js'
import type {UserConfig} from '../contract.js'
import {importFile} from '../shared/import-file.js'
import {redactorOf} from '../page/redact.js'
import {escapeControl} from '../reporters/control.js'
import {codeOnlyGlobs, lineCoverage} from './coverage.js'
import {findRuleFiles, type RuleFile} from './find.js'
import {json, pretty, type FileCoverage} from './report.js'
import {lintSetting, type LintSetting} from './setting.js'
import {readRuleFile} from './read.js'
import {ruleLines} from './split.js'
import {writeOrCheck} from './targets.js'
import type {ConventionsIo} from './types.js'
import {isFolder} from '../shared/file-kind.js'

export const conventionsHelp = `Usage: docs-lint conventions [options] [folder]

Find the team's rule files in the folder (rules.md in an editor folder, .cursor/rules/*.mdc,
.cursorrules, .windsurf/rules/*, .windsurfrules, AGENTS.md, CLAUDE.md,
.github/copilot-instructions.md) and show which of their lines the lint configuration checks.

Options:
  -f, --format <name>   pretty (default) or json
      --write [file]    Write the conventions the lint configuration checks into a marked section of
                        a rules.md (default: the file that has the section, the one rules.md found,
                        or .windsurf/rules.md); the rest of the file is left as it is
      --check [file]    Write nothing; exit with 1 when the marked section differs from what --write
                        would write, or is missing
  -c, --config <file>   Use this config file instead of the .docs-lintrc* that applies to the folder
  -h, --help            Print this help`

interface Options {
  folder: string
  format: 'pretty' | 'json'
  write: string | true | undefined
  check: string | true | undefined
  config: string | undefined
}

/** `--write [file]`: the file is the next argument when it names a Markdown rule file. */
export function withOptionalValues(argv: readonly string[]): string[] {
  const result: string[] = []
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!
    if ((argument === '--write' || argument === '--check') && /(?:\.mdc?|^\.?(?:cursorrules|windsurfrules))$/i.test(argv[index + 1] ?? '')) {
      result.push(argument + '=' + argv[++index])
    } else result.push(argument === '--write' || argument === '--check' ? argument + '=' : argument)
  }
  return result
}

/** The options of `docs-lint conventions`; `--write` and `--check` take an optional file (see `withOptionalValues`). */
export const conventionsOptions = {format: {type: 'string', short: 'f'}, write: {type: 'string'}, check: {type: 'string'}, config: {type: 'string', short: 'c'}, help: {type: 'boolean', short: 'h'}} as const

interface Parsed {
  values: {format?: string | undefined; write?: string | undefined; check?: string | undefined; config?: string | undefined}
  positionals: string[]
}

function optionsOf({values, positionals}: Parsed): Options | string {
  const format = values.format ?? 'pretty'
  if (format !== 'pretty' && format !== 'json') return 'unknown format `' + format + '`, expected `pretty` or `json`'
  if (positionals.length > 1) return 'expected one folder, got ' + positionals.length + ': ' + positionals.map((entry) => '`' + entry + '`').join(', ')
  if (values.write !== undefined && values.check !== undefined) return '`--write` and `--check` do not go together: `--check` writes nothing'
  const optional = (value: string | undefined) => (value === undefined ? undefined : value === '' ? true : value)
  return {folder: positionals[0] ?? '.', format, write: optional(values.write), check: optional(values.check), config: values.config}
}

/**
 * Run the command; returns its exit code, or a mistake in its arguments. Bad input is one line on
 * stderr, never a stack trace.
 */
export async function conventionsCommand(parsed: Parsed, io: ConventionsIo): Promise<number | string> {
  const options = optionsOf(parsed)
  if (typeof options === 'string') return options
  const folder = path.resolve(io.cwd, options.folder)
  if (!isFolder(folder)) {
    io.stderr('docs-lint conventions: no folder `' + escapeControl(options.folder) + '`\n')
    return 2
  }
  try {
    const settings = settingsFinder(io, options.config && path.resolve(io.cwd, options.config))
    const files = findRuleFiles(folder)
    if (options.write !== undefined || options.check !== undefined) return await writeOrCheck({folder, files, settings, io, write: options.write, check: options.check})
    return await table(folder, files, settings, io, options.format)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    io.stderr('docs-lint conventions: ' + escapeControl(error.message) + '\n')
    return 2
  }
}

/** The lint setting of each home folder, made once; Vale's problems shown once per `.vale.ini`. */
function settingsFinder(io: ConventionsIo, configPath: string | undefined): (home: string) => Promise<LintSetting> {
  const made = new Map<string, Promise<LintSetting>>()
  const shown = new Set<string>()
  return (home) => {
    let setting = made.get(home)
    if (!setting) {
      setting = (async () => {
        const given = configPath === undefined ? undefined : {config: await givenConfig(configPath, io.cwd), filePath: configPath}
        const result = await lintSetting(home, io.cwd, given)
        if (result.valeIni && !shown.has(result.valeIni)) {
          shown.add(result.valeIni)
          for (const problem of result.problems) io.stderr('docs-lint conventions: Vale: ' + escapeControl(problem) + '\n')
        }
        return result
      })()
      made.set(home, setting)
    }
    return setting
  }
}

async function givenConfig(configPath: string, cwd: string): Promise<UserConfig | undefined> {
  if (!fs.existsSync(configPath)) throw new ConfigError('config file `' + path.relative(cwd, configPath) + '` does not exist')
  if (!/\.[cm]?js$/.test(configPath)) return loadConfigFile(configPath, cwd)
  try {
    return ((await importFile(configPath)) as {default?: UserConfig}).default
  } catch (error) {
    throw new ConfigError('Cannot load config `' + path.relative(cwd, configPath) + '`: ' + (error as Error).message.split('\n')[0])
  }
}

async function table(folder: string, files: readonly RuleFile[], settings: (home: string) => Promise<LintSetting>, io: ConventionsIo, format: 'pretty' | 'json'): Promise<number> {
  const covered: FileCoverage[] = []
  const unreadable: Array<{path: string; reason: string}> = []
  const {secretsIn} = await import('../linter/secrets.js')
  for (const file of files) {
    const read = readRuleFile(file, folder)
    if ('reason' in read) {
      io.stderr('docs-lint conventions: `' + escapeControl(file.relative) + '` ' + read.reason + ': skipped\n')
      unreadable.push({path: file.relative, reason: read.reason})
      continue
    }
    const setting = await settings(file.home)
    const codeGlobs = codeOnlyGlobs(read.text)
    // A rule file may hold a real credential in an example: the table shows it masked, as every output does.
    const redact = redactorOf(secretsIn(read.text, undefined))
    const lines = ruleLines(read.text).map((line) => {
      const coverage = {...lineCoverage(line, setting), text: redact(line.text)}
      return codeGlobs ? {...coverage, status: 'not a convention' as const, conventions: [], checkedBy: [], off: []} : coverage
    })
    covered.push({file, setting, codeGlobs, lines})
  }
  if (format === 'json') {
    io.stdout(json(covered, folder, unreadable))
    return 0
  }
  if (files.length === 0) {
    io.stdout('No rule file in `' + (path.relative(io.cwd, folder) || '.') + '` (rules.md in an editor folder, .cursor/rules/*.mdc, .cursorrules, .windsurf/rules/*, .windsurfrules, AGENTS.md, CLAUDE.md, .github/copilot-instructions.md).\nRun `docs-lint conventions --write` to write one from the lint configuration.\n')
    return 0
  }
  io.stdout(escapeControl(pretty(covered, folder)))
  return 0
}

