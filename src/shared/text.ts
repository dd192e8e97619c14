// Small string helpers, written as loops: a regular expression such as `/\/+$/` retries from every
// position of a long run and takes quadratic time on hostile text (see test/redos.test.ts).

/** `text` without the characters of `set` at its start and end. */
export function trimCharacters(text: string, set: string): string {
  let start = 0
  let end = text.length
  while (start < end && set.includes(text[start]!)) start++
  while (end > start && set.includes(text[end - 1]!)) end--
  return text.slice(start, end)
}

/** `text` without the characters of `set` at its end. */
export function trimEndCharacters(text: string, set: string): string {
  let end = text.length
  while (end > 0 && set.includes(text[end - 1]!)) end--
  return text.slice(0, end)
}

/** Line and column of `offset`; `\r\n`, `\r` and `\n` each end a line, as for the parser. */
export function lineColumn(source: string, offset: number): {line: number; column: number} {
  let line = 1
  let lineStart = 0
  for (let index = 0; index < offset && index < source.length; index++) {
    const code = source.charCodeAt(index)
    if (code === 10 || (code === 13 && source.charCodeAt(index + 1) !== 10)) {
      line++
      lineStart = index + 1
    }
  }
  return {line, column: offset - lineStart + 1}
}

/** The offset of a 1-based line and column, lines ending at `\n`; past the end, the text's length. */
export function offsetAt(text: string, line: number, column: number): number {
  let offset = 0
  for (let current = 1; current < line; current++) {
    const newline = text.indexOf('\n', offset)
    if (newline === -1) return text.length
    offset = newline + 1
  }
  return Math.min(text.length, offset + column - 1)
}

/** Items as a sentence lists them: `a`, `a and b`, `a, b and c`; past `max` of them, `a, b and 3 more`. */
export function joinAnd(items: readonly string[], max = Infinity): string {
  if (items.length > max) return items.slice(0, max).join(', ') + ' and ' + String(items.length - max) + ' more'
  return items.length <= 1 ? items.join('') : items.slice(0, -1).join(', ') + ' and ' + items.at(-1)
}
