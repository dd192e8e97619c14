// The parsers of the languages code blocks are checked in, each loaded on the first block that needs it,
// each telling where a text stops parsing. Which languages, and what counts as a fragment, is the rule's.
import type {Parser as AcornParser} from 'acorn'
import {load, once, yaml} from '../../src/shared/lazy.js'
import {offsetAt} from '../../src/shared/text.js'

/** Where a text stops parsing, and why when the parser says more than "unexpected token". */
export interface SyntaxProblem {
  /** Offset in the text of the first character the parser could not take. */
  offset: number
  /** The parser's reason, as a key of the rule's wording table (`unterminated-string`, YAML's `BAD_INDENT`). */
  code?: string | undefined
  /** What the parser named with the reason: the quote a string lacks, the key given twice. */
  detail?: string | undefined
}

export type SyntaxCheck = (text: string) => SyntaxProblem | undefined

export type JsonMode = 'json' | 'jsonc' | 'json5'

const momoa = once(() => load('@humanwhocodes/momoa') as typeof import('@humanwhocodes/momoa'))

/** JSON, JSON with comments and trailing commas, or JSON5, read by momoa (as docs.json is). */
export function checkJson(mode: JsonMode): SyntaxCheck {
  return (text) => {
    try {
      momoa().parse(text, {mode, allowTrailingCommas: mode !== 'json'})
      return undefined
    } catch (error) {
      const raw = error as Error & {offset?: number}
      if (typeof raw.offset !== 'number') throw error
      return {offset: raw.offset}
    }
  }
}

/**
 * YAML, every document of the stream, read by the `yaml` package. A key given twice is no error here:
 * docs list the values a key may take that way.
 */
export const checkYaml: SyntaxCheck = (text) => {
  let first: SyntaxProblem | undefined
  for (const document of yaml().parseAllDocuments(text, {uniqueKeys: false})) {
    for (const error of document.errors) {
      const offset = error.pos[0]
      if (first && first.offset <= offset) continue
      // `Missing closing "quote`: the character a scalar or a flow collection lacks. The same code
      // names a key without its `:`.
      const closing = /^Missing closing (\S)/.exec(error.message)?.[1]
      const code = error.code === 'MISSING_CHAR' && !closing ? 'KEY_WITHOUT_VALUE' : error.code
      first = {offset, code, detail: closing}
    }
  }
  return first
}

const toml = once(() => load('smol-toml') as typeof import('smol-toml'))

/** TOML 1.0, read by smol-toml. */
export const checkToml: SyntaxCheck = (text) => {
  try {
    toml().parse(text)
    return undefined
  } catch (error) {
    const raw = error as Error & {line?: number; column?: number}
    if (typeof raw.line !== 'number' || typeof raw.column !== 'number') throw error
    const reason = /^Invalid TOML document: ([^\n]*)/.exec(raw.message)?.[1]
    return {offset: offsetAt(text, raw.line, raw.column), code: reason}
  }
}

/**
 * JavaScript and TypeScript, with and without JSX, read by acorn (the parser MDX itself uses, already
 * loaded for MDX pages) and the Svelte team's TypeScript plugin for it: 0.2 MB beside acorn, where
 * `@babel/parser` brings 5 MB with its types. TypeScript is a superset, so one parser reads both.
 */
const scriptParsers = once(() => {
  const {Parser} = load('acorn') as typeof import('acorn')
  const {tsPlugin} = load('@sveltejs/acorn-typescript') as typeof import('@sveltejs/acorn-typescript')
  return [Parser.extend(tsPlugin({jsx: true})), Parser.extend(tsPlugin())] as const
})

/**
 * acorn's reasons that are not about syntax: names declared twice, or used where they are not
 * declared; a `break` or `continue` of a loop body shown without its loop.
 */
const notSyntax = /already been declared|already declared|name clash|Duplicate export|is not defined|Unsyntactic (?:break|continue)/

/** What acorn says, as a key of the wording table. */
function scriptCode(message: string): string | undefined {
  const unterminated = /^Unterminated (string constant|template|regular expression|comment|JSX contents)/.exec(message)
  if (unterminated) return 'unterminated-' + unterminated[1]!.split(' ')[0]!.toLowerCase()
  if (/^Unexpected character/.test(message)) return 'unexpected-character'
  return undefined
}

/**
 * The furthest a script gets, with and without JSX (`<T>value` is a TypeScript cast without it):
 * `undefined` when one of them reads the whole text.
 */
export const checkScript: SyntaxCheck = (text) => {
  let furthest: SyntaxProblem | undefined
  for (const parser of scriptParsers()) {
    const problem = parseScript(parser, text)
    if (!problem) return undefined
    if (!furthest || problem.offset > furthest.offset) furthest = problem
  }
  return furthest
}

/** How examples are read: a module where top-level `await`, `return` and `import` anywhere are allowed (snippets). */
const scriptOptions = {
  ecmaVersion: 'latest',
  sourceType: 'module',
  allowAwaitOutsideFunction: true,
  allowReturnOutsideFunction: true,
  allowImportExportEverywhere: true,
  allowHashBang: true,
  allowSuperOutsideMethod: true
} as const

function parseScript(parser: typeof AcornParser, text: string): SyntaxProblem | undefined {
  try {
    parser.parse(text, scriptOptions)
    return undefined
  } catch (error) {
    const raw = error as Error & {pos?: number}
    if (typeof raw.pos !== 'number') throw error
    if (notSyntax.test(raw.message)) return undefined
    return {offset: raw.pos, code: scriptCode(raw.message)}
  }
}

/** The tree of a script, read with JSX and then without: `undefined` when neither reads the whole text. */
export function scriptTree(text: string): import('acorn').Program | undefined {
  for (const parser of scriptParsers()) {
    try {
      return parser.parse(text, scriptOptions)
    } catch {
      // The next reading, or none.
    }
  }
  return undefined
}

/** The Lezer tree of a Python text, which recovers from errors (they are error nodes). */
export function pythonTree(text: string): import('@lezer/common').Tree {
  return python().parse(text)
}

const python = once(() => (load('@lezer/python') as typeof import('@lezer/python')).parser)

/**
 * Python 3, read by the Lezer grammar CodeMirror highlights Python with: it recovers from errors, and
 * the first error node is where the text stops being Python. It reads neither indentation errors nor
 * strings left open at the end of their line, so the second are found here and the first are not
 * reported.
 */
export const checkPython: SyntaxCheck = (text) => {
  let offset: number | undefined
  python().parse(text).iterate({
    enter(node) {
      if (offset !== undefined) return false
      if (node.type.isError) offset = node.from
      return undefined
    }
  })
  const open = openString(text)
  if (open !== undefined && (offset === undefined || open < offset)) return {offset: open, code: 'unterminated-string'}
  return offset === undefined ? undefined : {offset}
}

/** The offset of the first Python string that a line break ends before its closing quote. */
function openString(text: string): number | undefined {
  let index = 0
  while (index < text.length) {
    const character = text[index]!
    if (character === '#') {
      const newline = text.indexOf('\n', index)
      index = newline === -1 ? text.length : newline
    } else if (character === '"' || character === "'") {
      const triple = text.startsWith(character.repeat(3), index)
      const end = triple ? text.indexOf(character.repeat(3), index + 3) : closingQuote(text, index)
      if (end === -1) return triple ? undefined : index
      index = end + (triple ? 3 : 1)
    } else {
      index++
    }
  }
  return undefined
}

/** Where the one-line string opened at `start` closes: -1 when a line break comes first. */
function closingQuote(text: string, start: number): number {
  const quote = text[start]
  for (let index = start + 1; index < text.length; index++) {
    const character = text[index]
    if (character === '\\') index++
    else if (character === quote) return index
    else if (character === '\n') return -1
  }
  return -1
}
