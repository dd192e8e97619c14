// How a shell splits a command of a code block into words: where the command ends, and which of its
// words stand outside quotes, where the shell reads `?`, `&` and `[` as its own.

/** Where a command that starts at `start` ends: the first line break outside quotes and not after a `\`. */
export function commandEnd(block: string, start: number): number {
  let quote = ''
  for (let index = start; index < block.length; index++) {
    const character = block[index]!
    if (quote === "'") {
      if (character === "'") quote = ''
    } else if (character === '\\') {
      index++
    } else if (quote === '"') {
      if (character === '"') quote = ''
    } else if (character === "'" || character === '"') {
      quote = character
    } else if (character === '\n') {
      return index
    }
  }
  return block.length
}

/**
 * The words of `text` between `start` and `end` that begin outside quotes after white space, each as
 * far as `word` (a pattern anchored at the word's start) reaches, with its offset. A word escaped
 * with `\`, or in quotes, is the shell's literal text and is not given.
 */
export function unquotedWords(text: string, start: number, end: number, word: RegExp): Array<{offset: number; word: string}> {
  const words: Array<{offset: number; word: string}> = []
  let quote = ''
  for (let index = start; index < end; index++) {
    const character = text[index]!
    if (quote) {
      if (character === quote) quote = ''
      else if (quote === '"' && character === '\\') index++
    } else if (character === '\\') {
      index++
    } else if (character === "'" || character === '"') {
      quote = character
    } else if (/\s/.test(text[index - 1] ?? ' ') && !/\s/.test(character)) {
      const found = word.exec(text.slice(index, end))?.[0] ?? ''
      words.push({offset: index, word: found})
      index += Math.max(found.length - 1, 0)
    }
  }
  return words
}
