// `--write [file]` and `--check [file]`: which rule files hold the conventions section, and writing
// or checking it there.
import fs from 'node:fs'
import path from 'node:path'
import {unifiedDiff} from '../fix/diff.js'
import {redactorOf} from '../page/redact.js'
import {escapeControl} from '../reporters/control.js'
import {readRuleFile} from './read.js'
import {isRuleFileName, type RuleFile} from './find.js'
import {settingSource} from './report.js'
import type {LintSetting} from './setting.js'
import type {ConventionsIo} from './types.js'
import {conventionsSection, differingLines, outsideFolder, sectionPlace, startMarker, withSection, writeAtomic} from './write.js'

export interface TargetRun {
  folder: string
  files: readonly RuleFile[]
  settings: (home: string) => Promise<LintSetting>
  io: ConventionsIo
  write: string | true | undefined
  check: string | true | undefined
}

/** The spec's rules.md lives in a hidden folder of the editor: Windsurf's, unless the team has one already. */
const defaultRulesFile = path.join('.windsurf', 'rules.md')

/** The folder whose lint configuration a rule file at `target` follows: the one holding its editor's hidden folder, or its own. */
function homeOf(target: string, folder: string): string {
  const parts = path.relative(folder, path.dirname(target)).split(path.sep).filter((part) => part !== '')
  const hidden = parts.findIndex((part) => part.startsWith('.'))
  return hidden === -1 ? path.dirname(target) : path.join(folder, ...parts.slice(0, hidden))
}

function holdsSection(file: RuleFile, folder: string): boolean {
  const read = readRuleFile(file, folder)
  return 'text' in read && read.text.includes(startMarker)
}

/** The files to write or check: the one named, else those with the section, else the one rules.md (for `--write`). */
function targets(run: TargetRun, named: string | true): string[] | string {
  if (named !== true) return [path.resolve(run.io.cwd, named)]
  const marked = run.files.filter((file) => holdsSection(file, run.folder))
  if (marked.length > 0 || run.check !== undefined) return marked.map((file) => file.absolute)
  const rulesFiles = run.files.filter((file) => path.basename(file.absolute) === 'rules.md')
  if (rulesFiles.length > 1) return 'found ' + rulesFiles.length + ' rules.md files (' + rulesFiles.map((file) => '`' + file.relative + '`').join(', ') + '): name the one to write, `--write <file>`'
  return [rulesFiles[0]?.absolute ?? path.join(run.folder, defaultRulesFile)]
}

export async function writeOrCheck(run: TargetRun): Promise<number> {
  const named = (run.write ?? run.check)!
  const files = targets(run, named)
  const fail = (message: string, code: number) => {
    run.io.stderr('docs-lint conventions: ' + escapeControl(message) + '\n')
    return code
  }
  if (typeof files === 'string') return fail(files, 2)
  if (files.length === 0) {
    return fail('no rule file in `' + shown(run.folder, run.io.cwd) + '` has a `' + startMarker + '` section: run `docs-lint conventions --write` to add one', 1)
  }
  let code = 0
  for (const target of files) code = Math.max(code, await writeOrCheckOne(run, target, fail))
  return code
}

function shown(file: string, cwd: string): string {
  const relative = path.relative(cwd, file)
  return relative === '' ? '.' : relative.startsWith('..') ? file : relative
}

async function writeOrCheckOne(run: TargetRun, target: string, fail: (message: string, code: number) => number): Promise<number> {
  const name = shown(target, run.io.cwd)
  const outside = outsideFolder(target, run.folder)
  if (outside) return fail('`' + name + '` ' + outside + ': expected a rule file inside it', 2)
  if (!isRuleFileName(target)) return fail('`' + name + '` is not a rule file: expected a Markdown file (`.md`, `.mdc`, `.cursorrules`, `.windsurfrules`)', 2)
  const home = homeOf(target, run.folder)
  const setting = await run.settings(home)
  const section = conventionsSection(setting, settingSource(setting, home))
  let current: string | undefined
  if (fs.existsSync(target)) {
    const read = readRuleFile({absolute: target, relative: name, home}, run.folder)
    if ('reason' in read) return fail('`' + name + '` ' + read.reason, 2)
    current = read.text
  }
  if (run.check !== undefined) return await check(run, name, current, section, fail)
  const updated = withSection(current ?? '', section)
  if (typeof updated !== 'string') return fail('`' + name + '` ' + updated.problem + ': fix the markers, then run `docs-lint conventions --write` again', 2)
  if (updated === current) {
    run.io.stdout('`' + name + '` is up to date\n')
    return 0
  }
  try {
    writeAtomic(target, updated)
  } catch (error) {
    return fail('cannot write `' + name + '`: ' + ((error as NodeJS.ErrnoException).code ?? (error as Error).message), 2)
  }
  const count = section.split('\n').filter((row) => /^\d+\. /.test(row)).length
  run.io.stdout('Wrote ' + count + (count === 1 ? ' convention' : ' conventions') + ' into `' + name + '`\n')
  return 0
}

async function check(run: TargetRun, name: string, current: string | undefined, section: string, fail: (message: string, code: number) => number): Promise<number> {
  if (current === undefined) return fail('`' + name + '` does not exist: run `docs-lint conventions --write ' + name + '` to write it', 1)
  const place = sectionPlace(current)
  if (place === undefined) return fail('`' + name + '` has no `' + startMarker + '` section: run `docs-lint conventions --write ' + name + '` to add it', 1)
  if ('problem' in place) return fail('`' + name + '` ' + place.problem, 1)
  const expected = withSection(current, section) as string
  const lines = differingLines(current, expected)
  if (lines === undefined) return 0
  // The diff shows lines of the file: a credential in them is masked, as in every output.
  const {secretsIn} = await import('../linter/secrets.js')
  run.io.stdout(escapeControl(redactorOf(secretsIn(current, undefined))(unifiedDiff(name, current, expected))))
  const several = lines.includes('-')
  return fail((several ? 'lines ' : 'line ') + lines + ' of `' + name + '` ' + (several ? 'differ' : 'differs') + ' from what the lint configuration checks: run `docs-lint conventions --write ' + name + '` to update ' + (several ? 'them' : 'it'), 1)
}
