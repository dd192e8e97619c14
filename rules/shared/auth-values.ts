// Credentials as code writes them: the values of `Authorization` headers (in a header line, a string,
// a headers object or a call that sets a header) and credentials in URL query strings, each read
// for its form: its scheme, its credential, a placeholder in place of either.
import {credentialParameters, credentialVariable, headerLineLanguages, schemeNames, wholeValuePlaceholder} from './auth-values.data.js'
import {trimEndCharacters} from '../../src/shared/text.js'

/** A piece of a code block's text, by offsets in that text. */
export interface Written {
  start: number
  end: number
  text: string
}

/** An `Authorization` header value; `continued`: more is appended to it in code (`"Token " + key`). */
export interface HeaderValue extends Written {
  continued: boolean
}

const headerName = /(?<![\w-])authorization(?![\w-])/gi
const quotes = '"\'`'

/** Every `Authorization` header value written in `code`, a code block's text in language `lang`. */
export function authorizationValues(code: string, lang: string): HeaderValue[] {
  const values: HeaderValue[] = []
  for (const match of code.matchAll(headerName)) {
    const start = match.index
    const end = start + match[0].length
    const before = code[start - 1] ?? ''
    const found = headerText(code, start, end, before, lang) ?? keyedLiteral(code, end, before)
    if (found) values.push(found)
  }
  return values
}

/** `"Authorization: Bearer …"` inside a string, or a bare header line in an HTTP message or a config. */
function headerText(code: string, start: number, end: number, before: string, lang: string): HeaderValue | undefined {
  const colon = /^[ \t]*:[ \t]*/.exec(code.slice(end, end + 40))
  if (!colon || quotes.includes(code[end + colon[0].length] ?? '"')) return undefined
  const from = end + colon[0].length
  const lineEnd = lineEndAt(code, from)
  if (before !== '' && quotes.includes(before)) {
    const close = code.indexOf(before, from)
    const to = close === -1 || (before !== '`' && close > lineEnd) ? lineEnd : close
    return {start: from, end: to, text: code.slice(from, to), continued: continuedAfter(code, to + 1)}
  }
  const lineStart = code.lastIndexOf('\n', start - 1) + 1
  if (!headerLineLanguages.has(lang) || code.slice(lineStart, start).trim() !== '') return undefined
  const to = code[lineEnd - 1] === '\r' ? lineEnd - 1 : lineEnd
  return {start: from, end: to, text: code.slice(from, to), continued: false}
}

/**
 * `"Authorization": "…"`, `Authorization: '…'`, `'Authorization' => "…"`, `headers["Authorization"] = f"…"`,
 * `.header("Authorization", "…")`: a key or argument followed by a string literal (`f`, `$` and the
 * like prefixes allowed). A value that is no literal (a variable) is not read.
 */
function keyedLiteral(code: string, end: number, before: string): HeaderValue | undefined {
  const rest = code.slice(end, end + 60)
  const quoted = before !== '' && quotes.includes(before) && rest.startsWith(before)
  const separator = quoted ? new RegExp('^\\' + before + '\\]?[ \\t]*(?::|=>|,|=)[ \\t]*(?:[fFrRbBuU$@]{1,2})?([' + quotes + '])') : /^[ \t]*[:=][ \t]*(?:[fFrRbBuU$@]{1,2})?(["'`])/
  const match = separator.exec(rest)
  if (!match) return undefined
  const quote = match[1]!
  const from = end + match[0].length
  const to = closingQuote(code, from, quote)
  if (to === undefined) return undefined
  return {start: from, end: to, text: code.slice(from, to), continued: continuedAfter(code, to + 1)}
}

/** Whether code appends to the string that ends before `at`: `+ key`, PHP's `. $key`. */
function continuedAfter(code: string, at: number): boolean {
  return /^[ \t]*(?:\+|\.[ \t]*\$|\.[ \t])/.test(code.slice(at, at + 12))
}

function closingQuote(code: string, from: number, quote: string): number | undefined {
  const limit = Math.min(code.length, from + 500)
  for (let at = from; at < limit; at++) {
    const character = code[at]
    if (character === '\\') at++
    else if (character === quote) return at
    else if (character === '\n' && quote !== '`') return undefined
  }
  return undefined
}

function lineEndAt(code: string, from: number): number {
  const at = code.indexOf('\n', from)
  return at === -1 ? code.length : at
}

/** What a header value says of its form. Offsets are within the value. */
export type ValueReading =
  /** `bearer …`: the scheme in the wrong case. */
  | {kind: 'miscased'; scheme: string; written: Written}
  /** `<Bearer TOKEN>`: the scheme inside the placeholder, which a reader replaces whole. */
  | {kind: 'scheme-in-placeholder'; expected: string; written: Written}
  /** `Basic user:password`: the credentials not base64-encoded. */
  | {kind: 'plain-basic'; written: Written}
  /** `<API_KEY>` alone: no scheme. `credential` is safe to show (a placeholder, or `<API_KEY>` for a real value). */
  | {kind: 'no-scheme'; credential: string}
  /** `Token …`: a scheme other than `Bearer` and `Basic`. */
  | {kind: 'other-scheme'; scheme: string; written: Written}

/** The words of a value, split on spaces (or `%20`) outside brackets and interpolations. */
export function valueWords(value: string): Written[] {
  const words: Written[] = []
  let depth = 0
  let start = -1
  for (let at = 0; at <= value.length; at++) {
    const character = value[at] ?? ' '
    const space = depth === 0 && (/\s/.test(character) || value.startsWith('%20', at))
    if (space) {
      if (start !== -1) words.push({start, end: at, text: value.slice(start, at)})
      start = -1
      if (value.startsWith('%20', at)) at += 2
      continue
    }
    if (start === -1) start = at
    if ('<{(['.includes(character)) depth++
    else if ('>})]'.includes(character) && depth > 0) depth--
  }
  return words
}

// `YOUR_API_KEY`, `your-token`, `TOKEN`, `sk-xxxx`: a value no one takes for a real one.
const placeholderWord = /^(?:[Yy]our|YOUR|[Mm]y|MY)[-_]|^[A-Z]+(?:_[A-Z\d]+)*$|[xX]{4,}|\.\.\.|…/
const placeholderScheme = /^<[ \t]*(bearer|basic)[ \t]([^>]+)>$/i
const schemeWord = /^[A-Za-z][A-Za-z\d-]*$/

/** Read a header value for its form (see `ValueReading`). */
export function readValue(value: HeaderValue | Written & {continued?: boolean}): ValueReading[] {
  const text = value.text
  const words = valueWords(text)
  const first = words[0]
  if (!first) return []
  const inPlaceholder = placeholderScheme.exec(first.text)
  if (inPlaceholder && words.length === 1) {
    return [{kind: 'scheme-in-placeholder', expected: schemeNames[inPlaceholder[1]!.toLowerCase()]! + ' <' + inPlaceholder[2]!.trim() + '>', written: first}]
  }
  const canonical = schemeNames[first.text.toLowerCase()]
  if (canonical) {
    // A lone `bearer` with nothing after it or appended is a setting (`authorization: bearer`), no header value.
    if (words.length === 1 && value.continued !== true && !/\s$/.test(text)) return []
    const readings: ValueReading[] = []
    if (first.text !== canonical) readings.push({kind: 'miscased', scheme: canonical, written: first})
    const rest = words.slice(1)
    if (canonical === 'Basic' && rest.length > 0 && plainCredentials(text.slice(rest[0]!.start, rest.at(-1)!.end))) {
      readings.push({kind: 'plain-basic', written: {start: rest[0]!.start, end: rest.at(-1)!.end, text: text.slice(rest[0]!.start, rest.at(-1)!.end)}})
    }
    return readings
  }
  // A word followed by more, or by a space where code appends the credential (`"Token " + key`).
  if (schemeWord.test(first.text) && (words.length > 1 || (value.continued === true && /\s$/.test(text)))) {
    return [{kind: 'other-scheme', scheme: first.text, written: first}]
  }
  if (words.length !== 1 || value.continued === true) return []
  const credential = credentialOf(first.text)
  return credential === undefined ? [] : [{kind: 'no-scheme', credential}]
}

/** `user:password` in plain text after `Basic` (a `:` outside placeholders), unless code computes it. */
function plainCredentials(rest: string): boolean {
  if (/\$\(|`|\w\s*\(/.test(rest)) return false
  const outside = rest.replace(/<[^<>]*>|\{\{[^{}]*\}\}|[$#]?\{[^{}]*\}|\[[^\][]*\]|%\w+%/g, 'x')
  return outside.includes(':')
}

/**
 * A lone value as the credential to show after the scheme: a placeholder or a variable that holds a key
 * as written, `<API_KEY>` for a value that may be real. Undefined when the value may hold a whole
 * header (`<AUTH_HEADER>`, `$AUTH`) or is computed (`$(…)`).
 */
function credentialOf(word: string): string | undefined {
  const bracketed = /^(?:<([^>]*)>|\[([^\]]*)\]|\{\{([^}]*)\}\})$/.exec(word)
  if (bracketed) {
    const inner = (bracketed[1] ?? bracketed[2] ?? bracketed[3] ?? '').trim()
    return inner === '' || wholeValuePlaceholder.test(inner) ? undefined : word
  }
  const variable = /^(?:\$\{([^}]*)\}|\$([A-Za-z_]\w*)|#\{([^}]*)\}|\{([^{}]*)\}|\\\(([^)]*)\)|%(\w+)%)$/.exec(word)
  if (variable) {
    const name = (variable.slice(1).find((part) => part !== undefined) ?? '').trim().split(/[.[\]'"\s]+/).filter(Boolean).at(-1) ?? ''
    return credentialVariable.test(name) ? word : undefined
  }
  if (/[$`(){}<>]/.test(word)) return undefined
  return placeholderWord.test(word) ? word : '<API_KEY>'
}

/** A credential in a URL's query string: `?api_key=…`, with the URL before the query. */
export interface QueryCredential {
  name: string
  /** `name=value`, by offsets in the searched text. */
  written: Written
  /** The URL without its query string and fragment. */
  url: string
}

const httpUrl = /https?:\/\/(?:[^\s"'`<>()\\]|<[^\s<>"'`]*>)+/g

/** Absolute `http(s)` URLs written in `code`, without query string or fragment. */
export function urlsIn(code: string): string[] {
  return [...new Set([...code.matchAll(httpUrl)].map((match) => trimEndCharacters(match[0].split(/[?#]/)[0]!, '.,;:')))]
}

/** Credentials in the query strings of the `http(s)` URLs written in `code`. */
export function queryCredentials(code: string): QueryCredential[] {
  const found: QueryCredential[] = []
  for (const match of code.matchAll(httpUrl)) {
    const question = match[0].indexOf('?')
    if (question === -1) continue
    const url = match[0].slice(0, question)
    let offset = match.index + question + 1
    for (const pair of match[0].slice(question + 1).split('#')[0]!.split('&')) {
      const equals = pair.indexOf('=')
      const name = equals === -1 ? pair : pair.slice(0, equals)
      if (equals > 0 && equals < pair.length - 1 && credentialParameters.has(name.toLowerCase())) {
        found.push({name, url, written: {start: offset, end: offset + pair.length, text: pair}})
      }
      offset += pair.length + 1
    }
  }
  return found
}
