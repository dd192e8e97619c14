/**
 * What `code-syntax` reads: the fence languages it parses, the wording of each parser's reasons, and
 * the tokens tried at an error. The marks of a fragment are in rules/shared/code-fragments.data.ts.
 */

/** How a language's blocks are parsed: the parser, and the name messages give the language. */
export type SyntaxLanguage =
  | {parser: 'json'; mode: 'json' | 'jsonc' | 'json5'; name: string}
  | {parser: 'yaml' | 'toml' | 'script' | 'python'; name: string}

/** Fence languages (lower-cased) that are parsed. Every other language is left alone. */
export const syntaxLanguages: Readonly<Record<string, SyntaxLanguage>> = {
  json: {parser: 'json', mode: 'json', name: 'JSON'},
  jsonc: {parser: 'json', mode: 'jsonc', name: 'JSONC'},
  json5: {parser: 'json', mode: 'json5', name: 'JSON5'},
  yaml: {parser: 'yaml', name: 'YAML'},
  yml: {parser: 'yaml', name: 'YAML'},
  toml: {parser: 'toml', name: 'TOML'},
  js: {parser: 'script', name: 'JavaScript'},
  jsx: {parser: 'script', name: 'JavaScript'},
  javascript: {parser: 'script', name: 'JavaScript'},
  mjs: {parser: 'script', name: 'JavaScript'},
  cjs: {parser: 'script', name: 'JavaScript'},
  ts: {parser: 'script', name: 'TypeScript'},
  tsx: {parser: 'script', name: 'TypeScript'},
  typescript: {parser: 'script', name: 'TypeScript'},
  mts: {parser: 'script', name: 'TypeScript'},
  cts: {parser: 'script', name: 'TypeScript'},
  python: {parser: 'python', name: 'Python'},
  py: {parser: 'python', name: 'Python'},
  python3: {parser: 'python', name: 'Python'}
}

/** Fence languages of shell sessions, whose `curl` commands' JSON bodies are parsed. */
export const shellLanguages: readonly string[] = ['bash', 'sh', 'shell', 'zsh', 'console', 'terminal', 'curl', 'shellscript', 'shell-session', 'sh-session']

/**
 * What a parser's reason says, as the start of the message (before ` in <language> code block`) and
 * its expectation. `{detail}` is what the parser named (a quote character).
 */
export const reasonWording: Readonly<Record<string, {problem: string; expected: string}>> = {
  'unterminated-string': {problem: 'Unterminated string', expected: 'a closing quote on the same line'},
  'unterminated-template': {problem: 'Unterminated template literal', expected: 'a closing `` ` ``'},
  'unterminated-regular': {problem: 'Unterminated regular expression', expected: 'a closing `/`'},
  'unterminated-comment': {problem: 'Unterminated comment', expected: 'a closing `*/`'},
  'unterminated-jsx': {problem: 'Unterminated JSX element', expected: 'its closing tag'},
  'missing-indent': {problem: 'Missing indentation', expected: 'the lines of the block after `:` indented'},
  'typographic-quote': {problem: 'Unexpected typographic quote `{detail}`', expected: 'a straight quote, `"` or `\'`'},
  'single-quote': {problem: 'Unexpected single-quoted string', expected: 'double quotes: JSON strings use `"`'},
  // YAML (the `yaml` package's error codes).
  BAD_INDENT: {problem: 'Unexpected indentation', expected: 'the items of a collection to start at the same column'},
  BLOCK_AS_IMPLICIT_KEY: {problem: 'Unexpected nested mapping', expected: 'a nested mapping on its own, more indented line'},
  MULTILINE_IMPLICIT_KEY: {problem: 'Unexpected line break in a key', expected: 'a key and its `:` on one line'},
  TAB_AS_INDENT: {problem: 'Unexpected tab', expected: 'spaces for indentation'},
  MISSING_CHAR: {problem: 'Unterminated value', expected: 'a closing `{detail}`'},
  KEY_WITHOUT_VALUE: {problem: 'Unexpected key without `:`', expected: 'a `:` after the key, or more indentation to continue the value above'},
  BAD_DQ_ESCAPE: {problem: 'Unexpected escape', expected: 'an escape such as `\\n` or `\\"`'},
  // TOML (smol-toml's reasons).
  'expected comma or end of structure': {problem: 'Unexpected value', expected: '`,` or the end of the array or table'},
  'incomplete key-value: cannot find end of key': {problem: 'Unexpected end of line', expected: '`=` and a value'},
  'unfinished string': {problem: 'Unterminated string', expected: 'a closing quote'},
  'control characters are not allowed in strings': {problem: 'Unterminated string', expected: 'a closing quote on the same line'},
  'illegal character in key': {problem: 'Unexpected character in a key', expected: 'a key of letters, digits, `_` and `-`, or a quoted key'},
  'each key-value declaration must be followed by an end-of-line': {problem: 'Unexpected text after a value', expected: 'a line break after each `key = value`'}
}

/**
 * Reasons that are not reported: a key given twice, which docs do on purpose to list the values a key
 * may take (`version = "1.0.0"  # first release`, then `version = "1.1.0"`).
 */
export const ignoredReasons: readonly string[] = ['trying to redefine an already defined table or value']

/** Tokens tried at the error, in order: the first that lets the parser read further is the message's expectation. */
export const expectedTokens: readonly string[] = [',', ':', ';', '=', ')', ']', '}']

/** Tokens tried at the end of a block that stops there: the brackets left open. */
export const closingTokens: readonly string[] = ['}', ')', ']']
