import type {Code} from 'mdast'
import type {Point} from 'unist'
import {visit} from '../src/walk.js'
import {defineRule} from '../src/rule.js'
import type {Page} from '../src/page.js'
import {checkJson, checkPython, checkScript, checkToml, checkYaml, type SyntaxCheck, type SyntaxProblem} from './shared/syntax-parsers.js'
import {curlBodies} from './shared/curl-bodies.js'
import {
  anglePlaceholderMark, annotationComment, diffLine, elisionMark, ignoredReasons, jsonStart, scriptElisionMark, closingTokens, dotenvLine, elisionComment, httpMessageLine, outputLine, expectedTokens, foreignFirstLine, fragmentMarks,
  jsonPlaceholderMark, pythonGrammarGaps, pythonKeywords, pythonMagicLine, pythonParameterType, pythonSignatureMark, reasonWording, scriptKeywords,
  scriptSignatureLines, scriptSubstitutionMark, placeholderKeyMark, fragmentLines, pythonGrammarGapLines, shellLanguages, substitutionMark, syntaxLanguages, transcriptLines, type SyntaxLanguage
} from './code-syntax.data.js'

/** Blocks longer than this are not parsed: generated data, not an example a reader types. */
const maxBlockLength = 100_000

const shells = new Set(shellLanguages)
const keywords = {script: new Set(scriptKeywords), python: new Set(pythonKeywords)}

/** A syntax error of a block: where (an offset in the block's text), and the words of its message. */
export interface BlockProblem {
  offset: number
  /** Length of the text the message points at: the unexpected token. */
  length: number
  message: string
}

export default defineRule({
  id: 'code-syntax',
  severity: 'warn',
  summary: 'JSON, YAML, TOML, JavaScript, TypeScript and Python code blocks, and the JSON bodies of `curl` commands, parse',
  fixable: false,
  defaults: {},
  create() {
    return function (tree, {page, report}) {
      visit(tree, 'code', (node) => {
        const lang = languageOf(node.lang)
        const language = Object.hasOwn(syntaxLanguages, lang) ? syntaxLanguages[lang] : undefined
        const problems = language ? [blockProblem(node.value, language)] : shells.has(lang) ? curlProblems(node.value) : []
        for (const problem of problems) {
          if (!problem) continue
          const start = pagePoint(node, page, problem.offset)
          const end = pagePoint(node, page, problem.offset + problem.length)
          if (start && end) report({message: problem.message, place: {start, end}})
        }
      })
    }
  }
})

/** A fence's language, lower-cased, without line highlights written against it (`json{1,3}`). */
function languageOf(lang: string | null | undefined): string {
  const text = (lang ?? '').toLowerCase()
  const brace = text.indexOf('{')
  return brace === -1 ? text : text.slice(0, brace)
}

/** The syntax error of a block in `language`, unless there is none or the block is a fragment. */
export function blockProblem(value: string, language: SyntaxLanguage): BlockProblem | undefined {
  if (value.length > maxBlockLength || value.trim() === '' || isTranscript(value) || diffLine.test(value) || isForeign(value, language)) return undefined
  const text = withoutAnnotations(value, language)
  const cut = firstMark(text, language)
  if (cut === 0) return undefined
  const found = furthestProblem(readingsOf(text, language), cut)
  if (!found || isNotation(text, found.offset, language)) return undefined
  if (found.code !== undefined && ignoredReasons.includes(found.code)) return undefined
  return describe(text, found, {where: language.name + ' code block', name: language.name, strict: language.parser === 'json' && language.mode === 'json'})
}

/** The syntax errors of the JSON bodies of a shell block's `curl` commands. */
export function curlProblems(value: string): Array<BlockProblem | undefined> {
  if (value.length > maxBlockLength || !value.includes('curl')) return []
  const json = syntaxLanguages['json']!
  return curlBodies(value).map((body) => {
    // A body is sent as it is: comments and trailing commas are errors, JSON Lines (`x-ndjson`) are not.
    const lines = jsonLines(body.text)
    const checks = [{text: body.text, check: checkJson('json'), toBlock: (offset: number) => offset}]
    if (lines) checks.push({text: body.text, check: lines, toBlock: (offset: number) => offset})
    const found = furthestProblem(checks, firstMark(body.text, json))
    if (!found || (body.text[found.offset] !== "'" && isNotation(body.text, found.offset, json))) return undefined
    const problem = describe(body.text, found, {where: 'JSON body of a `curl` command', name: 'JSON', strict: true})
    const start = body.toBlock(problem.offset)
    return {...problem, offset: start, length: body.endInBlock(problem.offset + problem.length) - start}
  })
}

/** A way to read a block: the text given to a parser, and how its offsets map back to the block's. */
interface Reading {
  text: string
  check: SyntaxCheck
  toBlock(offset: number): number
}

/**
 * The ways a block may be meant, each tried in turn: the whole block, and the wrapped forms of
 * the fragments docs show (an expression, an object's members, a class body, a signature).
 */
function readingsOf(text: string, language: SyntaxLanguage): Reading[] {
  const whole = (check: SyntaxCheck): Reading => ({text, check, toBlock: (offset) => offset})
  const wrapped = (check: SyntaxCheck, before: string, after: string): Reading => ({
    text: before + text + after,
    check,
    toBlock: (offset) => Math.max(0, Math.min(text.length, offset - before.length))
  })
  switch (language.parser) {
    case 'json': {
      const lenient = checkJson(language.mode === 'json' ? 'jsonc' : language.mode)
      const readings = [whole(language.mode === 'json' ? commentedJson : lenient)]
      if (/^\s*"[^"\n]*"\s*:/.test(text)) readings.push(wrapped(lenient, '{', '\n}'))
      if (/^\s*\{[^]*\}\s*,\s*\{/.test(text)) readings.push(wrapped(lenient, '[', '\n]'))
      const lines = jsonLines(text)
      if (lines) readings.push({text, check: lines, toBlock: (offset) => offset})
      return readings
    }
    case 'yaml':
      return [whole(checkYaml)]
    case 'toml':
      return [whole(checkToml)]
    case 'script':
      return [
        whole(checkScript),
        wrapped(checkScript, '(', '\n)'),
        wrapped(checkScript, '({', '\n})'),
        wrapped(checkScript, '[', '\n]'),
        wrapped(checkScript, 'class _ {', '\n}'),
        wrapped(checkScript, 'interface _ {', '\n}'),
        wrapped(checkScript, 'type _ = ', '\n')
      ]
    case 'python':
      return pythonReadings(text, whole, wrapped)
  }
}

function pythonReadings(
  text: string,
  whole: (check: SyntaxCheck) => Reading,
  wrapped: (check: SyntaxCheck, before: string, after: string) => Reading
): Reading[] {
  const readings = [whole(checkPython), dedented(text), wrapped(checkPython, '_ = {', '\n}'), wrapped(checkPython, '_(', '\n)')]
  const body = text.trimEnd().endsWith(':') ? ' ...' : ': ...'
  // The first line of a block, without its body: `with tracer.start_as_current_span("work"):`.
  if (text.trimEnd().endsWith(':')) readings.push(wrapped(checkPython, '', ' ...'))
  // A signature as API references show it: `def run(self) -> None`, `class Flow(Base)`, decorators first.
  if (/^[ \t]*(?:async[ \t]+)?(?:def|class)\b/m.test(text)) readings.push(wrapped(checkPython, '', body))
  // Decorators alone: `@flow(retries=3)`.
  if (/^\s*@/.test(text)) readings.push(wrapped(checkPython, '', '\ndef _(): ...'))
  // A method or function without `def`: `create(name: str) -> Flow`, `await client.run(id: str)`.
  const call = /^(?:[ \t]*(?:#.*|@.*)?\n)*[ \t]*(?<lead>(?:await[ \t]+|@)?)(?<name>[\w.]+)[ \t]*\(/d.exec(text)
  const lead = call?.indices?.groups?.['lead']
  const name = call?.indices?.groups?.['name']
  if (call && lead && name && !/^(?:def|class|print)$/.test(call.groups!['name']!)) {
    // `await ` becomes `def   `, of the same length; `@` of a decorator, or nothing, becomes `def `.
    const keyword = lead[1] - lead[0] > 1 ? 'def'.padEnd(lead[1] - lead[0]) : 'def '
    const added = keyword.length - (lead[1] - lead[0])
    readings.push({
      text: text.slice(0, lead[0]) + keyword + call.groups!['name']!.replace(/\./g, '_') + text.slice(name[1]).trimEnd() + body,
      check: checkPython,
      toBlock: (offset) => (offset < lead[0] ? offset : Math.max(lead[0], Math.min(text.length, offset - added)))
    })
  }
  return readings
}

/** Python lines all indented alike (a method or a branch cut out of its context), with that indent removed. */
function dedented(text: string): Reading {
  const lines = text.split('\n')
  const code = lines.filter((line) => line.trim() !== '' && !line.trim().startsWith('#'))
  const indent = Math.min(...code.map((line) => /^[ \t]*/.exec(line)![0].length))
  const cuts = lines.map((line) => Math.min(indent, /^[ \t]*/.exec(line)![0].length))
  // Where each line starts, in the block and in the dedented text.
  const blockStarts: number[] = []
  const starts: number[] = []
  let blockStart = 0
  let start = 0
  for (const [index, line] of lines.entries()) {
    blockStarts.push(blockStart)
    starts.push(start)
    blockStart += line.length + 1
    start += line.length - cuts[index]! + 1
  }
  return {
    text: lines.map((line, index) => line.slice(cuts[index])).join('\n'),
    check: checkPython,
    toBlock(offset) {
      let index = starts.length - 1
      while (index > 0 && starts[index]! > offset) index--
      return Math.min(text.length, blockStarts[index]! + cuts[index]! + offset - starts[index]!)
    }
  }
}

/**
 * JSON, or JSON with comments and trailing commas when it has comments (`// Must be unique`): a team
 * that comments its JSON examples writes them as a reader's annotated config, not as a request body.
 */
const commentedJson: SyntaxCheck = (text) => {
  const problem = checkJson('json')(text)
  return problem && /^\/[/*]/.test(text.slice(problem.offset)) ? checkJson('jsonc')(text) : problem
}

/** JSON Lines: every line a JSON value, as streaming APIs and logs show them. */
function jsonLines(text: string): SyntaxCheck | undefined {
  const lines = text.split('\n')
  if (lines.filter((line) => line.trim() !== '').length < 2 || !lines.every((line) => /^\s*(?:[{[]|$)/.test(line))) return undefined
  const strict = checkJson('json')
  return () => {
    let start = 0
    for (const line of lines) {
      const problem = line.trim() === '' ? undefined : strict(line)
      if (problem) return {...problem, offset: start + problem.offset}
      start += line.length + 1
    }
    return undefined
  }
}

/**
 * The error that the reading reaching furthest into the block stops at; none when a reading parses,
 * or when one reaches `cut` (the first mark of a fragment), from where errors are not reported.
 */
function furthestProblem(readings: Reading[], cut: number): (SyntaxProblem & {readings: Reading[]; at: number[]}) | undefined {
  let furthest: (SyntaxProblem & {readings: Reading[]; at: number[]}) | undefined
  for (const reading of readings) {
    const problem = reading.check(reading.text)
    if (!problem) return undefined
    const offset = reading.toBlock(problem.offset)
    if (offset >= cut) return undefined
    if (!furthest || offset > furthest.offset) furthest = {...problem, offset, readings: [reading], at: [problem.offset]}
    else if (offset === furthest.offset) {
      furthest.readings.push(reading)
      furthest.at.push(problem.offset)
    }
  }
  return furthest
}

/** Whether a block is a session transcript: prompts with output between them. */
function isTranscript(value: string): boolean {
  return value.split('\n').some((line) => transcriptLines.some((pattern) => pattern.test(line)))
}

/**
 * The block as the parser reads it, offsets unchanged: Shiki's `// [!code …]` notations and IPython's
 * `%magic` and `!shell` lines become spaces.
 */
function withoutAnnotations(value: string, language: SyntaxLanguage): string {
  let text = value.replace(annotationComment, (notation) => ' '.repeat(notation.length))
  if (language.parser === 'python') {
    text = text.split('\n').map((line) => (pythonMagicLine.test(line) ? ' '.repeat(line.length) : line)).join('\n')
  }
  return text
}

/**
 * The offset of the start of the line of the first mark of a fragment in a block: errors from there
 * on are not reported. A mark inside a string literal (`api_key="<API_KEY>"`, `"Loading..."`) is code
 * that parses and marks nothing; YAML, whose plain text may hold an apostrophe, has no such test.
 */
function firstMark(text: string, language: SyntaxLanguage): number {
  const marks = [...fragmentMarks]
  const lineMarks = [...fragmentLines]
  if (language.parser === 'script') {
    marks.push(scriptElisionMark, scriptSubstitutionMark, placeholderKeyMark)
    lineMarks.push(...scriptSignatureLines)
  } else {
    marks.push(elisionMark, substitutionMark, anglePlaceholderMark)
  }
  if (language.parser === 'json') marks.push(jsonPlaceholderMark)
  if (language.parser === 'python') {
    marks.push(pythonSignatureMark, ...pythonGrammarGaps)
    lineMarks.push(...pythonGrammarGapLines)
  }
  let first = Math.min(firstElisionComment(text), firstMarkedLine(text, lineMarks), language.parser === 'python' ? firstCommentedBody(text) : Infinity)
  for (const mark of marks) {
    for (const found of text.matchAll(mark)) {
      if (found.index >= first) break
      if (language.parser === 'yaml' || !inString(text, found.index, language)) {
        first = found.index
        break
      }
    }
  }
  return first > text.length ? first : text.lastIndexOf('\n', first - 1) + 1
}

/** The offset of the first line one of `patterns` matches. */
function firstMarkedLine(text: string, patterns: readonly RegExp[]): number {
  let start = 0
  for (const line of text.split('\n')) {
    if (patterns.some((pattern) => pattern.test(line))) return start
    start += line.length + 1
  }
  return Infinity
}

/** Whether a Python line opens a block: it ends with `:`, before any comment. */
function opensBlock(line: string): boolean {
  return line.replace(/#.*/, '').trimEnd().endsWith(':')
}

/** Whether `offset` is inside a string literal that opens on its line, before any comment. */
function inString(text: string, offset: number, language: SyntaxLanguage): boolean {
  let quote = ''
  for (let index = text.lastIndexOf('\n', offset - 1) + 1; index < offset; index++) {
    const character = text[index]!
    if (quote !== '') {
      if (character === '\\') index++
      else if (character === quote) quote = ''
    } else if (character === '"' || character === "'" || (character === '`' && language.parser === 'script')) {
      quote = character
    } else if (character === '#' ? language.parser === 'python' || language.parser === 'toml' : text.startsWith('//', index) || text.startsWith('/*', index)) {
      return false
    }
  }
  return quote !== ''
}

/**
 * Whether a block is in another language than its fence says: an HTTP request or response, a dotenv
 * file, a program's output shown as YAML, JSON that does not start as JSON, or code whose first line is
 * a command or a config file's section (two words in a row, the first no keyword of the language).
 */
function isForeign(value: string, language: SyntaxLanguage): boolean {
  const code = value.split('\n').map((line) => line.trim()).filter((line) => line !== '' && !/^(?:#(?!\{)|\/\/|\/\*|\*)/.test(line))
  if (code[0] === undefined || httpMessageLine.test(code[0])) return true
  if (language.parser === 'json') return !jsonStart.test(code[0])
  if (code.every((line) => dotenvLine.test(line))) return true
  if (language.parser === 'yaml') return outputLine.test(value)
  if (language.parser !== 'script' && language.parser !== 'python') return false
  const first = foreignFirstLine.exec(code[0])
  return first !== null && !keywords[language.parser].has(first[1]!)
}

/**
 * Whether the error is a notation of the docs rather than a mistake. In JavaScript: a TypeScript
 * optional member (`title?: string`) or array type (`messages: Message[]`) where a value goes, or
 * an object shown on its own as a value (`{ "id": 1 }` after `// Response`). In Python: a parameter
 * and its type (`env: str`) where an argument goes. In JSON: a type or a name where a value goes
 * (`"id": string`), a note in brackets (`(optional)`), a single-quoted string (a Python or JavaScript
 * object shown as JSON), a `# heading` or a second value after the first (examples one after the
 * other). And the end of any block cut after a `,`.
 */
function isNotation(text: string, offset: number, language: SyntaxLanguage): boolean {
  const at = text.slice(offset, offset + 40)
  const lineStart = text.slice(text.lastIndexOf('\n', offset - 1) + 1, offset)
  switch (language.parser) {
    case 'script':
      if (at.startsWith('?:') || text.slice(offset - 1, offset + 1) === '[]') return true
      if (at.startsWith(':') && /^\s*(?:"[^"\n]*"|'[^'\n]*')\s*$/.test(lineStart)) return true
      break
    case 'python':
      if (pythonParameterType.test(at)) return true
      break
    case 'json':
      // A name, a type, a note in brackets, or another language's object (`{'id': 1}` from Python).
      if (/^[A-Za-z_$(']/.test(at)) return true
      if (/^\s*$/.test(lineStart) && (at.startsWith('#') || (/^[{[]/.test(at) && /[}\]]$/.test(codeBefore(text, offset))))) return true
      break
  }
  return offset >= text.trimEnd().length && /,\s*$/.test(text)
}

/** The code before `offset`, without the whole-line comments (`//`, `#`) and blank lines just before it. */
function codeBefore(text: string, offset: number): string {
  const lines = text.slice(0, offset).split('\n')
  while (lines.length > 0 && /^\s*(?:(?:\/\/|#).*)?$/.test(lines.at(-1)!)) lines.pop()
  return lines.join('\n').trimEnd()
}

/** The offset of the first comment that stands for code left out (`# your code here`). */
function firstElisionComment(text: string): number {
  let start = 0
  for (const line of text.split('\n')) {
    const comment = /#|\/\/|\/\*/.exec(line)
    if (comment && elisionComment.test(line.slice(comment.index))) return start + comment.index
    start += line.length + 1
  }
  return Infinity
}

/**
 * The offset of the first Python block whose body is only comments (`try:` then `# call the API`):
 * the comment stands for the code, so the block is an outline.
 */
function firstCommentedBody(text: string): number {
  const lines = text.split('\n')
  let start = 0
  for (const [index, line] of lines.entries()) {
    start += line.length + 1
    if (!opensBlock(line)) continue
    const indent = /^[ \t]*/.exec(line)![0].length
    let commented = false
    for (const next of lines.slice(index + 1)) {
      if (next.trim() === '') continue
      if (next.trim().startsWith('#') && /^[ \t]*/.exec(next)![0].length > indent) {
        commented = true
        continue
      }
      if (/^[ \t]*/.exec(next)![0].length > indent) commented = false
      break
    }
    if (commented) return start
  }
  return Infinity
}

/**
 * The reason an error's text gives on its own: a typographic quote (`“`), a single-quoted JSON string,
 * a Python line left unindented after a `:`.
 */
function tokenReason(text: string, offset: number, context: Context): string | undefined {
  const character = text.charAt(offset)
  if ('“”‘’'.includes(character) && character !== '') return 'typographic-quote'
  if (context.name.startsWith('JSON') && character === "'") return 'single-quote'
  if (context.name !== 'Python') return undefined
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1
  if (!/^[ \t]*$/.test(text.slice(lineStart, offset))) return undefined
  const previous = codeBefore(text, lineStart).split('\n').at(-1) ?? ''
  const indent = (line: string) => /^[ \t]*/.exec(line)![0].length
  return opensBlock(previous) && offset - lineStart <= indent(previous) ? 'missing-indent' : undefined
}

/** Where a message says the error is (`JSON code block`), the language's name, and whether it is strict JSON. */
interface Context {
  where: string
  name: string
  strict: boolean
}

/** The message of a syntax error: what the parser stopped at, where, and what it expected there. */
function describe(text: string, found: SyntaxProblem & {readings: Reading[]; at: number[]}, context: Context): BlockProblem {
  const {where, name, strict} = context
  // A typographic quote earlier on the line is what the parser stumbled over (`f”Hello {name}”`).
  const lineStart = text.lastIndexOf('\n', found.offset - 1) + 1
  const quote = found.code === undefined ? /[“”‘’]/.exec(text.slice(lineStart, found.offset)) : null
  if (quote) found = {...found, offset: lineStart + quote.index}
  const token = tokenAt(text, found.offset)
  // A tab or a space the parser stops at is one character wide.
  if (token.length === 0 && /^[^\S\n]/.test(text.slice(found.offset, found.offset + 1))) token.length = 1
  const reason = found.code ?? tokenReason(text, found.offset, context)
  const wording = reason === undefined ? undefined : reasonWording[reason]
  if (wording) {
    const detail = found.detail ?? token.text.charAt(0)
    const problem = wording.problem.replace('{detail}', detail)
    return {offset: found.offset, length: token.length, message: problem + ' in ' + where + ', expected ' + wording.expected.replace('{detail}', detail)}
  }
  const comma = /,\s*$/.exec(text.slice(0, found.offset))
  if (strict && comma && /^[}\]]/.test(token.text)) {
    const message = 'Unexpected trailing comma before ' + code(token.text) + ' in ' + where + ', expected no comma after the last item'
    return {offset: comma.index, length: 1, message}
  }
  if (strict && /^\/[/*]/.test(text.slice(found.offset))) {
    return {offset: found.offset, length: 2, message: 'Unexpected comment in ' + where + ', expected none: JSON has no comments'}
  }
  const expected = expectedAt(found)
  const end = found.offset >= text.trimEnd().length
  const what = token.text === '' ? (end ? 'end of the ' + where : 'end of line in ' + where) : code(token.text) + ' in ' + where
  return {offset: found.offset, length: token.length, message: 'Unexpected ' + what + ', expected ' + (expected ? code(expected) : 'valid ' + name)}
}

/**
 * What the parser expected at the error: `:` for `=` or `=` for `:` when the swap reads on (a Python
 * keyword argument in a dict, a JavaScript property written `name="x"`); else the first token of
 * `expectedTokens` that, put at the error, lets one of the readings that stopped there read past the
 * next token; at the end of the block, the first bracket that closes one left open.
 */
function expectedAt(found: {readings: Reading[]; at: number[]}): string | undefined {
  const atEnd = found.readings.every((reading, index) => found.at[index]! >= reading.text.trimEnd().length)
  const readsOn = (reading: Reading, at: number, text: string, past: number) => {
    const after = reading.check(text)
    return !after || after.offset > past
  }
  for (const [index, reading] of found.readings.entries()) {
    const at = found.at[index]!
    const swap = {'=': ':', ':': '='}[reading.text.charAt(at)]
    if (swap && reading.text.charAt(at + 1) !== '=' && readsOn(reading, at, reading.text.slice(0, at) + swap + reading.text.slice(at + 1), at + 1)) return swap
  }
  for (const candidate of atEnd ? closingTokens : expectedTokens) {
    for (const [index, reading] of found.readings.entries()) {
      const at = found.at[index]!
      // `=` before `=` makes `==`, another operator, not the token that was missing.
      if (candidate === '=' && /^[=:]/.test(reading.text.charAt(at))) continue
      if (readsOn(reading, at, reading.text.slice(0, at) + candidate + reading.text.slice(at), at + (atEnd ? 0 : candidate.length))) return candidate
    }
  }
  return undefined
}

/** The token at `offset`: a string literal, a word, a number or one character; empty at a line's end. */
function tokenAt(text: string, offset: number): {text: string; length: number} {
  const rest = text.slice(offset, offset + 200)
  const match = /^(?:"""|'''|"(?:[^"\\\n]|\\.)*"?|'(?:[^'\\\n]|\\.)*'?|[\p{L}\p{N}_$]+|\.\.\.|=>|->|[^\s])/u.exec(rest)
  if (!match) return {text: '', length: 0}
  const token = match[0]
  return {text: token.length > 30 ? token.slice(0, 29) + '…' : token, length: token.length}
}

/** Inline code for a message: in backticks, in double ones when it holds one. */
function code(text: string): string {
  return text.includes('`') ? '`` ' + text + ' ``' : '`' + text + '`'
}

/**
 * Where an offset of a code block's text is on the page. The block's lines are the page's lines after
 * the opening fence, less what the fence's indentation or a container (`> `, a list) takes from their
 * start, so each line of the text ends where its line of the page ends.
 */
function pagePoint(node: Code, page: Page, offset: number): Point | undefined {
  const fence = node.position?.start.line
  if (fence === undefined) return undefined
  const before = node.value.slice(0, offset)
  const lineIndex = before.split('\n').length - 1
  const column = offset - (before.lastIndexOf('\n') + 1)
  const line = fence + 1 + lineIndex
  const lineStart = page.toOffset({line, column: 1})
  if (lineStart < 0 || Number.isNaN(lineStart)) return undefined
  const newline = page.source.indexOf('\n', lineStart)
  const pageLine = page.source.slice(lineStart, newline === -1 ? page.source.length : newline)
  const valueLine = node.value.split('\n')[lineIndex] ?? ''
  const shift = Math.max(0, pageLine.length - valueLine.length)
  return {line, column: shift + column + 1, offset: lineStart + shift + column}
}
