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
