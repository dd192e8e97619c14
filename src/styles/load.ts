// The styles a `.vale.ini` names, read from its StylesPath: every rule file of each style, the built-in
// `Vale` style, and the vocabularies. Read once per `.vale.ini` and run; every problem (a style that is
// missing, a rule file that is not YAML) is collected with its file and line, never thrown.
import fs from 'node:fs'
import path from 'node:path'
import {createHash} from 'node:crypto'
import {readBoundedText} from '../shared/bounded-read.js'
import {yaml} from '../shared/lazy.js'
import {levels, readValeConfig, type ValeConfig} from './config.js'
import type {StyleAction, StyleRuleSource, ValeLevel} from './types.js'
import {isFolder} from '../shared/file-kind.js'

/** A problem of the style set: shown once per run, with the file and line it is in. */
export interface StyleProblem {
  file: string
  line: number
  message: string
}

export interface LoadedStyles {
  config: ValeConfig
  /** Every rule of the styles the config names, by id (`Google.Passive`). */
  rules: Map<string, StyleRuleSource>
  accept: string[]
  reject: string[]
  problems: StyleProblem[]
  /** Hash of the `.vale.ini` and every file read for it: a changed style file lints the pages again. */
  digest: string
}

const maxStyleBytes = 4 * 1024 * 1024

/** Read a file of the style set, bounded; `undefined` (with a problem) when it cannot be read. */
function readText(file: string, hash: ReturnType<typeof createHash>): string {
  const text = readBoundedText(file, maxStyleBytes)
  hash.update(file + '\0' + text + '\0')
  return text
}

/** Load the `.vale.ini` at `iniFile` and the styles it names. */
export function loadStyles(iniFile: string): LoadedStyles {
  const hash = createHash('sha256')
  const problems: StyleProblem[] = []
  let config: ValeConfig
  try {
    config = readValeConfig(iniFile, readText(iniFile, hash))
  } catch (error) {
    const line = (error as {line?: number}).line ?? 1
    config = readValeConfig(iniFile, '')
    problems.push({file: iniFile, line, message: 'Cannot read the Vale configuration: ' + (error as Error).message})
  }
  for (const problem of config.problems) problems.push({file: iniFile, ...problem})
  const rules = new Map<string, StyleRuleSource>()
  const named = stylesNamed(config)
  if (!isFolder(config.stylesPath) && named.size > 0 && [...named].some((style) => style !== 'Vale')) {
    problems.push({file: iniFile, line: config.lines['StylesPath'] ?? 1, message: 'StylesPath `' + config.stylesPath + '` is not a folder: no style in it is checked'})
  }
  for (const style of named) {
    if (style === 'Vale') continue
    const folder = path.join(config.stylesPath, style)
    if (!isFolder(folder)) {
      const isPackage = config.packages.some((entry) => path.basename(entry).replace(/\.zip$/, '') === style)
      problems.push({
        file: iniFile,
        line: config.lines[isPackage ? 'Packages' : 'StylesPath'] ?? 1,
        message: 'Style `' + style + '` is not in StylesPath (`' + config.stylesPath + '`)' + (isPackage ? ': docs-lint never downloads packages, run `vale sync` once' : '') + '; its rules are not checked'
      })
      continue
    }
    for (const name of fs.readdirSync(folder).sort()) {
      if (!name.endsWith('.yml')) continue
      const rule = readRule(path.join(folder, name), style + '.' + name.slice(0, -4), hash, problems)
      if (rule) rules.set(rule.id, rule)
    }
  }
  for (const entry of config.packages) {
    const name = path.basename(entry).replace(/\.zip$/, '')
    if (!named.has(name) && !isFolder(path.join(config.stylesPath, name)) && !/^https?:/.test(entry)) {
      problems.push({file: iniFile, line: config.lines['Packages'] ?? 1, message: 'Package `' + entry + '` is not in StylesPath: docs-lint never downloads packages, run `vale sync` once'})
    }
  }
  const {accept, reject} = readVocabularies(config, hash, problems)
  for (const rule of builtinRules(accept, reject)) rules.set(rule.id, rule)
  return {config, rules, accept, reject, problems, digest: hash.digest('hex').slice(0, 32)}
}


/** Styles named by `BasedOnStyles` anywhere, or by a `Style.Rule` setting. */
function stylesNamed(config: ValeConfig): Set<string> {
  const named = new Set<string>()
  for (const section of [config.global, ...config.sections]) {
    for (const style of section.basedOnStyles ?? []) named.add(style)
    for (const id of section.rules.keys()) named.add(id.split('.')[0]!)
  }
  return named
}

function readRule(file: string, id: string, hash: ReturnType<typeof createHash>, problems: StyleProblem[]): StyleRuleSource | undefined {
  let document: import('yaml').Document.Parsed
  const lineCounter = new (yaml().LineCounter)()
  try {
    document = yaml().parseDocument(readText(file, hash), {lineCounter, uniqueKeys: false})
  } catch (error) {
    problems.push({file, line: 1, message: 'Cannot read rule `' + id + '`: ' + (error as Error).message})
    return undefined
  }
  if (document.errors.length > 0) {
    const error = document.errors[0]!
    problems.push({file, line: error.linePos?.[0]?.line ?? 1, message: 'Rule `' + id + '` is not valid YAML: ' + error.message.split('\n')[0]})
    return undefined
  }
  const fields = document.toJS() as unknown
  if (!fields || typeof fields !== 'object' || Array.isArray(fields)) {
    problems.push({file, line: 1, message: 'Rule `' + id + '` is not a YAML mapping of fields'})
    return undefined
  }
  const lines: Record<string, number> = {}
  const contents = document.contents
  if (contents && yaml().isMap(contents)) {
    for (const item of contents.items) {
      const key = item.key as {value?: unknown; range?: [number, number, number]} | null
      if (key?.range && typeof key.value === 'string') lines[key.value] = lineCounter.linePos(key.range[0]).line
    }
  }
  return ruleSource(id, file, fields as Record<string, unknown>, lines, problems)
}

/** The common fields of a rule, checked; the rest stays in `fields` for its kind. */
export function ruleSource(id: string, file: string | undefined, fields: Record<string, unknown>, lines: Record<string, number>, problems: StyleProblem[]): StyleRuleSource | undefined {
  const problem = (message: string, key: string) => problems.push({file: file ?? '(built in)', line: lines[key] ?? 1, message: 'Rule `' + id + '`: ' + message})
  const kind = fields['extends']
  if (typeof kind !== 'string') {
    problem('`extends` is missing: expected a check kind such as `existence`', 'extends')
    return undefined
  }
  let level = fields['level'] ?? 'warning'
  if (typeof level !== 'string' || !(levels as readonly string[]).includes(level)) {
    problem('`level` is `' + String(level) + '`, expected `suggestion`, `warning` or `error`; using `warning`', 'level')
    level = 'warning'
  }
  const scopeField = fields['scope']
  const scope = scopeField === undefined || scopeField === null ? ['text'] : [scopeField].flat().map(String)
  const limit = typeof fields['limit'] === 'number' && fields['limit'] > 0 ? fields['limit'] : undefined
  return {
    id,
    file,
    extends: kind,
    message: typeof fields['message'] === 'string' ? fields['message'] : '',
    level: level as ValeLevel,
    link: typeof fields['link'] === 'string' && fields['link'] !== '' ? fields['link'] : undefined,
    scope,
    limit,
    action: actionOf(fields['action']),
    fields,
    lines
  }
}

function actionOf(value: unknown): StyleAction | undefined {
  if (!value || typeof value !== 'object') return undefined
  const record = value as Record<string, unknown>
  if (typeof record['name'] !== 'string' || record['name'] === '') return undefined
  const params = Array.isArray(record['params']) ? record['params'].map(String) : []
  return {name: record['name'], params}
}

/** Entries of the vocabularies: `<StylesPath>/config/vocabularies/<name>/` or, before Vale 3, `<StylesPath>/Vocab/<name>/`. */
function readVocabularies(config: ValeConfig, hash: ReturnType<typeof createHash>, problems: StyleProblem[]): {accept: string[]; reject: string[]} {
  const accept: string[] = []
  const reject: string[] = []
  for (const name of config.vocabularies) {
    const folder = [path.join(config.stylesPath, 'config', 'vocabularies', name), path.join(config.stylesPath, 'Vocab', name)].find(isFolder)
    if (!folder) {
      problems.push({file: config.file, line: config.lines['Vocab'] ?? 1, message: 'Vocabulary `' + name + '` is not in `' + path.join(config.stylesPath, 'config', 'vocabularies') + '`'})
      continue
    }
    for (const [list, into] of [['accept.txt', accept], ['reject.txt', reject]] as const) {
      const file = path.join(folder, list)
      if (!fs.existsSync(file)) continue
      try {
        for (const line of readText(file, hash).split(/\r?\n/)) {
          const entry = line.trim()
          if (entry !== '' && !entry.startsWith('# ') && entry !== '#') into.push(entry)
        }
      } catch (error) {
        problems.push({file, line: 1, message: 'Cannot read the vocabulary: ' + (error as Error).message})
      }
    }
  }
  return {accept, reject}
}

/** A vocabulary entry written as a plain phrase, not a pattern: `Vale.Terms` enforces its exact case. */
function isPhrase(entry: string): boolean {
  return !/[\\^$.|?*+()[\]{}]/.test(entry)
}

/** The built-in `Vale` style: Spelling and Repetition always, Terms and Avoid from the vocabularies. */
function builtinRules(accept: string[], reject: string[]): StyleRuleSource[] {
  const built: Array<Record<string, unknown> & {id: string}> = [
    {id: 'Vale.Spelling', extends: 'spelling', message: "Did you really mean '%s'?", level: 'error', action: {name: 'suggest', params: ['spellings']}},
    {id: 'Vale.Repetition', extends: 'repetition', message: "'%s' is repeated!", level: 'error', ignorecase: true, alpha: true, tokens: ['[^\\s.!?]+'], action: {name: 'edit', params: ['truncate', ' ']}}
  ]
  const swap: Record<string, string> = {}
  for (const entry of accept) if (isPhrase(entry)) swap[entry.toLowerCase()] = entry
  if (Object.keys(swap).length > 0) {
    built.push({id: 'Vale.Terms', extends: 'substitution', message: "Use '%s' instead of '%s'.", level: 'error', ignorecase: true, vocab: false, swap, action: {name: 'replace', params: []}})
  }
  if (reject.length > 0) built.push({id: 'Vale.Avoid', extends: 'existence', message: "Avoid using '%s'.", level: 'error', ignorecase: false, vocab: false, tokens: reject})
  const problems: StyleProblem[] = []
  return built.flatMap(({id, ...fields}) => ruleSource(id, undefined, fields, {}, problems) ?? [])
}
