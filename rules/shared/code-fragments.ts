// Which code blocks, and which parts of them, are fragments rather than code to parse: the marks of an
// elision, a placeholder or a template, the notations of references, and the blocks that are not code
// of their fence's language at all (a transcript, a log, a diff, a command under a `js` fence).
import {
  anglePlaceholderMark, annotationComment, componentLine, diffLine, dotenvLine, elisionComment, elisionMark, foreignFirstLine, fragmentLines, markdownImportLine,
  fragmentMarks, httpMessageLine, jsonPlaceholderMark, jsonStart, outputLine, placeholderKeyMark, pythonGrammarGapLines,
  pythonGrammarGaps, pythonKeywords, pythonMagicLine, pythonParameterType, pythonSignatureMark, scriptElisionMark, scriptKeywords,
  scriptSignatureLines, scriptSubstitutionMark, substitutionMark, transcriptLines
} from './code-fragments.data.js'

/** The parsers blocks are read with: JSON, YAML, TOML, JavaScript and TypeScript, Python. */
export type CodeParser = 'json' | 'yaml' | 'toml' | 'script' | 'python'

const keywords = {script: new Set(scriptKeywords), python: new Set(pythonKeywords)}

/**
 * Whether a whole block is left alone: a session transcript or a log, a diff, or a block in another
 * language than its fence names.
 */
export function isNotCode(value: string, parser: CodeParser): boolean {
  return isTranscript(value) || diffLine.test(value) || isForeign(value, parser)
}

/** Whether a block is a session transcript: prompts with output between them. */
function isTranscript(value: string): boolean {
  return value.split('\n').some((line) => transcriptLines.some((pattern) => pattern.test(line)))
}

/**
 * The block as the parser reads it, offsets unchanged: Shiki's `// [!code …]` notations and IPython's
 * `%magic` and `!shell` lines become spaces.
 */
export function withoutAnnotations(value: string, parser: CodeParser): string {
  let text = value.replace(annotationComment, (notation) => ' '.repeat(notation.length))
  if (parser === 'python') {
    text = text.split('\n').map((line) => (pythonMagicLine.test(line) ? ' '.repeat(line.length) : line)).join('\n')
  }
  return text
}

/**
 * The offset of the start of the line of the first mark of a fragment in a block: errors from there
 * on are not reported. A mark inside a string literal (`api_key="<API_KEY>"`, `"Loading..."`) is code
 * that parses and marks nothing; YAML, whose plain text may hold an apostrophe, has no such test.
 */
export function firstMark(text: string, parser: CodeParser): number {
  const marks = [...fragmentMarks]
  const lineMarks = [...fragmentLines]
  if (parser === 'script') {
    marks.push(scriptElisionMark, scriptSubstitutionMark, placeholderKeyMark)
    lineMarks.push(...scriptSignatureLines)
  } else {
    marks.push(elisionMark, substitutionMark, anglePlaceholderMark)
  }
  if (parser === 'json') marks.push(jsonPlaceholderMark)
  if (parser === 'python') {
    marks.push(pythonSignatureMark, ...pythonGrammarGaps)
    lineMarks.push(...pythonGrammarGapLines)
  }
  let first = Math.min(firstElisionComment(text), firstMarkedLine(text, lineMarks), parser === 'python' ? firstCommentedBody(text) : Infinity)
  for (const mark of marks) {
    for (const found of text.matchAll(mark)) {
      if (found.index >= first) break
      if (parser === 'yaml' || !inString(text, found.index, parser)) {
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
export function opensBlock(line: string): boolean {
  return line.replace(/#.*/, '').trimEnd().endsWith(':')
}

/** Whether `offset` is inside a string literal that opens on its line, before any comment. */
function inString(text: string, offset: number, parser: CodeParser): boolean {
  let quote = ''
  for (let index = text.lastIndexOf('\n', offset - 1) + 1; index < offset; index++) {
    const character = text[index]!
    if (quote !== '') {
      if (character === '\\') index++
      else if (character === quote) quote = ''
    } else if (character === '"' || character === "'" || (character === '`' && parser === 'script')) {
      quote = character
    } else if (character === '#' ? parser === 'python' || parser === 'toml' : text.startsWith('//', index) || text.startsWith('/*', index)) {
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
function isForeign(value: string, parser: CodeParser): boolean {
  const code = value.split('\n').map((line) => line.trim()).filter((line) => line !== '' && !/^(?:#(?!\{)|\/\/|\/\*|\*)/.test(line))
  if (code[0] === undefined || httpMessageLine.test(code[0])) return true
  if (parser === 'json') return !jsonStart.test(code[0])
  if (code.every((line) => dotenvLine.test(line))) return true
  if (parser === 'yaml') return outputLine.test(value)
  if (parser !== 'script' && parser !== 'python') return false
  // MDX shown under a script's fence: it imports a snippet and uses it as a component.
  if (parser === 'script' && code.some((line) => markdownImportLine.test(line)) && code.some((line) => componentLine.test(line))) return true
  const first = foreignFirstLine.exec(code[0])
  return first !== null && !keywords[parser].has(first[1]!)
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
export function isNotation(text: string, offset: number, parser: CodeParser): boolean {
  const at = text.slice(offset, offset + 40)
  const lineStart = text.slice(text.lastIndexOf('\n', offset - 1) + 1, offset)
  switch (parser) {
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
export function codeBefore(text: string, offset: number): string {
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
