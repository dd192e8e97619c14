import path from 'node:path'
import type {LinkTarget, Site, SitePage} from './model.js'
import {isUnchecked, scheme} from './url.js'

export type {LinkTarget} from './model.js'

/**
 * Resolve a link written in `from` as the platform serves it: `/x` from the root, `./x` and `../x`
 * from the page's folder; a bare `x` from the page's folder (as a browser does) or, failing that,
 * from the root (as the platform's own checker does). Extensions, a trailing slash, `index` pages,
 * percent-encoding and the config's `redirects` are all understood.
 */
export function resolveLink(site: Site, from: SitePage, url: string): LinkTarget {
  if (isUnchecked(url)) return {kind: 'skip'}
  const raw = url.trim()
  const hashAt = raw.indexOf('#')
  const anchor = hashAt === -1 ? undefined : decode(raw.slice(hashAt + 1))
  const pathPart = (hashAt === -1 ? raw : raw.slice(0, hashAt)).split('?')[0]!
  if (pathPart === '') return {kind: 'found', page: from, anchor, redirectedTo: undefined}
  const decoded = decode(pathPart).replace(/\\/g, '/')
  const folder = path.posix.dirname(from.relative)
  const candidates = decoded.startsWith('/')
    ? [decoded.slice(1)]
    : decoded.startsWith('.')
      ? [path.posix.join(folder, decoded)]
      : [path.posix.join(folder, decoded), decoded]
  const inside = candidates.map(normalize).filter((candidate) => candidate !== undefined)
  if (inside.length === 0) return {kind: 'outside'}
  for (const candidate of inside) {
    const found = lookup(site, candidate)
    if (found) return {kind: 'found', page: found.page, anchor, redirectedTo: undefined}
  }
  for (const candidate of inside) {
    const destination = followRedirects(site, candidate)
    if (destination === undefined) continue
    if (destination.kind === 'external') return {kind: 'found', page: undefined, anchor: undefined, redirectedTo: destination.path}
    const found = lookup(site, destination.path)
    if (found) return {kind: 'found', page: found.page, anchor: destination.anchor ?? anchor, redirectedTo: destination.path}
    return {kind: 'missing', path: candidate, redirectedTo: '/' + destination.path}
  }
  const remote = site.remoteSpecAt(inside.at(-1)!)
  if (remote !== undefined) return {kind: 'unchecked', path: inside.at(-1)!, reference: remote}
  return {kind: 'missing', path: inside[0]!, redirectedTo: undefined}
}

function lookup(site: Site, relative: string): {page: SitePage | undefined} | undefined {
  if (relative === '') return {page: site.pageAt('')}
  const page = site.pageAt(relative)
  if (page) return {page}
  if (site.exists(relative)) return {page: undefined}
  // Every page is served as Markdown too, at its address with `.md` (`/guides/install.md`).
  const markdown = /\.md$/i.test(relative) ? relative.slice(0, -3) : undefined
  if (markdown !== undefined) {
    const page = site.pageAt(markdown)
    if (page) return {page}
  }
  // An endpoint page generated from an OpenAPI file: its anchors are the platform's, not checked.
  const generated = site.generatedRoutes()
  if (generated.has(relative.toLowerCase()) || (markdown !== undefined && generated.has(markdown.toLowerCase()))) return {page: undefined}
  return undefined
}

const maxRedirects = 20

function followRedirects(site: Site, relative: string): {kind: 'external' | 'internal'; path: string; anchor?: string | undefined} | undefined {
  let current = relative
  let result: {kind: 'external' | 'internal'; path: string; anchor?: string | undefined} | undefined
  const visited = new Set<string>()
  // A destination with wildcards may grow at every hop and never repeat: stop where browsers do.
  while (!visited.has(current) && visited.size < maxRedirects) {
    visited.add(current)
    const destination = site.redirect(current)
    if (destination === undefined) return result
    if (scheme.test(destination)) return {kind: 'external', path: destination}
    const hashAt = destination.indexOf('#')
    const target = normalize((hashAt === -1 ? destination : destination.slice(0, hashAt)).split('?')[0]!.replace(/^\/+/, ''))
    if (target === undefined) return result
    result = {kind: 'internal', path: target, anchor: hashAt === -1 ? undefined : decode(destination.slice(hashAt + 1))}
    if (lookup(site, target)) return result
    current = target
  }
  return result
}

/** Relative path without `.`/`..` segments and trailing slash; undefined when it leaves the root. */
function normalize(relative: string): string | undefined {
  const normal = path.posix.normalize(relative || '.').replace(/\/+$/, '')
  if (normal === '..' || normal.startsWith('../')) return undefined
  return normal === '.' ? '' : normal
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
