// `docs-lint init`: write a config for the docs site in a folder, and say what docs-lint found there
// (the site's docs.json or mint.json, a Vale config, the team's editor rule files) and what to do next.
// It never replaces a config that exists, and writes only inside the folder.
import fs from 'node:fs'
import path from 'node:path'
import {findRuleFiles} from '../conventions/find.js'
import {escapeControl} from '../reporters/control.js'
import {configFileNames} from '../engine/snapshot.js'
import {isFile, isFolder} from '../shared/file-kind.js'

export const initHelp = `Usage: docs-lint init [folder]

Write a .docs-lintrc.json that extends the recommended preset in the folder (default: the current
folder), and say what docs-lint found there: the site's docs.json or mint.json, a Vale config whose
styles it runs, and the team's editor rule files. A folder that has a docs-lint config already is
left as it is.`

interface InitIo {
  stdout: (text: string) => void
  stderr: (text: string) => void
  cwd: string
}

const siteConfigNames = ['docs.json', 'mint.json']
const valeConfigNames = ['.vale.ini', '_vale.ini', 'vale.ini']
/** The folders a site usually sits in below a repository's root. */
const siteFolders = ['docs', 'documentation', 'doc', 'site', 'website', 'content']

/** The options of `docs-lint init`. */
export const initOptions = {help: {type: 'boolean', short: 'h'}} as const

/** Run the command; returns its exit code. */
export async function initCommand({positionals}: {positionals: string[]}, io: InitIo): Promise<number> {
  if (positionals.length > 1) {
    io.stderr('docs-lint init: expected one folder, got ' + positionals.length + '\n')
    return 2
  }
  const folder = path.resolve(io.cwd, positionals[0] ?? '.')
  const shown = (file: string) => escapeControl(path.relative(io.cwd, file).split(path.sep).join('/') || '.')
  if (!isFolder(folder)) {
    io.stderr('docs-lint init: no folder `' + escapeControl(positionals[0] ?? '.') + '`\n')
    return 2
  }
  const existing = existingConfig(folder)
  if (existing) {
    io.stderr('docs-lint init: `' + shown(existing) + '` configures docs-lint here already; edit it, or see its settings with `docs-lint --print-config <page>`\n')
    return 1
  }
  const target = path.join(folder, '.docs-lintrc.json')
  try {
    // Created, never replaced: `wx` fails on any file or link already at that name.
    fs.writeFileSync(target, JSON.stringify({extends: 'recommended'}, undefined, 2) + '\n', {flag: 'wx'})
  } catch (error) {
    io.stderr('docs-lint init: cannot write `' + shown(target) + '`: ' + ((error as NodeJS.ErrnoException).code ?? (error as Error).message) + '\n')
    return 2
  }
  const lines = ['Wrote `' + shown(target) + '`: the recommended preset.']
  const site = findSiteConfig(folder)
  if (!site) {
    lines.push('  No docs.json or mint.json here: the site checks (navigation, orphan pages, links) need one.')
  } else {
    const older = path.basename(site) === 'mint.json' ? ' (the older shape, which the platform upgrades to docs.json)' : ''
    lines.push('  Site: `' + shown(site) + '`' + older + '.')
  }
  const vale = [folder, ...(site ? [path.dirname(site)] : [])].flatMap((where) => valeConfigNames.map((name) => path.join(where, name))).find(isFile)
  if (vale) lines.push('  Vale styles: docs-lint runs the styles `' + shown(vale) + '` names, on the MDX tree.')
  const ruleFiles = findRuleFiles(folder)
  if (ruleFiles.length > 0) {
    const names = ruleFiles.slice(0, 3).map((file) => '`' + escapeControl(file.relative) + '`').join(', ') + (ruleFiles.length > 3 ? ' and ' + (ruleFiles.length - 3) + ' more' : '')
    lines.push('  Rule files: ' + names + '. See which of their lines docs-lint checks: `docs-lint conventions`.')
  }
  if (!ignoresCache(folder)) lines.push('  With `--cache`, add `.docs-lint-cache` to `.gitignore`.')
  lines.push('Next: `npx docs-lint' + (positionals[0] ? ' ' + escapeControl(positionals[0]) : '') + '`')
  io.stdout(lines.join('\n') + '\n')
  return 0
}

/** A docs-lint config in the folder: a config file, or a `docs-lint` key in its package.json. */
function existingConfig(folder: string): string | undefined {
  const file = configFileNames.map((name) => path.join(folder, name)).find((candidate) => fs.existsSync(candidate))
  if (file) return file
  const manifest = path.join(folder, 'package.json')
  try {
    if (isFile(manifest) && fs.statSync(manifest).size < 1024 * 1024 && Object.hasOwn(JSON.parse(fs.readFileSync(manifest, 'utf8')) as object, 'docs-lint')) return manifest
  } catch {
    // A package.json that does not parse holds no docs-lint config.
  }
  return undefined
}

/** docs.json or mint.json in the folder, or in a folder a site usually sits in below it. */
function findSiteConfig(folder: string): string | undefined {
  for (const where of [folder, ...siteFolders.map((name) => path.join(folder, name))]) {
    const found = siteConfigNames.map((name) => path.join(where, name)).find(isFile)
    if (found) return found
  }
  return undefined
}

/** Whether the folder's `.gitignore` already leaves the default cache out. */
function ignoresCache(folder: string): boolean {
  const ignore = path.join(folder, '.gitignore')
  if (!isFile(ignore) || fs.statSync(ignore).size > 1024 * 1024) return false
  return fs.readFileSync(ignore, 'utf8').split('\n').some((line) => /^\/?\.docs-lint-cache\/?\s*$/.test(line.trim()))
}


