// Pages a rule left unread because of their language, said once per run: a rule that reads words
// declares the languages it can judge (`languages`), and a page in any other one is left alone.
import type {VFile} from 'vfile'
import type {ResolvedConfig} from '../config/resolve.js'
import {ruleFor} from '../../rules/index.js'
import {pageExtensions} from './discover.js'
import {joinAnd} from '../shared/text.js'

/**
 * One notice per group of rules that left the same pages alone, such as “not checked: 120 pages in `ja`
 * and 80 in `zh` by `passive-voice` and `second-person`, which read en, de, es, fr, pt only”.
 */
export function languageNotices(files: readonly VFile[], defaultConfig: ResolvedConfig): string[] {
  // Pages left alone, by rule and language; each page with the config it was linted with.
  const left = new Map<string, Map<string, number>>()
  for (const file of files) {
    if (!pageExtensions.some((extension) => (file.path ?? '').toLowerCase().endsWith('.' + extension))) continue
    const config = (file.data['docsLintConfig'] as ResolvedConfig | undefined) ?? defaultConfig
    const language = typeof file.data['language'] === 'string' ? file.data['language'] : config.language
    for (const ruleId of config.rules.keys()) {
      const read = ruleFor(ruleId)?.languages
      if (!read || read.includes(language)) continue
      const counts = left.get(ruleId) ?? new Map<string, number>()
      counts.set(language, (counts.get(language) ?? 0) + 1)
      left.set(ruleId, counts)
    }
  }
  // Rules that read the same languages and left the same pages alone share one notice.
  const groups = new Map<string, {rules: string[]; pages: string[]; read: readonly string[]}>()
  for (const ruleId of [...left.keys()].sort()) {
    const counts = [...left.get(ruleId)!].sort(([a], [b]) => a.localeCompare(b))
    const read = ruleFor(ruleId)!.languages!
    const key = JSON.stringify([counts, read])
    const pages = counts.map(([language, count], index) => count + (index === 0 ? ' ' + plural(count) : '') + ' in `' + language + '`')
    const group = groups.get(key) ?? {rules: [], pages, read}
    group.rules.push(ruleId)
    groups.set(key, group)
  }
  return [...groups.values()].map(({rules, pages, read}) => {
    const verb = rules.length === 1 ? 'reads' : 'read'
    return 'not checked: ' + joinAnd(pages) + ' by ' + joinAnd(rules.map((id) => '`' + id + '`')) + ', which ' + verb + ' ' + read.join(', ') + ' only'
  })
}

function plural(count: number): string {
  return count === 1 ? 'page' : 'pages'
}

