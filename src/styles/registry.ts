// Which styles lint a page: the `.vale.ini` the docs-lint config names, or the one Vale would find (the
// page's folder, then each folder above it), loaded and compiled once per process. The problems of every
// style set loaded here are kept for the run to show once.
import path from 'node:path'
import {compileStyles, type CompiledStyles} from './compile.js'
import {findValeIni} from './config.js'
import {loadStyles} from './load.js'
import {relativeTo} from '../shared/relative-path.js'
import {runStyles, type StyleFinding, type StylePage} from './run.js'

const iniByFolder = new Map<string, string | undefined>()
const stylesByIni = new Map<string, CompiledStyles>()
/** The style sets a run used: its notices are theirs, not those of every run this process made. */
const usedInRun = new Set<string>()

/** A run starts: the notices it shows will be those of the styles it uses. */
export function startStyleRun(): void {
  usedInRun.clear()
}

/** `vale` in the docs-lint config: `false` turns styles off, a path names the `.vale.ini`. */
export type ValeSetting = false | string | undefined

/** The `.vale.ini` that applies to a page (absolute path), if any. */
export function valeIniFor(absolutePage: string, setting: ValeSetting): string | undefined {
  if (setting === false) return undefined
  if (typeof setting === 'string') return setting
  return findValeIni(path.dirname(absolutePage), iniByFolder)
}

/** The compiled styles of a `.vale.ini`, loaded on first use. */
export function stylesOf(iniFile: string): CompiledStyles {
  usedInRun.add(iniFile)
  let styles = stylesByIni.get(iniFile)
  if (!styles) {
    styles = compileStyles(loadStyles(iniFile))
    stylesByIni.set(iniFile, styles)
  }
  return styles
}

/** The styles that lint a page, or undefined. */
export function stylesFor(absolutePage: string, setting: ValeSetting): CompiledStyles | undefined {
  const ini = valeIniFor(absolutePage, setting)
  return ini ? stylesOf(ini) : undefined
}

/**
 * The findings of the styles that lint a page, and the ids of their rules (which docs-lint comments may
 * name); undefined when no style applies. `page.relative` is filled in here.
 */
export function styleFindings(absolutePage: string, setting: ValeSetting, page: Omit<StylePage, 'relative'>): {findings: StyleFinding[]; ruleIds: ReadonlySet<string>} | undefined {
  const styles = stylesFor(absolutePage, setting)
  if (!styles) return undefined
  const relative = relativeTo(path.dirname(styles.loaded.config.file), absolutePage)
  return {findings: runStyles(styles, {...page, relative}), ruleIds: new Set(styles.loaded.rules.keys())}
}

/** What a cache key needs to change when a style changes: the digest of the page's style set. */
export function stylesKeyFor(absolutePage: string, setting: ValeSetting): string {
  const styles = stylesFor(absolutePage, setting)
  return styles ? ':' + styles.loaded.digest : ''
}

/** Every problem of the style sets loaded in this process, once each: `file:line: message`. */
export function styleNotices(cwd: string): string[] {
  const notices = new Set<string>()
  for (const iniFile of usedInRun) {
    const styles = stylesByIni.get(iniFile)!
    for (const problem of [...styles.loaded.problems, ...styles.unsupported]) {
      const relative = path.relative(cwd, problem.file)
      notices.add((relative && !relative.startsWith('..') ? relative : problem.file) + ':' + problem.line + ': ' + problem.message)
    }
  }
  return [...notices]
}

/** Forget loaded styles (the language server, when a style file changes). */
export function forgetStyles(): void {
  iniByFolder.clear()
  stylesByIni.clear()
}
