// Words that open an instruction to the reader in English: what the outcome of a step follows.

/** Verbs that start an instruction in documentation (“Click **Save**”, “Run `npm install`”). */
export const instructionVerbs: ReadonlySet<string> = new Set([
  'access', 'activate', 'add', 'ask', 'be', 'adjust', 'allow', 'append', 'apply', 'approve', 'assign', 'attach', 'authenticate',
  'authorize', 'browse', 'build', 'call', 'change', 'check', 'choose', 'click', 'clone', 'close', 'commit',
  'compile', 'complete', 'configure', 'confirm', 'connect', 'copy', 'create', 'define', 'delete', 'deploy',
  'disable', 'double-click', 'download', 'drag', 'drop', 'edit', 'enable', 'ensure', 'enter', 'execute', 'expand', 'export',
  'fill', 'find', 'follow', 'generate', 'go', 'hit', 'hover', 'import', 'initialize', 'insert', 'install', 'invite',
  'invoke', 'launch', 'load', 'locate', 'log', 'make', 'modify', 'navigate', 'open', 'paste', 'pick', 'press',
  'provide', 'publish', 'pull', 'push', 'refresh', 'register', 'reload', 'remove', 'rename', 'replace', 'restart',
  'right-click', 'run', 'save', 'scroll', 'search', 'select', 'send', 'set', 'share', 'sign', 'specify', 'start',
  'submit', 'switch', 'tap', 'toggle', 'trigger', 'turn', 'type', 'update', 'upgrade', 'upload', 'use', 'visit',
  'wait', 'wrap', 'write', 'say', 'speak', 'try', 'watch', 'inspect', 'reset', 'restore', 'retry', 'stop', 'uninstall'
])

/** Words that may come before the verb of an instruction: “Then click”, “Next, run”. */
export const instructionLeadIns: ReadonlySet<string> = new Set([
  'afterwards', 'also', 'finally', 'first', 'just', 'lastly', 'next', 'now', 'optionally', 'please', 'simply', 'then'
])

/**
 * The reader acting: “you can click”, “you'll see”, “you then run”. An obligation (“you must provide
 * one input”) states a condition, not an action just taken.
 */
export const readerActing = /(?<!\p{L})you(?:['’]ll|\s+(?:can|could|will|then|now|just))(?!\p{L})/iu

/** The reader has just finished: “That's it!”, “You're all set.” What comes next is the outcome. */
export const readerDone = /^(?:and\s+)?(?:that['’]s it|that['’]s all|done|you['’]re (?:all set|done|ready))(?!\p{L})/iu
