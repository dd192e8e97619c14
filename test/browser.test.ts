import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {pathToFileURL} from 'node:url'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import type {Browser, Page} from 'playwright-core'
import type {JsonFile} from '../src/reporters/json.js'
import {runBin, tempSite} from './helpers/cli.js'

// The system's Chromium (Debian's `chromium` package; `.ci/run` installs it), driven by playwright-core:
// no browser is ever downloaded.
const chromium = process.env['DOCS_LINT_CHROMIUM'] ?? '/usr/bin/chromium'
const hasBrowser = fs.existsSync(chromium)
const project = path.resolve(import.meta.dirname, '..')
// The screenshots on docs/report.mdx come from this test: `UPDATE_DOCS=1 npx vitest run test/browser.test.ts`
// writes them there. Other runs take them all the same, into a temporary folder, so a test run leaves
// the repository as it found it.
const images = process.env['UPDATE_DOCS'] ? path.join(project, 'docs/images') : fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-screenshots-'))
const playground = path.join(project, 'dist/playground/index.html')
// A corpus small enough to lint in a few seconds (about 150 pages, 270 findings, one masked secret);
// box__box-mintlify (3,500 pages) takes over a minute to lint on a CI machine.
const corpus = path.resolve(project, '../shared/corpora/traceloop__docs')

/** A page with one problem of each kind the playground test expects. */
const problemPage = `---
title: Install
description: Install the command line tool.
---

# Install

Read more [here](https://example.com/more).

![](/images/install.png)
`

let browser: Browser
let site: string
let reportFile: string
let results: JsonFile[]

describe.skipIf(!hasBrowser)('the HTML report and the playground in Chromium', () => {
  beforeAll(async () => {
    // A clone without ../shared still tests the report, on a small site of its own.
    site = fs.existsSync(corpus)
      ? corpus
      : tempSite({
          'docs.json': JSON.stringify({name: 'Site', navigation: [{group: 'Guides', pages: ['guides/a', 'index']}]}),
          'index.mdx': '---\ntitle: Home\ndescription: Home.\n---\n\nSee [the guide](/guides/a).\n',
          'guides/a.mdx': problemPage,
          'api/b.mdx': '---\ntitle: B\n---\n\n# B\n\n![](/b.png)\n\n```bash\ncurl https://api.acme.dev/v1/me -H "Authorization: Bearer Rk7wPq2ZxN9vLm4TbY8cHd3S"\n```\n'
        })
    reportFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'docs-lint-report-')), 'report.html')
    // One run writes both formats, so their counts must agree.
    const run = runBin(['--format', 'json', '-o', reportFile, '.'], site)
    expect(run.stderr).not.toMatch(/Error|cannot/)
    results = JSON.parse(run.stdout) as JsonFile[]
    const {chromium: launcher} = await import('playwright-core')
    // `launch` gives each run a fresh profile folder of its own.
    browser = await launcher.launch({
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']
    })
    fs.mkdirSync(images, {recursive: true})
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
  })

  async function openReport(width = 1280, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
    const page = await browser.newPage({viewport: {width, height: 900}, colorScheme})
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    // Anything the report asked of the network would show here.
    page.on('request', (request) => {
      if (!request.url().startsWith('file:') && !request.url().startsWith('data:')) errors.push('request ' + request.url())
    })
    await page.goto(pathToFileURL(reportFile).href)
    await page.locator('#status').waitFor()
    expect(errors).toEqual([])
    return page
  }

  const all = () => results.flatMap((file) => file.messages)
  const text = async (page: Page, selector: string) => (await page.locator(selector).textContent())!.replace(/,/g, '')

  it('shows the counts the JSON format gives', async () => {
    const page = await openReport()
    const messages = all()
    expect(Number(await text(page, '#count-total'))).toBe(messages.length)
    expect(Number(await text(page, '#count-error'))).toBe(messages.filter((message) => message.severity === 'error').length)
    expect(Number(await text(page, '#count-warning'))).toBe(messages.filter((message) => message.severity === 'warning').length)
    expect(Number(await text(page, '#count-info'))).toBe(messages.filter((message) => message.severity === 'info').length)
    expect(Number(await text(page, '#count-fixable'))).toBe(messages.filter((message) => message.fix).length)
    expect(Number(await text(page, '#count-pages'))).toBe(results.filter((file) => /\.mdx?$/.test(file.path)).length)
    expect(await text(page, '#status')).toBe(`Showing ${messages.length} of ${messages.length} findings`)
    await page.screenshot({path: path.join(images, 'report.png')})
    await page.close()
  })

  it('filters the table to a rule when its bar is clicked', async () => {
    const page = await openReport()
    const bar = page.locator('#chart-rules button.bar').nth(1)
    const ruleId = (await bar.getAttribute('data-name'))!
    const expected = all().filter((message) => message.ruleId === ruleId).length
    await bar.click()
    expect(await bar.getAttribute('aria-pressed')).toBe('true')
    expect(await text(page, '#status')).toBe(`Showing ${expected} of ${all().length} findings (rule ${ruleId})`)
    const ruleCells = await page.locator('#findings tbody td[data-label="Rule"]').allTextContents()
    expect(ruleCells.length).toBe(Math.min(expected, 200))
    expect(new Set(ruleCells)).toEqual(new Set([ruleId]))
    await page.locator('#filter-clear').click()
    expect(await text(page, '#status')).toBe(`Showing ${all().length} of ${all().length} findings`)
    await page.close()
  })

  it('is usable with the keyboard alone: tab to a column, sort by it, open a fix', async () => {
    const page = await openReport()
    await page.locator('#filter-clear').focus()
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('File')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Severity')
    await page.keyboard.press('Enter')
    expect(await page.locator('th[data-key="severity"]').getAttribute('aria-sort')).toBe('ascending')
    const firstSeverity = await page.locator('#findings tbody tr').first().locator('.sev').textContent()
    expect(firstSeverity).toBe(all().some((message) => message.severity === 'error') ? 'error' : 'warning')
    // Onwards from the headers, Tab reaches the table's links: the rule docs of the first row.
    for (let step = 0; step < 3; step++) await page.keyboard.press('Tab')
    const focused = await page.evaluate(() => ({inTable: Boolean(document.activeElement?.closest('#findings tbody')), href: (document.activeElement as HTMLAnchorElement).href}))
    expect(focused.inTable).toBe(true)
    expect(focused.href).toMatch(/^https:\/\/docs-lint\.dev\//)
    // A fixable finding's diff opens from the keyboard.
    await page.locator('#filter-clear').click()
    const summary = page.locator('#findings details summary').first()
    await summary.focus()
    await page.keyboard.press('Enter')
    const diff = page.locator('#findings details[open] pre.diff').first()
    expect(await diff.isVisible()).toBe(true)
    expect(await diff.locator('span.add').count()).toBeGreaterThan(0)
    await page.close()
  })

  it('masks secrets as the JSON format does, and fits 390 pixels in the dark theme', async () => {
    const report = fs.readFileSync(reportFile, 'utf8')
    let secrets = 0
    for (const file of results) {
      const source = fs.existsSync(path.resolve(site, file.path)) ? fs.readFileSync(path.resolve(site, file.path), 'utf8') : ''
      for (const message of file.messages.filter((item) => item.ruleId === 'no-secrets')) {
        const line = source.split('\n')[message.line! - 1]!
        const secret = line.slice(message.column! - 1, message.endLine === message.line ? message.endColumn! - 1 : undefined)
        expect(secret.length).toBeGreaterThan(8)
        secrets++
        expect(report).not.toContain(secret)
        expect(report).toContain(JSON.stringify(message.reason).slice(1, -1).replace(/</g, '\\u003c'))
      }
    }
    expect(secrets).toBeGreaterThan(0)
    const page = await openReport(390, 'dark')
    expect(await page.evaluate(() => document.documentElement.dataset['theme'])).toBe('dark')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await page.screenshot({path: path.join(images, 'report-narrow-dark.png')})
    await page.close()
  })

  it('lints a page typed into the playground, opened from the file system', async () => {
    expect(fs.existsSync(playground), 'run `npm run build` first: it writes dist/playground/').toBe(true)
    const page = await browser.newPage({viewport: {width: 1280, height: 860}})
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto(pathToFileURL(playground).href)
    await page.locator('#status', {hasText: /problem/}).waitFor()
    await page.locator('#source').fill('')
    await page.locator('#source').focus()
    await page.keyboard.type(problemPage, {delay: 0})
    const status = page.locator('#status', {hasText: '4 problems'})
    await status.waitFor({timeout: 10_000})
    const messages = await page.locator('#messages li').allTextContents()
    expect(messages.join('\n')).toContain('Unexpected heading level `1`, expected `2`')
    expect(messages.join('\n')).toContain('Unexpected link text `here`')
    expect(messages.join('\n')).toContain('Missing alt text on image')
    expect(messages.join('\n')).toContain('Unexpected image outside `<Frame>`')
    expect(await page.locator('#site-rules').textContent()).toContain('broken-links')
    await page.screenshot({path: path.join(images, 'playground.png')})
    await page.locator('#apply').click()
    await page.locator('#status', {hasText: '2 problems'}).waitFor({timeout: 10_000})
    expect(await page.locator('#source').inputValue()).toContain('<Frame>')
    expect(errors).toEqual([])
    await page.close()
  })
})

describe.skipIf(hasBrowser)('the HTML report and the playground in Chromium', () => {
  it(`are skipped: no browser at ${chromium} (install Debian's \`chromium\`, or set DOCS_LINT_CHROMIUM)`, () => {
    expect(hasBrowser).toBe(false)
  })
})
