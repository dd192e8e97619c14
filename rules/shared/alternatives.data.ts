// Names that tell alternatives apart: languages with their display names, platforms and package
// managers that label alternatives, and the words a label may hold around them.

/** Programming languages by fence id, with the name a `<CodeGroup>` tab shows. */
export const programmingLanguages: ReadonlyMap<string, string> = new Map([
  ['python', 'Python'], ['py', 'Python'], ['javascript', 'JavaScript'], ['js', 'JavaScript'], ['jsx', 'JavaScript'],
  ['mjs', 'JavaScript'], ['cjs', 'JavaScript'], ['typescript', 'TypeScript'], ['ts', 'TypeScript'], ['tsx', 'TypeScript'],
  ['go', 'Go'], ['golang', 'Go'], ['java', 'Java'], ['ruby', 'Ruby'], ['rb', 'Ruby'], ['php', 'PHP'], ['csharp', 'C#'],
  ['cs', 'C#'], ['c#', 'C#'], ['rust', 'Rust'], ['rs', 'Rust'], ['kotlin', 'Kotlin'], ['kt', 'Kotlin'], ['swift', 'Swift'],
  ['dart', 'Dart'], ['elixir', 'Elixir'], ['scala', 'Scala'], ['c', 'C'], ['cpp', 'C++'], ['c++', 'C++']
])

/** Shell fence ids: a shell block is an alternative only as a `curl` request or a package manager's command. */
export const shellLanguages: ReadonlySet<string> = new Set(['bash', 'sh', 'shell', 'zsh', 'console', 'shellscript', 'powershell', 'ps1', 'cmd', 'bat', 'batch'])

/** The tab name of a shell block that only sends an HTTP request with `curl`. */
export const curlTitle = 'cURL'

/** Package managers that install the same package, by ecosystem, with the name a tab shows. */
export const packageManagers: ReadonlyMap<string, {ecosystem: string; title: string}> = new Map([
  ['npm', {ecosystem: 'node', title: 'npm'}], ['yarn', {ecosystem: 'node', title: 'Yarn'}],
  ['pnpm', {ecosystem: 'node', title: 'pnpm'}], ['bun', {ecosystem: 'node', title: 'Bun'}],
  ['pip', {ecosystem: 'python', title: 'pip'}], ['pip3', {ecosystem: 'python', title: 'pip'}],
  ['poetry', {ecosystem: 'python', title: 'Poetry'}], ['uv', {ecosystem: 'python', title: 'uv'}],
  ['conda', {ecosystem: 'python', title: 'Conda'}], ['pipx', {ecosystem: 'python', title: 'pipx'}]
])

/** Words of a package manager's command that are not the package: `npm install --save acme` names `acme`. */
export const installWords: ReadonlySet<string> = new Set(['install', 'i', 'add', 'global', 'g', 'sudo', 'run', '-m', 'python', 'python3'])

export type AlternativeKind = 'platform' | 'tool' | 'language' | 'option'

/**
 * Names that label alternatives, lower-cased, by kind: operating systems and shells (platforms),
 * package managers (tools) and programming languages. A label or heading made of these names (“macOS”,
 * “With npm”, “Python”) introduces one alternative.
 */
export const alternativeNames: ReadonlyMap<string, AlternativeKind> = new Map([
  ...['macos', 'mac', 'osx', 'os x', 'windows', 'linux', 'ubuntu', 'debian', 'centos', 'fedora', 'rhel', 'alpine', 'wsl',
    'ios', 'android', 'powershell', 'command prompt', 'cmd', 'unix'].map((name) => [name, 'platform'] as const),
  ...['npm', 'yarn', 'pnpm', 'bun', 'pip', 'pipx', 'poetry', 'uv', 'conda', 'brew', 'homebrew', 'apt', 'apt-get', 'yum',
    'dnf', 'choco', 'chocolatey', 'winget', 'scoop', 'cargo', 'gem', 'composer', 'nuget', 'maven', 'gradle'].map((name) => [name, 'tool'] as const),
  ...['python', 'javascript', 'typescript', 'node', 'node.js', 'nodejs', 'go', 'golang', 'java', 'ruby', 'php', 'c#', '.net',
    'rust', 'kotlin', 'swift', 'dart', 'elixir', 'curl', 'http'].map((name) => [name, 'language'] as const)
])

/** Words that may qualify a platform in a label: “macOS ARM”, “Windows (x64)”, “Apple Silicon”. */
export const platformQualifiers: readonly string[] = ['arm', 'arm64', 'intel', 'x64', 'x86', 'amd64', 'apple silicon', 'm1', 'm2']

/** Words before the names of a label: “Install with npm”, “On macOS”, “If you use Yarn”. */
export const labelPrefixes: readonly string[] = [
  '(?:install|installing|installation|setup|set up|run|running|usage|example|examples|build|building)?\\s*(?:with|via|for|on|in|from|using)',
  'using', 'if you use', "if you're using", 'if you are using', 'for', 'on', 'in', 'with', 'via'
]

/** Words after the names of a label: “NPM installation”, “Windows users”, “Python SDK”. */
export const labelSuffixes: readonly string[] = [
  'installation', 'install', 'installer', 'installers', 'setup', 'users', 'instructions', 'version', 'example', 'examples',
  'sdk', 'client', 'command', 'commands', 'terminal'
]

/** Fence languages of output and plain text: a block in one is a result, never an alternative. */
export const outputLanguages: ReadonlySet<string> = new Set(['text', 'txt', 'plaintext', 'plain', 'output', 'log', 'ansi', 'terminal', 'sh-session', 'shell-session', 'shellsession'])

/** Components whose code blocks are already alternatives the reader picks from. */
export const codeGroups: ReadonlySet<string> = new Set(['CodeGroup', 'RequestExample', 'ResponseExample'])
/** Tabbed sections: alternatives too. */
export const tabComponents: ReadonlySet<string> = new Set(['Tabs', 'Tab'])

/**
 * Words every language's code is full of: two programs that share only these show nothing in common.
 * Compared lower-cased, without `_`.
 */
export const commonCodeWords: ReadonlySet<string> = new Set([
  'import', 'from', 'const', 'function', 'return', 'def', 'class', 'async', 'await', 'print', 'console', 'log',
  'require', 'self', 'this', 'true', 'false', 'none', 'null', 'undefined', 'string', 'main', 'data', 'value',
  'values', 'result', 'results', 'error', 'else', 'elif', 'while', 'with', 'export', 'default', 'public', 'private',
  'static', 'void', 'package', 'func', 'type', 'interface', 'println', 'printf', 'fmt', 'self', 'lambda', 'yield',
  'item', 'items', 'list', 'dict', 'object', 'number', 'int', 'float', 'bool', 'boolean', 'new', 'let', 'var', 'then',
  'catch', 'try', 'except', 'throw', 'raise', 'json', 'http', 'https', 'example', 'pass', 'args', 'kwargs', 'params'
])
