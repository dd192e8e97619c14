import type {VFile} from 'vfile'
import type {VFileMessage} from 'vfile-message'
import type {MessageExtras} from '../contract.js'
import {reportableEdits} from '../page/redact.js'

export interface JsonMessage {
  ruleId: string | undefined
  source: string | undefined
  line: number | undefined
  column: number | undefined
  endLine: number | undefined
  endColumn: number | undefined
  /** `true` for an error, `false` for a warning, `null` for information. */
  fatal: boolean | null
  severity: 'error' | 'warning' | 'info'
  reason: string
  url: string | undefined
  actual: string | undefined
  expected: string[] | undefined
  fix: MessageExtras['fix']
  suggestions: MessageExtras['suggestions']
  /** The rule's id of the message variant, for rules that declare `messages`. */
  messageId?: string
}

export interface JsonFile {
  /** The fixed text, with `--fix-dry-run`, when fixes would change the file. */
  output?: string
  path: string
  cwd: string
  history: string[]
  messages: JsonMessage[]
}

export function messageToJson(message: VFileMessage): JsonMessage {
  const extras = reportableEdits(message)
  return {
    ruleId: message.ruleId,
    source: message.source,
    line: message.line,
    column: message.column,
    endLine: message.place && 'end' in message.place ? message.place.end.line : message.line,
    endColumn: message.place && 'end' in message.place ? message.place.end.column : message.column,
    fatal: message.fatal ?? null,
    severity: message.fatal ? 'error' : message.fatal === false ? 'warning' : 'info',
    reason: message.reason,
    url: message.url,
    actual: message.actual,
    expected: message.expected,
    fix: extras.fix,
    suggestions: extras.suggestions,
    ...((message as MessageExtras).messageId ? {messageId: (message as MessageExtras).messageId} : {})
  }
}

/** The vfile-reporter-json shape (`[{path, cwd, history, messages}]`), with end positions and docs URLs. */
export function json(files: VFile[]): string {
  const result: JsonFile[] = files.map((file) => ({
    path: file.path,
    cwd: file.cwd,
    history: file.history,
    messages: file.messages.map((message) => messageToJson(message)),
    ...(typeof file.data['fixedOutput'] === 'string' ? {output: file.data['fixedOutput']} : {})
  }))
  return JSON.stringify(result, undefined, 2) + '\n'
}
