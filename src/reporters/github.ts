import path from 'node:path'
import {escapeControl} from './control.js'
import type {VFile} from 'vfile'
import type {VFileMessage} from 'vfile-message'
import {absolutePath} from '../shared/relative-path.js'

// GitHub's workflow-command escaping: data escapes %, CR, LF; properties also `:` and `,`.
function escapeData(value: string): string {
  return escapeControl(value).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
}

function escapeProperty(value: string): string {
  return escapeData(value).replace(/:/g, '%3A').replace(/,/g, '%2C')
}

function command(message: VFileMessage): 'error' | 'warning' | 'notice' {
  return message.fatal ? 'error' : message.fatal === false ? 'warning' : 'notice'
}

/** The path GitHub shows annotations on: relative to the repository root (`GITHUB_WORKSPACE`). */
export function repositoryPath(file: VFile, workspace: string | undefined): string {
  const absolute = absolutePath(file)
  const relative = path.relative(workspace ?? file.cwd, absolute)
  return (relative.startsWith('..') ? absolute : relative).split(path.sep).join('/')
}

/** One GitHub Actions workflow command per message, so each problem is an annotation on its line. */
export function github(files: VFile[], options: {workspace?: string | undefined} = {}): string {
  const lines: string[] = []
  for (const file of files) {
    const filePath = repositoryPath(file, options.workspace)
    for (const message of file.messages) {
      const place = message.place
      const end = place && 'end' in place ? place.end : undefined
      const properties = [
        'file=' + escapeProperty(filePath),
        'line=' + (message.line ?? 1),
        'col=' + (message.column ?? 1),
        ...(end ? ['endLine=' + end.line, 'endColumn=' + end.column] : []),
        'title=' + escapeProperty(message.ruleId ?? 'docs-lint')
      ]
      lines.push('::' + command(message) + ' ' + properties.join(',') + '::' + escapeData(message.reason))
    }
  }
  return lines.length > 0 ? lines.join('\n') + '\n' : ''
}

/** A Markdown summary for `GITHUB_STEP_SUMMARY`: counts per rule and the files with most problems. */
export function githubSummary(files: VFile[], options: {workspace?: string | undefined} = {}): string {
  const perRule = new Map<string, {errors: number; warnings: number; notices: number}>()
  const perFile: Array<[string, number]> = []
  for (const file of files) {
    if (file.messages.length > 0) perFile.push([repositoryPath(file, options.workspace), file.messages.length])
    for (const message of file.messages) {
      const counts = perRule.get(message.ruleId ?? 'docs-lint') ?? {errors: 0, warnings: 0, notices: 0}
      const kind = command(message)
      if (kind === 'error') counts.errors++
      else if (kind === 'warning') counts.warnings++
      else counts.notices++
      perRule.set(message.ruleId ?? 'docs-lint', counts)
    }
  }
  if (perRule.size === 0) return '### docs-lint\n\nNo problems found.\n'
  const rows = [...perRule]
    .sort((a, b) => b[1].errors - a[1].errors || b[1].warnings - a[1].warnings || a[0].localeCompare(b[0]))
    .map(([ruleId, c]) => `| \`${ruleId}\` | ${c.errors} | ${c.warnings} | ${c.notices} |`)
  const worst = perFile
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 10)
    .map(([file, total]) => `| \`${file.replace(/\|/g, '\\|')}\` | ${total} |`)
  return [
    '### docs-lint',
    '',
    '| Rule | Errors | Warnings | Notices |',
    '| --- | ---: | ---: | ---: |',
    ...rows,
    '',
    '| File | Problems |',
    '| --- | ---: |',
    ...worst,
    ''
  ].join('\n')
}
