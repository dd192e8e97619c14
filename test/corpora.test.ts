import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {pretty} from '../src/reporters/pretty.js'
import {lint} from '../src/engine/index.js'

// Real documentation repositories, kept beside the project (never edited). A fresh clone without them
// still passes: the suite says so and skips.
const corporaRoot = path.resolve(import.meta.dirname, '../../shared/corpora')
const corpora = fs.existsSync(corporaRoot) ? fs.readdirSync(corporaRoot).filter((name) => !name.startsWith('.')).sort() : []
const countsFile = path.join(import.meta.dirname, 'corpora.counts.json')
const update = process.env['UPDATE_CORPORA'] === '1'
type Counts = Record<string, Record<string, number>>
const recorded: Counts = fs.existsSync(countsFile) ? (JSON.parse(fs.readFileSync(countsFile, 'utf8')) as Counts) : {}
const measured: Counts = {}

// Judged findings (test/precision/*.tsv, see docs/accuracy.mdx): a TP must still be reported and an FP
// must stay gone, except where the 7th column records a known state: `lost` (a TP the rule no longer
// reports, on purpose) or `open` (an FP not fixed yet). Either way a change shows up here. An 8th
// column, where a rule puts several findings on one line (api-completeness on the `openapi:` line),
// is a text the finding's message holds (`request body`).
interface Judged {
  source: string
  corpus: string
  file: string
  line: number
  rule: string
  verdict: 'TP' | 'FP'
  state: '' | 'lost' | 'open'
  holds: string
}
const precisionFolder = path.join(import.meta.dirname, 'precision')
const judged: Judged[] = fs.existsSync(precisionFolder)
  ? fs.readdirSync(precisionFolder).filter((name) => name.endsWith('.tsv')).flatMap((name) =>
      fs.readFileSync(path.join(precisionFolder, name), 'utf8').split('\n').flatMap((text, index) => {
        if (!text || text.startsWith('#')) return []
        const [corpus = '', place = '', rule = '', , verdict = '', , state = '', holds = ''] = text.split('\t')
        const [, file = '', line = ''] = /^(.*):(\d+):\d+$/.exec(place) ?? []
        return [{source: name + ':' + (index + 1), corpus, file, line: Number(line), rule, verdict: verdict as Judged['verdict'], state: state as Judged['state'], holds}]
      })
    )
  : []

describe.skipIf(corpora.length === 0)('real corpora (../shared/corpora)', () => {
  for (const name of corpora) {
    it(name + ': lints every page without a crash; counts per rule match the reviewed baseline', async () => {
      const root = path.join(corporaRoot, name)
      const result = await lint({patterns: [root], cwd: root})
      expect(result.configErrors).toEqual([])
      expect(result.files.length).toBeGreaterThan(10)
      const counts: Record<string, number> = {}
      const reported = new Map<string, string[]>()
      for (const file of result.files) {
        const relative = path.relative(root, path.resolve(file.cwd, file.path)).split(path.sep).join('/')
        for (const message of file.messages) {
          const key = relative + ':' + message.line + ':' + message.ruleId
          reported.set(key, [...(reported.get(key) ?? []), String(message.reason)])
          expect(message.ruleId, file.path + ': ' + message.reason).not.toBe('rule-error')
          expect(message.source).toBe('docs-lint')
          expect(message.line, file.path + ': ' + message.reason).toBeGreaterThan(0)
          counts[message.ruleId!] = (counts[message.ruleId!] ?? 0) + 1
        }
      }
      counts['(pages)'] = result.files.length
      // The pretty report fits the terminal: no line wider than asked, the rule id included.
      for (const width of [80, 120]) {
        const wide = pretty(result.files, {width, pages: result.files.length, seconds: 1}).split('\n').filter((line) => line.length > width)
        expect(wide.slice(0, 3), 'pretty lines wider than ' + width).toEqual([])
      }
      const wrong = judged
        .filter((entry) => entry.corpus === name)
        .filter((entry) => {
          const present = (reported.get(entry.file + ':' + entry.line + ':' + entry.rule) ?? []).some((reason) => reason.includes(entry.holds))
          const expected = entry.verdict === 'TP' ? entry.state !== 'lost' : entry.state === 'open'
          return present !== expected
        })
        .map((entry) => entry.source + ' ' + entry.verdict + (entry.state ? ' (' + entry.state + ')' : '') + ' ' + entry.rule + ' ' + entry.file + ':' + entry.line)
      // A judged TP that is lost, or a judged FP that came back (or an open one that is fixed: mark it).
      expect(wrong).toEqual([])
      measured[name] = Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)))
      if (update) {
        const current = fs.existsSync(countsFile) ? (JSON.parse(fs.readFileSync(countsFile, 'utf8')) as Counts) : {}
        current[name] = measured[name]!
        fs.writeFileSync(countsFile, JSON.stringify(current, undefined, 2) + '\n')
      } else {
        // A change in findings on real sites is reviewed by hand, then recorded: `npm run test:corpora:update`.
        expect(measured[name]).toEqual(recorded[name])
      }
    }, 300_000)
  }
})

describe.runIf(corpora.length === 0)('real corpora', () => {
  it('are absent: the corpus tests were skipped (place the corpora in ../shared/corpora to run them)', () => {
    expect(fs.existsSync(corporaRoot)).toBe(false)
  })
})

const hoppscotch = path.join(corporaRoot, 'hoppscotch__docs')
describe.skipIf(!fs.existsSync(hoppscotch))('a corpus copy gives the same results however it is run', () => {
  const summarise = (result: Awaited<ReturnType<typeof lint>>) =>
    result.files.map((file) => JSON.stringify([file.path, file.messages.map((m) => [m.line, m.column, m.ruleId, m.reason, m.fatal])]))

  it('with --jobs 0, 1 and 2, and with a cold and a warm cache', async () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-corpus-'))
    fs.cpSync(hoppscotch, copy, {recursive: true})
    const baseline = summarise(await lint({patterns: ['.'], cwd: copy, jobs: 0}))
    expect(summarise(await lint({patterns: ['.'], cwd: copy, jobs: 1}))).toEqual(baseline)
    expect(summarise(await lint({patterns: ['.'], cwd: copy, jobs: 2}))).toEqual(baseline)
    const cacheLocation = path.join(copy, '.docs-lint-cache')
    expect(summarise(await lint({patterns: ['.'], cwd: copy, jobs: 2, cacheLocation}))).toEqual(baseline)
    expect(summarise(await lint({patterns: ['.'], cwd: copy, jobs: 2, cacheLocation}))).toEqual(baseline)
  }, 300_000)

  it('with --shard 1/3, 2/3 and 3/3 together', async () => {
    const whole = summarise(await lint({patterns: ['.'], cwd: hoppscotch, jobs: 2}))
    const parts: string[] = []
    for (const index of [1, 2, 3]) parts.push(...summarise(await lint({patterns: ['.'], cwd: hoppscotch, jobs: 2, shard: {index, count: 3}})))
    expect(parts.sort()).toEqual([...whole].sort())
  }, 300_000)
})
