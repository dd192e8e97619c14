// Vale styles as a user meets them on the command line: found beside the pages, reported like any rule,
// fixed where the fix is certain, set from the docs-lint config, and honest about what they cannot run.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {afterEach, beforeEach, describe, expect, it} from 'vitest'
import {runCli} from './helpers/cli.js'

let site: string

function write(relative: string, text: string): void {
  const file = path.join(site, relative)
  fs.mkdirSync(path.dirname(file), {recursive: true})
  fs.writeFileSync(file, text)
}

interface JsonMessage {
  ruleId: string
  line: number
  column: number
  reason: string
  url?: string
  fatal?: boolean | null
}

async function styleFindings(args: string[] = []): Promise<JsonMessage[]> {
  const run = await runCli(['--format', 'json', ...args, 'page.mdx'], site)
  const files = JSON.parse(run.stdout) as Array<{path: string; messages: JsonMessage[]}>
  return files.flatMap((file) => file.messages).filter((message) => message.ruleId.includes('.'))
}

beforeEach(() => {
  site = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-styles-'))
  write('.vale.ini', 'StylesPath = styles\nMinAlertLevel = suggestion\n\n[*]\nBasedOnStyles = Acme\nAcme.Exclaim = NO\n')
  write('styles/Acme/Terms.yml', 'extends: substitution\nmessage: "Use \'%s\' instead of \'%s\'."\nlink: https://example.com/terms\nlevel: error\nignorecase: true\naction:\n  name: replace\nswap:\n  utilize: use\n  it is: it\'s\n')
  write('styles/Acme/Hedges.yml', 'extends: existence\nmessage: "Remove \'%s\'."\nlevel: warning\naction:\n  name: remove\ntokens:\n  - simply\n')
  write('styles/Acme/Exclaim.yml', 'extends: existence\nmessage: "No \'%s\'."\nlevel: error\nnonword: true\ntokens:\n  - "!"\n')
  write('styles/Acme/Section.yml', 'extends: script\nmessage: "Too long."\nscript: |\n  matches := []\n')
  write('page.mdx', '---\ntitle: A page\ndescription: A page about terms.\n---\n\nIt is simple: utilize `utilize()` and simply go!\n\n<Note>\n  You simply utilize it.\n</Note>\n')
})

afterEach(() => fs.rmSync(site, {recursive: true, force: true}))

describe('Vale styles on the command line', () => {
  it('reports a style rule with its id, place, message, level and link, never inside code', async () => {
    const findings = await styleFindings()
    expect(findings.map((finding) => [finding.ruleId, finding.line, finding.column, finding.reason])).toEqual([
      ['Acme.Terms', 6, 1, "Use 'it's' instead of 'It is'."],
      ['Acme.Terms', 6, 15, "Use 'use' instead of 'utilize'."],
      ["Acme.Hedges", 6, 39, "Remove 'simply'."],
      ['Acme.Hedges', 9, 7, "Remove 'simply'."],
      ['Acme.Terms', 9, 14, "Use 'use' instead of 'utilize'."]
    ])
    expect(findings[0]!.url).toBe('https://example.com/terms')
    expect(findings[0]!.fatal).toBe(true)
    expect(findings[2]!.fatal).toBe(false)
  })

  it('says once which rule it cannot run, with its file and line', async () => {
    const run = await runCli(['page.mdx'], site)
    const notices = run.stderr.split('\n').filter((line) => line.includes('Acme.Section'))
    expect(notices).toHaveLength(1)
    expect(notices[0]).toMatch(/styles\/Acme\/Section\.yml:\d+: .*not checked.*Tengo/)
  })

  it('fixes what is certain, keeping the capital of a sentence, and leaves code alone', async () => {
    const run = await runCli(['--fix', 'page.mdx'], site)
    expect(run.code).toBeLessThan(2)
    expect(fs.readFileSync(path.join(site, 'page.mdx'), 'utf8')).toContain("It's simple: use `utilize()` and go!\n\n<Note>\n  You use it.\n</Note>")
  })

  it('leaves a fix to the writer when it would join two sentences or cut into a word', async () => {
    write('styles/Acme/Spacing.yml', 'extends: existence\nmessage: "\'%s\' should have one space."\nlevel: error\nnonword: true\naction:\n  name: remove\ntokens:\n  - \'[a-z][.?!] {2,}[A-Z]\'\n')
    write('styles/Acme/Bang.yml', 'extends: existence\nmessage: "No \'!\'."\nlevel: error\nnonword: true\naction:\n  name: edit\n  params:\n    - trim_right\n    - "!"\ntokens:\n  - \'\\w!\'\n')
    const text = '---\ntitle: A page\ndescription: A page about terms.\n---\n\nGreat! Now run it.  Then stop.\n'
    write('page.mdx', text)
    const findings = await styleFindings()
    expect(findings.map((finding) => finding.ruleId).sort()).toEqual(['Acme.Bang', 'Acme.Spacing'])
    await runCli(['--fix', 'page.mdx'], site)
    expect(fs.readFileSync(path.join(site, 'page.mdx'), 'utf8')).toBe(text)
  })

  it('takes severities from the docs-lint config, and `vale: false` turns styles off', async () => {
    write('.docs-lintrc.json', JSON.stringify({extends: 'recommended', rules: {'Acme.Hedges': 'off', 'Acme.Terms': 'info', 'Acme.Exclaim': 'warn'}}))
    const findings = await styleFindings()
    expect(new Set(findings.map((finding) => finding.ruleId))).toEqual(new Set(['Acme.Terms', 'Acme.Exclaim']))
    expect(findings.filter((finding) => finding.ruleId === 'Acme.Terms').every((finding) => finding.fatal === undefined || finding.fatal === null)).toBe(true)
    write('.docs-lintrc.json', JSON.stringify({extends: 'recommended', vale: false}))
    expect(await styleFindings()).toEqual([])
  })

  it("honours Vale's comments and docs-lint's own", async () => {
    write('page.mdx', '---\ntitle: A page\ndescription: A page about terms.\n---\n\n{/* vale Acme.Terms = NO */}\n\nWe utilize it.\n\n{/* vale Acme.Terms = YES */}\n\n{/* docs-lint disable-next-line Acme.Hedges */}\nSimply utilize it.\n\n{/* vale off */}\n\nSimply utilize it.\n')
    const findings = await styleFindings()
    expect(findings.map((finding) => [finding.ruleId, finding.line])).toEqual([['Acme.Terms', 13]])
  })

  it('lists a style rule in the SARIF rule table with its link', async () => {
    const run = await runCli(['--format', 'sarif', 'page.mdx'], site)
    const log = JSON.parse(run.stdout) as {runs: Array<{tool: {driver: {rules: Array<{id: string; helpUri?: string}>}}; results: Array<{ruleId: string; ruleIndex?: number}>}>}
    const rules = log.runs[0]!.tool.driver.rules
    const result = log.runs[0]!.results.find((entry) => entry.ruleId === 'Acme.Terms')!
    expect(rules[result.ruleIndex!]).toMatchObject({id: 'Acme.Terms', helpUri: 'https://example.com/terms'})
  })
})
