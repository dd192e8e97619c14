/**
 * The marks of a fragment in a code block (an elision, a placeholder, a template, a signature), of a
 * block that is not code (a transcript, a log, a diff, another language), and of the constructs the
 * Python grammar does not read: what rules/shared/code-fragments.ts looks for.
 */

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

/** An import of a Markdown or MDX file (`import {TF} from "/snippets/tf.mdx"`): what follows is MDX, not a script. */
export const markdownImportLine = /^import[ \t].*[ \t]from[ \t]+["'][^"']+\.mdx?["'];?[ \t]*$/

/** A line that opens a component at the start of a line, as MDX content does (`<TF name="x" />`). */
export const componentLine = /^<[A-Z][\w.]*(?:[ \t/>]|$)/

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
