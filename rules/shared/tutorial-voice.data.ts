// Word lists of the tutorial's voice: the first person that means the reader (“let's install”, “next,
// we'll configure our app”), told apart from the company or the maintainers speaking (“we provide”,
// “let us know”, “we replace the callback mechanism”).

/** Tasks of someone reading the docs (setting up, running, wiring code), not of an app's end users. */
export const readerTasks: ReadonlySet<string> = new Set([
  'add', 'call', 'clone', 'configure', 'copy', 'define', 'deploy', 'download', 'enable', 'ensure',
  'execute', 'export', 'follow', 'generate', 'import', 'install', 'make', 'navigate', 'obtain', 'paste',
  'pass', 'provide', 'refer', 'register', 'replace', 'restart', 'run', 'set', 'specify', 'update',
  'upgrade', 'verify'
])

/**
 * Verbs of the reader's own work: `we` before one of them may be the tutorial's “we” (“we will install
 * the SDK”). `provide` and `try` are left out: “we provide three hooks” and “we try our best” are the
 * company's.
 */
export const tutorialVerbs: ReadonlySet<string> = new Set([
  ...[...readerTasks].filter((verb) => verb !== 'provide'), 'build', 'change', 'check', 'choose', 'click', 'connect',
  'create', 'delete', 'drag', 'edit', 'enter', 'fill', 'go', 'implement', 'initialize', 'insert', 'launch', 'load',
  'modify', 'move', 'open', 'remove', 'rename', 'save', 'select', 'start', 'stop', 'test', 'type', 'upload', 'write'
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
 * After `we` (and `we'll`, `we're`), words that may stand before the verb: “we will now install”,
 * “we need to configure”, “we are going to create”.
 */
export const weAuxiliaries: ReadonlySet<string> = new Set([
  'also', 'are', 'can', 'first', 'going', 'have', 'just', 'must', 'need', 'next', 'now', 'shall', 'should',
  'simply', 'then', 'to', 'will', 'would', 'want'
])

/**
 * Auxiliaries of a step still to take, as a tutorial narrates it: “we will install”, “we need to set”,
 * “we are going to create”. “We build”, “we can add” and “we upload your data” without one of them (or
 * a word that places the step in the tutorial, see `sequencers`) describe what the company does.
 */
export const plannedAuxiliaries: ReadonlySet<string> = new Set(['going', 'have', 'must', 'need', 'shall', 'should', 'want', 'will'])

/** Words before `we` that place it in the tutorial's sequence of steps: “Now we initialize the client”. */
export const sequencers: ReadonlySet<string> = new Set(['finally', 'first', 'here', 'lastly', 'next', 'now', 'then'])

/** Nouns after `this` that frame the tutorial: “In this example, we create …”, “for this guide we will …”. */
export const tutorialFrames: ReadonlySet<string> = new Set([
  'article', 'case', 'cookbook', 'example', 'guide', 'lesson', 'point', 'section', 'step', 'tutorial', 'walkthrough'
])

/** Verbs after `we start` that open the tutorial's first step: “We start by importing …”. */
export const startVerbs: ReadonlySet<string> = new Set(['begin', 'start'])

/**
 * Verbs after `let us` or `let's` that ask the reader to talk to the company, not to work along: “let us
 * know”, “let's discuss your plan”.
 */
export const contactVerbs: ReadonlySet<string> = new Set(['chat', 'discuss', 'hear', 'know', 'talk'])

/** Verbs after `let's` that set up a hypothesis, not a step: “let's say you have a workflow”. */
export const hypothesisVerbs: ReadonlySet<string> = new Set(['assume', 'imagine', 'pretend', 'say', 'suppose'])

/** Words that may stand before an imperative `let us`: “Now let us try”, “First, let us run”. */
export const letOpeners: ReadonlySet<string> = new Set([
  'again', 'and', 'but', 'finally', 'first', 'here', 'lastly', 'next', 'now', 'so', 'then'
])

/**
 * Words that address the reader or promise what the company will do: a sentence that holds one of them
 * and `we` or `our` speaks of two parties (“when you deploy, we build your code”, “please open an issue
 * and we will fix it”, “we will add querying soon”), so its first person is the company's.
 */
export const twoParties: ReadonlySet<string> = new Set([
  'you', 'your', 'yours', 'yourself', "you'll", "you're", "you've", "you'd", 'please', 'soon', 'shortly', 'timely', 'eventually'
])
