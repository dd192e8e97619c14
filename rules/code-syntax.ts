// code-syntax: the code blocks whose language docs-lint can parse do parse, and each error is placed at
// its line and column inside the block. Which blocks are fragments is rules/shared/code-fragments.ts.
import {visit} from '../src/shared/walk.js'
import {defineRule} from '../src/rule.js'
import {checkJson} from './shared/syntax-parsers.js'
import {codePoint} from './shared/positions.js'
import {curlBodies, unquotedUrls} from './shared/curl-bodies.js'
import {unquotedExtras} from './shared/package-extras.js'
import {codeBefore, firstMark, isNotation, isNotCode, opensBlock, withoutAnnotations} from './shared/code-fragments.js'
import {furthestProblem, jsonLines, readingsOf, type Found, type Reading} from './shared/code-readings.js'
import {closingTokens, expectedTokens, ignoredReasons, reasonWording, shellLanguages, syntaxLanguages, type SyntaxLanguage} from './code-syntax.data.js'

/** Blocks longer than this are not parsed: generated data, not an example a reader types. */
const maxBlockLength = 100_000

/**
 * Blocks whose brackets nest deeper than this are not parsed: no example does, and the parsers recurse
 * (a stack overflow) or slow down on them.
 */
const maxNesting = 100

/** Whether a block's brackets, counted in its raw text, nest deeper than `maxNesting`. */
function nestsTooDeep(value: string): boolean {
  let depth = 0
  for (let index = 0; index < value.length; index++) {
    const character = value.charCodeAt(index)
    // ( [ { open, ) ] } close.
    if (character === 40 || character === 91 || character === 123) {
      if (++depth > maxNesting) return true
    } else if ((character === 41 || character === 93 || character === 125) && depth > 0) {
      depth--
    }
  }
  return false
}

const shells = new Set(shellLanguages)

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
  conventions: [{id: 'runnable-examples', coverage: 'partial'}],
  defaults: {},
  create() {
    return function (tree, {page, report}) {
      visit(tree, 'code', (node) => {
        const lang = languageOf(node.lang)
        const language = Object.hasOwn(syntaxLanguages, lang) ? syntaxLanguages[lang] : undefined
        const problems = language ? [blockProblem(node.value, language)] : shells.has(lang) ? [...curlProblems(node.value), ...extrasProblems(node.value)] : []
        for (const problem of problems) {
          if (!problem) continue
          const start = codePoint(node, page, problem.offset)
          const end = codePoint(node, page, problem.offset + problem.length)
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
  if (value.length > maxBlockLength || value.trim() === '' || nestsTooDeep(value) || isNotCode(value, language.parser)) return undefined
  const text = withoutAnnotations(value, language.parser)
  const cut = firstMark(text, language.parser)
  if (cut === 0) return undefined
  const found = furthestProblem(readingsOf(text, language), cut)
  if (!found || isNotation(text, found.offset, language.parser)) return undefined
  if (found.code !== undefined && ignoredReasons.includes(found.code)) return undefined
  return describe(text, found, {where: language.name + ' code block', name: language.name, strict: language.parser === 'json' && language.mode === 'json'})
}

/** Packages with extras that an install command of a shell block leaves out of quotes. */
function extrasProblems(value: string): BlockProblem[] {
  if (value.length > maxBlockLength || !value.includes('[')) return []
  return unquotedExtras(value).map((offset) => ({
    offset,
    length: 1,
    message: 'Unexpected `[` outside quotes in a package to install, expected the package in quotes (`"name[extra]"`): zsh, the default shell of macOS, reads it as a pattern and stops with "no matches found"'
  }))
}

/** The syntax errors of the JSON bodies of a shell block's `curl` commands. */
export function curlProblems(value: string): Array<BlockProblem | undefined> {
  if (value.length > maxBlockLength || !value.includes('curl') || nestsTooDeep(value)) return []
  const urls = unquotedUrls(value).map(({offset, character, effect}) => ({
    offset,
    length: 1,
    message: 'Unexpected `' + character + '` outside quotes in the URL of a `curl` command, expected the URL in quotes: ' + effect
  }))
  return [...urls, ...curlBodies(value).map((body) => {
    // A body is sent as it is: comments and trailing commas are errors, JSON Lines (`x-ndjson`) are not.
    const lines = jsonLines(body.text)
    const checks: Reading[] = [{text: body.text, check: checkJson('json'), toBlock: (offset) => offset}]
    if (lines) checks.push({text: body.text, check: lines, toBlock: (offset) => offset})
    const found = furthestProblem(checks, firstMark(body.text, 'json'))
    if (!found || (body.text[found.offset] !== "'" && isNotation(body.text, found.offset, 'json'))) return undefined
    const problem = describe(body.text, found, {where: 'JSON body of a `curl` command', name: 'JSON', strict: true})
    const start = body.toBlock(problem.offset)
    return {...problem, offset: start, length: body.endInBlock(problem.offset + problem.length) - start}
  })]
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
function describe(text: string, found: Found, context: Context): BlockProblem {
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
function expectedAt(found: Found): string | undefined {
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
