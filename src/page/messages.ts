// Messages that docs-lint reports itself, not a rule: their ids, their docs link, and how a
// problem's severity follows the configured one.
import type {Point, Position} from 'unist'
import type {VFile} from 'vfile'
import type {VFileMessage} from 'vfile-message'
import {MESSAGES_URL, SOURCE, type Level} from '../contract.js'

/** Ids of messages that come from docs-lint itself rather than from a rule; each has a section in `docs/messages.mdx`. */
export const builtinMessageIds = ['parse-error', 'inline-config', 'encoding', 'read-error', 'rule-error', 'fix-error', 'file-too-large', 'file-timeout'] as const

export type BuiltinMessageId = (typeof builtinMessageIds)[number]

/** The docs link of a built-in message. */
export function builtinMessageUrl(id: BuiltinMessageId): string {
  return MESSAGES_URL + '#' + id
}

/**
 * Add a built-in message to `file`. `fatal`: `true` an error, `false` a warning, absent
 * information (as a rule's message at that level).
 */
export function builtinMessage(
  file: VFile,
  id: BuiltinMessageId,
  reason: string,
  options: {place?: Position | Point | undefined; fatal?: boolean | undefined} = {}
): VFileMessage {
  const message = file.message(reason, {place: options.place, ruleId: id, source: SOURCE})
  if (options.fatal !== undefined) message.fatal = options.fatal
  message.url = builtinMessageUrl(id)
  return message
}

const levels: readonly Level[] = ['info', 'warn', 'error']

/**
 * The level of a problem a rule reports at `reported` (its default severity when absent) once the
 * rule is configured at `configured`: the problem moves with the rule, so a `warn` report of an
 * `error` rule configured as `warn` is `info`.
 */
export function shiftedLevel(ruleDefault: Level, reported: Level | undefined, configured: Level): Level {
  const shift = levels.indexOf(reported ?? ruleDefault) - levels.indexOf(ruleDefault)
  return levels[Math.max(0, Math.min(2, levels.indexOf(configured) + shift))]!
}

/** A vfile message's `fatal` for a level: `true` an error, `false` a warning, `undefined` information. */
export function fatalOf(level: Level): boolean | undefined {
  return level === 'error' ? true : level === 'warn' ? false : undefined
}
