// Which files a run reports: the pages named one by one, what a change could cause, the text of
// standard input; and the paths and globs that name no page.
import fs from 'node:fs'
import path from 'node:path'
import picomatch from 'picomatch'
import {VFile} from 'vfile'
import {lint, type LintResult} from '../engine/index.js'
import type {RuleSetting} from '../config/resolve.js'
import type {ChangeSet} from '../engine/git.js'
import {absolutePath, relativeTo} from '../shared/relative-path.js'
import {trimCharacters} from '../shared/text.js'
import type {CliIo} from './io.js'

/** When every pattern names a file (no folder, no glob), drop the other files of the result (`docs.json`). */
export function keepNamedFiles(files: VFile[], patterns: readonly string[], cwd: string): void {
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

/**
 * Lint the text of standard input as the page `--stdin-filename` names (default `stdin.mdx` in the
 * current folder): its config, language and site are those of that path, as an editor's unsaved text.
 * Only that page is reported, not the site's config files.
 */
export async function lintStdin(
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

/**
 * `--changed-since` reports what the change could cause: every finding on a changed page (and, from the
 * site checks, links in unchanged pages into changed or removed ones), but findings on a config file
 * only when that file changed, or when its navigation names a page the change removed.
 */
export function keepWhatTheChangeCaused(files: VFile[], changes: ChangeSet): void {
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
export function unmatchedPatterns(patterns: readonly string[], files: readonly VFile[], cwd: string): string[] {
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
