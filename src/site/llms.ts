import fs from 'node:fs'
import path from 'node:path'
import {parseArgs} from 'node:util'
import {unifiedDiff} from '../diff.js'
import {get} from './json.js'
import {loadSiteConfig, Site} from './model.js'
import {findSiteRoot} from './files.js'
import {maxSitePageBytes, readInside} from './reads.js'
import {frontMatterData} from '../page.js'

export interface LlmsOptions {
  /** Prefix of page URLs (`https://docs.acme.dev`); without it, URLs start at `/`. */
  baseUrl?: string | undefined
}

/**
 * The page index the platform publishes at `/llms.txt`, in the llmstxt.org format: the site name
 * as H1, a blockquote summary, one H2 per navigation group and `- [Title](url): description` per
 * page, in navigation order. Titles and descriptions come from each page's front matter.
 */
export function buildLlmsTxt(site: Site, options: LlmsOptions = {}): string {
  const base = (options.baseUrl ?? '').replace(/\/+$/, '')
  const name = get(site.config.value, 'name')
  const lines: string[] = ['# ' + (name?.type === 'string' ? name.value : path.basename(site.root)), '']
  const sections: Array<{title: string; pages: string[]}> = []
  const listed = new Set<string>()
  let summary: string | undefined
  const description = get(site.config.value, 'description')
  if (description?.type === 'string' && description.value.trim()) summary = description.value.trim()

  for (const entry of site.navigation()) {
    if (entry.operation) continue
    const page = site.pageAt(path.posix.normalize(entry.value.trim().replace(/^\/+/, '')))
    if (!page || listed.has(page.relative)) continue
    listed.add(page.relative)
    const data = frontMatterOf(path.join(site.root, page.relative), site.root)
    const title = text(data['title']) ?? text(data['sidebarTitle']) ?? page.route
    const pageDescription = text(data['description'])
    // Without a site `description`, the home page (the first entry) sums the site up.
    if (listed.size === 1) summary ??= pageDescription ?? 'Documentation of ' + lines[0]!.slice(2) + '.'
    const route = page.route === 'index' ? '' : page.route.replace(/\/index$/, '')
    const url = base + '/' + route.split('/').map(encodeURIComponent).join('/')
    const groupTitle = entry.groups.at(-1) ?? 'Pages'
    let section = sections.at(-1)
    if (!section || section.title !== groupTitle) sections.push((section = {title: groupTitle, pages: []}))
    section.pages.push('- [' + escapeLinkText(title) + '](' + url + ')' + (pageDescription ? ': ' + pageDescription : ''))
  }
  if (summary) lines.push('> ' + summary.replace(/\s+/g, ' '), '')
  for (const section of sections) lines.push('## ' + section.title, '', ...section.pages, '')
  return lines.join('\n').trimEnd() + '\n'
}

/** `docs-lint llms [--out llms.txt] [--base-url URL] [--check] [folder]`; returns the exit code. */
export function llmsCommand(argv: string[], io: {stdout: (text: string) => void; stderr: (text: string) => void; cwd: string}): number {
  let values: {out?: string | undefined; 'base-url'?: string | undefined; check?: boolean | undefined; help?: boolean | undefined}
  let positionals: string[]
  try {
    ;({values, positionals} = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {out: {type: 'string', short: 'o'}, 'base-url': {type: 'string'}, check: {type: 'boolean'}, help: {type: 'boolean', short: 'h'}}
    }))
  } catch (error) {
    io.stderr('docs-lint llms: ' + (error as Error).message + '\nRun `docs-lint llms --help` for usage.\n')
    return 2
  }
  if (values.help) {
    io.stdout(llmsHelp + '\n')
    return 0
  }
  const start = path.resolve(io.cwd, positionals[0] ?? '.')
  const root = findSiteRoot(start, new Map())
  const config = root ? loadSiteConfig(root) : undefined
  if (!root || !config) {
    io.stderr('docs-lint llms: no `docs.json` or `mint.json` in `' + start + '` or a folder above it\n')
    return 2
  }
  if (!config.value) {
    io.stderr('docs-lint llms: cannot read `' + config.name + '`: run `docs-lint` to see the problem\n')
    return 2
  }
  const site = new Site(root, config, [])
  const text = buildLlmsTxt(site, {baseUrl: values['base-url']})
  const out = values.out ?? path.join(root, 'llms.txt')
  if (out === '-') {
    io.stdout(text)
    return 0
  }
  const target = path.resolve(io.cwd, out)
  const relative = path.relative(io.cwd, target)
  const shown = relative && !relative.startsWith('..') ? relative : target
  if (values.check) {
    const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : ''
    if (current === text) return 0
    io.stdout(unifiedDiff(shown, current, text))
    io.stderr('docs-lint llms: `' + shown + '` is out of date, run `docs-lint llms` to update it\n')
    return 1
  }
  fs.writeFileSync(target, text)
  io.stdout('Wrote `' + shown + '` (' + text.split('\n').filter((line) => line.startsWith('- [')).length + ' pages)\n')
  return 0
}

export const llmsHelp = `Usage: docs-lint llms [options] [folder]

Write the site's page index, llms.txt (llmstxt.org format), from docs.json and the pages' front matter.

Options:
  -o, --out <file>      Where to write it (default: llms.txt in the site root; - for standard output)
      --base-url <url>  Prefix of page URLs, such as https://docs.example.com
      --check           Write nothing; exit with 1 and print a diff when the file is out of date
  -h, --help            Print this help`

function frontMatterOf(filePath: string, root: string): Record<string, unknown> {
  let source: string
  try {
    source = readInside(filePath, root, maxSitePageBytes)
  } catch {
    return {}
  }
  const match = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(source)
  if (!match) return {}
  // Read as the pages are linted: what the platform's YAML reader accepts counts.
  return frontMatterData(match[1]!) ?? {}
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim().replace(/\s+/g, ' ') : undefined
}

function escapeLinkText(value: string): string {
  return value.replace(/[[\]]/g, '\\$&')
}
