// The ways a code block may be meant (the whole block, and the wrapped forms of the fragments docs cut
// code into), each given to a parser, and the error of the one that reads furthest.
import {checkJson, checkPython, checkScript, checkToml, checkYaml, type JsonMode, type SyntaxCheck, type SyntaxProblem} from './syntax-parsers.js'
import type {CodeParser} from './code-fragments.js'

/** Where a block stops parsing, and the readings that stop there with their own offsets of it. */
export type Found = SyntaxProblem & {readings: Reading[]; at: number[]}

/** A way to read a block: the text given to a parser, and how its offsets map back to the block's. */
export interface Reading {
  text: string
  check: SyntaxCheck
  toBlock(offset: number): number
}

/**
 * The ways a block may be meant, each tried in turn: the whole block, and the wrapped forms of
 * the fragments docs show (an expression, an object's members, a class body, a signature).
 */
export function readingsOf(text: string, language: {parser: CodeParser; mode?: JsonMode}): Reading[] {
  const whole = (check: SyntaxCheck): Reading => ({text, check, toBlock: (offset) => offset})
  const wrapped = (check: SyntaxCheck, before: string, after: string): Reading => ({
    text: before + text + after,
    check,
    toBlock: (offset) => Math.max(0, Math.min(text.length, offset - before.length))
  })
  switch (language.parser) {
    case 'json': {
      const mode = language.mode ?? 'json'
      const lenient = checkJson(mode === 'json' ? 'jsonc' : mode)
      const readings = [whole(mode === 'json' ? commentedJson : lenient)]
      if (/^\s*"[^"\n]*"\s*:/.test(text)) readings.push(wrapped(lenient, '{', '\n}'))
      if (/^\s*\{[^]*\}\s*,\s*\{/.test(text)) readings.push(wrapped(lenient, '[', '\n]'))
      const lines = jsonLines(text)
      if (lines) readings.push({text, check: lines, toBlock: (offset) => offset})
      return readings
    }
    case 'yaml':
      return [whole(checkYaml)]
    case 'toml':
      return [whole(checkToml)]
    case 'script':
      return [
        whole(checkScript),
        wrapped(checkScript, '(', '\n)'),
        wrapped(checkScript, '({', '\n})'),
        wrapped(checkScript, '[', '\n]'),
        wrapped(checkScript, 'class _ {', '\n}'),
        wrapped(checkScript, 'interface _ {', '\n}'),
        wrapped(checkScript, 'type _ = ', '\n')
      ]
    case 'python':
      return pythonReadings(text, whole, wrapped)
  }
}

function pythonReadings(
  text: string,
  whole: (check: SyntaxCheck) => Reading,
  wrapped: (check: SyntaxCheck, before: string, after: string) => Reading
): Reading[] {
  const readings = [whole(checkPython), dedented(text), wrapped(checkPython, '_ = {', '\n}'), wrapped(checkPython, '_(', '\n)')]
  const body = text.trimEnd().endsWith(':') ? ' ...' : ': ...'
  // The first line of a block, without its body: `with tracer.start_as_current_span("work"):`.
  if (text.trimEnd().endsWith(':')) readings.push(wrapped(checkPython, '', ' ...'))
  // A signature as API references show it: `def run(self) -> None`, `class Flow(Base)`, decorators first.
  if (/^[ \t]*(?:async[ \t]+)?(?:def|class)\b/m.test(text)) readings.push(wrapped(checkPython, '', body))
  // Decorators alone: `@flow(retries=3)`.
  if (/^\s*@/.test(text)) readings.push(wrapped(checkPython, '', '\ndef _(): ...'))
  // A method or function without `def`: `create(name: str) -> Flow`, `await client.run(id: str)`.
  const call = /^(?:[ \t]*(?:#.*|@.*)?\n)*[ \t]*(?<lead>(?:await[ \t]+|@)?)(?<name>[\w.]+)[ \t]*\(/d.exec(text)
  const lead = call?.indices?.groups?.['lead']
  const name = call?.indices?.groups?.['name']
  if (call && lead && name && !/^(?:def|class|print)$/.test(call.groups!['name']!)) {
    // `await ` becomes `def   `, of the same length; `@` of a decorator, or nothing, becomes `def `.
    const keyword = lead[1] - lead[0] > 1 ? 'def'.padEnd(lead[1] - lead[0]) : 'def '
    const added = keyword.length - (lead[1] - lead[0])
    readings.push({
      text: text.slice(0, lead[0]) + keyword + call.groups!['name']!.replace(/\./g, '_') + text.slice(name[1]).trimEnd() + body,
      check: checkPython,
      toBlock: (offset) => (offset < lead[0] ? offset : Math.max(lead[0], Math.min(text.length, offset - added)))
    })
  }
  return readings
}

/** Python lines all indented alike (a method or a branch cut out of its context), with that indent removed. */
function dedented(text: string): Reading {
  const lines = text.split('\n')
  const code = lines.filter((line) => line.trim() !== '' && !line.trim().startsWith('#'))
  const indent = Math.min(...code.map((line) => /^[ \t]*/.exec(line)![0].length))
  const cuts = lines.map((line) => Math.min(indent, /^[ \t]*/.exec(line)![0].length))
  // Where each line starts, in the block and in the dedented text.
  const blockStarts: number[] = []
  const starts: number[] = []
  let blockStart = 0
  let start = 0
  for (const [index, line] of lines.entries()) {
    blockStarts.push(blockStart)
    starts.push(start)
    blockStart += line.length + 1
    start += line.length - cuts[index]! + 1
  }
  return {
    text: lines.map((line, index) => line.slice(cuts[index])).join('\n'),
    check: checkPython,
    toBlock(offset) {
      let index = starts.length - 1
      while (index > 0 && starts[index]! > offset) index--
      return Math.min(text.length, blockStarts[index]! + cuts[index]! + offset - starts[index]!)
    }
  }
}

/**
 * JSON, or JSON with comments and trailing commas when it has comments (`// Must be unique`): a team
 * that comments its JSON examples writes them as a reader's annotated config, not as a request body.
 */
const commentedJson: SyntaxCheck = (text) => {
  const problem = checkJson('json')(text)
  return problem && hasComment(text) ? checkJson('jsonc')(text) : problem
}

/** Whether JSON text has a `//` or `/*` comment outside its strings. */
function hasComment(text: string): boolean {
  let inString = false
  for (let index = 0; index < text.length; index++) {
    const character = text[index]
    if (inString) {
      if (character === '\\') index++
      else if (character === '"' || character === '\n') inString = false
    } else if (character === '"') {
      inString = true
    } else if (character === '/' && (text[index + 1] === '/' || text[index + 1] === '*')) {
      return true
    }
  }
  return false
}

/** JSON Lines: every line a JSON value, as streaming APIs and logs show them. */
export function jsonLines(text: string): SyntaxCheck | undefined {
  const lines = text.split('\n')
  if (lines.filter((line) => line.trim() !== '').length < 2 || !lines.every((line) => /^\s*(?:[{[]|$)/.test(line))) return undefined
  const strict = checkJson('json')
  return () => {
    let start = 0
    for (const line of lines) {
      const problem = line.trim() === '' ? undefined : strict(line)
      if (problem) return {...problem, offset: start + problem.offset}
      start += line.length + 1
    }
    return undefined
  }
}

/**
 * The error that the reading reaching furthest into the block stops at; none when a reading parses,
 * or when one reaches `cut` (the first mark of a fragment), from where errors are not reported.
 */
export function furthestProblem(readings: Reading[], cut: number): Found | undefined {
  let furthest: Found | undefined
  for (const reading of readings) {
    const problem = reading.check(reading.text)
    if (!problem) return undefined
    const offset = reading.toBlock(problem.offset)
    if (offset >= cut) return undefined
    if (!furthest || offset > furthest.offset) furthest = {...problem, offset, readings: [reading], at: [problem.offset]}
    else if (offset === furthest.offset) {
      furthest.readings.push(reading)
      furthest.at.push(problem.offset)
    }
  }
  return furthest
}
