import {legalPageNames, pathsNamed} from './shared/pages.data.js'

/**
 * First-person words (lower case, straight apostrophe) and the second-person form to suggest;
 * `null` for `let's`, which an imperative replaces (“Let's install” → “Install”).
 */
export const firstPerson: ReadonlyMap<string, string | null> = new Map(Object.entries({
  we: 'you',
  "we're": "you're",
  "we've": "you've",
  "we'll": "you'll",
  "we'd": "you'd",
  our: 'your',
  ours: 'yours',
  ourselves: 'yourself',
  us: 'you',
  "let's": null,
  i: 'you',
  "i'm": "you're",
  "i've": "you've",
  "i'll": "you'll",
  "i'd": "you'd",
  my: 'your',
  me: 'you',
  myself: 'yourself'
}))

/** Words before a capital `I` that make it a roman numeral: “Type I”, “Phase I”, “World War I”. */
export const numeralContext: ReadonlySet<string> = new Set([
  'appendix', 'article', 'book', 'case', 'category', 'chapter', 'class', 'exhibit', 'figure', 'form',
  'gen', 'generation', 'grade', 'level', 'method', 'option', 'part', 'phase', 'scenario', 'schedule',
  'section', 'stage', 'step', 'tier', 'title', 'type', 'volume', 'war'
])

export const romanNumeral = /^(?:II|III|IV|V|VI|VII|VIII|IX|X|XI|XII)$/

/**
 * “the user” / “users” mean the reader only when told to do a task of the reader's:
 * `<the user | users> <obligation> <reader task>`. “Users can select files” (people using the
 * reader's app) and “the user has access” (a user account) are not instructions to the reader.
 */
export const userObligations: ReadonlyArray<readonly string[]> = [
  ['must'],
  ['should'],
  ['need', 'to'],
  ['needs', 'to'],
  ['have', 'to'],
  ['has', 'to'],
  ['will', 'need', 'to'],
  ['will', 'have', 'to'],
  ['is', 'required', 'to'],
  ['are', 'required', 'to']
]

/** Tasks of someone reading the docs (setting up, running, wiring code), not of an app's end users. */
export const readerTasks: ReadonlySet<string> = new Set([
  'add', 'call', 'clone', 'configure', 'copy', 'define', 'deploy', 'download', 'enable', 'ensure',
  'execute', 'export', 'follow', 'generate', 'import', 'install', 'make', 'navigate', 'obtain', 'paste',
  'pass', 'provide', 'refer', 'register', 'replace', 'restart', 'run', 'set', 'specify', 'update',
  'upgrade', 'verify'
])

/** Adverbs allowed between the obligation and the task: “must first install”. */
export const optionalAdverbs: ReadonlySet<string> = new Set(['also', 'always', 'first', 'only', 'still', 'then'])

/** Words that may stand right before a bare “users” that means the reader: “so users must install”. */
export const beforeBareUsers: ReadonlySet<string> = new Set([
  'after', 'and', 'because', 'before', 'if', 'once', 'or', 'so', 'that', 'then', 'unless', 'until',
  'when', 'where', 'while'
])

/** Elements whose text is a label or a term, not a sentence addressed to the reader. */
export const labelComponents: ReadonlySet<string> = new Set(['Tooltip', 'button', 'kbd', 'label'])

/** Most words in a button-like component's text (“I have set up the Okta login”). */
export const maxLabelWords = 15

/** First-person singular forms: in a question (“How do I…?”, “Can I reuse my key?”) the reader asks. */
export const singular: ReadonlySet<string> = new Set(['i', "i'm", "i've", "i'll", "i'd", 'my', 'me', 'myself'])

/** Punctuation after which a capital letter starts a clause rather than marking a name. */
export const clauseOpeners: ReadonlySet<string> = new Set([':', ';', '(', '[', '—', '–', '-', '"', '“', "'", '‘'])

/**
 * After `we` (and `we'll`, `we're`), words that may stand before the verb: “we will now install”,
 * “we need to configure”, “we are going to create”.
 */
export const weAuxiliaries: ReadonlySet<string> = new Set([
  'also', 'are', 'can', 'first', 'going', 'have', 'just', 'must', 'need', 'next', 'now', 'shall', 'should',
  'simply', 'then', 'to', 'will', 'would', 'want'
])

/**
 * Verbs of the reader's own work: `we` before one of them is the tutorial's “we” that means the reader
 * (“we will install the SDK”). Before any other verb `we` is the company speaking (“we notify admins”,
 * “we recommend”), which an instruction may do.
 */
export const tutorialVerbs: ReadonlySet<string> = new Set([
  ...readerTasks, 'build', 'change', 'check', 'choose', 'click', 'connect', 'create', 'delete', 'drag', 'edit',
  'enter', 'fill', 'go', 'implement', 'initialize', 'insert', 'launch', 'load', 'modify', 'move', 'open', 'remove',
  'rename', 'save', 'select', 'start', 'stop', 'test', 'try', 'type', 'upload', 'write'
])

/**
 * What `our` may own in a tutorial that builds something with the reader (“add it to our app”); `our`
 * before anything else is the company's (“our forum”, “our API”, “our team”).
 */
export const tutorialObjects: ReadonlySet<string> = new Set([
  'agent', 'app', 'application', 'bot', 'class', 'code', 'component', 'components', 'config', 'configuration',
  'directory', 'file', 'files', 'folder', 'function', 'graph', 'handler', 'model', 'node', 'nodes', 'pipeline',
  'program', 'project', 'prompt', 'query', 'repo', 'repository', 'request', 'route', 'schema', 'script',
  'server', 'service', 'terminal', 'test', 'tests', 'variable', 'workflow', 'workspace'
])

/**
 * Pages where the company speaks in its own voice by design: changelogs and release notes, legal and
 * policy pages, a code of conduct. Matched against the page's path.
 */
export const companyVoicePaths = pathsNamed(['changelogs?', 'release-?notes', 'releases', 'updates', ...legalPageNames])

/** Components whose text is not the page speaking to its reader: an update entry, a prompt for an AI tool. */
export const ownVoiceComponents: ReadonlySet<string> = new Set(['Update', 'Prompt'])

/** Words that open a question: a heading that starts with one asks it, question mark or not (“How do I deploy”). */
export const interrogatives: ReadonlySet<string> = new Set([
  'how', 'what', 'why', 'when', 'where', 'which', 'who', 'can', 'could', 'should', 'do', 'does', 'is', 'are', 'will'
])
