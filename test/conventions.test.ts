import fs from 'node:fs'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {rules} from '../rules/index.js'
import {conventionById, conventions, conventionsOf} from '../src/conventions/catalogue.js'
import {ruleLines} from '../src/conventions/split.js'
import {runCli, tempSite} from './helpers/cli.js'
import {fakeKinds} from './helpers/fake-secrets.js'

/** The rule file of the platform spec (section 2.4), as a team would keep it, and what each line states. */
const specRules = `---
description: Writing conventions
---
# Documentation rules

It instructs the AI writing assistant to follow the conventions below.

**Language and style**

1. Use clear, direct language for a technical audience.
2. Write instructions in second person and in active voice.
3. Use present tense for current states and future tense for outcomes.
4. Avoid jargon; define terms on first use; keep terminology consistent.
5. Keep sentences concise; use parallel structure in lists, headings and procedures.

**Content organisation**

1. Lead with the most important information.
2. Present basic concepts before advanced ones.
3. Break complex procedures into numbered steps.
4. Give prerequisites and context before instructions.
5. Give the expected outcome of each major step.
6. Use descriptive, keyword-rich headings; group related information with clear section breaks.

**User-centred approach**

1. Focus on user goals and outcomes.
2. Anticipate common questions.
3. Include troubleshooting for likely failure points and verification steps.
4. Write for scannability.

**Code examples**

1. Examples are complete and runnable.
2. Examples show error handling and edge cases, and expected outputs.
3. Examples use realistic data, are tested before publishing, name the language and file where relevant, and comment complex logic.
4. Examples never contain real keys or secrets.

**API documentation**

1. Document all parameters, including optional ones.
2. Show both success and error responses.
3. State rate-limit information with specific limits.
4. Show authentication examples in the proper format.
5. Explain all HTTP status codes and error handling.
6. Cover complete request/response cycles.

**Accessibility**

1. Every image and diagram has descriptive alt text.
2. Link text is specific and actionable.
3. Heading hierarchy starts at the second level.
4. Consider keyboard navigation and sufficient colour contrast.
5. Structure content with headers and lists.

**Component selection**

| Content | Component |
|---|---|
| Procedures and sequential instructions | \`Steps\` |
| Platform-specific or alternative content | \`Tabs\` |
| Same concept in several languages | \`CodeGroup\` |
| Progressive disclosure | \`Accordion\` |
| API endpoint documentation | \`RequestExample\` / \`ResponseExample\` |
| API parameters / API responses | \`ParamField\` / \`ResponseField\` |
| Nested object properties | \`Expandable\` |
`

const specConventionsByLine: Array<[number, string[]]> = [
  [10, ['clear-language']], [11, ['second-person', 'active-voice']], [12, ['tense']], [13, ['avoid-jargon', 'define-terms', 'consistent-terminology']],
  [14, ['concise-sentences', 'parallel-structure']], [18, ['important-first']], [19, ['basic-before-advanced']], [20, ['numbered-steps']],
  [21, ['prerequisites-first']], [22, ['expected-outcomes']], [23, ['descriptive-headings', 'section-breaks']], [27, ['user-goals']],
  [28, ['anticipate-questions']], [29, ['troubleshooting', 'verification-steps']], [30, ['scannability']], [34, ['runnable-examples']],
  [35, ['error-handling-examples', 'expected-output']], [36, ['realistic-data', 'tested-examples', 'code-language', 'code-comments']], [37, ['no-real-secrets']],
  [41, ['all-parameters']], [42, ['success-and-error-responses']], [43, ['rate-limits']], [44, ['auth-format']], [45, ['status-codes']],
  [46, ['request-response-cycles']], [50, ['alt-text']], [51, ['link-text']], [52, ['heading-hierarchy']], [53, ['keyboard-navigation', 'colour-contrast']],
  [54, ['headers-and-lists']], [60, ['use-steps']], [61, ['use-tabs']], [62, ['use-codegroup']], [63, ['use-accordion']], [64, ['use-api-examples']],
  [65, ['use-fields']], [66, ['use-expandable']]
]

describe('the catalogue of writing conventions', () => {
  it('names every convention a rule declares, and each rule declares coverage of known ones', () => {
    const declared = rules.flatMap((rule) => (rule.conventions ?? []).map((entry) => rule.id + ' -> ' + entry.id))
    expect(declared.length).toBeGreaterThan(20)
    expect(declared.filter((entry) => !conventionById.has(entry.split(' -> ')[1]!))).toEqual([])
    expect(new Set(conventions.map((convention) => convention.id)).size).toBe(conventions.length)
  })

  it('recognises each convention in its own wording, and no other', () => {
    const misread = conventions.filter((convention) => conventionsOf(convention.wording).map((found) => found.id).join() !== convention.id)
    expect(misread.map((convention) => convention.id + ': ' + conventionsOf(convention.wording).map((found) => found.id).join())).toEqual([])
  })

  it('matches each convention of the spec\'s rules.md to the right entries', () => {
    const lines = ruleLines(specRules)
    const stated = lines.map((line) => [line.line, conventionsOf(line.text).map((convention) => convention.id)] as [number, string[]]).filter(([, ids]) => ids.length > 0)
    expect(stated).toEqual(specConventionsByLine)
  })

  it('leaves lines about other things alone', () => {
    for (const text of ['Run `pnpm test` before committing.', 'Credentials are stored only in `sessionStorage`, never in cookies.', 'Example of request/response documentation:',
      'High-contrast code output.', 'All ancestors of the active sidebar page remain expanded.', 'Use functional components only.', 'Run the tests in parallel.']) {
      expect(conventionsOf(text).map((convention) => convention.id), text).toEqual([])
    }
  })
})

describe('splitting a rule file into lines', () => {
  it('takes list items, table rows and sentences, with their line and headings, and skips code, comments and components', () => {
    const source = [
      '---', 'globs: "*.mdx"', '---', '# Style', '', '## Voice', '', '- Use active voice.', '  Keep it short.', '- [ ] Use **bold** for [UI labels](/ui).',
      '', '```md', '- Use passive voice.', '```', '', '<Steps>', '', 'Run the installer.', '', '</Steps>', '', '<!-- a comment -->', '{/* an MDX comment */}',
      'First sentence here. Second one', 'runs on. Third!', '', '| Do | Don\'t |', '| --- | --- |', '| Use "you" | Use "the user" |'
    ].join('\n')
    expect(ruleLines(source)).toEqual([
      {line: 8, text: 'Use active voice.', headings: ['Style', 'Voice']},
      {line: 9, text: 'Keep it short.', headings: ['Style', 'Voice']},
      {line: 10, text: 'Use bold for UI labels.', headings: ['Style', 'Voice']},
      {line: 24, text: 'First sentence here.', headings: ['Style', 'Voice']},
      {line: 24, text: 'Second one runs on.', headings: ['Style', 'Voice']},
      {line: 25, text: 'Third!', headings: ['Style', 'Voice']},
      {line: 29, text: 'Use "you" | Use "the user"', headings: ['Style', 'Voice']}
    ])
  })
})

const styleRules = [
  '---', 'description: Docs style', 'alwaysApply: true', '---', '# Writing', '',
  '- Write in second person ("you") for instructions.',
  '- Include descriptive alt text for all images.',
  '- Run `pnpm test` before committing.',
  '- Use the Oxford comma.',
  '- Keep sentences concise.', ''
].join('\n')

describe('docs-lint conventions', () => {
  it('prints the coverage table of the rule files under the recommended preset', async () => {
    const root = tempSite({'.cursor/rules/style.mdc': styleRules, 'docs/index.mdx': '# Home\n'})
    const run = await runCli(['conventions'], root)
    expect(run).toEqual({
      code: 0,
      stderr: '',
      stdout: [
        '.cursor/rules/style.mdc',
        '  5 lines: 2 checked, 0 partly, 2 not checked, 1 not a writing convention',
        '  Rules from the recommended preset (no `.docs-lintrc`)',
        '  line  status       convention',
        '    7  checked      Write in second person ("you") for instructions.',
        '                    by second-person',
        '    8  checked      Include descriptive alt text for all images.',
        '                    by image-alt',
        '   10  not checked  Use the Oxford comma.',
        '   11  not checked  Keep sentences concise.',
        '                    off: sentence-length',
        '',
        'Off in the lint configuration, would check more lines:',
        '  sentence-length (1 line)',
        ''
      ].join('\n')
    })
  })

  it('follows the folder\'s config and counts the rules of its Vale styles', async () => {
    const root = tempSite({
      'AGENTS.md': styleRules,
      '.docs-lintrc.json': JSON.stringify({extends: 'recommended', rules: {'second-person': 'warn'}}),
      '.vale.ini': 'StylesPath = styles\n\n[*.md]\nBasedOnStyles = House\n',
      'styles/House/Serial.yml': 'extends: existence\nmessage: "Use the Oxford comma in \'%s\'."\nlevel: warning\ntokens:\n  - \'\\w+, \\w+ and\'\n'
    })
    const run = await runCli(['conventions', '--format', 'json'], root)
    expect(run.code).toBe(0)
    const report = JSON.parse(run.stdout) as {files: Array<{path: string; config: string; vale: string; lines: Array<{line: number; status: string; checkedBy: Array<{rule: string; vale: boolean}>; off: string[]}>}>}
    expect(report.files.map((file) => [file.path, file.config, file.vale])).toEqual([['AGENTS.md', '.docs-lintrc.json', '.vale.ini']])
    const byLine = Object.fromEntries(report.files[0]!.lines.map((line) => [line.line, [line.status, line.checkedBy.map((checker) => checker.rule + (checker.vale ? ' (Vale)' : '')), line.off]]))
    expect(byLine).toEqual({
      7: ['checked', ['second-person'], []],
      8: ['checked', ['image-alt'], []],
      9: ['not a convention', [], []],
      10: ['partly', ['House.Serial (Vale)'], []],
      11: ['not checked', [], ['sentence-length']]
    })
  })

  it('writes the conventions section, leaves the rest of the file, and then agrees with --check', async () => {
    const root = tempSite({'.windsurf/rules.md': '# Our rules\n\n- Use the Oxford comma.\n'})
    const rulesFile = path.join(root, '.windsurf/rules.md')
    expect(await runCli(['conventions', '--check'], root)).toEqual({
      code: 1,
      stdout: '',
      stderr: 'docs-lint conventions: no rule file in `.` has a `<!-- docs-lint conventions: start -->` section: run `docs-lint conventions --write` to add one\n'
    })
    expect(await runCli(['conventions', '--write'], root)).toEqual({code: 0, stdout: 'Wrote 26 conventions into `.windsurf/rules.md`\n', stderr: ''})
    const written = fs.readFileSync(rulesFile, 'utf8')
    expect(written.startsWith('# Our rules\n\n- Use the Oxford comma.\n\n<!-- docs-lint conventions: start -->\n')).toBe(true)
    expect(written).toContain('**Accessibility**\n\n1. Every image and diagram has descriptive alt text (checked by `image-alt`).\n')
    expect(written).toContain('Write instructions in active voice (checked in part by `passive-voice`)')
    expect(written).toContain('Use present tense for current states and future tense for outcomes (checked in part by `present-tense`)')
    expect(written).toContain('Show authentication examples in the proper format (`Authorization: Bearer <API_KEY>`) (checked in part by `auth-format`)')
    expect(written).not.toContain('Keep sentences concise')
    expect(await runCli(['conventions', '--write'], root)).toEqual({code: 0, stdout: '`.windsurf/rules.md` is up to date\n', stderr: ''})
    expect(fs.readFileSync(rulesFile, 'utf8')).toBe(written)
    expect(await runCli(['conventions', '--check', '.windsurf/rules.md'], root)).toEqual({code: 0, stdout: '', stderr: ''})
    // What it wrote, read back, is checked as it says.
    const table = JSON.parse((await runCli(['conventions', '--format', 'json'], root)).stdout) as {files: Array<{lines: Array<{text: string; status: string}>}>}
    const numbered = table.files[0]!.lines.filter((line) => / \(checked /.test(line.text))
    expect(numbered.length).toBe(26)
    expect(numbered.filter((line) => line.status !== (line.text.includes('in part') ? 'partly' : 'checked'))).toEqual([])
  })

  it('fails --check after the section was edited or the configuration changed, naming the lines', async () => {
    const root = tempSite({'CLAUDE.md': '# Rules\n'})
    await runCli(['conventions', '--write', 'CLAUDE.md'], root)
    const file = path.join(root, 'CLAUDE.md')
    const written = fs.readFileSync(file, 'utf8')
    fs.writeFileSync(file, written.replace('1. Every image and diagram has descriptive alt text', '1. Images may skip alt text'))
    const edited = await runCli(['conventions', '--check', 'CLAUDE.md'], root)
    const line = written.split('\n').findIndex((row) => row.includes('descriptive alt text')) + 1
    expect(edited.code).toBe(1)
    expect(edited.stderr).toBe('docs-lint conventions: line ' + line + ' of `CLAUDE.md` differs from what the lint configuration checks: run `docs-lint conventions --write CLAUDE.md` to update it\n')
    expect(edited.stdout).toContain('-1. Images may skip alt text (checked by `image-alt`).\n+1. Every image and diagram has descriptive alt text (checked by `image-alt`).\n')
    fs.writeFileSync(file, written)
    fs.writeFileSync(path.join(root, '.docs-lintrc.json'), JSON.stringify({extends: 'recommended', rules: {'sentence-length': 'warn'}}))
    const reconfigured = await runCli(['conventions', '--check'], root)
    expect(reconfigured.code).toBe(1)
    expect(reconfigured.stdout).toContain('+4. Keep sentences concise (checked in part by `sentence-length`).\n')
    expect(fs.readFileSync(file, 'utf8')).toBe(written)
  })

  it('says so when the file has no section, and never writes outside the folder', async () => {
    const root = tempSite({'docs/AGENTS.md': '# Agents\n', 'docs/page.mdx': '# Page\n'})
    expect(await runCli(['conventions', 'docs', '--check', 'docs/AGENTS.md'], root)).toEqual({
      code: 1,
      stdout: '',
      stderr: 'docs-lint conventions: `docs/AGENTS.md` has no `<!-- docs-lint conventions: start -->` section: run `docs-lint conventions --write docs/AGENTS.md` to add it\n'
    })
    const outside = await runCli(['conventions', 'docs', '--write', 'rules.md'], root)
    expect(outside.code).toBe(2)
    expect(outside.stderr).toContain('`rules.md` is outside the folder')
    expect(fs.existsSync(path.join(root, 'rules.md'))).toBe(false)
    const page = await runCli(['conventions', 'docs', '--write=docs/page.mdx'], root)
    expect(page).toEqual({code: 2, stdout: '', stderr: 'docs-lint conventions: `docs/page.mdx` is not a rule file: expected a Markdown file (`.md`, `.mdc`, `.cursorrules`, `.windsurfrules`)\n'})
  })

  it('reports a rule file it cannot read in one line, and goes on with the others', async () => {
    const root = tempSite({
      'AGENTS.md': 'x'.repeat(1024 * 1024 + 1),
      'CLAUDE.md': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]),
      '.github/copilot-instructions.md': '- Include descriptive alt text for all images.\n',
      'node_modules/pkg/AGENTS.md': '- Use active voice.\n',
      '.git/rules.md': '- Use active voice.\n'
    })
    const outside = tempSite({'rules.md': '- Use active voice.\n'})
    fs.symlinkSync(path.join(outside, 'rules.md'), path.join(root, '.cursorrules'))
    const run = await runCli(['conventions'], root)
    expect(run.code).toBe(0)
    expect(run.stderr).toBe([
      'docs-lint conventions: `.cursorrules` is a symbolic link to a file outside the site folder: skipped',
      'docs-lint conventions: `AGENTS.md` is larger than the 1 MB limit: skipped',
      'docs-lint conventions: `CLAUDE.md` is a binary file, not text: skipped',
      ''
    ].join('\n'))
    expect(run.stdout.split('\n').slice(0, 2)).toEqual(['.github/copilot-instructions.md', '  1 line: 1 checked, 0 partly, 0 not checked, 0 not writing conventions'])
  })

  it('masks a real credential a rule file holds, in the table, the JSON and the --check diff', async () => {
    const kind = fakeKinds.find((entry) => entry.name === 'GitHub token')!
    const secret = kind.make()
    const root = tempSite({'CLAUDE.md': '- Never put real tokens such as ' + secret + ' in code examples.\n'})
    for (const format of ['pretty', 'json']) {
      const run = await runCli(['conventions', '--format', format], root)
      expect(run.stdout).toContain(kind.prefix)
      expect(run.stdout).not.toContain(secret)
    }
    await runCli(['conventions', '--write', 'CLAUDE.md'], root)
    const file = path.join(root, 'CLAUDE.md')
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('(checked by `image-alt`)', '(checked by ' + secret + ')'))
    const check = await runCli(['conventions', '--check', 'CLAUDE.md'], root)
    expect(check.code).toBe(1)
    expect(check.stdout).toContain('-1. Every image and diagram has descriptive alt text (checked by ' + secret.slice(0, 4))
    expect(check.stdout).not.toContain(secret)
  })

  it('keeps the CRLF line ends of a rule file, and a second --write changes nothing', async () => {
    const root = tempSite({'AGENTS.md': '# Rules\r\n\r\n- Use the Oxford comma.\r\n'})
    expect((await runCli(['conventions', '--write', 'AGENTS.md'], root)).code).toBe(0)
    const written = fs.readFileSync(path.join(root, 'AGENTS.md'), 'utf8')
    expect(written.replace(/\r\n/g, '')).not.toContain('\n')
    expect(await runCli(['conventions', '--write', 'AGENTS.md'], root)).toEqual({code: 0, stdout: '`AGENTS.md` is up to date\n', stderr: ''})
    expect((await runCli(['conventions', '--check'], root)).code).toBe(0)
  })

  it('treats a Cursor rule for code files as no writing convention', async () => {
    const root = tempSite({'.cursor/rules/web.mdc': '---\nglobs: apps/web/**/*.tsx, apps/web/**/*.ts\n---\n- Never hard-code API keys in examples.\n'})
    const run = await runCli(['conventions'], root)
    expect(run.stdout).toBe([
      '.cursor/rules/web.mdc',
      '  1 line: 0 checked, 0 partly, 0 not checked, 1 not a writing convention',
      '  Its `globs` (apps/web/**/*.tsx, apps/web/**/*.ts) name no page: its rules are',
      '  about code, not writing.',
      ''
    ].join('\n'))
  })

  it('answers a usage mistake with exit code 2 and an empty folder with a hint', async () => {
    const root = tempSite({'index.mdx': '# Home\n'})
    expect((await runCli(['conventions', '--format', 'sarif'], root)).code).toBe(2)
    expect((await runCli(['conventions', 'missing'], root)).stderr).toBe('docs-lint conventions: no folder `missing`\n')
    const empty = await runCli(['conventions'], root)
    expect(empty.code).toBe(0)
    expect(empty.stdout).toContain('Run `docs-lint conventions --write` to write one from the lint configuration.')
  })
})

const corporaRoot = path.resolve(import.meta.dirname, '../../shared/corpora')
const withRuleFiles = fs.existsSync(corporaRoot)
  ? fs.readdirSync(corporaRoot).filter((name) => !name.startsWith('.') && ['AGENTS.md', 'CLAUDE.md', '.cursor', '.github', 'docs'].some((entry) => fs.existsSync(path.join(corporaRoot, name, entry)))).sort()
  : []

describe.skipIf(withRuleFiles.length === 0)('docs-lint conventions on the real corpora (../shared/corpora)', () => {
  it('runs cleanly on every corpus, and the table on the docs page is the real one', async () => {
    for (const name of withRuleFiles) {
      const run = await runCli(['conventions', name], corporaRoot)
      expect([name, run.code, run.stderr]).toEqual([name, 0, ''])
    }
    const page = fs.readFileSync(path.resolve(import.meta.dirname, '../docs/conventions.mdx'), 'utf8')
    const table = /```text\n([\s\S]*?)```\n/.exec(page)![1]!
    expect((await runCli(['conventions', 'axiomhq__docs'], corporaRoot)).stdout, 'update the table of docs/conventions.mdx').toBe(table)
  }, 120_000)
})
