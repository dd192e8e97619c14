// The config's `redirects`: how one rule, with `:param` and `*` wildcards, applies to an address.

/** Apply one redirect rule (`:param` and `*` wildcards) to a `/route`; undefined when it does not match. */
export function applyRedirect(route: string, source: string, destination: string): string | undefined {
  // A browser never sends the `#anchor` of an address, so a source holding one matches no request.
  if (source.includes('#')) return undefined
  const normalize = (value: string) => '/' + trimSlashes(value.split(/[?#]/)[0]!)
  const from = normalize(source)
  if (!/[:*]/.test(from)) return from === route ? destination : undefined
  const parts = sourceParts(from)
  const captures = matchParts(parts, route)
  if (!captures) return undefined
  // Captures are in the order of the source, `*` and `:param` alike.
  const names = parts.flatMap((part) => (part.kind === 'literal' ? [] : [part.kind === 'param' ? part.name : undefined]))
  let result = destination
  let wildcard = 0
  const wildcards = names.flatMap((name, index) => (name === undefined ? [captures[index]!] : []))
  names.forEach((name, index) => {
    if (name) result = result.replace(new RegExp(':' + name + '\\b', 'g'), captures[index]!)
  })
  result = result.replace(/\*/g, () => wildcards[wildcard++] ?? '')
  return result
}

/** A part of a redirect source: text, `:param` (one path segment; a `*` right after it is dropped) or `*` (anything). */
type SourcePart = {kind: 'literal'; text: string} | {kind: 'param'; name: string} | {kind: 'wildcard'}

function sourceParts(source: string): SourcePart[] {
  const parts: SourcePart[] = []
  let last = 0
  for (const match of source.matchAll(/:(\w+)\*?|\*/g)) {
    if (match.index > last) parts.push({kind: 'literal', text: source.slice(last, match.index)})
    parts.push(match[1] === undefined ? {kind: 'wildcard'} : {kind: 'param', name: match[1]})
    last = match.index + match[0].length
  }
  if (last < source.length) parts.push({kind: 'literal', text: source.slice(last)})
  return parts
}

const isLineBreak = (character: string) => character === '\n' || character === '\r' || character === '\u2028' || character === '\u2029'

/**
 * What the regular expression `^…$` with `([^/]+)` for each `:param` and `(.*)` for each `*` captures
 * from `route`, or undefined when it does not match. That expression backtracks through every split
 * of the route among the wildcards (time grows as a power of their number); here, from the last part
 * back, each part records where it ends when it starts at each offset and the rest can still match,
 * the end the regular expression settles on first (the longest). Time: parts × route length.
 */
function matchParts(parts: readonly SourcePart[], route: string): string[] | undefined {
  const length = route.length
  // ends[index][at]: where part `index` ends when it starts at `at`, or -1 when the parts from it cannot match there.
  const ends: Int32Array[] = []
  // For the parts after the current one, in the same form: past the last part, only the route's end is left.
  let rest = new Int32Array(length + 1).fill(-1)
  rest[length] = length
  for (let index = parts.length - 1; index >= 0; index--) {
    const part = parts[index]!
    const end = new Int32Array(length + 1).fill(-1)
    if (part.kind === 'literal') {
      const size = part.text.length
      for (let at = 0; at + size <= length; at++) if (rest[at + size] !== -1 && route.startsWith(part.text, at)) end[at] = at + size
    } else {
      // From the right: the furthest offset the rest matches from, before the next `/` (a param)
      // or line break (`.` of a wildcard), which the part cannot run past.
      const stops = part.kind === 'wildcard' ? isLineBreak : (character: string) => character === '/'
      let furthest = -1
      for (let at = length; at >= 0; at--) {
        if (at === length || stops(route[at]!)) furthest = rest[at] !== -1 ? at : -1
        else if (furthest === -1 && rest[at] !== -1) furthest = at
        // A param is never empty.
        end[at] = part.kind === 'param' && furthest === at ? -1 : furthest
      }
    }
    ends[index] = end
    rest = end
  }
  const captures: string[] = []
  let at = 0
  for (const [index, part] of parts.entries()) {
    const end = ends[index]![at]!
    if (end === -1) return undefined
    if (part.kind !== 'literal') captures.push(route.slice(at, end))
    at = end
  }
  return captures
}

/** `/a/b/` → `a/b`, in linear time (a `^\/+|\/+$` regex backtracks on long runs of slashes). */
export function trimSlashes(value: string): string {
  let start = 0
  let end = value.length
  while (start < end && value.charCodeAt(start) === 47) start++
  while (end > start && value.charCodeAt(end - 1) === 47) end--
  return value.slice(start, end)
}
