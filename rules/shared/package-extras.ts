// The extras of a Python package in an install command (`pip install "fastmcp[apps]"`). Unquoted, zsh (the
// default shell of macOS) reads `fastmcp[apps]` as a pattern of file names, finds none, and stops with
// "no matches found": the reader who copies the command installs nothing.
import {commandEnd} from './curl-bodies.js'

/** A package manager's install command: pip, uv, poetry, pipx, pdm, rye or hatch, run directly or as `python -m pip`. */
const installCommand = /(?:^|[\s;&|(])(?:(?:python3?|py) -m )?(?:pip3?|uv(?: pip)?|poetry|pipx|pdm|rye)[ \t]+(?:install|add)(?=[ \t])/g
/** A word with extras in brackets (`pydantic-ai[prefect]`, `.[dev]`, `pkg[a,b]>=1.0`). */
const withExtras = /^[\w.-]*\[[\w,.-]+\]/

/** Offsets of the `[` of each install command's unquoted package with extras. */
export function unquotedExtras(block: string): number[] {
  const found: number[] = []
  installCommand.lastIndex = 0
  for (let match = installCommand.exec(block); match; match = installCommand.exec(block)) {
    const start = match.index + match[0].length
    const end = commandEnd(block, start)
    let quote = ''
    for (let index = start; index < end; index++) {
      const character = block[index]!
      if (quote) {
        if (character === quote) quote = ''
        else if (quote === '"' && character === '\\') index++
      } else if (character === '\\') {
        index++
      } else if (character === "'" || character === '"') {
        quote = character
      } else if (/\s/.test(block[index - 1] ?? ' ') && !/\s/.test(character)) {
        const word = /^[^\s'"\\;&|]*/.exec(block.slice(index, end))![0]
        if (withExtras.test(word)) found.push(index + word.indexOf('['))
        index += Math.max(word.length - 1, 0)
      }
    }
    installCommand.lastIndex = Math.max(end, start)
  }
  return found
}
