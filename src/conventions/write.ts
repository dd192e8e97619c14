// The conventions the lint configuration checks, written as a rules.md section in the spec's section
// structure, so that the writing assistant and the linter ask for the same thing: the section's text,
// where it sits in a file, and an atomic write that never leaves the folder.
import fs from 'node:fs'
import path from 'node:path'
import {randomBytes} from 'node:crypto'
import {conventions, sections} from './catalogue.js'
import type {LintSetting} from './setting.js'
import type {Checker} from './types.js'

export const startMarker = '<!-- docs-lint conventions: start -->'
export const endMarker = '<!-- docs-lint conventions: end -->'

function ruleList(checkers: readonly Checker[]): string {
  return checkers.map((checker) => '`' + checker.id + '`').join(', ')
}

/** The section, markers included, ending with a line break. `source` says where the rules come from. */
export function conventionsSection(setting: LintSetting, source: string): string {
  const rows = [startMarker, '<!-- Written by `docs-lint conventions --write` from ' + source + '. Change the lint configuration and run it again, rather than editing this section. -->', '']
  let written = 0
  for (const section of sections) {
    const items: string[] = []
    for (const convention of conventions.filter((entry) => entry.section === section.id)) {
      const on = (setting.checkers.get(convention.id) ?? []).filter((checker) => checker.on)
      if (on.length === 0) continue
      const full = on.filter((checker) => checker.coverage === 'full')
      const checked = full.length > 0 ? 'checked by ' + ruleList(full) : 'checked in part by ' + ruleList(on)
      items.push(items.length + 1 + '. ' + convention.wording.replace(/\.$/, '') + ' (' + checked + ').')
    }
    if (items.length === 0) continue
    rows.push('**' + section.title + '**', '', ...items, '')
    written += items.length
  }
  if (written === 0) rows.push('No rule of the lint configuration checks a writing convention.', '')
  rows.push(endMarker)
  return rows.join('\n') + '\n'
}

export type SectionPlace = {start: number; end: number} | {problem: string} | undefined

/** Where the section is in `text` (offsets, end after its end marker's line), a problem with its markers, or undefined. */
export function sectionPlace(text: string): SectionPlace {
  const start = text.indexOf(startMarker)
  const end = text.indexOf(endMarker)
  if (start === -1 && end === -1) return undefined
  if (start === -1) return {problem: 'has `' + endMarker + '` but no `' + startMarker + '` before it'}
  if (end === -1 || end < start) return {problem: 'has `' + startMarker + '` but no `' + endMarker + '` after it'}
  if (text.indexOf(startMarker, start + 1) !== -1) return {problem: 'has `' + startMarker + '` twice'}
  const lineStart = text.lastIndexOf('\n', start) + 1
  const afterEnd = text.indexOf('\n', end)
  return {start: lineStart, end: afterEnd === -1 ? text.length : afterEnd + 1}
}

/** The file's text with the section put in its place, or added at its end. */
export function withSection(text: string, lfSection: string): string | {problem: string} {
  // A file written with CRLF line ends keeps them.
  const section = text.includes('\r\n') ? lfSection.replace(/\n/g, '\r\n') : lfSection
  const place = sectionPlace(text)
  if (place && 'problem' in place) return place
  if (place) return text.slice(0, place.start) + section + text.slice(place.end)
  if (text.trim() === '') return section
  const end = text.includes('\r\n') ? '\r\n' : '\n'
  return text.trimEnd() + end + end + section
}

/** Why `target` may not be written: it lies outside `folder`, or a link leads out of it. Undefined when it may. */
export function outsideFolder(target: string, folder: string): string | undefined {
  const relative = path.relative(folder, target)
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return 'is outside the folder `' + folder + '`'
  const realFolder = fs.realpathSync(folder)
  // The nearest part of the path that exists must really lie in the folder: a linked folder may lead out.
  let existing = target
  while (!fs.existsSync(existing)) existing = path.dirname(existing)
  const real = fs.realpathSync(existing)
  const inside = path.relative(realFolder, real)
  if (inside.startsWith('..') || path.isAbsolute(inside)) return 'leads outside the folder `' + folder + '` through a symbolic link'
  return undefined
}

/**
 * Write through a temporary file in the same folder and a rename, creating the folders first: a reader
 * sees the old or the new text, never a part. The file keeps its permissions.
 */
export function writeAtomic(target: string, text: string): void {
  fs.mkdirSync(path.dirname(target), {recursive: true})
  let mode = 0o644
  try {
    mode = fs.statSync(target).mode & 0o7777
  } catch {
    // A new file.
  }
  const temp = path.join(path.dirname(target), '.' + path.basename(target) + '.' + process.pid + '-' + randomBytes(4).toString('hex') + '.docs-lint-tmp')
  try {
    const descriptor = fs.openSync(temp, 'wx', mode)
    try {
      fs.writeFileSync(descriptor, text)
      fs.fsyncSync(descriptor)
    } finally {
      fs.closeSync(descriptor)
    }
    fs.renameSync(temp, target)
  } catch (error) {
    fs.rmSync(temp, {force: true})
    throw error
  }
}

/** The 1-based lines of `before` that differ from `after`, as a range (`12-30`), or undefined when none. */
export function differingLines(before: string, after: string): string | undefined {
  const old = before.split('\n')
  const updated = after.split('\n')
  let first = 0
  while (first < old.length && first < updated.length && old[first] === updated[first]) first++
  if (first === old.length && first === updated.length) return undefined
  let last = 0
  while (last < old.length - first && last < updated.length - first && old[old.length - 1 - last] === updated[updated.length - 1 - last]) last++
  const end = Math.max(first + 1, old.length - last)
  return end > first + 1 ? first + 1 + '-' + end : String(first + 1)
}
