import fs from 'node:fs'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import Ajv from 'ajv-draft-04'
import {VFile} from 'vfile'
import {github, githubSummary} from '../src/reporters/github.js'
import {sarif} from '../src/reporters/sarif.js'
import {builtinMessageIds} from '../src/page/messages.js'
import {rules} from '../rules/index.js'
import {runCli, tempSite} from './helpers/cli.js'

const sarifSchema = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'data/sarif-2.1.0-rtm.5.json'), 'utf8'))
const validateSarif = new Ajv.default({strict: false, allErrors: true, unicodeRegExp: false}).compile(sarifSchema)

function sampleFiles(): VFile[] {
  const file = new VFile({path: 'guides/a, b:c.mdx', cwd: '/repo/docs', value: 'x'})
  const error = file.message('Unexpected `1`, expected `2`: 100% sure\nsecond line', {
    place: {start: {line: 6, column: 1}, end: {line: 6, column: 10}},
    ruleId: 'heading-levels',
    source: 'docs-lint'
  })
  error.fatal = true
  const warning = file.message('Wrap the image', {
    place: {start: {line: 8, column: 1}, end: {line: 8, column: 20}},
    ruleId: 'frame-images',
    source: 'docs-lint'
  })
  warning.fatal = false
  Object.assign(warning, {fix: [{start: 40, end: 59, text: '<Frame>\n  ![a](b.png)\n</Frame>'}]})
  const info = file.message('Deprecated key', {place: {line: 2, column: 3}, ruleId: 'docs-config', source: 'docs-lint'})
  info.fatal = undefined
  return [file, new VFile({path: 'clean.mdx', cwd: '/repo/docs'})]
}

describe('github reporter', () => {
  it('prints one workflow command per message with escaped properties and data', () => {
    expect(github(sampleFiles(), {workspace: '/repo'})).toBe(
      '::error file=docs/guides/a%2C b%3Ac.mdx,line=6,col=1,endLine=6,endColumn=10,title=heading-levels::Unexpected `1`, expected `2`: 100%25 sure%0Asecond line\n' +
        '::warning file=docs/guides/a%2C b%3Ac.mdx,line=8,col=1,endLine=8,endColumn=20,title=frame-images::Wrap the image\n' +
        '::notice file=docs/guides/a%2C b%3Ac.mdx,line=2,col=3,title=docs-config::Deprecated key\n'
    )
  })

  it('summarises counts per rule and the worst files in Markdown', () => {
    const summary = githubSummary(sampleFiles(), {workspace: '/repo'})
    expect(summary).toContain('| `heading-levels` | 1 | 0 | 0 |')
    expect(summary).toContain('| `frame-images` | 0 | 1 | 0 |')
    expect(summary).toContain('| `docs/guides/a, b:c.mdx` | 3 |')
  })

  it('appends the summary to GITHUB_STEP_SUMMARY when the CLI prints annotations', async () => {
    const root = tempSite({'a.mdx': '# Title\n'})
    const summaryFile = path.join(root, 'summary.md')
    fs.writeFileSync(summaryFile, 'before\n')
    process.env['GITHUB_STEP_SUMMARY'] = summaryFile
    process.env['GITHUB_WORKSPACE'] = root
    try {
      const run = await runCli(['--format', 'github'], root)
      expect(run.code).toBe(1)
      expect(run.stdout).toContain('::error file=a.mdx,line=1,col=1,endLine=1,endColumn=8,title=heading-levels::Unexpected heading level `1`')
      expect(fs.readFileSync(summaryFile, 'utf8')).toMatch(/^before\n### docs-lint\n/)
    } finally {
      delete process.env['GITHUB_STEP_SUMMARY']
      delete process.env['GITHUB_WORKSPACE']
    }
  })
})

describe('sarif reporter', () => {
  it('is valid SARIF 2.1.0 with a rule table from rule metadata, regions and fixes', () => {
    const log = JSON.parse(sarif(sampleFiles(), {root: '/repo'}))
    expect(validateSarif(log), JSON.stringify(validateSarif.errors, undefined, 2)).toBe(true)
    const run = log.runs[0]
    const ids = run.tool.driver.rules.map((rule: {id: string}) => rule.id)
    for (const rule of rules) expect(ids).toContain(rule.id)
    // And every message docs-lint reports itself, so a code-scanning result never names a rule the table lacks.
    for (const id of builtinMessageIds) expect(ids).toContain(id)
    expect(run.tool.driver.rules[ids.indexOf('heading-levels')]).toEqual({
      id: 'heading-levels',
      shortDescription: {text: rules.find((rule) => rule.id === 'heading-levels')!.summary},
      helpUri: 'https://docs-lint.dev/rules/heading-levels',
      defaultConfiguration: {level: 'error'},
      // The rule's message variants, SARIF's numbered placeholders for its `{{name}}`s.
      messageStrings: {
        secondTitle: {text: 'Unexpected heading level `1`, expected `2`: the page title comes from front matter'},
        firstLevel: {text: 'Unexpected first heading level `{0}`, expected `2`'},
        skipped: {text: 'Unexpected heading level `{0}` after level `{1}`, expected at most `{2}`'}
      }
    })
    const [error, warning, info] = run.results
    expect(error).toMatchObject({
      ruleId: 'heading-levels',
      level: 'error',
      locations: [{physicalLocation: {artifactLocation: {uri: 'docs/guides/a%2C%20b%3Ac.mdx'}, region: {startLine: 6, startColumn: 1, endLine: 6, endColumn: 10}}}]
    })
    expect(warning.fixes[0].artifactChanges[0].replacements).toEqual([
      {deletedRegion: {charOffset: 40, charLength: 19}, insertedContent: {text: '<Frame>\n  ![a](b.png)\n</Frame>'}}
    ])
    expect(info.level).toBe('note')
  })

  it('writes SARIF with --output-file while printing pretty output', async () => {
    const root = tempSite({'a.mdx': '# Title\n'})
    const run = await runCli(['--output-file', 'report.sarif', '--output-file', 'json=report.txt'], root)
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('heading-levels')
    const log = JSON.parse(fs.readFileSync(path.join(root, 'report.sarif'), 'utf8'))
    expect(validateSarif(log)).toBe(true)
    expect(log.runs[0].results.map((result: {ruleId: string}) => result.ruleId)).toEqual(['front-matter', 'heading-levels'])
    expect(JSON.parse(fs.readFileSync(path.join(root, 'report.txt'), 'utf8'))[0].path).toBe('a.mdx')
  })
})
