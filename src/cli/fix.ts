// `--fix`, `--fix-dry-run` and `--fix-rule` after a run: each page with fixable problems is fixed,
// written atomically (or shown as a diff), and its messages become what remains.
import fs from 'node:fs'
import type {VFile} from 'vfile'
import {compareMessage} from 'vfile-sort'
import type {ResolvedConfig} from '../config/resolve.js'
import type {MessageExtras} from '../contract.js'
import {unifiedDiff} from '../fix/diff.js'
import {withheldKey} from '../engine/index.js'
import {FixWriteError, fixTarget, fixText, writeFileAtomic} from '../fix/fix.js'
import {builtinMessage} from '../page/messages.js'
import {ruleInfoOf} from '../config/plugins.js'
import {redactMessage} from '../page/redact.js'
import {absolutePath} from '../shared/relative-path.js'

/**
 * Fix each file that has fixable problems; its messages become what remains. Returns the diffs of
 * changed files, and how many files were written with how many fixes in all.
 */
export async function fixFiles(files: VFile[], options: {write: boolean; rules: Set<string> | undefined; roots: string[] | undefined}): Promise<{diffs: string[]; problems: number; written: number}> {
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
    const {redactorFor} = await import('../linter/secrets.js')
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
 * A page whose fixes were not written: an error when the file cannot be written, a warning when it
 * changed while it was being fixed (its problems, as found, are still reported).
 */
function fixFailed(file: VFile, error: Error): void {
  builtinMessage(file, 'fix-error', error.message, {fatal: !(error instanceof FixWriteError && error.changed)})
}
