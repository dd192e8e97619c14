// Word lists of the present-tense rule: what a product is called, what marks a real future, and the
// verb forms the present tense needs.
import {legalPageNames, pathsNamed} from './shared/pages.data.js'

/**
 * Things a page describes, as the head of a subject (“the API”, “this command”, “each request”). A
 * person (`user`, `admin`, `team`) is not one: what a person will do is not the product's behaviour.
 */
export const productNouns: ReadonlySet<string> = new Set([
  'action', 'adapter', 'agent', 'api', 'app', 'application', 'argument', 'article', 'attribute', 'backend', 'body',
  'bot', 'build', 'button', 'cache', 'call', 'callback', 'class', 'cli', 'client', 'code', 'command', 'component',
  'config', 'configuration', 'connector', 'console', 'container', 'controller', 'dashboard', 'database', 'decorator',
  'dialog', 'driver', 'editor', 'endpoint', 'engine', 'error', 'event', 'example', 'exception', 'extension',
  'feature', 'field', 'file', 'filter', 'flag', 'form', 'format', 'function', 'guide', 'handler', 'header', 'helper',
  'hook', 'instance', 'instrumentation', 'integration', 'job', 'key', 'library', 'link', 'list', 'log', 'logger',
  'menu', 'message', 'method', 'middleware', 'modal', 'module', 'node', 'object', 'operation', 'option', 'output',
  'package', 'page', 'panel', 'parameter', 'payload', 'pipeline', 'platform', 'plugin', 'process', 'program',
  'property', 'provider', 'proxy', 'query', 'queue', 'request', 'response', 'result', 'route', 'router', 'runtime',
  'schema', 'script', 'sdk', 'section', 'server', 'service', 'session', 'setting', 'snippet', 'span', 'system',
  'tab', 'table', 'task', 'template', 'token', 'tool', 'trace', 'tracer', 'trigger', 'tutorial', 'url', 'utility',
  'value', 'variable', 'view', 'webhook', 'widget', 'window', 'worker', 'workflow', 'wrapper'
])

/** People a subject may name: what they will do is theirs, not the product's (“the `admin` user will see”). */
export const people: ReadonlySet<string> = new Set([
  'admin', 'administrator', 'author', 'customer', 'developer', 'member', 'owner', 'people', 'person', 'reader',
  'team', 'user', 'viewer'
])

/** Plural heads whose singular is not the noun less `s`, `es` or `ies`. */
export const irregularPlurals: ReadonlyMap<string, string> = new Map([
  ['indices', 'index'], ['indexes', 'index'], ['statuses', 'status'], ['aliases', 'alias'], ['analyses', 'analysis']
])

/** Determiners that may open a subject, with the number they give it (`undefined`: the noun decides). */
export const determiners: ReadonlyMap<string, 'singular' | 'plural' | undefined> = new Map([
  ['the', undefined], ['this', 'singular'], ['that', 'singular'], ['each', 'singular'], ['every', 'singular'],
  ['a', 'singular'], ['an', 'singular'], ['these', 'plural'], ['those', 'plural'], ['all', 'plural'],
  ['both', 'plural'], ['any', undefined], ['your', undefined], ['its', undefined], ['no', undefined]
])

/**
 * Words that make a sentence a conditional, a sequence or a time to come, where `will` names an
 * outcome (“if the key is wrong, the call will fail”, “once deployed, the task will run”): the
 * conventions ask for the future tense there.
 */
export const outcomeWords: ReadonlySet<string> = new Set([
  'if', 'when', 'whenever', 'once', 'after', 'before', 'until', 'till', 'unless', 'upon', 'otherwise', 'while', 'without',
  'whether', 'then', 'now', 'next', 'soon', 'later', 'eventually', 'future', 'upcoming', 'tomorrow', 'deprecated',
  'deprecation', 'sunset', 'going', 'longer', 'anymore', 'yet', 'likely', 'probably', 'possibly', 'hopefully',
  'perhaps', 'maybe', 'release', 'released', 'version', 'roadmap', 'planned', 'plan', 'expected', 'scheduled'
])

/** Phrases that make the sentence the outcome of what the reader just did: “With this setup, …”. */
export const outcomePhrases: readonly string[] = [
  'this way', 'doing this', 'doing so', 'with this setup', 'with this in place', "that's it", 'that’s it', 'at this point',
  'as a result', 'from here', 'every time', 'each time', 'moving forward', 'going forward', 'from now on'
]

/** Verbs that tell of a change to come, not of how something works: “the token will expire”. */
export const changeVerbs: ReadonlySet<string> = new Set([
  'expire', 'become', 'continue', 'remain', 'stop', 'start', 'begin', 'resume', 'change', 'evolve', 'grow',
  'improve', 'arrive', 'launch', 'ship', 'happen', 'get'
])

/** Participles after `will be` that tell of a change to come: “will be removed”, “will be available”. */
export const changeParticiples: ReadonlySet<string> = new Set([
  'deprecated', 'removed', 'retired', 'discontinued', 'sunset', 'released', 'launched', 'shipped', 'replaced',
  'introduced', 'migrated', 'rolled', 'phased', 'announced', 'available', 'supported', 'added', 'deleted',
  'charged', 'billed', 'notified', 'contacted', 'reviewed', 'closed', 'updated', 'fixed', 'ready', 'done'
])

/** Adverbs that may stand between `will` and its verb; any other word ending in `ly` counts too. */
export const adverbs: ReadonlySet<string> = new Set([
  'also', 'always', 'never', 'still', 'just', 'only', 'often', 'then', 'first', 'even', 'instead', 'simply', 'again'
])

/** Verbs that end in `ly` and are not adverbs: “the rule will apply”. */
export const lyVerbs: ReadonlySet<string> = new Set(['apply', 'reply', 'supply', 'rely', 'multiply', 'comply', 'imply', 'fly', 'ally', 'tally'])

/** Present forms that are not the base verb plus `s`: `be` → `is`, `have` → `has`. */
export const irregularPresent: ReadonlyMap<string, {singular: string; plural: string}> = new Map([
  ['be', {singular: 'is', plural: 'are'}],
  ['have', {singular: 'has', plural: 'have'}]
])

/**
 * Pages that speak of what is to come or of commitments: changelogs, release notes, roadmaps, and
 * legal and policy pages.
 */
export const futurePaths = pathsNamed(['changelogs?', 'release-?notes', 'releases', 'updates', 'roadmap', ...legalPageNames])

/** Components whose text is not the page describing the product now: a changelog entry, a prompt for an AI tool. */
export const otherVoiceComponents: ReadonlySet<string> = new Set(['Update', 'Prompt'])

/**
 * Words that cannot stand inside a simple subject: a preposition (“calls through this class”), a
 * pronoun, a conjunction or a relative word. A subject holding one is not the product itself.
 */
export const subjectStops: ReadonlySet<string> = new Set([
  'of', 'in', 'on', 'for', 'to', 'from', 'with', 'by', 'through', 'at', 'into', 'onto', 'beyond', 'about', 'via',
  'across', 'under', 'over', 'within', 'without', 'between', 'per', 'like', 'as', 'than', 'and', 'or', 'but', 'nor',
  'so', 'that', 'which', 'who', 'whom', 'whose', 'where', 'what', 'how', 'why', 'i', 'you', 'we', 'they', 'he', 'she',
  'it', 'me', 'us', 'them', 'him', 'her', 'my', 'our', 'their', 'his', 'there', 'here', 'is', 'are', 'was', 'were',
  'be', 'been', 'has', 'have', 'had', 'do', 'does', 'did', 'can', 'could', 'should', 'would', 'must', 'may', 'might',
  'not', 'only', 'also', 'just'
])

/** Units of time: “the link will expire in 24 hours”, “the job will run every day” tell of time to come. */
export const timeUnits: ReadonlySet<string> = new Set([
  'second', 'seconds', 'minute', 'minutes', 'hour', 'hours', 'day', 'days', 'daily', 'week', 'weeks', 'weekly',
  'month', 'months', 'monthly', 'year', 'years', 'yearly', 'midnight', 'tonight'
])

/**
 * Names of the page or a part of it: “this guide will show you” describes the page, never an outcome.
 * Not `page`, which is as often a page of the product's interface (“the settings page will open”).
 */
export const pageNouns: ReadonlySet<string> = new Set(['article', 'guide', 'section', 'tutorial', 'walkthrough'])
