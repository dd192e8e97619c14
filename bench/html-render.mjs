#!/usr/bin/env node
// How large an HTML report is and how long Chromium takes to show it: `node bench/html-render.mjs report.html`
// (write one with `docs-lint -o report.html <site>`). Opens it from the file system in the system's
// Chromium (/usr/bin/chromium, or DOCS_LINT_CHROMIUM) five times and prints the size and the median time
// from navigation to the first paint (the whole report at once) and to the load event.
import fs from 'node:fs'
import path from 'node:path'
import {pathToFileURL} from 'node:url'
import {chromium} from 'playwright-core'

const report = process.argv[2]
if (!report || !fs.existsSync(report)) {
  console.error('usage: node bench/html-render.mjs <report.html>')
  process.exit(2)
}
const executablePath = process.env['DOCS_LINT_CHROMIUM'] ?? '/usr/bin/chromium'
const browser = await chromium.launch({executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']})
const drawn = []
const loaded = []
try {
  for (let run = 0; run < 5; run++) {
    const page = await browser.newPage({viewport: {width: 1280, height: 900}})
    await page.goto(pathToFileURL(path.resolve(report)).href)
    await page.locator('#findings tbody tr').first().waitFor()
    // The report's script draws the whole page at once, so its first contentful paint shows the table.
    const times = await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => {
      const navigation = /** @type {PerformanceNavigationTiming} */ (performance.getEntriesByType('navigation')[0])
      const paint = performance.getEntriesByName('first-contentful-paint')[0]
      resolve({drawn: paint ? paint.startTime : NaN, loaded: navigation.loadEventEnd})
    }))))
    drawn.push(times.drawn)
    loaded.push(times.loaded)
    await page.close()
  }
} finally {
  await browser.close()
}
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]
const bytes = fs.statSync(report).size
console.log(`${report}: ${(bytes / 1024).toFixed(0)} KB; first paint (summary, charts and table) ${median(drawn).toFixed(0)} ms, load event ${median(loaded).toFixed(0)} ms (median of 5)`)
