import type {Code, Nodes, Root} from 'mdast'
import type {Position} from 'unist'
import {toString} from 'mdast-util-to-string'
import {visit, visitParents, type Parent} from '../src/walk.js'
import {load} from '../src/lazy.js'
import {defineRule, type RuleContext} from '../src/rule.js'
import {
  basicKind,
  bearerKind,
  documentedExamples,
  identifierWords,
  localHosts,
  notSecretName,
  placeholderPasswordWords,
  placeholderWords,
  receivedExampleWords,
  receivedExampleWordsCjk,
  receivedTitleWords,
  secretName,
  secretlintKinds,
  skippedScanners,
  tokenResponseKeys,
  urlPasswordKind,
  userPasswordKind,
  type SecretKind
} from './no-secrets.data.js'

export interface Options {
  /** Regular expressions (as strings); a candidate secret matching any of them is allowed. */
  allow: string[]
}

/** How a candidate is judged: a vendor token, a value that must look random, a password, or already checked. */
type Test = 'vendor' | 'private-key' | 'random' | 'password' | 'assigned-password' | 'checked'

interface Candidate {
  start: number
  end: number
  kind: SecretKind
  test: Test
  /** The user name beside a password, which a placeholder password often repeats. */
  user?: string
  /** Words after the masked secret, such as the name it is assigned to. */
  detail?: string
}

// Lines worth scanning: a long token-like run with letters and digits, credentials in a URL, an
// auth scheme, a key block, or a secret-like name assigned a value. Every detector needs one. The
// rest of a name after `KEY` is bounded: unbounded, a run of `KEY`s is retried from each (quadratic).
const tokenRun = /(?<![\w+/=.~-])(?=[\w+/=.~-]*\d)(?=[\w+/=.~-]*[A-Za-z])[\w+/=.~-]{16}/g
const anchor =
  /:\/\/[^\s:@/]*:[^\s@/]+@|[Bb](?:asic|earer)(?:[ \t]|%20)|\s(?:-u|--user)[\s=]|-----BEGIN|(?:[Pp][Aa][Ss][Ss]|[Pp][Ww][Dd]|[Ss][Ee][Cc][Rr][Ee][Tt]|[Tt][Oo][Kk][Ee][Nn]|[Kk][Ee][Yy])[\w.-]{0,64}["']?[ \t]*[=:]/g
// `PRIVATE KEY` is looked for in a lookahead: two `[ A-Z]*` around it would be retried against each other.
const pemEnd = /-----END(?=[ A-Z]*PRIVATE KEY)[ A-Z]*-----/g

const urlCredentials = /:\/\/([^\s:@/?#"'`<>()[\]]{1,100}):([^\s@/?#"'`<>()[\]]{1,200})@([^\s/?#:"'`<>()[\]]{1,255})/dg
const urlCredentialsAt = new RegExp(urlCredentials.source, 'd')
const bearer = /\b[Bb]earer(?:[ \t]+|%20)([\w~+/.-]+=*)/dg
const basic = /\bBasic[ \t]+([A-Za-z\d+/]{8,}={0,2})(?![\w+/=])/dg
const curlUser = /(?:^|\s)(?:-u|--user)(?:[ \t]+|=)(["']?)([^\s"':]{0,200}):([^\s"']{0,200})\1/dg
// `name = value`, `"name": "value"`, `NAME=value`, `name: value`, `name => 'value'`, `--name value`:
// find a secret-like word, widen it to the whole name, then read the value after the name.
const secretWord =
  /(?:[Kk][Ee][Yy]|[Tt][Oo][Kk][Ee][Nn]|[Ss][Ee][Cc][Rr][Ee][Tt]|[Pp][Aa][Ss][Ss]|[Pp][Ww][Dd]|[Aa][Uu][Tt][Hh]|[Cc][Rr][Ee][Dd][Ee][Nn][Tt][Ii][Aa][Ll])[\w.-]*/g
const assignedValue =
  /(["']?)[ \t]*(?:=>|:=|=|:)[ \t]*(["'`]?)(?:([Tt]oken|[Kk]ey|[Aa]pi-?[Kk]ey|SSWS|[Bb]earer|[Bb]asic)(?:[ \t]+|%20))?([^\s"'`,;]{1,500})/dy
const flagValue = /(?:[ \t]+|=)(["'`]?)([^\s"'`,;]{1,500})/dy
const nameCharacter = /[\w.-]/
// Component attributes that name a parameter, and those that hold an example value for it.
const parameterAttributes: ReadonlySet<string> = new Set(['header', 'query', 'body', 'path', 'name', 'param', 'field'])
const valueAttributes: ReadonlySet<string> = new Set(['default', 'placeholder', 'example', 'value'])
const exampleAttribute = /\b(?:default|placeholder|example|value)=["']/

const templateMarker = /[<>{}[\]()]|^\$|\$[A-Z_]{3,}|%[A-Z_]+%|\.\.\.|…|\*{3,}|#{3,}|_{3,}|x{3,}|X{3,}/
const repeatedCharacter = /(.)\1{3,}/
// A unit of two to four characters three times over (`b1b1b1`, `bbb1bbb1bbb1`) is typed, not random.
const repeatedUnit = /(.{2,4})\1{2,}/
const constantName = /^[A-Z][A-Z\d]*(?:_[A-Z\d]+)+$/
const dottedPath = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+(?:\(\)?)?$/
const jwt = /^eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+$/
// Runs of five keys in order (`12345`, `abcde`, `qwert`) or reversed mark a made-up value.
const sequenceRuns: readonly string[] = ['0123456789', 'abcdefghijklmnopqrstuvwxyz', 'qwertyuiop', 'asdfghjkl'].flatMap(
  (sequence) => [...sequence].slice(0, -4).flatMap((_, index) => {
    const run = sequence.slice(index, index + 5)
    return [run, [...run].reverse().join('')]
  })
)
const receivedCue = new RegExp('\\b(?:' + receivedExampleWords.join('|') + ')\\b|' + receivedExampleWordsCjk.join('|'), 'i')
const receivedTitle = new RegExp(
  '\\b(?:' + receivedExampleWords.join('|') + '|' + receivedTitleWords.join('|') + ')\\b|' + receivedExampleWordsCjk.join('|'),
  'i'
)
const tokenResponse = new RegExp('["\']?\\b(?:' + tokenResponseKeys.join('|') + ')\\b["\']?[ \\t]*[:=]')
// What a request example shows: a curl command, an HTTP request line, an auth header, a client call.
const requestCode = /\bcurl\b|^[ \t]*(?:GET|POST|PUT|PATCH|DELETE) |\bAuthorization\b|\bfetch\(|\brequests\.\w+\(/im
const passwordPlaceholderWords: readonly string[] = [...placeholderWords, ...placeholderPasswordWords]
const words: ReadonlySet<string> = new Set(identifierWords)
const examples: ReadonlySet<string> = new Set(documentedExamples)
const leet: Readonly<Record<string, string>> = {'0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', '$': 's'}

export default defineRule<Options>({
  id: 'no-secrets',
  severity: 'error',
  summary: 'No real-looking credential (API key, token, password, private key) anywhere in a page',
  fixable: 'suggestion',
  options: {
    type: 'object',
    properties: {
      allow: {type: 'array', items: {type: 'string'}}
    }
  },
  defaults: {allow: []},
  masks: secretFinder,
  create(options) {
    const allow = options.allow.map((pattern, index) => {
      try {
        return new RegExp(pattern, 'u')
      } catch (error) {
        throw new Error(
          'Invalid options for rule `no-secrets`: `allow.' + index + '` (`' + pattern + '`) is not a valid regular expression: ' +
            (error as Error).message
        )
      }
    })
    const scanner = createSecretlintScanner()

    return function (tree, context) {
      const source = context.page.source
      const candidates = lineCandidates(source, scanner)
      if (exampleAttribute.test(source)) candidates.push(...attributeCandidates(tree, source))
      const accepted: Candidate[] = []
      for (const candidate of candidates) {
        if (accepted.some((other) => candidate.start < other.end && other.start < candidate.end)) continue
        const value = source.slice(candidate.start, candidate.end)
        if (examples.has(value) || allow.some((pattern) => pattern.test(value))) continue
        if (looksReal(value, candidate)) accepted.push(candidate)
      }
      if (accepted.length > 0) reportAll(tree, context, withoutIllustrations(tree, source, accepted))
    }
  }
})

interface CodeBlock {
  start: number
  end: number
  /** The block shows what the reader receives: a response, an incoming event, a command's output. */
  received: boolean
}

/**
 * Drop values in examples of what the reader receives, which illustrate and are not for the reader
 * to replace, and a value repeated in one code block (`access_token` and `refresh_token` alike).
 */
function withoutIllustrations(tree: Root, source: string, accepted: Candidate[]): Candidate[] {
  const blocks = codeBlocks(tree)
  const seen = new Set<string>()
  return accepted.filter((candidate) => {
    const block = blocks.find((code) => code.start <= candidate.start && candidate.end <= code.end)
    if (!block) return true
    if (block.received) return false
    const key = block.start + ' ' + source.slice(candidate.start, candidate.end)
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

function codeBlocks(tree: Root): CodeBlock[] {
  const blocks: CodeBlock[] = []
  visitParents(tree, 'code', (node, ancestors) => {
    const start = node.position?.start.offset
    const end = node.position?.end.offset
    if (start === undefined || end === undefined) return
    blocks.push({start, end, received: isReceivedExample(node, ancestors)})
  })
  return blocks
}

/** Whether a code block is a response, an incoming payload or output, by its title, container or lead-in. */
function isReceivedExample(node: Code, ancestors: readonly Parent[]): boolean {
  if (requestCode.test(node.value)) return false
  if (tokenResponse.test(node.value) || receivedTitle.test(node.meta ?? '')) return true
  for (const ancestor of ancestors) {
    if (ancestor.type !== 'mdxJsxFlowElement') continue
    if (ancestor.name === 'ResponseExample') return true
    const title = ancestor.attributes.find((attribute) => attribute.type === 'mdxJsxAttribute' && attribute.name === 'title')
    if (typeof title?.value === 'string' && receivedTitle.test(title.value)) return true
  }
  // The lead-in of a code block in a group (`<CodeGroup>`, `<Tab>`) is the lead-in of the group.
  let block: Nodes = node
  let level = ancestors.length - 1
  while (level > 0) {
    const parent = ancestors[level]!
    if (parent.type !== 'mdxJsxFlowElement') break
    const siblings = parent.children as Nodes[]
    if (!siblings.slice(0, siblings.indexOf(block)).every((sibling) => sibling.type === 'code')) break
    block = parent
    level--
  }
  const parent = ancestors[level]
  if (!parent) return false
  const siblings = parent.children as Nodes[]
  const previous = siblings[siblings.indexOf(block) - 1]
  if (!previous) return false
  // A JSON body right after a request example shows what the request returns.
  if (previous.type === 'code') return requestCode.test(previous.value) && /^\s*[{[]/.test(node.value)
  if (previous.type === 'heading') return receivedTitle.test(toString(previous))
  if (previous.type !== 'paragraph') return false
  const sentences = toString(previous).trim().split(/(?<=[.!?])\s+|(?<=[。！？])/).filter(Boolean)
  return receivedCue.test(sentences.at(-1) ?? '')
}

/**
 * The secrets of a text as the rule finds them on a page (with the page's tree, also those in
 * component attributes), as ranges: for masking every output, whatever rule prints the text.
 */
export function secretFinder(options: Options): (source: string, tree?: Root) => Array<[number, number]> {
  const allow = options.allow.flatMap((pattern) => {
    try {
      return [new RegExp(pattern, 'u')]
    } catch {
      // The rule reports a bad pattern when it is enabled; masking goes on without it.
      return []
    }
  })
  // Secretlint loads only for a text with a line worth scanning.
  let scanner: ((text: string) => Candidate[]) | undefined
  const scan = (text: string) => (scanner ??= createSecretlintScanner())(text)
  return function (source, tree) {
    const candidates = lineCandidates(source, scan)
    if (tree && exampleAttribute.test(source)) candidates.push(...attributeCandidates(tree, source))
    const accepted: Array<[number, number]> = []
    for (const candidate of candidates) {
      if (accepted.some(([start, end]) => candidate.start < end && start < candidate.end)) continue
      const value = source.slice(candidate.start, candidate.end)
      if (examples.has(value) || allow.some((pattern) => pattern.test(value))) continue
      if (looksReal(value, candidate)) accepted.push([candidate.start, candidate.end])
    }
    return accepted
  }
}

/** Candidates on the lines that may hold a secret, in page offsets; vendor tokens first. */
/**
 * The rule and the masking of every output both look for a page's secrets, one right after the other:
 * the candidates of the last text scanned are kept for the second (they depend on the text alone).
 */
let lastScan: {source: string; candidates: readonly Candidate[]} | undefined

function lineCandidates(source: string, scanner: (text: string) => Candidate[]): Candidate[] {
  if (lastScan?.source === source) return [...lastScan.candidates]
  const candidates = scanLines(source, scanner)
  lastScan = {source, candidates}
  return [...candidates]
}

function scanLines(source: string, scanner: (text: string) => Candidate[]): Candidate[] {
  const windows = windowsOf(source)
  if (windows.length === 0) return []
  // One scan of the candidate lines joined, rather than one per line: each scanner has a cost per call.
  const bases: number[] = []
  let joined = ''
  for (const [start, end] of windows) {
    bases.push(joined.length)
    joined += source.slice(start, end) + '\n'
  }
  const candidates: Candidate[] = []
  for (const candidate of [...scanner(joined), ...ownDetectors(joined)]) {
    const index = lastAtOrBefore(bases, candidate.start)
    const [start, end] = windows[index]!
    const offset = start - bases[index]!
    // A match across two joined lines is an artefact of joining them.
    if (candidate.end + offset <= end) candidates.push(shift(candidate, offset))
  }
  return candidates
}

/** Index of the last of the ascending `values` that is at most `value`. */
function lastAtOrBefore(values: readonly number[], value: number): number {
  let low = 0
  let high = values.length - 1
  while (low < high) {
    const middle = (low + high + 1) >> 1
    if (values[middle]! <= value) low = middle
    else high = middle - 1
  }
  return low
}

function shift(candidate: Candidate, by: number): Candidate {
  return {...candidate, start: candidate.start + by, end: candidate.end + by}
}

/** Ranges of whole lines that may hold a secret; a private key block is kept in one range. */
function windowsOf(source: string): Array<[number, number]> {
  const lines: Array<[number, number]> = []
  // The first `-----END … PRIVATE KEY-----` after the latest `-----BEGIN`: searched again only when
  // a BEGIN lies past it, so many BEGINs without an END cost one scan, not one each.
  let nextEnd: RegExpExecArray | null | undefined
  for (const pattern of [tokenRun, anchor]) {
    pattern.lastIndex = 0
    let match: RegExpExecArray | null
    while ((match = pattern.exec(source))) {
      const start = source.lastIndexOf('\n', match.index - 1) + 1
      let end = source.indexOf('\n', match.index)
      if (match[0] === '-----BEGIN') {
        if (nextEnd === undefined || (nextEnd !== null && nextEnd.index < match.index)) {
          pemEnd.lastIndex = match.index
          nextEnd = pemEnd.exec(source)
        }
        const closing = nextEnd
        if (closing && closing.index - match.index < 20_000) end = closing.index + closing[0].length
      }
      if (end === -1) end = source.length
      lines.push([start, end])
      pattern.lastIndex = Math.max(end, match.index + match[0].length)
    }
  }
  lines.sort((a, b) => a[0] - b[0])
  const windows: Array<[number, number]> = []
  for (const [start, end] of lines) {
    const last = windows.at(-1)
    if (last && start <= last[1] + 1) last[1] = Math.max(last[1], end)
    else windows.push([start, end])
  }
  return windows
}

interface SecretlintReport {
  message: {messageId?: string}
  range: readonly [number, number]
}

/**
 * Run the scanners of secretlint's recommended preset directly and synchronously. `lintSource`
 * is async and marks every rule run in a profiler whose bookkeeping grows with the square of the
 * number of pages linted in one process; the scanners themselves are plain synchronous functions.
 */
function createSecretlintScanner(): (text: string) => Candidate[] {
  let found: SecretlintReport[] = []
  const context = {
    sharedOptions: {},
    createTranslator: () => (messageId: string) => ({message: messageId, messageId}),
    report(descriptor: SecretlintReport) {
      found.push(descriptor)
    },
    ignore() {}
  }
  const {rules: secretlintRules} = load('@secretlint/secretlint-rule-preset-recommend') as typeof import('@secretlint/secretlint-rule-preset-recommend')
  const handlers = secretlintRules
    .filter((rule) => !skippedScanners.includes(rule.meta.id))
    .map((rule) => {
      // AWS access key IDs are only scanned on request.
      const options = rule.meta.id === '@secretlint/secretlint-rule-aws' ? {enableIDScanRule: true} : {}
      return rule.create(context as never, options as never)
    })
  return function (text) {
    found = []
    const sourceCode = {content: text, filePath: 'page.mdx', ext: '.mdx', contentType: 'text', hasBOM: false}
    for (const handler of handlers) handler.file?.(sourceCode as never)
    const candidates: Candidate[] = []
    for (const report of found) {
      const kind = secretlintKinds[report.message.messageId ?? '']
      if (!kind) continue
      const [start, end] = report.range
      if (kind.password) {
        // Secretlint reports the whole URL; the secret is its password.
        const match = urlCredentialsAt.exec(text.slice(start, end))
        const range = match?.indices?.[2]
        if (!match || !range) continue
        const candidate: Candidate = {start: start + range[0], end: start + range[1], kind, test: 'password', user: match[1] ?? ''}
        if (!localHosts.test(match[3] ?? '')) candidates.push(candidate)
      } else if (kind.privateKey) {
        // The key material, between the BEGIN and END lines.
        const block = text.slice(start, end)
        const bodyStart = block.indexOf('-----', 10) + 5
        const body = block.slice(bodyStart, block.lastIndexOf('-----END'))
        const lead = body.length - body.trimStart().length
        candidates.push({start: start + bodyStart + lead, end: start + bodyStart + body.trimEnd().length, kind, test: 'private-key'})
      } else {
        candidates.push({start, end, kind, test: 'vendor'})
      }
    }
    return candidates
  }
}

/** What secretlint lacks: bearer and Basic headers, passwords in any URL, secrets assigned to names. */
function ownDetectors(text: string): Candidate[] {
  const candidates: Candidate[] = []
  for (const match of text.matchAll(urlCredentials)) {
    const range = match.indices?.[2]
    if (range && !localHosts.test(match[3] ?? '')) {
      candidates.push({start: range[0], end: range[1], kind: urlPasswordKind, test: 'password', user: match[1] ?? ''})
    }
  }
  for (const match of text.matchAll(bearer)) {
    const range = match.indices?.[1]
    if (range && !followedByTemplate(text, range[1])) candidates.push({start: range[0], end: range[1], kind: bearerKind, test: 'random'})
  }
  for (const match of text.matchAll(basic)) {
    const range = match.indices?.[1]
    const decoded = decodeBasic(match[1] ?? '')
    if (!range || !decoded || followedByTemplate(text, range[1])) continue
    const [user, password] = decoded
    if (password === '') {
      if (looksRandom(user)) candidates.push({start: range[0], end: range[1], kind: basicKind, test: 'checked'})
    } else if (passwordLooksReal(password, user)) {
      candidates.push({start: range[0], end: range[1], kind: basicKind, test: 'checked'})
    }
  }
  for (const match of text.matchAll(curlUser)) {
    const user = match.indices?.[2]
    const password = match.indices?.[3]
    if (!user || !password) continue
    if (password[0] === password[1]) {
      // `-u sk_live_…:` sends a key as the user name with an empty password.
      candidates.push({start: user[0], end: user[1], kind: bearerKind, test: 'random'})
    } else {
      candidates.push({start: password[0], end: password[1], kind: userPasswordKind, test: 'password', user: match[2] ?? ''})
    }
  }
  for (const word of text.matchAll(secretWord)) {
    const nameEnd = word.index + word[0].length
    let nameStart = word.index
    while (nameStart > 0 && nameCharacter.test(text[nameStart - 1]!)) nameStart--
    const flag = text.startsWith('--', nameStart)
    const rawName = text.slice(nameStart, nameEnd).replace(/^-+/, '')
    if (!/^[A-Za-z_]/.test(rawName) || text[nameStart - 1] === '$' || /^data-/i.test(rawName)) continue
    const name = snakeCase(rawName)
    if (!secretName.test(name) || notSecretName.test(name)) continue
    const value = flag ? flagValue : assignedValue
    value.lastIndex = nameEnd
    const match = value.exec(text)
    const range = match?.indices?.[match.length - 1]
    if (!match || !range) continue
    if (!flag && match[1] && text[nameStart - 1] !== match[1]) continue
    // Bearer and Basic credentials have their own, more precise, detectors.
    if (!flag && /^b(?:earer|asic)$/i.test(match[3] ?? '')) continue
    let end = range[1]
    // Trailing punctuation of a sentence or a call is not part of the value.
    while (end > range[0] && /[.)\]}>]/.test(text[end - 1]!)) end--
    if (followedByTemplate(text, end)) continue
    const placeholder = placeholderFor(name)
    const password = /(?:^|_)(?:password|passwd|pwd|passphrase|pass)$/.test(name)
    candidates.push({
      start: range[0],
      end,
      kind: {name: 'secret', placeholder},
      detail: 'for `' + rawName + '`',
      test: password ? 'assigned-password' : 'random'
    })
  }
  return candidates.sort((a, b) => a.start - b.start)
}

/**
 * A value in `<ParamField header="X-API-Key" default="…">`: the secret-like parameter name sits in
 * one attribute and the value in another, so no `name = value` text links them.
 */
function attributeCandidates(tree: Root, source: string): Candidate[] {
  const candidates: Candidate[] = []
  visit(tree, (node: Nodes) => {
    if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return
    let parameter: string | undefined
    for (const attribute of node.attributes) {
      if (attribute.type === 'mdxJsxAttribute' && parameterAttributes.has(attribute.name) && typeof attribute.value === 'string') {
        parameter = attribute.value
      }
    }
    const name = parameter === undefined ? '' : snakeCase(parameter)
    if (!secretName.test(name) || notSecretName.test(name)) return
    for (const attribute of node.attributes) {
      if (attribute.type !== 'mdxJsxAttribute' || !valueAttributes.has(attribute.name) || typeof attribute.value !== 'string') continue
      const start = attribute.position?.start.offset
      const end = attribute.position?.end.offset
      if (start === undefined || end === undefined || /\s/.test(attribute.value)) continue
      // The value sits between the quotes at the end of the attribute.
      const valueStart = end - 1 - attribute.value.length
      if (source.slice(valueStart, end - 1) !== attribute.value) continue
      candidates.push({
        start: valueStart,
        end: end - 1,
        kind: {name: 'secret', placeholder: placeholderFor(name)},
        detail: 'for `' + (parameter ?? '') + '`',
        test: 'random'
      })
    }
  })
  return candidates
}

function placeholderFor(name: string): string {
  if (/(?:^|_)auth(?:orization)?$/.test(name)) return '<API_KEY>'
  return '<' + name.split('_').filter(Boolean).slice(-3).join('_').toUpperCase() + '>'
}

function followedByTemplate(text: string, end: number): boolean {
  return /^(?:[$<{[*…]|\.\.)/.test(text.slice(end, end + 2))
}

function decodeBasic(value: string): [string, string] | undefined {
  const bytes = Buffer.from(value, 'base64')
  if (bytes.toString('base64').replace(/=+$/, '') !== value.replace(/=+$/, '')) return undefined
  const decoded = bytes.toString('latin1')
  if (!/^[\x20-\x7E]+$/.test(decoded)) return undefined
  const colon = decoded.indexOf(':')
  if (colon <= 0) return undefined
  return [decoded.slice(0, colon), decoded.slice(colon + 1)]
}

function snakeCase(name: string): string {
  return name
    .replace(/([a-z\d])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z\d]+/g, '_')
}

/** A template (`${TOKEN}`), a truncation (`sk_...`), a placeholder word (`your_key`) or a key run (`12345`). */
function isPlaceholder(value: string, markers: readonly string[]): boolean {
  if (templateMarker.test(value)) return true
  const lower = value.toLowerCase()
  return markers.some((word) => lower.includes(word)) || sequenceRuns.some((run) => lower.includes(run))
}

function looksReal(value: string, candidate: Candidate): boolean {
  switch (candidate.test) {
    case 'checked':
      return true
    case 'private-key':
      return !/\.\.\.|…|x{4,}|X{4,}|\*{3,}/.test(value)
    case 'vendor':
      return !isPlaceholder(value, placeholderWords) && !repeatedCharacter.test(value) && !repeatedUnit.test(value) && entropy(value) >= 3 && !dictionaryLike(value)
    case 'password':
      return passwordLooksReal(value, candidate.user ?? '')
    case 'assigned-password':
      // A password in a config file or a call: long and mixed enough not to be a word or a default.
      return value.length >= 10 && passwordLooksReal(value, '') && characterClasses(value, true) >= 3 && entropy(value) >= 3
    case 'random':
      return looksRandom(value)
  }
}

function looksRandom(value: string): boolean {
  if (value.length < 16 || value.length > 2000) return false
  // Four of a character in a row mark filler (`0000`), but one random hex value in a hundred has them.
  const filler = /^[\da-f-]+$/i.test(value) ? /(.)\1{4,}/ : repeatedCharacter
  if (isPlaceholder(value, placeholderWords) || filler.test(value) || repeatedUnit.test(value)) return false
  if (jwt.test(value)) return true
  if (/^\d+$/.test(value) || constantName.test(value) || dottedPath.test(value) || value.includes('://')) return false
  if (characterClasses(value) < 2) return false
  const hex = /^[\da-f-]+$/i.test(value)
  // Random strings of 16 characters often repeat a few; the bar rises with the length.
  const threshold = Math.min(hex ? 3 : 3.5, Math.log2(value.length) - 1.1)
  if (entropy(value) < threshold) return false
  return !dictionaryLike(value)
}

function passwordLooksReal(password: string, user: string): boolean {
  if (password.length < 6 || password.length > 200) return false
  if (password.toLowerCase() === user.toLowerCase()) return false
  const plain = [...password.toLowerCase()].map((character) => leet[character] ?? character).join('')
  if (isPlaceholder(password, passwordPlaceholderWords) || isPlaceholder(plain, passwordPlaceholderWords)) return false
  if (repeatedCharacter.test(password) || repeatedUnit.test(password)) return false
  if (/^[a-z]+$/i.test(password) || /^\d+$/.test(password)) return false
  return !dictionaryLike(plain)
}

/** How many of lower case, upper case and digits (and symbols, when asked) `value` mixes. */
function characterClasses(value: string, symbols = false): number {
  const letters = Number(/[a-z]/.test(value)) + Number(/[A-Z]/.test(value)) + Number(/\d/.test(value))
  return letters + Number(symbols && /[^A-Za-z\d]/.test(value))
}

/** Shannon entropy in bits per character. */
function entropy(value: string): number {
  const counts = new Map<string, number>()
  for (const character of value) counts.set(character, (counts.get(character) ?? 0) + 1)
  let bits = 0
  for (const count of counts.values()) {
    const share = count / value.length
    bits -= share * Math.log2(share)
  }
  return bits
}

/** True when most letters and digits of `value` belong to common identifier words. */
function dictionaryLike(value: string): boolean {
  const alphanumeric = value.replace(/[^A-Za-z\d]/g, '').length
  if (alphanumeric === 0) return true
  let covered = 0
  for (const part of value.match(/[A-Z]?[a-z]+|[A-Z]+(?![a-z])/g) ?? []) {
    covered += coverage(part.toLowerCase())
  }
  return covered / alphanumeric >= 0.6
}

/** Most letters of `part` that a sequence of dictionary words (3+ letters) can cover. */
function coverage(part: string): number {
  if (pronounceable(part)) return part.length
  const best = new Array<number>(part.length + 1).fill(0)
  for (let end = 1; end <= part.length; end++) {
    best[end] = best[end - 1]!
    for (let start = Math.max(0, end - 16); start <= end - 3; start++) {
      if (words.has(part.slice(start, end))) best[end] = Math.max(best[end]!, best[start]! + end - start)
    }
  }
  return best[part.length]!
}

/** A lower-case run that reads like a word (`satellite`, `vibekit`), unlike random letters. */
function pronounceable(part: string): boolean {
  if (part.length < 6) return false
  const vowels = part.replace(/[^aeiouy]/g, '').length / part.length
  return vowels >= 0.3 && vowels <= 0.65 && !/[^aeiouy]{4}|[aeiou]{3}/.test(part)
}

/** At most the first four characters, so the secret itself is never repeated. */
function mask(secret: string): string {
  return secret.slice(0, Math.min(4, Math.floor(secret.length / 4))) + '…'
}

interface Region {
  start: number
  end: number
  where: string
  /** A `<PLACEHOLDER>` here reads as text; in prose, HTML or JavaScript it would be a tag. */
  literal: boolean
}

/** Where each secret is (code, front matter, an attribute…), then one message per secret. */
function reportAll(tree: Root, {page, report}: RuleContext, accepted: Candidate[]): void {
  const regions: Region[] = []
  const add = (position: Position | undefined, where: string, literal = false) => {
    const start = position?.start.offset
    const end = position?.end.offset
    if (start !== undefined && end !== undefined) regions.push({start, end, where, literal})
  }
  visit(tree, (node: Nodes) => {
    switch (node.type) {
      case 'yaml':
        add(node.position, 'in front matter', true)
        break
      case 'code':
        add(node.position, 'in code', true)
        break
      case 'inlineCode':
        add(node.position, 'in inline code', true)
        break
      case 'text':
        add(node.position, 'in text')
        break
      case 'html':
        add(node.position, 'in HTML')
        break
      case 'link':
      case 'image':
      case 'definition':
        add(node.position, 'in a link')
        break
      case 'mdxjsEsm':
        add(node.position, 'in an import or export')
        break
      case 'mdxFlowExpression':
      case 'mdxTextExpression':
        add(node.position, 'in an expression')
        break
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement':
        for (const attribute of node.attributes) {
          const element = node.name ? '`<' + node.name + '>`' : 'a fragment'
          add(
            attribute.position,
            attribute.type === 'mdxJsxAttribute'
              ? 'in the `' + attribute.name + '` attribute of ' + element
              : 'in an attribute of ' + element,
            attribute.type === 'mdxJsxAttribute' && typeof attribute.value === 'string'
          )
        }
        break
      default:
        break
    }
  })
  for (const candidate of accepted) {
    let where = 'in the page'
    let size = Infinity
    let literal = false
    for (const region of regions) {
      if (region.start <= candidate.start && candidate.start < region.end && region.end - region.start < size) {
        where = region.where
        size = region.end - region.start
        literal = region.literal && candidate.end <= region.end
      }
    }
    const masked = mask(page.source.slice(candidate.start, candidate.end))
    const placeholder = candidate.kind.placeholder
    report({
      // Only a suggestion: a leaked key must be revoked too, which an edit cannot do for you.
      suggestions: literal
        ? [{description: 'Replace the secret with `' + placeholder + '`', edits: [{start: candidate.start, end: candidate.end, text: placeholder}]}]
        : undefined,
      message:
        'Unexpected ' + candidate.kind.name + ' `' + masked + '` ' + (candidate.detail ? candidate.detail + ' ' : '') + where +
        ', expected a placeholder such as `' + candidate.kind.placeholder + '`',
      place: {start: page.toPoint(candidate.start), end: page.toPoint(candidate.end)},
      actual: masked,
      expected: candidate.kind.placeholder
    })
  }
}
