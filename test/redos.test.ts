import fs from 'node:fs'
import path from 'node:path'
import vm from 'node:vm'
import ts from 'typescript'
import {check, type Diagnostics} from 'recheck'
import {beforeAll, describe, expect, it} from 'vitest'
import {applyRedirect} from '../src/site/model.js'
import {commentControl} from '../src/styles/comments.js'

// Every regular expression in rules/ and src/ is checked with recheck for catastrophic backtracking;
// for each one recheck does not prove safe, its attack string runs against the pattern and must
// finish within the budget. The expressions are read from the source with the TypeScript parser, so
// patterns inside functions count too; `new RegExp(…)` is folded when its arguments are constants.
// Runs are measured in CPU time, which a loaded machine does not stretch as it does wall time: a
// linear pattern takes a few milliseconds on 100,000 characters, a quadratic one seconds.

const root = path.resolve(import.meta.dirname, '..')
/** CPU milliseconds a run may take. */
const budgetMs = 100
/** Wall milliseconds after which a run is stopped: far past the budget, so a stopped run is a finding, even on a loaded machine. */
const limitMs = 5000
/** Page text reaches most patterns, and a page may be 5 MB: 100,000 characters of attack is modest. */
const pageInput = 100_000

interface Found {
  file: string
  line: number
  source: string
  flags: string
}

/**
 * Patterns that never see page text, or only see text another step has bounded: the attack runs at
 * the size (or through the step) that can actually reach them. Keyed by file and pattern.
 */
const bounded: Record<string, {size?: number; reach?: (attack: string) => string | undefined; why: string}> = {
  'src/engine/mintignore.ts /[*{[].*$/': {size: 1000, why: 'a command-line pattern the user typed'},
  'src/engine/configs.ts /[*{[].*$/': {size: 1000, why: 'a command-line pattern the user typed'},
  'src/engine/unified-engine-shims.ts / while parsing .*$/': {size: 4096, why: "the first line of a config loader's error message"},
  'src/engine/unified-engine-shims.ts / in "?\\/[^"]*"?$/': {size: 4096, why: "the first line of a config loader's error message"},
  'src/page/front-matter.ts /\\s+at line \\d+, column \\d+:?$/': {size: 1000, why: 'a YAML error message, which quotes no page text'},
  'src/page/parse.ts /\\s*\\(see https?:\\/\\/\\S+\\)$/': {size: 1000, why: "the MDX parser's reason, which quotes at most a tag name"},
  'src/site/json.ts /\\s*\\(\\d+:\\d+\\)$/': {size: 1000, why: "the JSON parser's message, which quotes one character"},
  'rules/terminology.ts /^(.*?)\\s*(?:\\(([^)]*)\\))?\\s*$/': {size: 200, why: 'one term of the `terms` option in the user config'},
  'src/llms/command.ts /\\/+$/': {size: 4096, why: 'the `baseUrl` option'},
  'src/site/navigation.ts /\\/+$/': {reach: (attack) => path.posix.normalize(attack), why: 'applied to `path.posix.normalize` output: no run of slashes'},
  'rules/config-assets.ts /\\/+$/': {reach: (attack) => path.posix.normalize(attack), why: 'applied to `path.posix.normalize` output: no run of slashes'},
  'src/site/links.ts /\\/+$/': {reach: (attack) => path.posix.normalize(attack), why: 'applied to `path.posix.normalize` output: no run of slashes'},
  "rules/passive-voice.data.ts /^(?:\\p{Ll}*ge\\p{Ll}{2,}(?:t|en)|\\p{Ll}{3,}iert|(?:be|ver|er|ent|zer|emp|miss|\u00fcber|unter|hinter|wider)\\p{Ll}{2,}(?:t|en))$/": {size: 40, why: 'one word: `isParticiple` in rules/shared/passive-languages.ts tests words of at most 40 letters'},
  "src/conventions/classify.data.ts /\\b(?:npm|pnpm|yarn|npx|bun|pip|uv|poetry|git|commit|commits|committing|branch|branches|merge|rebase|pull requests?|PRs?|CI|deploy\\w*|builds?|install\\w*|dependenc\\w+|packages?|servers?|port|localhost|tests?|testing|vitest|jest|playwright|pytest|lint(?:er|ing)?|TypeScript|React|hooks?|props|functions?|class(?:es)?|methods?|variables?|modules?|database|migrations?|docker|terminal|shell|scripts?|repo|repository|worktree|monorepo|node|async|await|interfaces?|enums?|tsx|jsx|CSS|Tailwind|runtime|debug\\w*|logs?|logging|errors? thrown|exceptions?|routing|routes?|Next\\.js|pipelines?)\\b|`[^`\\s]*[./][^`\\s]*`/": {size: 2000, why: 'a line of a rule file: `src/conventions/read.ts` refuses a file with a line over 2,000 characters'},
  "src/conventions/classify.data.ts /\u2192|->|=>|`[^`\\s]*\\/[^`\\s]*`|`[^`\\s]+\\.(?:tsx?|jsx?|mjs|cjs|py|go|rs|css|scss|java|rb|php|sh)`/": {size: 2000, why: 'a line of a rule file: `src/conventions/read.ts` refuses a file with a line over 2,000 characters'},
  "src/conventions/coverage.ts /\\.mdx?$|\\*$|\\*\\*$|\\.\\{[^}]*\\bmdx?\\b[^}]*\\}$|\\.\\*$/": {size: 200, why: 'one glob of a rule file\'s front matter, at most 200 characters (`maxGlobLength` in src/conventions/coverage.ts)'},
  "src/conventions/coverage.ts /^\\s+-\\s+(.*)$/": {size: 2000, why: 'a line of a rule file: `src/conventions/read.ts` refuses a file with a line over 2,000 characters'},
  "src/conventions/split.ts /<(\\/?)([A-Za-z][\\w.:-]*)((?:[^<>\"'{}]|\"[^\"]*\"|'[^']*'|\\{[^{}]*\\})*?)(\\/?)>/": {size: 2000, why: 'a line of a rule file: `src/conventions/read.ts` refuses a file with a line over 2,000 characters'},
  "src/conventions/split.ts /^(\\s*)([-*+]|\\d{1,9}[.)])(?:\\s+|$)(.*)$/": {size: 2000, why: 'a line of a rule file: `src/conventions/read.ts` refuses a file with a line over 2,000 characters'},
  "src/conventions/split.ts /\\{\\/\\*[\\s\\S]*?\\*\\/\\}/": {size: 2000, why: 'a line of a rule file: `src/conventions/read.ts` refuses a file with a line over 2,000 characters'},
  "src/conventions/split.ts /!\\[([^\\]]*)\\]\\([^)]*\\)/": {size: 2000, why: 'a line of a rule file: `src/conventions/read.ts` refuses a file with a line over 2,000 characters'},
  "src/conventions/split.ts /\\[([^\\]]+)\\]\\([^)]*\\)/": {size: 2000, why: 'a line of a rule file: `src/conventions/read.ts` refuses a file with a line over 2,000 characters'},
  "src/conventions/split.ts /\\[([^\\]]+)\\]\\[[^\\]]*\\]/": {size: 2000, why: 'a line of a rule file: `src/conventions/read.ts` refuses a file with a line over 2,000 characters'},
  "src/conventions/split.ts /<(https?:\\/\\/[^>\\s]+)>/": {size: 2000, why: 'a line of a rule file: `src/conventions/read.ts` refuses a file with a line over 2,000 characters'},
  'rules/shared/secrets-assign.ts /=+$/': {
    reach: (attack) => (/^[A-Za-z\d+/]{8,}={0,2}$/.test(attack) ? attack : undefined),
    why: 'a Basic credential matched by `basic`: at most two `=`, at the end'
  }
}

/** `new RegExp(…)` whose pattern is not a constant: each is reviewed here, with why it is bounded. */
const dynamicSites: Record<string, string> = {
  "rules/passive-voice.ts: new RegExp('(?<!\\\\p{L})' + language.be + '(?!\\\\p{L})', 'iu')":
    "the `be` alternation of a constant language table (`rules/passive-voice.data.ts`), between letter boundaries",
  "rules/shared/auth-values.ts: new RegExp('^\\\\' + before + '\\\\]?[ \\\\t]*(?::|=>|,|=)[ \\\\t]*(?:[fFrRbBuU$@]{1,2})?([' + quotes + '])')":
    "a quote character escaped, then constant separators; run on at most 60 characters after a header name",
  "rules/shared/openapi.ts: new RegExp('^https?://' + pattern + '$')":
    "a server host of a local OpenAPI file: escaped literal parts and one `[^/.]+` per `{variable}`, anchored at both ends",
  "rules/shared/openapi.ts: new RegExp('^' + body + '/?$')":
    "a route of a local OpenAPI file: escaped literal parts and one `[^/]+` per `{parameter}`, anchored at both ends",
  "rules/shared/tutorial-voice.ts: new RegExp('(?<!\\\\p{L})(?:' + [...first, ...language.imperatives].join('|') + ')(?!\\\\p{L})', 'iu')":
    "first words of constant phrase tables (`rules/shared/tutorial-voice.data.ts`), between letter boundaries",
  "src/conventions/catalogue.data.ts: new RegExp('(?:`<?(?:' + names + ')>?`|<(?:' + names + ')\\\\b|(?<=\\\\S\\\\s+)\\\\b(?:' + names + ')\\\\b)')":
    "constant component names of the catalogue; run on lines of a rule file, at most 2,000 characters (`src/conventions/read.ts`)",
  "rules/shared/alternatives.ts: new RegExp('^' + prefix + '(' + nameList + ')(?:\\\\s*\\\\([^()]{0,40}\\\\))?' + suffix + '\\\\s*:?$', 'iu')":
    'constant word lists of `rules/shared/alternatives.data.ts`, run only on a label of at most 80 characters',
  "rules/shared/alternatives.ts: new RegExp('^(' + nameList + ')\\\\s*:\\\\s*([^:]{0,60}:)?$', 'iu')":
    'constant word lists of `rules/shared/alternatives.data.ts`, run only on a label of at most 80 characters',
  "rules/shared/alternatives.ts: new RegExp('(?<![\\\\p{L}\\\\d])' + name + '(?![\\\\p{L}\\\\d])', 'giu')":
    'escaped constant names joined by `|`, run only on the names of a label of at most 80 characters',
  "rules/shared/secrets.ts: new RegExp(pattern, 'u')": "the user's own `allow` option, trusted like the rest of the config (which may be JavaScript)",
  "src/page/redact.ts: new RegExp(alternation, 'gi')": 'escaped secrets joined by `|`: literals only, matched in linear time',
  "src/page/nesting.ts: new RegExp('^[ \\\\t>*+\\\\-\\\\d.)]{' + Math.floor(maxNesting / 4) + '}', 'm')":
    'one character class repeated a constant number of times, anchored at the start of a line: linear',
  "src/site/redirects.ts: new RegExp(':' + name + '\\\\b', 'g')": '`name` is a `\\w+` word: a literal, linear pattern',
  "rules/terminology.ts: new RegExp('(?<![\\\\p{L}\\\\p{N}_@/.\\\\-])' + source + '(?![\\\\p{L}\\\\p{N}_@/]|[.\\\\-][\\\\p{L}\\\\p{N}])', flags)":
    'the `terms` option: escaped words joined by `\\s+`, so a literal sits between any two repeats',
  "rules/shared/pages.data.ts: new RegExp('(?:^|[\\\\\\\\/])(?:' + names.join('|') + ')(?:[\\\\\\\\/.]|$)', 'i')":
    "`names` are the constant page names of `rules/shared/pages.data.ts`: literal words in one alternation, linear",
  "rules/steps-for-procedures.ts: new RegExp('(?<![\\\\p{L}\\\\p{N}])' + escape(phrase) + '(?![\\\\p{L}\\\\p{N}])', 'u')":
    "an escaped constant phrase of `rules/steps-for-procedures.data.ts`: a literal between two lookarounds",
  "rules/shared/instructions.ts: new RegExp( '^(?:(?:' + chineseLeadIns.map(escape).join('|') + ')[，,、\\\\s]*)*' + // `在 Load Image 节点中加载…`, `在设置页面，点击…`: a place before the verb. '(?:在[^，,。；]{1,40}?(?:中|里|内|上|下|处|页面|界面)[，,\\\\s]*)?' + '(?:(' + chineseCheckVerbs.map(escape).join('|') + ')|(' + chineseVerbs.map(escape).join('|') + '))' )":
    "escaped constant word lists; the place before the verb is bounded to 40 characters",
  "rules/shared/instructions.ts: new RegExp('^(?:' + chineseOutcomes.map(escape).join('|') + ')')":
    "escaped constant words, anchored at the start: a literal alternation",
  "rules/shared/instructions.ts: new RegExp('^[^，,。；;]{1,40}?(?:' + chineseConditionEnds.map(escape).join('|') + ')[，,]\\\\s*')":
    "anchored, the condition bounded to 40 characters, then escaped constant words",
  "rules/shared/instructions.ts: new RegExp(verb + '(?:' + language.endings.map(escape).join('|') + ')$')":
    "escaped constant verbs and endings of `rules/shared/instructions.data.ts`, anchored at the end of one item's first sentence",
  "rules/shared/instructions.ts: new RegExp(escape(language.bare) + verb + '$')":
    "escaped constant verbs of `rules/shared/instructions.data.ts`, anchored at the end of one item's first sentence",
  "rules/shared/instructions.ts: new RegExp('(?:' + language.forms.map(escape).join('|') + ')$')":
    "escaped constant verb forms of `rules/shared/instructions.data.ts`, anchored at the end of one item's first sentence",
  'src/site/schema-check.ts: new RegExp(source)':
    "a `pattern` of the platform's config schema in src/platform/facts.generated.json, written by the sync script from @mintlify/validation (not by the site): each is checked for backtracking in 'patterns of the platform's config schema' below",
  "src/styles/regex.ts: new RegExp(source, flags)":
    "a Vale regex of a style's rule file, vocabulary or `.vale.ini`, translated: the team's own style patterns, trusted like the rest of the config as Vale trusts them (a runaway one is stopped by `--file-timeout` only in a worker)",
  "src/styles/regex.ts: new RegExp(compiled)":
    "a copy (its own `lastIndex`) of a pattern `compileValeRegex` compiled above: the team's own style patterns, trusted like the rest of the config as Vale trusts them (a runaway one is stopped by `--file-timeout` only in a worker)",
  "src/styles/checks/common.ts: new RegExp(compiled.source, compiled.flags + 'm')":
    "a rule's pattern from `compileValeRegex` (its tokens, with exceptions and vocabulary words escaped and joined by `|`), again with `m` for Vale's `(?m)`: the team's own style patterns, trusted like the rest of the config as Vale trusts them (a runaway one is stopped by `--file-timeout` only in a worker)",
  "src/styles/checks/spelling-vocabulary.ts: new RegExp(pattern.source, pattern.flags.replace('g', ''))":
    "a vocabulary entry or a spelling rule's `filters` from `compileValeRegex`, without `g`: the team's own style patterns, trusted like the rest of the config as Vale trusts them (a runaway one is stopped by `--file-timeout` only in a worker)",
  "src/styles/run.ts: new RegExp(regex.source, regex.flags.includes('d') ? regex.flags : regex.flags + 'd')":
    "a `.vale.ini` TokenIgnores or BlockIgnores pattern from `compileValeRegex`, with `d`, run over the whole page: the team's own style patterns, trusted like the rest of the config as Vale trusts them (a runaway one is stopped by `--file-timeout` only in a worker)",
  "src/styles/checks/consistency.ts: new RegExp('(?:^|\\\\b|_)' + escaped + '(?:_|\\\\b|$)')":
    "text a rule matched, every metacharacter escaped: a literal between word boundaries, no repetition (each start compares at most the literal, as `indexOf` does)",
  "src/styles/prose.ts: new RegExp('\\\\b' + attribute.name + '\\\\s*=\\\\s*([\"\\'])')":
    "`attribute.name` has a value in `proseAttributes` (`title`, `alt`, or an inherited `Object` member such as `constructor`): a plain word, a literal pattern",
  "src/styles/comments.ts: new RegExp(open + '\\\\s*(?:(vale\\\\b(?:[^\\\\n]*?\\\\S)??)\\\\s*' + close + '|vale\\\\b[^\\\\n]*?(?=' + open + '[^\\\\S\\\\n]*\\\\n|\\\\n|$))', 'g')":
    "the `.vale.ini`'s CommentDelimiters, escaped, around a fixed pattern that reads each line of the page once: a run of spaces is tried only after a non-space, a line whose comment does not close is skipped"
}

function sourceFiles(folder: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(folder, {withFileTypes: true})) {
    const full = path.join(folder, entry.name)
    if (entry.isDirectory()) sourceFiles(full, out)
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(full)
  }
  return out
}

function splitLiteral(text: string): {source: string; flags: string} {
  const slash = text.lastIndexOf('/')
  return {source: text.slice(1, slash), flags: text.slice(slash + 1)}
}

interface Scope {
  constants: Map<string, ts.Expression>
  /** Imported name → the module file and the name it exports. */
  imports: Map<string, {file: string; name: string}>
}

const scopes = new Map<string, {scope: Scope; sourceFile: ts.SourceFile}>()

function scopeOf(file: string): {scope: Scope; sourceFile: ts.SourceFile} {
  let entry = scopes.get(file)
  if (entry) return entry
  const sourceFile = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const scope: Scope = {constants: new Map(), imports: new Map()}
  const gather = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && ts.isVariableDeclarationList(node.parent) && node.parent.flags & ts.NodeFlags.Const) {
      scope.constants.set(node.name.text, node.initializer)
    }
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && node.moduleSpecifier.text.startsWith('.')) {
      const target = path.resolve(path.dirname(file), node.moduleSpecifier.text.replace(/\.js$/, '.ts'))
      const bindings = node.importClause?.namedBindings
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) scope.imports.set(element.name.text, {file: target, name: (element.propertyName ?? element.name).text})
      }
    }
    ts.forEachChild(node, gather)
  }
  gather(sourceFile)
  entry = {scope, sourceFile}
  scopes.set(file, entry)
  return entry
}

/** The value a name has: a const of this file, or an exported const of a module it imports. */
function lookUp(name: string, scope: Scope): {value: ts.Expression; scope: Scope} | undefined {
  const value = scope.constants.get(name)
  if (value) return {value, scope}
  const imported = scope.imports.get(name)
  if (!imported || !fs.existsSync(imported.file)) return undefined
  const target = scopeOf(imported.file).scope
  const exported = target.constants.get(imported.name)
  return exported ? {value: exported, scope: target} : undefined
}

/** The constant string an expression evaluates to, when it is one (literals, `String.raw`, `+`, `.join`, consts of this file or its imports). */
function fold(node: ts.Node, scope: Scope, depth = 0): string | undefined {
  if (depth > 20) return undefined
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text
  // String.raw`…` without substitutions: its text as written.
  if (ts.isTaggedTemplateExpression(node) && ts.isNoSubstitutionTemplateLiteral(node.template) && node.tag.getText() === 'String.raw') {
    return node.template.rawText
  }
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return fold(node.expression, scope, depth + 1)
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = fold(node.left, scope, depth + 1)
    const right = fold(node.right, scope, depth + 1)
    return left === undefined || right === undefined ? undefined : left + right
  }
  if (ts.isIdentifier(node)) {
    const found = lookUp(node.text, scope)
    return found ? fold(found.value, found.scope, depth + 1) : undefined
  }
  // `pattern.source` of a regular expression literal.
  if (ts.isPropertyAccessExpression(node) && node.name.text === 'source' && ts.isIdentifier(node.expression)) {
    const found = lookUp(node.expression.text, scope)
    return found && ts.isRegularExpressionLiteral(found.value) ? splitLiteral(found.value.text).source : undefined
  }
  // `['a', 'b'].join('|')`, or a const array's `.join`.
  if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'join') {
    let target: ts.Node = node.expression.expression
    let targetScope = scope
    if (ts.isIdentifier(target)) {
      const found = lookUp(target.text, scope)
      if (!found) return undefined
      target = found.value
      targetScope = found.scope
    }
    while (ts.isAsExpression(target) || ts.isParenthesizedExpression(target)) target = target.expression
    const separator = node.arguments[0] ? fold(node.arguments[0], scope, depth + 1) : ','
    if (!ts.isArrayLiteralExpression(target) || separator === undefined) return undefined
    const parts = target.elements.map((element) => fold(element, targetScope, depth + 1))
    return parts.every((part) => part !== undefined) ? parts.join(separator) : undefined
  }
  return undefined
}

function collect(): {found: Found[]; dynamic: Array<{key: string; where: string}>} {
  const found: Found[] = []
  const dynamic: Array<{key: string; where: string}> = []
  for (const file of [...sourceFiles(path.join(root, 'rules')), ...sourceFiles(path.join(root, 'src'))]) {
    const relative = path.relative(root, file).split(path.sep).join('/')
    const {scope, sourceFile} = scopeOf(file)
    const lineOf = (node: ts.Node) => sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1
    const visit = (node: ts.Node): void => {
      if (ts.isRegularExpressionLiteral(node)) {
        found.push({file: relative, line: lineOf(node), ...splitLiteral(node.text)})
      } else if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && ts.isIdentifier(node.expression) && node.expression.text === 'RegExp') {
        const [patternNode, flagsNode] = node.arguments ?? []
        const source = patternNode ? fold(patternNode, scope) : undefined
        const flags = flagsNode ? fold(flagsNode, scope) : ''
        if (source !== undefined && flags !== undefined) found.push({file: relative, line: lineOf(node), source, flags})
        else dynamic.push({key: relative + ': ' + node.getText(sourceFile).replace(/\s+/g, ' '), where: relative + ':' + lineOf(node)})
      }
      ts.forEachChild(node, visit)
    }
    visit(sourceFile)
  }
  return {found, dynamic}
}

/** recheck's attack, its pumped parts repeated until the string is about `size` characters. */
function attackString(diagnostics: Diagnostics & {status: 'vulnerable'}, size: number): string {
  const {pumps, suffix} = diagnostics.attack
  const perRound = pumps.reduce((sum, pump) => sum + pump.pump.length, 0)
  const fixed = pumps.reduce((sum, pump) => sum + pump.prefix.length, 0) + suffix.length
  const rounds = Math.max(1, Math.floor((size - fixed) / Math.max(1, perRound)))
  return pumps.map((pump) => pump.prefix + pump.pump.repeat(rounds)).join('') + suffix
}

/** When recheck cannot decide: runs of each character the pattern names, and of common ones, that end in a mismatch. */
function genericAttacks(source: string, size: number): string[] {
  const characters = new Set((source.replace(/\\[a-zA-Z]/g, '') + ' aA0-_/=.:"\'<>{}\t\n').split(''))
  const attacks: string[] = []
  for (const character of characters) attacks.push(character.repeat(size) + '\u0000')
  for (const pair of ['a ', 'a=', 'a:', 'a/', 'a-', 'a.', '<a ', 'x=1 ']) attacks.push(pair.repeat(Math.floor(size / pair.length)) + '\u0000')
  return attacks
}

/** CPU milliseconds of this process since `started`, a `process.cpuUsage()`. */
function cpuSince(started: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(started)
  return (used.user + used.system) / 1000
}

/** CPU milliseconds to run the pattern over `input` as rules do (every match for `g`); infinite when stopped. */
function timeMatch(source: string, flags: string, input: string): number {
  const context = {source, flags, input, cpu: () => process.cpuUsage(), cpuSince, elapsed: 0}
  const script =
    'const pattern = new RegExp(source, flags); const started = cpu();' +
    "if (pattern.global || pattern.sticky) { let match; while ((match = pattern.exec(input))) { if (match[0] === '') pattern.lastIndex++ } } else pattern.exec(input);" +
    'elapsed = cpuSince(started)'
  try {
    vm.runInNewContext(script, context, {timeout: limitMs})
  } catch (error) {
    if ((error as {code?: string}).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return Infinity
    throw error
  }
  return context.elapsed
}

/** CPU milliseconds a call takes; infinite when stopped at `limitMs` of wall time (a hang would otherwise stop the whole test run). */
function timeCall(call: () => void): number {
  const context = {call, cpu: () => process.cpuUsage(), cpuSince, elapsed: 0}
  try {
    vm.runInNewContext('const started = cpu(); call(); elapsed = cpuSince(started)', context, {timeout: limitMs})
  } catch (error) {
    if ((error as {code?: string}).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return Infinity
    throw error
  }
  return context.elapsed
}

/** The least of up to three runs: one slow run under load is noise, three are a finding. */
function bestTime(source: string, flags: string, input: string): number {
  let best = timeMatch(source, flags, input)
  for (let run = 1; run < 3 && best >= budgetMs && best !== Infinity; run++) best = Math.min(best, timeMatch(source, flags, input))
  return best
}

const {found, dynamic} = collect()
const diagnostics = new Map<Found, Diagnostics>()

describe('regular expressions run in bounded time (ReDoS)', () => {
  beforeAll(async () => {
    // One pattern at a time: recheck's 10 s is wall time, and hundreds of checks at once on a small
    // machine run out of it, which leaves a vulnerable pattern `unknown`, tried only with generic attacks.
    // The bound guards against a hang, not a speed: the checks take 3 to 5 minutes on two shared cores.
    for (const regex of found) {
      diagnostics.set(regex, await check(regex.source, regex.flags.replace(/[dgy]/g, ''), {timeout: 10_000, randomSeed: 1}))
    }
  }, 900_000)

  it('finds the patterns of rules/ and src/', () => {
    expect(found.length).toBeGreaterThan(100)
    expect(found.some((regex) => regex.file === 'rules/heading-levels.ts')).toBe(true)
  })

  it('every `new RegExp` with a pattern that is not a constant has been reviewed', () => {
    const unreviewed = dynamic.filter((site) => !(site.key in dynamicSites)).map((site) => site.where + ' ' + site.key)
    expect(unreviewed, 'review these and add them to `dynamicSites` with why their input is safe').toEqual([])
  })

  it('every entry of `bounded` and `dynamicSites` is still in the source', () => {
    const keys = new Set([...found.map((regex) => regex.file + ' /' + regex.source + '/'), ...dynamic.map((site) => site.key)])
    expect([...Object.keys(bounded), ...Object.keys(dynamicSites)].filter((key) => !keys.has(key))).toEqual([])
  })

  for (const regex of found) {
    const key = regex.file + ' /' + regex.source + '/'
    it(`${regex.file}:${regex.line} /${regex.source}/${regex.flags}`, () => {
      const result = diagnostics.get(regex)!
      if (result.status === 'safe') return
      const limit = bounded[key]
      const size = limit?.size ?? pageInput
      const raw = result.status === 'vulnerable' ? [attackString(result, size)] : genericAttacks(regex.source, size)
      for (const attack of raw) {
        const input = limit?.reach ? limit.reach(attack) : attack
        if (input === undefined) continue
        const ms = bestTime(regex.source, regex.flags, input)
        const what = result.status === 'vulnerable' ? result.complexity.summary + ' (recheck)' : 'undecided by recheck'
        const took = ms === Infinity ? `was stopped after ${limitMs} ms` : `took ${ms.toFixed(0)} ms of CPU`
        expect(ms, `${what}: ${input.length}-character attack ${JSON.stringify(input.slice(0, 40))}… ${took}`).toBeLessThan(budgetMs)
      }
    })
  }
})

describe('patterns built from docs.json', () => {
  it('a redirect source with many wildcards matches a long route in bounded time', () => {
    const route = '/' + Array.from({length: 60}, () => 'a').join('/')
    const source = '/' + Array.from({length: 10}, () => '*').join('/') + '/z'
    expect(timeCall(() => expect(applyRedirect(route, source, '/x')).toBeUndefined())).toBeLessThan(budgetMs)
  })

  it('wildcards still capture what they match', () => {
    expect(applyRedirect('/old/a/b/c', '/old/*', '/new/*')).toBe('/new/a/b/c')
    expect(applyRedirect('/blog/hello', '/blog/:slug', '/posts/:slug')).toBe('/posts/hello')
    expect(applyRedirect('/a/1/b/2', '/a/*/b/*', '/x/*/y/*')).toBe('/x/1/y/2')
    expect(applyRedirect('/a/1/b/2', '/*/:id/b/*', '/x/:id/*')).toBe('/x/1/a')
    expect(applyRedirect('/a/b/c', '/:one/*', '/:one')).toBe('/a')
    expect(applyRedirect('/a/b/c', '/:one', '/:one')).toBeUndefined()
  })
})

describe('patterns of the platform\'s config schema (src/platform/facts.generated.json)', () => {
  const patterns = new Set<string>()
  const collect = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return
    const pattern = (node as {pattern?: unknown}).pattern
    if (typeof pattern === 'string') patterns.add(pattern)
    for (const value of Object.values(node)) collect(value)
  }
  collect((JSON.parse(fs.readFileSync(path.join(root, 'src/platform/facts.generated.json'), 'utf8')) as {docsConfig: unknown}).docsConfig)

  it('are found, and recheck proves each safe on a config value of any length', async () => {
    expect(patterns.size).toBeGreaterThan(0)
    for (const pattern of patterns) {
      // As schema-check.ts compiles them: without flags, as zod does.
      const result = await check(pattern, '', {timeout: 10_000, randomSeed: 1})
      expect(result.status, '/' + pattern + '/').toBe('safe')
    }
  }, 60_000)
})

describe('patterns built from the .vale.ini', () => {
  const delimiters: [string, string] = ['{/*', '*/}']
  const empty = {type: 'root' as const, children: []}

  it('CommentDelimiters read a page with long unclosed comments in bounded time', () => {
    for (const source of ['{/* vale' + ' '.repeat(pageInput), '{/* vale '.repeat(pageInput / 9), '{/* vale x {/*\n'.repeat(pageInput / 14)]) {
      expect(timeCall(() => commentControl(empty, source, delimiters)), JSON.stringify(source.slice(0, 20))).toBeLessThan(budgetMs)
    }
  })

  it('CommentDelimiters still find each comment', () => {
    const source = '{/* vale x {/*\nvale off */}\nHidden.\n{/* vale on\n*/}\nShown. {/* vale   Style.Rule = NO  */} Off. {/* vale Other.Rule["a.b"] = NO */} End.\n'
    const control = commentControl(empty, source, delimiters)
    expect(control('Other.Rule', 'x', source.indexOf('Hidden'))).toBe(true)
    expect(control('Other.Rule', 'x', source.indexOf('Shown'))).toBe(false)
    expect(control('Style.Rule', 'x', source.indexOf('Off'))).toBe(true)
    expect([control('Other.Rule', 'a.b', source.indexOf('End')), control('Other.Rule', 'x', source.indexOf('End'))]).toEqual([true, false])
  })
})
