// `docs-lint llms`: write the site's `llms.txt` (its name, then each page of the navigation with its
// title, description and URL) from `docs.json` and the pages' front matter; `--check` compares it
// with the file on disk. A command beside linting: it reads the site model, and masks what the
// secret detector finds in any title or description it copies.
import fs from 'node:fs'
import path from 'node:path'
import {unifiedDiff} from '../fix/diff.js'
import {get} from '../site/json.js'
import {loadSiteConfig, Site} from '../site/model.js'
import {siteBaseOf} from '../site/base.js'
import {findSiteRoot} from '../site/files.js'
import {maxSitePageBytes, readInside} from '../site/reads.js'
import {frontMatterData} from '../page/page.js'
import {redactorOf} from '../page/redact.js'

export interface LlmsOptions {
  /** Prefix of page URLs (`https://docs.acme.dev`); without it, URLs start at `/`. */
  baseUrl?: string | undefined
  /**
   * The secrets of a page's or config file's text (the caller's secret detector). A title, description
   * or site name holding one is written masked, and the file is named in `masked`.
   */
  secretsOf?: ((source: string) => string[]) | undefined
}

export interface LlmsResult {
  text: string
  /** The files (relative to the site root) whose secrets were masked out of the text. */
  masked: string[]
}

/**
 * The page index the platform publishes at `/llms.txt`, in the llmstxt.org format: the site name
 * as H1, a blockquote summary, one H2 per navigation group and `- [Title](url): description` per
 * page, in navigation order. Titles and descriptions come from each page's front matter.
 */
export function buildLlmsTxt(site: Site, options: LlmsOptions = {}): LlmsResult {
  const base = (options.baseUrl ?? '').replace(/\/+$/, '')
  const masked: string[] = []
  const secretsOf = options.secretsOf
  // What a file's text lends to llms.txt, with that file's secrets masked out.
  const maskerOf = (relative: string, source: string): ((text: string) => string) => {
    const redact = redactorOf(secretsOf ? secretsOf(source) : [])
    return (text) => {
      const result = redact(text)
      if (result !== text && !masked.includes(relative)) masked.push(relative)
      return result
    }
  }
  const configMask = maskerOf(site.relativeOf(site.config.main.path), site.config.documents.map((document) => String(document.file.value ?? '')).join('\n'))
  const name = get(site.config.value, 'name')
  const lines: string[] = ['# ' + configMask(name?.type === 'string' ? name.value : path.basename(site.root)), '']
  const sections: Array<{title: string; pages: string[]}> = []
  const listed = new Set<string>()
  let summary: string | undefined
  const description = get(site.config.value, 'description')
  if (description?.type === 'string' && description.value.trim()) summary = configMask(description.value.trim())

  for (const entry of site.navigation()) {
    if (entry.operation) continue
    const page = site.pageAt(path.posix.normalize(entry.value.trim().replace(/^\/+/, '')))
    if (!page || listed.has(page.relative)) continue
    listed.add(page.relative)
    const {data, source} = frontMatterOf(path.join(site.root, page.relative), site.root)
    const pageMask = maskerOf(page.relative, source)
    const title = pageMask(text(data['title']) ?? text(data['sidebarTitle']) ?? page.route)
    const pageDescription = optional(text(data['description']), pageMask)
    // Without a site `description`, the home page (the first entry) sums the site up.
    if (listed.size === 1) summary ??= pageDescription ?? 'Documentation of ' + lines[0]!.slice(2) + '.'
    const route = page.route === 'index' ? '' : page.route.replace(/\/index$/, '')
    const url = base + '/' + route.split('/').map(encodeURIComponent).join('/')
    const groupTitle = configMask(entry.groups.at(-1) ?? 'Pages')
    let section = sections.at(-1)
    if (!section || section.title !== groupTitle) sections.push((section = {title: groupTitle, pages: []}))
    section.pages.push('- [' + escapeLinkText(title) + '](' + url + ')' + (pageDescription ? ': ' + pageDescription : ''))
  }
  if (summary) lines.push('> ' + summary.replace(/\s+/g, ' '), '')
  for (const section of sections) lines.push('## ' + section.title, '', ...section.pages, '')
  return {text: lines.join('\n').trimEnd() + '\n', masked}
}

function optional(value: string | undefined, change: (text: string) => string): string | undefined {
  return value === undefined ? undefined : change(value)
}

/** The options of `docs-lint llms`. */
export const llmsOptions = {out: {type: 'string', short: 'o'}, 'base-url': {type: 'string'}, check: {type: 'boolean'}, help: {type: 'boolean', short: 'h'}} as const

/**
 * `docs-lint llms [--out llms.txt] [--base-url URL] [--check] [folder]`; returns the exit code. A
 * secret in a title, a description or the site's name is written masked, and the run fails naming
 * the file, since a masked title is no title to publish.
 */
export function llmsCommand(
  {values, positionals}: {values: {out?: string | undefined; 'base-url'?: string | undefined; check?: boolean | undefined}; positionals: string[]},
  io: {stdout: (text: string) => void; stderr: (text: string) => void; cwd: string},
  secretsOf?: (source: string) => string[]
): number {
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
  const site = new Site(siteBaseOf(root, config, undefined), [])
  const {text, masked} = buildLlmsTxt(site, {baseUrl: values['base-url'], secretsOf})
  const failed = masked.length > 0 ? 1 : 0
  for (const file of masked) {
    io.stderr('docs-lint llms: `' + file + '` holds a secret in its title, description or name, masked in llms.txt; replace it with a placeholder (run `docs-lint` to see where)\n')
  }
  const out = values.out ?? path.join(root, 'llms.txt')
  if (out === '-') {
    io.stdout(text)
    return failed
  }
  const target = path.resolve(io.cwd, out)
  const relative = path.relative(io.cwd, target)
  const shown = relative && !relative.startsWith('..') ? relative : target
  if (values.check) {
    const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : ''
    if (current === text) return failed
    io.stdout(unifiedDiff(shown, current, text))
    io.stderr('docs-lint llms: `' + shown + '` is out of date, run `docs-lint llms` to update it\n')
    return 1
  }
  fs.writeFileSync(target, text)
  io.stdout('Wrote `' + shown + '` (' + text.split('\n').filter((line) => line.startsWith('- [')).length + ' pages)\n')
  return failed
}

export const llmsHelp = `Usage: docs-lint llms [options] [folder]

Write the site's page index, llms.txt (llmstxt.org format), from docs.json and the pages' front matter.

Options:
  -o, --out <file>      Where to write it (default: llms.txt in the site root; - for standard output)
      --base-url <url>  Prefix of page URLs, such as https://docs.example.com
      --check           Write nothing; exit with 1 and print a diff when the file is out of date
  -h, --help            Print this help`

function frontMatterOf(filePath: string, root: string): {data: Record<string, unknown>; source: string} {
  let source: string
  try {
    source = readInside(filePath, root, maxSitePageBytes)
  } catch {
    return {data: {}, source: ''}
  }
  const match = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(source)
  if (!match) return {data: {}, source}
  // Read as the pages are linted: what the platform's YAML reader accepts counts.
  return {data: frontMatterData(match[1]!) ?? {}, source}
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim().replace(/\s+/g, ' ') : undefined
}

function escapeLinkText(value: string): string {
  return value.replace(/[[\]]/g, '\\$&')
}
