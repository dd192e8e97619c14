/**
 * What `code-syntax` reads: the fence languages it parses, the marks of a fragment (an elision, a
 * placeholder, a template, a prompt), and the wording of each parser's reasons.
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
 * A line that shows a prompt or output rather than code: the block is a session transcript or a log,
 * and is left alone. Python's `>>>` and IPython's `In [1]:`, a shell `$ `, Node's `> `, a log line
 * that starts with a time, a traceback, a warning or an error printed by Python.
 */
export const transcriptLines: readonly RegExp[] = [
  /^>>>(?: |$)/,
  /^In \[\d*\]:/,
  /^\$ \S/,
  /^> \S/,
  /^PS [A-Z]:\\.*> /,
  /^\[?\d{4}-\d\d-\d\d[ T]\d\d:\d\d/,
  /^\[?\d\d:\d\d:\d\d\b/,
  /^Traceback \(most recent call last\)/,
  /^[A-Z]\w*(?:Error|Warning|Exception): /
]

/**
 * A line of a diff: the block shows a change, its lines shifted by `+`, `-` or a space, and is left
 * alone. It has an added line, or a hunk header.
 */
export const diffLine = /^(?:\+(?!\+)|@@ )/m

/**
 * Marks where a block stops being the literal code: an error on the line of the first of them, or
 * after it, may be the mark itself or what it stands for, and is not reported.
 */
export const fragmentMarks: readonly RegExp[] = [
  // An elision: `…`, or `..`, `...` and longer runs outside JavaScript (see `scriptElisionMark`), and
  // a string that is one (`"..."`), which marks even where the marks in strings do not.
  /…/g,
  /(["'])(?:\.{2,}|…)\1/g,
  // A template: Jinja, Handlebars, Liquid, Go templates (`{{ name }}`, `{% if %}`), ERB (`<% %>`).
  /\{\{|\{%|\{#(?![\w$])|<%/g,
  // A placeholder in angle brackets: `<YOUR_API_KEY>`, `<api key>`, `<your-id>`.
  /<(?:[A-Z][A-Z0-9]*(?:[_ -][A-Z0-9]+)+|[A-Za-z][\w-]*(?: [\w-]+)+|(?:your|my|insert|enter|replace)[\w -]*)>/ig,
  // A placeholder in square brackets: `[YOUR_TOKEN]`, `[your value]`.
  /\[(?:[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|(?:your|my|insert|enter|replace)\b[^[\]\n]*)\]/ig,
  // A comment that introduces output or a result, which follows as text: `# Output:`, `// Result`, `# =>`.
  /(?:#|\/\/)[ \t]*(?:=>|->|(?:example )?(?:outputs?|results?|returns?|prints?|responses?)\b)/ig
]

/**
 * Lines that mark a fragment in every language, each pattern tested on one line: a line that
 * describes the code it stands for, `[Code snippet showing the new behaviour]`.
 */
export const fragmentLines: readonly RegExp[] = [/^[ \t]*\[[A-Z][a-z]+(?: [\w'-]+){2,}\][ \t]*$/]

/**
 * Words of a comment that stands for code left out (`# your code here`, `// rest of the config`,
 * `# etc.`): the comment marks a fragment, as an elision does.
 */
export const elisionComment = /\b(?:(?:your|my)\b[\w ,-]{0,40}\b(?:code|logic|implementation|here)\b|code here|logic here|rest of|remaining|omitted|truncated|snip|etc\b|and so on)/i

/** A placeholder in angle brackets where no language but JavaScript has them: `<id>`, `<Value>`. */
export const anglePlaceholderMark = /<[A-Za-z][\w.-]*>/g

/**
 * Lines of a signature as API references write it, not a call: `page.goto(url: string): Promise<void>`,
 * or the last line `): Promise<void>` of one with no body after it. A call followed by `: Type` is no
 * JavaScript (a `case` starts with its keyword, a ternary with `?`).
 */
export const scriptSignatureLines: readonly RegExp[] = [
  /^[ \t]*(?:(?:const|let|var)[ \t]+[\w$]+[ \t]*=[ \t]*)?(?:await[ \t]+)?[\w$.]+(?:<[^<>\n]*>)?\([^\n]*\)[ \t]*:[ \t]*[\w$<{[('"]/,
  /^[ \t]*\)[ \t]*:[^\n{=]*$/
]

/** A placeholder key in JavaScript, where JSX has no `>:`: `{ <Operator>: <Value> }`. */
export const placeholderKeyMark = /<[A-Za-z][\w-]*>:/g

/**
 * A signature in Python notation: `client.get(id: str) -> Item`, `runner.bus -> Bus`. Python writes
 * `->` only in a `def`, whose line ends with `:`.
 */
export const pythonSignatureMark = /->[^\n:#>]*$/mg

/**
 * The first line of a block in another language than its fence says: a command (`docker run`), a
 * request line (`GET /v1/users`), a config file (`input {`): two words in a row, the first no keyword.
 */
export const foreignFirstLine = /^([A-Za-z_$][\w$.-]*)(?:[ \t]+(?:[\p{L}\d_$/{"'-]|https?:)|\{)/u

/** Words that start a JavaScript or TypeScript statement and may be followed by a word. */
export const scriptKeywords: readonly string[] = [
  'abstract', 'as', 'async', 'await', 'break', 'case', 'class', 'const', 'continue', 'debugger', 'declare', 'default',
  'delete', 'do', 'else', 'enum', 'export', 'extends', 'for', 'from', 'function', 'get', 'if', 'implements', 'import',
  'in', 'instanceof', 'interface', 'let', 'module', 'namespace', 'new', 'of', 'private', 'protected', 'public',
  'readonly', 'return', 'satisfies', 'set', 'static', 'switch', 'throw', 'try', 'type', 'typeof', 'using', 'var',
  'void', 'while', 'with', 'yield'
]

/** Words that start a Python statement and may be followed by a word. */
export const pythonKeywords: readonly string[] = [
  'and', 'as', 'assert', 'async', 'await', 'break', 'case', 'class', 'continue', 'def', 'del', 'elif', 'else',
  'except', 'finally', 'for', 'from', 'global', 'if', 'import', 'in', 'is', 'lambda', 'match', 'nonlocal', 'not',
  'or', 'pass', 'raise', 'return', 'try', 'type', 'while', 'with', 'yield'
]

/** The first line of an HTTP request or response: `GET /v1/users`, `HTTP/1.1 200 OK`. */
export const httpMessageLine = /^(?:HTTP\/\d|(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) \S)/

/**
 * A line of a program's output shown as YAML for its colours: a key of capitalised words
 * (`Simple sign request: 6878e0`, `Status: created`), which no config file has.
 */
export const outputLine = /^[ \t]*(?:- )?[A-Z][\w'-]*(?: [\w'-]+)+:(?:[ \t]|$)/m

/** The start of a JSON text: a partial object starts with its first `"key":`. */
export const jsonStart = /^(?:[{["\d-]|true\b|false\b|null\b)/

/**
 * A parameter written with its type where a call's argument goes, as references list parameters:
 * `Stagehand(env: str = None)`. Matched at the `:` the parser stops at.
 */
export const pythonParameterType = /^:[ \t]*(?:str|int|float|bool|bytes|dict|list|tuple|set|object|Any|Optional|Union|Literal|Dict|List|Tuple|Callable|Sequence|Mapping|Iterable)\b(?![ \t]*\()/

/** A line of a dotenv file (`API_KEY=abc`): a block of them is not code of its fence's language. */
export const dotenvLine = /^[A-Z][A-Z0-9_]*=/

/** An elision in JavaScript: `...` alone or in a comment (`// ...`), not the spread of `...rest` or `...[a]`. */
export const scriptElisionMark = /(?<![\w$.])\.{3,}(?![\w$([{'"`])/g

/** An elision in the other languages, where two dots or more are no syntax: `{ .. }`, `"…"`, `# ...`. */
export const elisionMark = /\.{2,}/g

/** Marks of a fragment in languages other than JavaScript, where `${…}` is a shell or template substitution. */
export const substitutionMark = /\$\{/g

/** Marks of a fragment in JavaScript: `${…}` where a value goes (`= ${BASE_URL}`), not inside a template literal. */
export const scriptSubstitutionMark = /[=:(,]\s*\$\{/g

/** A bare placeholder where a JSON value goes: `"key": YOUR_API_KEY`, `"id": your-id`. */
export const jsonPlaceholderMark = /:\s*(?:[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|(?:your|my)[\w-]*)\b/g

/**
 * A Python construct the Lezer grammar does not read although Python does: an error after one may be
 * the grammar's, so it is not reported. A `yield` with no value, a parenthesized target or context
 * managers of `with`, an `as` capture in a `case` pattern, a float written `1.`.
 */
export const pythonGrammarGaps: readonly RegExp[] = [/\(yield\)/g, /\bas[ \t]*\(/g, /\bwith[ \t]*\(/g, /(?<![\w.])\d+\.(?![\w.])/g]

/** The same, for constructs of a whole line, each pattern tested on one line: a bare `yield`, a `case` with `as` or `()`. */
export const pythonGrammarGapLines: readonly RegExp[] = [/^[ \t]*yield[ \t]*(?:#.*)?$/, /^[ \t]*case\b.*(?:\bas\b|\(\))/]

/** A Python line run by IPython or a notebook rather than Python: `%pip install x`, `!ls`. */
export const pythonMagicLine = /^[ \t]*[%!]/

/** A Shiki notation comment (`// [!code highlight]`, `# [!code ++]`): not part of the code. */
export const annotationComment = /(?:\/\/|#|\/\*|<!--)[ \t]*\[!code [^[\]\n]*\][ \t]*(?:\*\/|-->)?/g

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
