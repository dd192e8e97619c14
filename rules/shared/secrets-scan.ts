// The vendor formats of a text: secretlint's recommended scanners, run directly, and the formats of
// `secrets.data.ts` that secretlint does not know. Only lines worth scanning are scanned.
import {load} from '../../src/shared/lazy.js'
import {localHosts, secretlintKinds, skippedScanners, vendorFormats, type SecretKind} from './secrets.data.js'
import type {Test} from './secrets-judge.js'

export interface Candidate {
  start: number
  end: number
  kind: SecretKind
  test: Test
  /** The user name beside a password, which a placeholder password often repeats. */
  user?: string
  /** Words after the masked secret, such as the name it is assigned to. */
  detail?: string
}

/** Finds candidates in a text of joined lines, with offsets in that text. */
export type Detector = (text: string) => Candidate[]

// Lines worth scanning: a long token-like run with letters and digits, credentials in a URL, an
// auth scheme, a key block, or a secret-like name assigned a value. Every detector needs one. The
// rest of a name after `KEY` is bounded: unbounded, a run of `KEY`s is retried from each (quadratic).
const tokenRun = /(?<![\w+/=.~-])(?=[\w+/=.~-]*\d)(?=[\w+/=.~-]*[A-Za-z])[\w+/=.~-]{16}/g
// Vendor tokens of letters only (Hugging Face's `hf_…`): a short prefix, then a long run that changes case.
const letterRun = /(?<![\w-])[A-Za-z]{1,8}[_-](?=[A-Za-z]*[a-z][A-Z])[A-Za-z]{20}/g
const anchor =
  /:\/\/[^\s:@/]*:[^\s@/]+@|[Bb](?:asic|earer)(?:[ \t]|%20)|\s(?:-u|--user)[\s=]|-----BEGIN|(?:[Pp][Aa][Ss][Ss]|[Pp][Ww][Dd]|[Ss][Ee][Cc][Rr][Ee][Tt]|[Tt][Oo][Kk][Ee][Nn]|[Kk][Ee][Yy])[\w.-]{0,64}["']?[ \t]*[=:]/g
// `PRIVATE KEY` is looked for in a lookahead: two `[ A-Z]*` around it would be retried against each other.
const pemEnd = /-----END(?=[ A-Z]*PRIVATE KEY)[ A-Z]*-----/g
export const urlCredentialsAt = /:\/\/([^\s:@/?#"'`<>()[\]]{1,100}):([^\s@/?#"'`<>()[\]]{1,200})@([^\s/?#:"'`<>()[\]]{1,255})/d

/** Candidates on the lines of `source` that may hold a secret, in `source` offsets. */
export function scanLines(source: string, detectors: readonly Detector[]): Candidate[] {
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
  for (const candidate of detectors.flatMap((detect) => detect(joined))) {
    const index = lastAtOrBefore(bases, candidate.start)
    const [start, end] = windows[index]!
    const offset = start - bases[index]!
    // A match across two joined lines is an artefact of joining them.
    if (candidate.end + offset <= end) candidates.push({...candidate, start: candidate.start + offset, end: candidate.end + offset})
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

/** Ranges of whole lines that may hold a secret; a private key block is kept in one range. */
function windowsOf(source: string): Array<[number, number]> {
  const lines: Array<[number, number]> = []
  // The first `-----END … PRIVATE KEY-----` after the latest `-----BEGIN`: searched again only when
  // a BEGIN lies past it, so many BEGINs without an END cost one scan, not one each.
  let nextEnd: RegExpExecArray | null | undefined
  for (const pattern of [tokenRun, letterRun, anchor]) {
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

/** The vendor formats of `secrets.data.ts` that secretlint does not know. */
export const vendorFormatDetector: Detector = (text) => {
  const candidates: Candidate[] = []
  for (const format of vendorFormats) {
    for (const match of text.matchAll(format.pattern)) {
      candidates.push({start: match.index, end: match.index + match[0].length, kind: format, test: 'vendor'})
    }
  }
  return candidates
}

interface SecretlintReport {
  message: {messageId?: string}
  range: readonly [number, number]
}

/**
 * The scanners of secretlint's recommended preset, run directly and synchronously, loaded on first
 * use. `lintSource` is async and marks every rule run in a profiler whose bookkeeping grows with the
 * square of the number of pages linted in one process; the scanners themselves are plain functions.
 */
export function secretlintDetector(): Detector {
  let handlers: Array<{file?: (source: unknown) => unknown}> | undefined
  let found: SecretlintReport[] = []
  const context = {
    sharedOptions: {},
    createTranslator: () => (messageId: string) => ({message: messageId, messageId}),
    report(descriptor: SecretlintReport) {
      found.push(descriptor)
    },
    ignore() {}
  }
  const create = () => {
    const {rules} = load('@secretlint/secretlint-rule-preset-recommend') as typeof import('@secretlint/secretlint-rule-preset-recommend')
    return rules
      .filter((rule) => !skippedScanners.includes(rule.meta.id))
      .map((rule) => {
        // AWS access key IDs are only scanned on request.
        const options = rule.meta.id === '@secretlint/secretlint-rule-aws' ? {enableIDScanRule: true} : {}
        return rule.create(context as never, options as never) as {file?: (source: unknown) => unknown}
      })
  }
  return function (text) {
    handlers ??= create()
    found = []
    const sourceCode = {content: text, filePath: 'page.mdx', ext: '.mdx', contentType: 'text', hasBOM: false}
    for (const handler of handlers) handler.file?.(sourceCode)
    return found.flatMap((report) => candidateOf(report, text))
  }
}

function candidateOf(report: SecretlintReport, text: string): Candidate[] {
  const kind = secretlintKinds[report.message.messageId ?? '']
  if (!kind) return []
  const [start, end] = report.range
  if (kind.password) {
    // Secretlint reports the whole URL; the secret is its password.
    const match = urlCredentialsAt.exec(text.slice(start, end))
    const range = match?.indices?.[2]
    if (!match || !range || localHosts.test(match[3] ?? '')) return []
    return [{start: start + range[0], end: start + range[1], kind, test: 'password', user: match[1] ?? ''}]
  }
  if (kind.privateKey) {
    // The key material, between the BEGIN and END lines.
    const block = text.slice(start, end)
    const bodyStart = block.indexOf('-----', 10) + 5
    const body = block.slice(bodyStart, block.lastIndexOf('-----END'))
    const lead = body.length - body.trimStart().length
    return [{start: start + bodyStart + lead, end: start + bodyStart + body.trimEnd().length, kind, test: 'private-key'}]
  }
  return [{start, end, kind, test: 'vendor'}]
}
