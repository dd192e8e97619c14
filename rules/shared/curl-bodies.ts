// The JSON bodies that `curl` commands of a shell block send (`-d '{…}'`), as the shell hands them to curl.
import {commandEnd, unquotedWords} from './shell-words.js'

/** A request body: its text after shell quoting, and how its offsets map back to the block's. */
export interface CurlBody {
  text: string
  /** Where the character at `offset` of the body starts in the block (at its `\` when it was escaped). */
  toBlock(offset: number): number
  /** Where the text of the body up to `end` ends in the block (after the escaped character). */
  endInBlock(end: number): number
}

/** A quoted value: its text, and where each of its characters starts and ends in the command. */
interface Quoted {
  text: string
  toCommand(offset: number): number
  endInCommand(end: number): number
}

/** The options whose value is the request body. */
const dataOption = /(?:^|[ \t])(?:-d|--data|--data-raw|--data-binary|--data-ascii|--json)(?:[ \t]+|=|(?=['"]))(?=['"])/g

/**
 * The bodies in quotes that start with `{` or `[` of the block's `curl` commands. A body the shell
 * would change (a `$VAR` or a backtick in double quotes, quotes joined to more text) is skipped: its
 * text is not what the block shows.
 */
export function curlBodies(block: string): CurlBody[] {
  const bodies: CurlBody[] = []
  for (const command of curlCommands(block)) {
    dataOption.lastIndex = 0
    for (let match = dataOption.exec(command.text); match; match = dataOption.exec(command.text)) {
      const start = match.index + match[0].length
      const body = command.text[start] === "'" ? singleQuoted(command.text, start) : doubleQuoted(command.text, start)
      if (!body || !/^\s*[{[]/.test(body.text)) continue
      bodies.push({
        text: body.text,
        toBlock: (offset) => command.start + body.toCommand(offset),
        endInBlock: (end) => command.start + body.endInCommand(end)
      })
    }
  }
  return bodies
}

/** A character of a URL the shell reads before curl sees it, and what the shell does with it. */
export interface UnquotedUrl {
  /** Offset of the character in the block. */
  offset: number
  character: string
  effect: string
}

const shellEffects: Record<string, string> = {
  '&': 'the shell ends the command there and runs it in the background',
  '?': 'zsh, the default shell of macOS, reads it as a pattern and stops with "no matches found"'
}

/**
 * The first character of each unquoted URL of the block's `curl` commands that the shell reads as
 * its own (`curl https://api.acme.com/items?limit=5&page=2`): the reader who copies the command does
 * not run what the block shows. A URL in quotes, or a character escaped with `\`, is sent as it is.
 * Angle brackets are left alone: they mark a placeholder the reader replaces.
 */
export function unquotedUrls(block: string): UnquotedUrl[] {
  const found: UnquotedUrl[] = []
  for (const command of curlCommands(block)) {
    for (const {offset, word} of unquotedWords(command.text, 0, command.text.length, /^[^\s'"\\()]*/)) {
      if (!/^https?:\/\//.test(word)) continue
      // What stays once the reader fills a placeholder (`<api-key>`) in: a query's `?` and `&`.
      const at = word.slice(0, -1).search(/[&?]/)
      if (at !== -1) found.push({offset: command.start + offset + at, character: word[at]!, effect: shellEffects[word[at]!]!})
    }
  }
  return found
}

/** Each `curl` command of a block, with the lines a `\` at their end continues (and what its quotes span). */
function curlCommands(block: string): Array<{text: string; start: number}> {
  const commands: Array<{text: string; start: number}> = []
  const curl = /(?:^|[\s;&|(])curl(?=[ \t])/g
  for (let match = curl.exec(block); match; match = curl.exec(block)) {
    const start = match.index
    const end = commandEnd(block, start)
    commands.push({text: block.slice(start, end), start})
    curl.lastIndex = Math.max(end, start + 1)
  }
  return commands
}

/** The quoted value must end the word: `'{"a":'$VALUE'}'` is three pieces the shell joins. */
function endsWord(text: string, after: number): boolean {
  return after >= text.length || /[\s\\;&|)]/.test(text[after]!)
}

function singleQuoted(text: string, start: number): Quoted | undefined {
  const end = text.indexOf("'", start + 1)
  if (end === -1 || !endsWord(text, end + 1)) return undefined
  return {text: text.slice(start + 1, end), toCommand: (offset) => start + 1 + offset, endInCommand: (offset) => start + 1 + offset}
}

function doubleQuoted(text: string, start: number): Quoted | undefined {
  let body = ''
  // Where each character of the body starts and ends in the command: `\"` is two characters there.
  const starts: number[] = []
  const ends: number[] = []
  for (let index = start + 1; index < text.length; index++) {
    const character = text[index]!
    if (character === '"') {
      if (!endsWord(text, index + 1)) return undefined
      starts.push(index)
      ends.push(index)
      const at = (list: number[], offset: number) => list[Math.max(0, Math.min(offset, list.length - 1))]!
      return {text: body, toCommand: (offset) => at(starts, offset), endInCommand: (end) => (end === 0 ? at(starts, 0) : at(ends, end - 1) + 1)}
    }
    if (character === '$' || character === '`') return undefined
    if (character === '\\' && index + 1 < text.length) {
      const next = text[index + 1]!
      if (next === '\n') {
        index++
        continue
      }
      if ('"\\$`'.includes(next)) {
        body += next
        starts.push(index)
        ends.push(index + 1)
        index++
        continue
      }
    }
    body += character
    starts.push(index)
    ends.push(index)
  }
  return undefined
}
