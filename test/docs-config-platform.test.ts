import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import docsConfig from '../rules/docs-config.js'
import type {SiteReport} from '../src/rule.js'
import {loadSiteConfig, type Site} from '../src/site/model.js'

// docs-config agrees with the platform: an error-level finding exactly where the platform's validation
// fails. The platform's verdicts were recorded when its package was synced (scripts/platform/docs-config.mjs
// writes test/data/docs-config-verdicts.generated.json): on each probe of test/fixtures/docs-config-probes
// and on each corpus config of ../shared/corpora (skipped when ../shared is absent).
const verdictsFile = path.join(import.meta.dirname, 'data', 'docs-config-verdicts.generated.json')
const probesRoot = path.join(import.meta.dirname, 'fixtures', 'docs-config-probes')
const corporaRoot = path.resolve(import.meta.dirname, '../../shared/corpora')

interface Verdict {
  valid: boolean
  issues: string[]
}
const configs = (JSON.parse(fs.readFileSync(verdictsFile, 'utf8')) as {configs: Record<string, Verdict>}).configs

/** The config's folder for a label of the verdicts file (`probe:name`, `corpus:site/docs/docs.json`). */
function siteRoot(label: string): string {
  if (label.startsWith('probe:')) return path.join(probesRoot, label.slice('probe:'.length))
  return path.dirname(path.join(corporaRoot, label.slice('corpus:'.length)))
}

/** docs-config's findings on the site's config alone, as `level file line:column message`. */
function findings(root: string): Array<{level: string; text: string}> {
  const config = loadSiteConfig(root)
  expect(config, 'no docs.json or mint.json in ' + root).toBeDefined()
  const site = {root, config, relativeOf: (file: string) => path.relative(root, file).split(path.sep).join('/')} as unknown as Site
  const reports: SiteReport[] = []
  docsConfig.site!({})(site, {report: (report) => reports.push(report)})
  return reports.map((report) => {
    const place = report.place && 'start' in report.place ? report.place.start : report.place
    return {level: report.level ?? 'error', text: site.relativeOf(report.file.path) + ' ' + (place ? place.line + ':' + place.column : '') + ' ' + report.message}
  })
}

function agree(label: string, verdict: Verdict): void {
  const errors = findings(siteRoot(label)).filter((finding) => finding.level === 'error').map((finding) => finding.text)
  if (verdict.valid) expect(errors, label + ': the platform accepts this config').toEqual([])
  else expect(errors.length, label + ': the platform rejects this config: ' + verdict.issues.join('; ')).toBeGreaterThan(0)
}

describe('docs-config agrees with the platform\'s verdict (recorded at sync time)', () => {
  const probes = Object.entries(configs).filter(([label]) => label.startsWith('probe:'))
  it('has a verdict for every probe, and probes of both kinds', () => {
    const folders = fs.readdirSync(probesRoot).sort()
    expect(probes.map(([label]) => label.slice('probe:'.length))).toEqual(folders)
    expect(probes.some(([, verdict]) => verdict.valid)).toBe(true)
    expect(probes.some(([, verdict]) => !verdict.valid)).toBe(true)
  })
  for (const [label, verdict] of probes) {
    it(label + (verdict.valid ? ': valid' : ': invalid'), () => agree(label, verdict))
  }
})

const corpora = Object.entries(configs).filter(([label]) => label.startsWith('corpus:'))
describe.skipIf(!fs.existsSync(corporaRoot))('docs-config agrees with the platform on the corpora (../shared/corpora)', () => {
  for (const [label, verdict] of corpora) {
    it(label + (verdict.valid ? ': valid' : ': invalid'), () => agree(label, verdict))
  }
})

describe('docs-config on a config too deep to check', () => {
  it('says so once, at the start of the config, instead of failing', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-deep-'))
    let pages = '"index"'
    for (let level = 0; level < 700; level++) pages = '{"group": "G", "pages": [' + pages + ']}'
    fs.writeFileSync(path.join(root, 'docs.json'), '{"theme": "mint", "name": "A", "colors": {"primary": "#0B6E4F"}, "navigation": {"groups": [' + pages + ']}}')
    expect(findings(root)).toEqual([{level: 'warn', text: 'docs.json 1:1 Unexpected nesting too deep for docs-lint to check in `docs.json`, expected fewer nested levels'}])
  })
})
