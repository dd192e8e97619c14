// The extras of a Python package in an install command (`pip install "fastmcp[apps]"`). Unquoted, zsh (the
// default shell of macOS) reads `fastmcp[apps]` as a pattern of file names, finds none, and stops with
// "no matches found": the reader who copies the command installs nothing.
import {commandEnd, unquotedWords} from './shell-words.js'

/** A package manager's install command: pip, uv, poetry, pipx, pdm or rye, run directly or as `python -m pip`. */
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
    for (const {offset, word} of unquotedWords(block, start, end, /^[^\s'"\\;&|]*/)) {
      if (withExtras.test(word)) found.push(offset + word.indexOf('['))
    }
    installCommand.lastIndex = Math.max(end, start)
  }
  return found
}
