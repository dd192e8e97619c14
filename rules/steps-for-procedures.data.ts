/**
 * Verbs that start an instruction in documentation ("Click **Save**", "Run `npm install`"). An
 * item that starts with one of these (after a lead-in such as "Then") is an instruction.
 *
 * Advice verbs (`use`, `keep`, `avoid`, `ensure`, `consider`, `prefer`, `remember`) are left out on
 * purpose: lists of best practices start with them and are not procedures.
 */
export const imperativeVerbs: readonly string[] = [
  'accept', 'access', 'activate', 'add', 'adjust', 'allow', 'append', 'apply', 'approve', 'assign', 'attach',
  'authenticate', 'authorize', 'browse', 'build', 'call', 'change', 'check', 'choose', 'click', 'clone',
  'close', 'commit', 'compile', 'complete', 'configure', 'confirm', 'connect', 'copy', 'create', 'curl',
  'declare', 'define', 'delete', 'deploy', 'disable', 'double-click', 'download', 'drag', 'duplicate', 'edit',
  'enable', 'enter', 'execute', 'expand', 'export', 'extract', 'fetch', 'fill', 'find', 'follow', 'fork',
  'generate', 'get', 'go', 'grab', 'grant', 'head', 'hit', 'hover', 'import', 'initialize', 'input', 'insert',
  'install', 'invite', 'invoke', 'launch', 'load', 'locate', 'log', 'login', 'make', 'mark', 'merge', 'modify',
  'mount', 'move', 'name', 'navigate', 'obtain', 'open', 'paste', 'pick', 'place', 'press', 'provide',
  'publish', 'pull', 'push', 'put', 'reboot', 'rebuild', 'redeploy', 'refresh', 'register', 'reload', 'remove',
  'rename', 'replace', 'request', 'restart', 'retrieve', 'review', 'revoke', 'right-click', 'rotate', 'run',
  'save', 'scroll', 'search', 'select', 'send', 'set', 'setup', 'share', 'sign', 'signup', 'source',
  'specify', 'start', 'stop', 'submit', 'subscribe', 'switch', 'sync', 'tap', 'test', 'tick', 'toggle',
  'trigger', 'turn', 'type', 'uncheck', 'uninstall', 'unzip', 'update', 'upgrade', 'upload', 'validate',
  'verify', 'visit', 'wait', 'write'
]

/**
 * Verbs of checking. A list where most items start with one (or with "make sure", "ensure") is a
 * troubleshooting checklist, not a sequence of steps: `1. Verify the token 2. Check the firewall`.
 */
export const checkVerbs: readonly string[] = ['check', 'confirm', 'ensure', 'inspect', 'review', 'test', 'validate', 'verify']

/** Openings that read like instructions but give advice or a condition to check. */
export const checkPhrases: readonly string[] = ['be sure', 'double check', 'double-check', 'make certain', 'make sure']

/** Words that may come before the verb of an instruction: "Then click", "Next, run". */
export const leadIns: readonly string[] = [
  'afterwards', 'also', 'finally', 'first', 'firstly', 'lastly', 'next', 'now', 'optionally', 'please',
  'second', 'secondly', 'then', 'third', 'thirdly'
]

/** Number words after `Step` in headings and paragraphs such as `Step one: …`. */
export const numberWords: readonly string[] = [
  'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'
]

/** Words whose `.` does not end the first sentence of a step (compared lower-cased, dots kept). */
export const abbreviations: readonly string[] = ['approx.', 'cf.', 'e.g.', 'eg.', 'etc.', 'i.e.', 'ie.', 'incl.', 'vs.']

/**
 * How a sentence that introduces examples ends: a list after "… such as:" shows what something can
 * do ("1. Send an in-app message. 2. Wait 24 hours."), it is not a procedure for the reader.
 */
export const exampleLeadIns: readonly string[] = ['such as', 'for example', 'for instance', 'like', 'including']
