// Each line of a rule file matched to the conventions it states, and through them to the rules that
// check them: checked, partly checked, not checked, or not a writing convention at all.
import {conventionsOf} from './catalogue.js'
import {codeDescription, developmentHeadings, exampleCaption, developmentWords, normative, writingWords} from './classify.data.js'
import type {LintSetting} from './setting.js'
import type {Checker, LineCoverage, RuleLine} from './types.js'

/** What `--write` adds after a convention: the rules that check it. */
const annotation = / ?\(checked (?:in part )?by [^()]*\)/g

/** The coverage of one line under a lint setting. */

/** The longest glob read as a path pattern. */
const maxGlobLength = 200
export function lineCoverage(line: RuleLine, setting: LintSetting): LineCoverage {
  // Code with spaces in it (`h2 + h3`) is code, not words of the convention; the rules `--write` names
  // after a convention (`(checked by `steps-for-procedures`)`) are not words of it either.
  const words = line.text.replace(annotation, '').replace(/`[^`]*`/g, (span) => (/\s/.test(span) ? '`…`' : span))
  const developmentSection = line.headings.some((heading) => developmentHeadings.test(heading))
  const description = codeDescription.test(line.text) || exampleCaption.test(line.text)
  const stated = developmentSection || description ? [] : conventionsOf(words)
  const developmentLine = developmentWords.test(words)
  if (stated.length === 0) {
    // A writing convention the catalogue has no entry for ("Use the Oxford comma" without a style that checks it) is a gap all the same.
    const writing = !developmentLine && !developmentSection && !description && normative.test(words) && writingWords.test(words)
    return {...line, status: writing ? 'not checked' : 'not a convention', conventions: [], checkedBy: [], off: []}
  }
  const checkedBy: Checker[] = []
  const off = new Set<string>()
  let full = 0
  let none = 0
  for (const convention of stated) {
    const checkers = setting.checkers.get(convention.id) ?? []
    const on = checkers.filter((checker) => checker.on)
    for (const checker of on) if (!checkedBy.some((known) => known.id === checker.id)) checkedBy.push(checker)
    for (const checker of checkers) if (!checker.on) off.add(checker.id)
    if (on.some((checker) => checker.coverage === 'full')) full++
    else if (on.length === 0) none++
  }
  const status = full === stated.length ? 'checked' : none === stated.length ? 'not checked' : 'partly'
  return {...line, status, conventions: stated.map((convention) => convention.id), checkedBy, off: [...off]}
}

/** A rule file whose `globs` (Cursor's front matter) name only files that are not pages applies to code, not to writing. */
export function codeOnlyGlobs(source: string): string[] | undefined {
  const front = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---/.exec(source)
  if (!front) return undefined
  const globs = globsOf(front[1]!)
  if (globs.length === 0) return undefined
  const page = /\.mdx?$|\*$|\*\*$|\.\{[^}]*\bmdx?\b[^}]*\}$|\.\*$/
  // A glob is a short path pattern; a longer one is no page glob.
  return globs.some((glob) => glob.trim().length <= maxGlobLength && page.test(glob.trim())) ? undefined : globs
}

/** `globs: a, b`, or a YAML list under `globs:`. */
function globsOf(front: string): string[] {
  const rows = front.split(/\r?\n/)
  const index = rows.findIndex((row) => /^globs\s*:/.test(row))
  if (index === -1) return []
  const inline = rows[index]!.replace(/^globs\s*:\s*/, '').trim()
  const unquote = (value: string) => value.trim().replace(/^["']|["']$/g, '').trim()
  if (inline !== '') return inline.replace(/^\[|\]$/g, '').split(',').map(unquote).filter((glob) => glob !== '')
  const list: string[] = []
  for (const row of rows.slice(index + 1)) {
    const item = /^\s+-\s+(.*)$/.exec(row)
    if (!item) break
    list.push(unquote(item[1]!))
  }
  return list.filter((glob) => glob !== '')
}
