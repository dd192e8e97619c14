import fs from 'node:fs'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {VFile} from 'vfile'
import {fixDiff, html, htmlChunks} from '../src/reporters/html.js'
import {keepText, redactMessage, redactorOf} from '../src/page/redact.js'
import {runCli, tempSite} from './helpers/cli.js'

interface Rows {
  s: string[]
  r: number[][]
}

/** The report's findings, read back as the page's script reads them. */
function rowsOf(report: string): Array<{file: number; line: number; reason: string; diff: string | undefined}> {
  const blocks = [...report.matchAll(/<script type="application\/json" class="report-rows">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Rows)
  return blocks.flatMap((block) => block.r.map((row) => ({file: row[0]!, line: row[1]!, reason: block.s[row[5]!]!, diff: row[6]! >= 0 ? block.s[row[6]!] : undefined})))
}

function metaOf(report: string): {files: string[]; root: string; sections: string[]; pages: number; counts: Record<string, number>; rules: Array<{id: string}>} {
  return JSON.parse(/<script type="application\/json" id="report-meta">(.*?)<\/script>/.exec(report)![1]!)
}

/** `count` findings over 250 pages in 5 sections, with messages as varied as a real site's. */
function manyFindings(count: number): VFile[] {
  const files = Array.from({length: 250}, (_, index) => new VFile({path: `section-${index % 5}/guides/page-number-${index}.mdx`, cwd: '/site', value: ''}))
  const rules = ['image-alt', 'front-matter', 'link-text', 'heading-levels', 'orphan-pages', 'terminology', 'passive-voice', 'sentence-length']
  for (let index = 0; index < count; index++) {
    const file = files[index % files.length]!
    const ruleId = rules[index % rules.length]!
    const reason = index % 3 === 0
      ? `Unexpected page outside the navigation: no entry in \`docs.json\` reaches \`${file.path.replace('.mdx', '')}\`, expected it in \`navigation\` (finding ${index})`
      : index % 3 === 1 ? 'Missing alt text on image, expected a description of what the image shows' : `Unexpected \`${ruleId}\` wording, expected plainer words`
    const message = file.message(reason, {place: {start: {line: index % 400 + 1, column: 3}, end: {line: index % 400 + 1, column: 30}}, ruleId, source: 'docs-lint'})
    message.fatal = index % 4 === 0 ? true : false
    message.url = 'https://docs-lint.dev/rules/' + ruleId
  }
  return files
}

describe('HTML report', () => {
  it('holds 5,000 findings in under 1 MB, written in blocks of at most 1,000', () => {
    const files = manyFindings(5000)
    const chunks = [...htmlChunks(files, {cwd: '/site'})]
    const report = chunks.join('')
    expect(Buffer.byteLength(report)).toBeLessThan(1024 * 1024)
    const rowBlocks = chunks.filter((chunk) => chunk.includes('class="report-rows"'))
    expect(rowBlocks.length).toBe(5)
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThan(200 * 1024)
    const rows = rowsOf(report)
    expect(rows.length).toBe(5000)
    const meta = metaOf(report)
    expect(meta.counts).toEqual({error: 1250, warning: 3750, info: 0, fixable: 0})
    expect(meta.sections.filter((section, index, all) => all.indexOf(section) === index).sort()).toEqual(['section-0/', 'section-1/', 'section-2/', 'section-3/', 'section-4/'])
    expect(meta.files[rows[0]!.file]).toBe('section-0/guides/page-number-0.mdx')
  })

  it('keeps a message that looks like markup inside its data: no script of its own runs', () => {
    const file = new VFile({path: 'a.mdx', cwd: '/site', value: 'x'})
    const reason = 'Unexpected `</script><script>alert(1)</script>` and <!-- a comment'
    file.message(reason, {place: {line: 1, column: 1}, ruleId: 'link-text', source: 'docs-lint'}).fatal = false
    const report = html([file], {cwd: '/site'})
    expect(report).not.toContain('</script><script>alert')
    expect(report).not.toContain('<!-- a comment')
    expect(rowsOf(report)[0]!.reason).toBe(reason)
  })

  it('shows a fix as the lines it changes, with the page’s secrets masked', () => {
    const secret = 'Rk7wPq2ZxN9vLm4TbY8cHd3S'
    const source = `---\ntitle: A\n---\n\n# Call the API\n\n\`\`\`bash\ncurl https://api.acme.dev/v1/me -H "Authorization: Bearer ${secret}"\n\`\`\`\n`
    const file = new VFile({path: 'a.mdx', cwd: '/site', value: source})
    const codeLine = source.indexOf('curl')
    // A fix of the code block's line (as a fixable rule would offer) and one of the heading.
    const message = file.message('Unexpected `curl`', {place: {line: 8, column: 1}, ruleId: 'terminology', source: 'docs-lint'})
    Object.assign(message, {fix: [{start: codeLine, end: codeLine + 4, text: 'curl --fail'}]})
    const heading = file.message('Unexpected heading level `1`, expected `2`', {place: {line: 5, column: 1}, ruleId: 'heading-levels', source: 'docs-lint'})
    Object.assign(heading, {fix: [{start: source.indexOf('# Call'), end: source.indexOf('# Call') + 1, text: '##'}]})
    const report = html([file], {cwd: '/site'})
    expect(report).not.toContain(secret)
    const rows = rowsOf(report)
    expect(rows.find((row) => row.line === 8)!.diff).toBe(
      '- curl https://api.acme.dev/v1/me -H "Authorization: Bearer Rk7w…"\n+ curl --fail https://api.acme.dev/v1/me -H "Authorization: Bearer Rk7w…"'
    )
    expect(rows.find((row) => row.line === 5)!.diff).toBe('- # Call the API\n+ ## Call the API')
    expect(metaOf(report).counts['fixable']).toBe(2)
  })

  it('shows no fix whose text had a secret masked out of it, as the JSON format', () => {
    const secret = 'Rk7wPq2ZxN9vLm4TbY8cHd3S'
    const file = new VFile({path: 'a.mdx', cwd: '/site', value: `token ${secret}\n`})
    const message = file.message(`Unexpected token \`${secret}\``, {place: {line: 1, column: 7}, ruleId: 'no-secrets', source: 'docs-lint'})
    Object.assign(message, {fix: [{start: 6, end: 6, text: `<${secret}>`}]})
    redactMessage(message, redactorOf([secret]))
    const report = html([file], {cwd: '/site'})
    expect(report).not.toContain(secret)
    expect(rowsOf(report)[0]).toMatchObject({reason: 'Unexpected token `Rk7w…`', diff: undefined})
    expect(metaOf(report).counts['fixable']).toBe(0)
  })

  it('cuts a long fix to its first lines on each side', () => {
    const source = Array.from({length: 20}, (_, index) => 'line ' + index).join('\n')
    const diff = fixDiff(source, [{start: 0, end: source.length, text: source.toUpperCase()}], keepText)!
    expect(diff.split('\n')).toHaveLength(18)
    expect(diff.split('\n')[8]).toBe('- …')
    expect(diff.split('\n')[17]).toBe('+ …')
  })

  it('is the format of `-o report.html`, and counts pages and sections of the linted site', async () => {
    const root = tempSite({
      'docs/index.mdx': '---\ntitle: Home\ndescription: Home.\n---\n\nWelcome.\n',
      'docs/guides/a.mdx': '---\ntitle: A\ndescription: A.\n---\n\n# A\n',
      'docs/api/b.mdx': '---\ntitle: B\n---\n\nB.\n'
    })
    const missingFolder = await runCli(['-o', 'out/report.html', 'docs'], root)
    expect(missingFolder.stderr).toBe('docs-lint: cannot write `out/report.html`: ENOENT\n')
    expect(missingFolder.code).toBe(2)
    fs.mkdirSync(path.join(root, 'out'), {recursive: true})
    const run = await runCli(['-o', 'out/report.html', 'docs'], root)
    expect(run.stderr).toBe('')
    expect(run.code).toBe(1)
    const report = fs.readFileSync(path.join(root, 'out/report.html'), 'utf8')
    expect(report).toMatch(/^<!doctype html>/)
    // Nothing in the page names a host: it opens offline.
    expect(report).not.toMatch(/<(script|link|img)[^>]+(src|href)=/)
    const meta = metaOf(report)
    expect(meta.pages).toBe(3)
    expect(meta.files).toEqual(['docs/api/b.mdx', 'docs/guides/a.mdx'])
    expect(meta.sections).toEqual(['api/', 'guides/'])
    expect(meta.root).toBe('docs/')
    expect(meta.rules.map((rule) => rule.id).sort()).toEqual(['front-matter', 'heading-levels'])
    // After `--fix-dry-run`, the report holds what remains once the fixes are applied.
    const dryRun = await runCli(['--fix-dry-run', '-o', 'out/fixed.html', 'docs'], root)
    expect(dryRun.code).toBe(0)
    const fixedMeta = metaOf(fs.readFileSync(path.join(root, 'out/fixed.html'), 'utf8'))
    expect(fixedMeta.rules.map((rule) => rule.id)).toEqual(['front-matter'])
    expect(fixedMeta.counts['fixable']).toBe(0)
    const printed = await runCli(['--format', 'html', 'docs'], root)
    expect(printed.stdout).toMatch(/^<!doctype html>[\s\S]*<\/html>\n$/)
  })
})
