// A `.vale.ini` read as Vale reads it: its core settings, its `[*]` section and its glob sections, and which
// of them apply to a page. Finding the file (the page's folder, then each folder above it) is `findValeIni`.
import fs from 'node:fs'
import path from 'node:path'
import picomatch from 'picomatch'
import {listValue, parseIni, type IniEntry, type IniSection} from './ini.js'
import type {ValeLevel} from './types.js'

export const valeIniNames = ['.vale.ini', '_vale.ini', 'vale.ini'] as const

/** A rule named in a section: `Style.Rule = NO` (off), `YES` (on), or a level (on, at that level). */
export interface RuleSwitch {
  enabled: boolean
  level: ValeLevel | undefined
}

export interface ValeSection {
  /** The section's glob as written (`*`, `*.{md,mdx}`). */
  glob: string
  line: number
  basedOnStyles: string[] | undefined
  rules: Map<string, RuleSwitch>
  tokenIgnores: string[]
  blockIgnores: string[]
  commentDelimiters: [string, string] | undefined
}

/** A problem in the `.vale.ini` itself: reported once per run, with its line. */
export interface IniProblem {
  message: string
  line: number
}

export interface ValeConfig {
  /** The `.vale.ini` (absolute). */
  file: string
  stylesPath: string
  minAlertLevel: ValeLevel
  vocabularies: string[]
  packages: string[]
  ignoredScopes: string[]
  skippedScopes: string[]
  /** `[*]`: applies to every page. */
  global: ValeSection
  /** Glob sections in the order written; a later one wins. */
  sections: ValeSection[]
  problems: IniProblem[]
  /** The line of each core key, for messages. */
  lines: Record<string, number>
}

export const levels: readonly ValeLevel[] = ['suggestion', 'warning', 'error']
const sectionKeys = new Set(['BasedOnStyles', 'TokenIgnores', 'BlockIgnores', 'IgnorePatterns', 'CommentDelimiters', 'Transform', 'Lang'])
const coreKeys = new Set(['StylesPath', 'MinAlertLevel', 'IgnoredScopes', 'SkippedScopes', 'IgnoredClasses', 'Vocab', 'Packages', 'WordTemplate', 'DictionaryPath', 'NLPEndpoint', 'LTPath', 'SphinxBuildPath', 'SphinxAutoBuild'])

/** The nearest `.vale.ini`, `_vale.ini` or `vale.ini` in `folder` or above it; undefined when none. */
export function findValeIni(folder: string, known: Map<string, string | undefined>): string | undefined {
  if (known.has(folder)) return known.get(folder)
  let found: string | undefined
  for (const name of valeIniNames) {
    const candidate = path.join(folder, name)
    try {
      if (fs.statSync(candidate).isFile()) {
        found = candidate
        break
      }
    } catch {
      // Not here: look further up.
    }
  }
  if (!found && path.dirname(folder) !== folder) found = findValeIni(path.dirname(folder), known)
  known.set(folder, found)
  return found
}

/** Read a `.vale.ini` given its text; every problem in it is collected, none stops the rest. */
export function readValeConfig(file: string, text: string): ValeConfig {
  const ini = parseIni(text)
  const problems: IniProblem[] = []
  const core = ini.sections.get('')!
  const folder = path.dirname(file)
  const value = (key: string) => core.entries.get(key)?.values.at(-1)
  const lines: Record<string, number> = {}
  for (const [key, entry] of core.entries) {
    lines[key] = entry.line
    if (!coreKeys.has(key) && !sectionKeys.has(key) && !key.includes('.')) {
      problems.push({message: 'Unknown setting `' + key + '`', line: entry.line})
    }
  }
  const stylesSetting = value('StylesPath') ?? process.env['VALE_STYLES_PATH']
  const stylesPath = stylesSetting === undefined ? path.join(folder, 'styles') : path.resolve(folder, stylesSetting)
  let minAlertLevel: ValeLevel = 'warning'
  const minimum = value('MinAlertLevel')
  if (minimum !== undefined) {
    if ((levels as readonly string[]).includes(minimum)) minAlertLevel = minimum as ValeLevel
    else problems.push({message: '`MinAlertLevel` is `' + minimum + '`, expected `suggestion`, `warning` or `error`', line: core.entries.get('MinAlertLevel')!.line})
  }
  const config: ValeConfig = {
    file,
    stylesPath,
    minAlertLevel,
    vocabularies: listValue(core.entries.get('Vocab')),
    packages: listValue(core.entries.get('Packages')),
    ignoredScopes: core.entries.has('IgnoredScopes') ? listValue(core.entries.get('IgnoredScopes')) : ['code', 'tt', 'kbd'],
    skippedScopes: core.entries.has('SkippedScopes') ? listValue(core.entries.get('SkippedScopes')) : ['script', 'style', 'pre', 'figure'],
    // Settings written before any section that belong to one (`BasedOnStyles` at the top) count as `[*]`'s.
    global: sectionOf({...core, name: '*'}, problems, true),
    sections: [],
    problems,
    lines
  }
  const star = ini.sections.get('*')
  if (star) mergeSection(config.global, sectionOf(star, problems, false))
  for (const [name, section] of ini.sections) {
    if (name === '' || name === '*' || name === 'formats' || name === 'asciidoctor' || name === 'DEFAULT') continue
    config.sections.push(sectionOf(section, problems, false))
  }
  return config
}

function mergeSection(into: ValeSection, from: ValeSection): void {
  if (from.basedOnStyles) into.basedOnStyles = from.basedOnStyles
  for (const [id, value] of from.rules) into.rules.set(id, value)
  into.tokenIgnores.push(...from.tokenIgnores)
  into.blockIgnores.push(...from.blockIgnores)
  into.commentDelimiters = from.commentDelimiters ?? into.commentDelimiters
}

function sectionOf(section: IniSection, problems: IniProblem[], core: boolean): ValeSection {
  const entries = section.entries
  const result: ValeSection = {
    glob: section.name,
    line: section.line,
    basedOnStyles: entries.has('BasedOnStyles') ? listValue(entries.get('BasedOnStyles')) : undefined,
    rules: new Map(),
    tokenIgnores: listValue(entries.get('TokenIgnores')),
    blockIgnores: [...listValue(entries.get('BlockIgnores')), ...listValue(entries.get('IgnorePatterns'))],
    commentDelimiters: delimitersOf(entries.get('CommentDelimiters'), problems)
  }
  for (const [key, entry] of entries) {
    if (sectionKeys.has(key) || (core && coreKeys.has(key))) continue
    if (!/^[^.\s]+\.[^.\s]+$/.test(key)) {
      if (!core) problems.push({message: 'Unknown setting `' + key + '` in section `[' + section.name + ']`', line: entry.line})
      continue
    }
    const switched = switchOf(entry, problems)
    if (switched) result.rules.set(key, switched)
  }
  return result
}

function switchOf(entry: IniEntry, problems: IniProblem[]): RuleSwitch | undefined {
  const raw = entry.values.at(-1)!
  const setting = raw.trim()
  if (setting === 'YES') return {enabled: true, level: undefined}
  if (setting === 'NO') return {enabled: false, level: undefined}
  if ((levels as readonly string[]).includes(setting)) return {enabled: true, level: setting as ValeLevel}
  problems.push({message: '`' + entry.key + ' = ' + raw + '`: expected `YES`, `NO`, `suggestion`, `warning` or `error`', line: entry.line})
  return undefined
}

function delimitersOf(entry: IniEntry | undefined, problems: IniProblem[]): [string, string] | undefined {
  if (!entry) return undefined
  const parts = listValue(entry)
  if (parts.length === 2) return [parts[0]!, parts[1]!]
  problems.push({message: '`CommentDelimiters` expects two values, the start and the end of a comment (`{/*, */}`)', line: entry.line})
  return undefined
}

/** What applies to one page (its path relative to the `.vale.ini`'s folder, with `/`). */
export interface PageStyleSettings {
  styles: string[]
  rules: Map<string, RuleSwitch>
  tokenIgnores: string[]
  blockIgnores: string[]
  commentDelimiters: [string, string] | undefined
}

const matchers = new Map<string, (file: string) => boolean>()

/** Vale matches a section's glob against the page's path; a glob without `/` matches any folder. */
function sectionMatches(glob: string, relative: string): boolean {
  let matcher = matchers.get(glob)
  if (!matcher) {
    matcher = picomatch(glob, {dot: true, basename: !glob.includes('/')})
    matchers.set(glob, matcher)
  }
  return matcher(relative)
}

export function pageSettings(config: ValeConfig, relative: string): PageStyleSettings {
  const settings: PageStyleSettings = {
    styles: config.global.basedOnStyles ?? [],
    rules: new Map(config.global.rules),
    tokenIgnores: [...config.global.tokenIgnores],
    blockIgnores: [...config.global.blockIgnores],
    commentDelimiters: config.global.commentDelimiters
  }
  for (const section of config.sections) {
    if (!sectionMatches(section.glob, relative)) continue
    if (section.basedOnStyles) settings.styles = section.basedOnStyles
    for (const [id, value] of section.rules) settings.rules.set(id, value)
    settings.tokenIgnores.push(...section.tokenIgnores)
    settings.blockIgnores.push(...section.blockIgnores)
    settings.commentDelimiters = section.commentDelimiters ?? settings.commentDelimiters
  }
  return settings
}
