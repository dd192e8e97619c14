import fs from 'node:fs'
import {BoundedReadError, readBoundedText} from '../shared/bounded-read.js'
import path from 'node:path'
import type {VFile} from 'vfile'
import {absolutePath, relativeTo} from '../shared/relative-path.js'

// Bulk suppressions, as ESLint has them: a team turning docs-lint on for an existing site records the
// findings it has today (counts per file and rule, in a file reviewed like code), and later runs
// report only what goes beyond them. The file's shape is ESLint's `eslint-suppressions.json`.

export const defaultSuppressionsFile = 'docs-lint-suppressions.json'

/** File (relative to the folder the run started in, with `/`) → rule → how many findings are known. */
export type Suppressions = Record<string, Record<string, {count: number}>>

export class SuppressionsError extends Error {}

/** A suppressions file holds a count per page and rule: 64 MB is some hundreds of thousands of pages. */
const maxSuppressionsBytes = 64 * 1024 * 1024

export function readSuppressions(filePath: string): Suppressions | undefined {
  let text: string
  try {
    text = readBoundedText(filePath, maxSuppressionsBytes)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    const reason = error instanceof BoundedReadError ? 'it ' + error.message : (error as NodeJS.ErrnoException).code
    throw new SuppressionsError('Cannot read suppressions file `' + filePath + '`: ' + reason)
  }
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    throw new SuppressionsError('Cannot parse suppressions file `' + filePath + '` as JSON: ' + (error as Error).message)
  }
  const valid =
    data !== null && typeof data === 'object' && !Array.isArray(data) &&
    Object.values(data).every((rules) =>
      rules !== null && typeof rules === 'object' && !Array.isArray(rules) &&
        Object.values(rules as object).every((entry) => Number.isInteger((entry as {count?: unknown})?.count) && (entry as {count: number}).count > 0)
    )
  if (!valid) {
    throw new SuppressionsError('Invalid suppressions file `' + filePath + '`: expected `{"<file>": {"<rule>": {"count": <n>}}}` with counts above 0')
  }
  return data as Suppressions
}

/** Keys sorted, one rule a line: a file whose diff a reviewer reads. */
export function writeSuppressions(filePath: string, suppressions: Suppressions): void {
  const sorted: Suppressions = {}
  for (const file of Object.keys(suppressions).sort()) {
    const rules = suppressions[file]!
    const names = Object.keys(rules).sort()
    if (names.length === 0) continue
    sorted[file] = Object.fromEntries(names.map((name) => [name, {count: rules[name]!.count}]))
  }
  const text = '{\n' + Object.entries(sorted).map(([file, rules]) =>
    '  ' + JSON.stringify(file) + ': {\n' + Object.entries(rules).map(([rule, entry]) => '    ' + JSON.stringify(rule) + ': {"count": ' + entry.count + '}').join(',\n') + '\n  }'
  ).join(',\n') + (Object.keys(sorted).length > 0 ? '\n' : '') + '}\n'
  fs.mkdirSync(path.dirname(filePath), {recursive: true})
  fs.writeFileSync(filePath, text)
}

function keyOf(file: VFile, cwd: string): string {
  return relativeTo(cwd, absolutePath(file))
}

/** Today's findings as counts per file and rule. */
export function countFindings(files: readonly VFile[], cwd: string, rules?: ReadonlySet<string>): Suppressions {
  const counts: Suppressions = {}
  for (const file of files) {
    for (const message of file.messages) {
      if (!message.ruleId || (rules && !rules.has(message.ruleId))) continue
      const entry = ((counts[keyOf(file, cwd)] ??= {})[message.ruleId] ??= {count: 0})
      entry.count++
    }
  }
  return counts
}

export interface Applied {
  /** Findings left out of the report because the suppressions file knows them. */
  suppressed: number
  /** Suppressed findings that no longer occur: `--prune-suppressions` removes them. */
  unused: number
}

/**
 * Leave out the findings the suppressions know. A file with more findings of a rule than recorded
 * reports all of them, as ESLint does: which of them is new cannot be told from a count.
 */
export function applySuppressions(files: readonly VFile[], cwd: string, suppressions: Suppressions): Applied {
  const current = countFindings(files, cwd)
  let suppressed = 0
  let unused = 0
  // Only files this run linted can tell: with `--changed-since`, the rest were not looked at.
  const linted = new Set(files.map((file) => keyOf(file, cwd)))
  for (const [file, rules] of Object.entries(suppressions)) {
    if (!linted.has(file)) continue
    for (const [rule, {count}] of Object.entries(rules)) unused += Math.max(0, count - (current[file]?.[rule]?.count ?? 0))
  }
  for (const file of files) {
    const known = suppressions[keyOf(file, cwd)]
    if (!known) continue
    file.messages = file.messages.filter((message) => {
      const entry = message.ruleId ? known[message.ruleId] : undefined
      const keep = !entry || (current[keyOf(file, cwd)]?.[message.ruleId!]?.count ?? 0) > entry.count
      if (!keep) suppressed++
      return keep
    })
  }
  return {suppressed, unused}
}

/** `--suppress-all` / `--suppress-rule`: record today's findings (of the given rules, or all). */
export function recordSuppressions(existing: Suppressions | undefined, files: readonly VFile[], cwd: string, rules: ReadonlySet<string> | undefined): Suppressions {
  const counts = countFindings(files, cwd, rules)
  if (!rules) return counts
  const merged: Suppressions = structuredClone(existing ?? {})
  for (const rules_ of Object.values(merged)) for (const rule of rules) delete rules_[rule]
  for (const [file, byRule] of Object.entries(counts)) Object.assign((merged[file] ??= {}), byRule)
  return merged
}

/** `--prune-suppressions`: lower each count to what still occurs; drop what no longer does. */
export function pruneSuppressions(existing: Suppressions, files: readonly VFile[], cwd: string): Suppressions {
  const current = countFindings(files, cwd)
  const pruned: Suppressions = {}
  for (const [file, rules] of Object.entries(existing)) {
    for (const [rule, {count}] of Object.entries(rules)) {
      const now = Math.min(count, current[file]?.[rule]?.count ?? 0)
      if (now > 0) (pruned[file] ??= {})[rule] = {count: now}
    }
  }
  return pruned
}
