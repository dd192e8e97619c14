// What secretlint lacks: bearer and Basic headers, `curl -u`, passwords in any URL, secrets assigned
// to secret-like names (`api_key = "…"`, `"token": "…"`, `--token …`) and in component attributes.
import type {Nodes, Root} from 'mdast'
import {visit} from '../../src/shared/walk.js'
import {basicKind, bearerKind, credentialQualifiers, localHosts, notSecretName, secretName, urlPasswordKind, userPasswordKind} from './secrets.data.js'
import {isPublicAddress, looksRandom, passwordLooksReal} from './secrets-judge.js'
import type {Candidate, Detector} from './secrets-scan.js'

const urlCredentials = /:\/\/([^\s:@/?#"'`<>()[\]]{1,100}):([^\s@/?#"'`<>()[\]]{1,200})@([^\s/?#:"'`<>()[\]]{1,255})/dg
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
// A value that goes on past what a detector reads: a template, a truncation, or letters outside ASCII (`CLÉ`).
const continuesAsTemplate = /^(?:[$<{[*…\p{L}\p{N}]|\.\.)/u
// Component attributes that name a parameter, and those that hold an example value for it.
const parameterAttributes: ReadonlySet<string> = new Set(['header', 'query', 'body', 'path', 'name', 'param', 'field'])
const valueAttributes: ReadonlySet<string> = new Set(['default', 'placeholder', 'example', 'value'])

/** The detectors of this module, for `scanLines`. */
export const ownDetectors: readonly Detector[] = [urlPasswords, authHeaders, curlCredentials, assignments]

function urlPasswords(text: string): Candidate[] {
  const candidates: Candidate[] = []
  for (const match of text.matchAll(urlCredentials)) {
    const range = match.indices?.[2]
    if (range && !localHosts.test(match[3] ?? '')) {
      candidates.push({start: range[0], end: range[1], kind: urlPasswordKind, test: 'password', user: match[1] ?? ''})
    }
  }
  return candidates
}

function authHeaders(text: string): Candidate[] {
  const candidates: Candidate[] = []
  for (const match of text.matchAll(bearer)) {
    const range = match.indices?.[1]
    if (range && !continuesAsTemplate.test(text.slice(range[1], range[1] + 2))) {
      candidates.push({start: range[0], end: range[1], kind: bearerKind, test: 'random'})
    }
  }
  for (const match of text.matchAll(basic)) {
    const range = match.indices?.[1]
    const decoded = decodeBasic(match[1] ?? '')
    if (!range || !decoded || continuesAsTemplate.test(text.slice(range[1], range[1] + 2))) continue
    const [user, password] = decoded
    if (password === '' ? looksRandom(user) : passwordLooksReal(password, user)) {
      candidates.push({start: range[0], end: range[1], kind: basicKind, test: 'checked'})
    }
  }
  return candidates
}

function curlCredentials(text: string): Candidate[] {
  const candidates: Candidate[] = []
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
  return candidates
}

function assignments(text: string): Candidate[] {
  const candidates: Candidate[] = []
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
    if (/^(?:[$<{[*…]|\.\.)/.test(text.slice(end, end + 2))) continue
    if (addressName(name) && isPublicAddress(text.slice(range[0], end))) continue
    const password = /(?:^|_)(?:password|passwd|pwd|passphrase|pass)$/.test(name)
    candidates.push({
      start: range[0],
      end,
      kind: {name: 'secret', placeholder: placeholderFor(name)},
      detail: 'for `' + rawName + '`',
      test: password ? 'assigned-password' : 'random'
    })
  }
  return candidates
}

/**
 * A value in `<ParamField header="X-API-Key" default="…">`: the secret-like parameter name sits in
 * one attribute and the value in another, so no `name = value` text links them.
 */
export function attributeCandidates(tree: Root, source: string): Candidate[] {
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

/**
 * A name that may hold a blockchain address (`account_key`, `swap_to_token`, `mint_key`): a bare
 * `key` or `token` whose qualifier is not a credential's (`api_key`, `access_token`).
 */
function addressName(name: string): boolean {
  const match = /(?:^|_)([a-z\d]+)_(?:key|token)$/.exec(name)
  return match !== null && !credentialQualifiers.includes(match[1]!)
}

function placeholderFor(name: string): string {
  if (/(?:^|_)auth(?:orization)?$/.test(name)) return '<API_KEY>'
  return '<' + name.split('_').filter(Boolean).slice(-3).join('_').toUpperCase() + '>'
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
