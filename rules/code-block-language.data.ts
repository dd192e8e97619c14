/**
 * Language ids and aliases that Shiki (the platform's highlighter) bundles, plus the few names the
 * platform and common Markdown renderers accept on top (`text`, `plaintext`, `console`, …).
 * Compared lower-cased. A fence info string whose first word is not here is not a language.
 */
export const languages: readonly string[] = [
  // Shiki bundled languages (ids and aliases).
  '1c', '1c-query', 'abap', 'actionscript-3', 'ada', 'adoc', 'angular-html', 'angular-ts', 'apache', 'apex',
  'apl', 'applescript', 'ara', 'asciidoc', 'asm', 'astro', 'awk', 'ballerina', 'bash', 'bat', 'batch', 'be',
  'beancount', 'berry', 'bibtex', 'bicep', 'blade', 'bsl', 'c', 'c#', 'c++', 'cadence', 'cairo', 'cdc',
  'clarity', 'clj', 'clojure', 'closure-templates', 'cmake', 'cmd', 'cobol', 'codeowners', 'codeql', 'coffee',
  'coffeescript', 'common-lisp', 'console', 'coq', 'cpp', 'cql', 'crystal', 'cs', 'csharp', 'css', 'csv',
  'cue', 'cypher', 'd', 'dart', 'dax', 'desktop', 'diff', 'docker', 'dockerfile', 'dotenv', 'dream-maker',
  'edge', 'elisp', 'elixir', 'elm', 'emacs-lisp', 'erb', 'erl', 'erlang', 'f', 'f#', 'f03', 'f08', 'f18',
  'f77', 'f90', 'f95', 'fennel', 'fish', 'fluent', 'for', 'fortran-fixed-form', 'fortran-free-form', 'fs',
  'fsharp', 'fsl', 'ftl', 'gdresource', 'gdscript', 'gdshader', 'genie', 'gherkin', 'git-commit',
  'git-rebase', 'gjs', 'gleam', 'glimmer-js', 'glimmer-ts', 'glsl', 'gn', 'gnuplot', 'go', 'gql', 'graphql',
  'groovy', 'gts', 'hack', 'haml', 'handlebars', 'haskell', 'haxe', 'hbs', 'hcl', 'hjson', 'hlsl', 'hs',
  'html', 'html-derivative', 'http', 'hurl', 'hxml', 'hy', 'imba', 'ini', 'jade', 'java', 'javascript',
  'jinja', 'jison', 'jl', 'js', 'json', 'json5', 'jsonc', 'jsonl', 'jsonnet', 'jssm', 'jsx', 'julia',
  'kdl', 'kotlin', 'kql', 'kt', 'kts', 'kusto', 'latex', 'lean', 'lean4', 'less', 'liquid', 'lisp', 'lit',
  'llvm', 'log', 'logo', 'lua', 'luau', 'make', 'makefile', 'markdown', 'marko', 'matlab', 'md', 'mdc',
  'mdx', 'mediawiki', 'mermaid', 'mips', 'mipsasm', 'mmd', 'mojo', 'move', 'nar', 'narrat', 'nextflow',
  'nf', 'nginx', 'nim', 'nix', 'nu', 'nushell', 'objc', 'objective-c', 'objective-cpp', 'ocaml', 'odin',
  'openscad', 'pascal', 'perl', 'perl6', 'php', 'pkl', 'plsql', 'po', 'polar', 'postcss', 'pot', 'potx',
  'powerquery', 'powershell', 'prisma', 'prolog', 'properties', 'proto', 'protobuf', 'ps', 'ps1', 'pug',
  'puppet', 'purescript', 'py', 'python', 'ql', 'qml', 'qmldir', 'qss', 'r', 'racket', 'raku', 'razor',
  'rb', 'reg', 'regex', 'regexp', 'rel', 'riscv', 'rs', 'rst', 'ruby', 'rust', 'sas', 'sass', 'scad',
  'scala', 'scheme', 'scss', 'sdbl', 'sh', 'shader', 'shaderlab', 'shell', 'shellscript', 'shellsession',
  'smalltalk', 'solidity', 'soy', 'sparql', 'spl', 'splunk', 'sql', 'ssh-config', 'stata', 'styl',
  'stylus', 'svelte', 'swift', 'system-verilog', 'systemd', 'talon', 'talonscript', 'tasl', 'tcl', 'templ',
  'terraform', 'tex', 'tf', 'tfvars', 'toml', 'ts', 'ts-tags', 'tsp', 'tsv', 'tsx', 'turtle', 'twig',
  'typ', 'typescript', 'typespec', 'typst', 'v', 'vala', 'vb', 'verilog', 'vhdl', 'vim', 'viml',
  'vimscript', 'vue', 'vue-html', 'vue-vine', 'vy', 'vyper', 'wasm', 'wenyan', 'wgsl', 'wikitext', 'wit',
  'wl', 'wolfram', 'xml', 'xsl', 'yaml', 'yml', 'zenscript', 'zig', 'zsh', '文言',
  // Plain text and names the platform or common renderers accept.
  'ansi', 'env', 'output', 'plain', 'plaintext', 'sh-session', 'shell-session', 'terminal', 'text', 'txt'
]

/**
 * Words of a fence's meta that set options, not the title: line highlighting `{1,3-5}`,
 * `key=value` options and these flags.
 */
export const metaFlags: readonly string[] = ['expandable', 'lines', 'showLineNumbers', 'twoslash', 'wrap']

/** Components whose code blocks become tabs named by each block's title. */
export const tabbedCodeComponents: readonly string[] = ['CodeGroup', 'RequestExample', 'ResponseExample']

/**
 * Commands that start a line of a shell session in documentation. A block whose every line starts
 * with one, or matches one of `shellLines`, is suggested `bash`.
 */
export const shellCommands: readonly string[] = [
  'apt', 'apt-get', 'brew', 'bun', 'bunx', 'cargo', 'cd', 'chmod', 'composer', 'conda', 'cp', 'curl', 'deno',
  'docker', 'docker-compose', 'gcloud', 'gem', 'git', 'helm', 'kubectl', 'mkdir', 'mv', 'npm', 'npx', 'pip',
  'pip3', 'pipx', 'pnpm', 'poetry', 'python', 'python3', 'sudo', 'systemctl', 'terraform', 'uv', 'uvicorn',
  'wget', 'yarn'
]

/** Shell lines whose first word alone could start other code (`export const` in JavaScript, `go f()` in Go). */
export const shellLines: readonly RegExp[] = [
  /^\$[ \t]+\S/,
  /^export[ \t]+[A-Za-z_]\w*=/,
  /^go[ \t]+(?:build|env|get|install|mod|run|test|version|work)(?:[ \t]|$)/
]

/**
 * Lines that mark a block as code (a programming, markup, config or shell language) rather than
 * plain text such as prose, a prompt, log output, a URL or a file tree. Tested on trimmed lines.
 */
export const codeLinePatterns: readonly RegExp[] = [
  // Punctuation that ends or closes a statement or a structure.
  /[;{[(]$/,
  /^[}\])]+[,;]*$/,
  // `"key": value` in JSON and JSON-like schemas.
  /^["'][^"']+["']\s*:/,
  // `NAME=value` with nothing around `=`: an environment file or a shell assignment.
  /^[A-Za-z_][\w.]*=(?!=)\S/,
  // Calls: a name directly followed by its arguments, `client.connect()`, `print("done")`. Not an
  // upper-case name alone, as in a spreadsheet-style formula (`MAX(a, b)`).
  /(?<![\w$.])(?![A-Z\d_]+\()[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\([^()]*\)/,
  // Operators that prose does not use.
  /=>|===|!==|&&/,
  // Template tags (Jinja, Liquid, Handlebars).
  /^\{\{.*\}\}|\{%[^%\n]*%\}/,
  // Markup: a self-closing tag or a tag with `name=value` attributes.
  /\/>|<[A-Za-z][\w:.-]*\s[^<>]*\w=["'{]/,
  // A command line that runs a program or script by its path.
  /^\S+\.(?:exe|bat|cmd|sh|ps1)(?:\s|$)/,
  // A shell command after a notebook's `!` or a prompt.
  /^[!$]\s*(?:[a-z][\w-]*)\s/,
  // Comments of C-like languages.
  /^(?:\/\/|\/\*|\*\/)/,
  // Keywords that open a statement or declaration.
  /^(?:import|export|const|let|var|function|def|class|return|async|await|package|using|namespace|fn|func|struct|interface|elif|except|lambda)\s/,
  /^from\s+\S+\s+import\s/,
  /^#include\s/,
  /^(?:SELECT|INSERT|UPDATE|DELETE|CREATE|ALTER|DROP)\s+\S/
]

/**
 * Lines that code has, but so do structured plain text, formulas and prompts (`Total = MAX(a, b)`,
 * `headers:`, `<ui_state>`): they count as code only beside a line of `codeLinePatterns`, or in a
 * block that parses as YAML.
 */
export const weakCodeLinePatterns: readonly RegExp[] = [
  // `key: value` in YAML or a header: a lower-case key, or one joined by `-`, `_` or `.`.
  /^(?:-\s+)?(?:[a-z_$][\w$.-]*|[A-Za-z][A-Za-z\d]*(?:[-_.][A-Za-z\d]+)+):(?:\s|$)/,
  // Assignments: `name = value`, `name := value`, `name += value`.
  /^(?:(?:const|let|var|export)\s+)?[A-Za-z_$][\w$.[\]'"]*\s*(?::=|[+\-*/]?=)(?!=)\s*\S/,
  // A call of an upper-case name: a formula's `MAX(a, b)`, or code.
  /(?<![\w$.])[A-Z\d_]+\([^()]*\)/,
  // A closing tag, or a lone tag on its line.
  /<\/[A-Za-z][\w:.-]*>|^<[A-Za-z][\w:.-]*>$/
]

/** Lines that are plain text whatever they hold: a branch of a file tree, a lone URL. */
export const plainLinePatterns: readonly RegExp[] = [
  /^(?:[│├└┃┣┗]|[|`+\\]--)/,
  /^<?[a-z][\w+.-]*:\/\/\S+>?$/
]

/** A line of a diagram: box-drawing characters or arrows anywhere (`api ──► queue`, `state ← event`). */
export const diagramLine = /[\u2500-\u257F\u2190-\u21FF\u25B2-\u25C4]/

/**
 * Lines a program prints: a status mark or pictograph first (`✅ Done`, `→ Fetching`, `🏦 Update:`), a log
 * level in brackets or before a colon, or a timestamp. A block with one is output, however much of a
 * logged object it shows.
 */
export const outputLinePatterns: readonly RegExp[] = [
  /^(?:[✓✔✗✘✅❌⚠→←•▶►]|\p{Extended_Pictographic})/u,
  /^\[?(?:INFO|WARN|WARNING|ERROR|DEBUG|TRACE)\]?[:\s]/,
  /^\[?\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/,
  // An error a program prints: `TypeError: …`, `ModuleNotFoundError: …`, `Error from server (BadRequest): …`.
  /^(?:[A-Z][A-Za-z]*(?:Error|Exception)|Error from [a-z]+(?: \([A-Za-z]+\))?): \S/,
  // A turn of a conversation: a speaker, then a sentence (`AI: I will turn on the lights now.`).
  /^(?:AI|Assistant|Agent|Bot|Caller|Customer|Human|User): [A-Z][^:;{}()=]* [^:;{}()=\s]*[.?!]$/
]

/** Words of a sentence that introduces a program's output (`Example output:`, `you receive this response:`). */
export const outputIntroduction = /\b(?:output|outputs|response|responses|prints?|printed|logs?|logged|respond(?:s|ed)? with|repl(?:y|ies|ied) with|you(?:'ll| will)? see|shows? something like|displays?)\b/i
