import {createHash} from 'node:crypto'
import path from 'node:path'
import type {VFile} from 'vfile'
import {VFile as VFileClass} from 'vfile'
import type {ResolvedConfig} from '../config/resolve.js'
import {factsJson, siteFactsKey} from '../site/facts.js'
import {contentHash} from '../shared/stamp.js'
import type {ChangeSet} from './git.js'
import {findSiteRoot, lintedPages, listFiles, listingFolders, type LintedPage} from '../site/files.js'
import {readsHold, recordReads} from '../site/reads.js'
import type {ResultCache, SiteEntry} from './cache.js'
import {redactMessage} from '../page/redact.js'
import {applyMessages, serializeConfig, serializeMessage, type SerializedMessage} from './remote.js'
import {siteFactsDigestKey} from '../site/facts.js'
import {absolutePath, relativeTo} from '../shared/relative-path.js'
import {withdrawFindings, type FileKind} from './withheld.js'
import type {SiteMemo} from '../site/memo.js'

/**
 * Run the site rules on every site the linted pages belong to (the site root is the nearest folder
 * above a page holding `docs.json` or `mint.json`). Messages about pages go on the pages' files;
 * messages about the config go on the config files, returned here to join the run's results.
 */
export async function runSiteChecks(
  files: readonly VFile[],
  options: {changes?: ChangeSet | undefined; cwd?: string | undefined; defaultConfig?: ResolvedConfig | undefined; cache?: ResultCache | undefined; memo?: SiteMemo | undefined} = {}
): Promise<VFile[]> {
  options.memo?.startRun()
  const roots = new Map<string, string | null>()
  const bySite = new Map<string, VFile[]>()
  for (const file of files) {
    // Pages whose config turns every site rule off leave no facts and take no part.
    if (!file.data[siteFactsKey] || !file.path) continue
    const root = findSiteRoot(path.dirname(absolutePath(file)), roots)
    if (!root) continue
    let group = bySite.get(root)
    if (!group) bySite.set(root, (group = []))
    group.push(file)
  }
  const changes = options.changes
  if (changes) {
    // A change can break links in pages this run does not lint: their sites are checked too.
    for (const changed of [...changes.pages, ...changes.removed]) {
      const root = findSiteRoot(path.dirname(changed), roots)
      if (root && !bySite.has(root)) bySite.set(root, [])
    }
  }
  // With `--changed-since`, pages outside the run take part: never cached.
  const cache = changes ? undefined : options.cache
  const extra: VFile[] = []
  for (const [root, group] of bySite) {
    const linted = lintedPages(root, group)
    const rootConfig = configAtRoot(linted) ?? options.defaultConfig
    const key = cache ? siteKey(root, linted, rootConfig, listingFolders(root, options.cwd ?? process.cwd()), cache) : undefined
    const stored = key === undefined ? undefined : cache!.site(root)
    if (stored && stored.key === key) {
      const replayed = replaySite(root, stored, linted)
      if (replayed) {
        extra.push(...replayed)
        continue
      }
    }
    // The site checks add messages and may withdraw some a page had (see `withheld.ts`).
    const before = new Map(group.map((file) => [file, new Set(file.messages)]))
    const added = (file: VFile) => file.messages.filter((message) => !before.get(file)!.has(message))
    const withdrawn: Array<[string, FileKind]> = []
    // The site rules load only here: a run the cache serves needs none of them.
    const {checkSite} = await import('./site-rules.js')
    // What the checks read is noted (with a hash of each file) only for the cache to replay them.
    const check = () => checkSite(root, linted, rootConfig, changes, options.cwd, withdrawn, options.memo)
    const {result: documents, reads} = key !== undefined ? recordReads(check) : {result: check(), reads: []}
    // Pages' facts were masked when the pages were linted; the config files' secrets are masked here.
    const {redactorFor} = await import('../linter/secrets.js')
    const redact = redactorFor(documents.map((file) => String(file.value ?? '')), rootConfig)
    for (const file of [...documents, ...group]) {
      for (const message of documents.includes(file) ? file.messages : added(file)) redactMessage(message, redact)
    }
    extra.push(...documents)
    if (key !== undefined) {
      cache!.setSite(root, {
        key,
        reads,
        pages: linted.flatMap(({relative, file}) => {
          const messages = added(file)
          return messages.length > 0 ? [[relative, messages.map(serializeMessage)] as [string, SerializedMessage[]]] : []
        }),
        withdrawn,
        documents: documents.map((file) => [relativeTo(root, file.path), file.messages.map(serializeMessage)])
      })
    }
  }
  return extra
}

/** Config-file messages follow the docs-lint config of the pages nearest the root. */
function configAtRoot(linted: readonly LintedPage[]): ResolvedConfig | undefined {
  let best: LintedPage | undefined
  for (const page of linted) {
    if (!page.config) continue
    if (!best || page.relative.split('/').length < best.relative.split('/').length) best = page
  }
  return best?.config
}

/**
 * What the site checks' results depend on besides the disk: the root, the root's config, the folders
 * whose file listings count (they depend on where docs-lint runs), and each linted page's path,
 * config and facts. Facts, not text: a page edited without a change to its
 * links, anchors, title or imports leaves the site's results as they were.
 */
function siteKey(root: string, linted: readonly LintedPage[], rootConfig: ResolvedConfig | undefined, listings: readonly string[], cache: ResultCache): string {
  const configKey = (config: ResolvedConfig | undefined) => (config ? serializeConfig(config).key : null)
  const hash = createHash('sha256').update(JSON.stringify([root, configKey(rootConfig), listings]))
  for (const page of linted) hash.update('\n' + JSON.stringify([page.relative, configKey(page.config), factsDigest(page.file, cache)]))
  return hash.digest('base64url').slice(0, 22)
}

/**
 * The hash of a page's facts. Kept with the page's results in the cache, so that a run the cache
 * serves reads it instead of writing out every page's facts again (5 ms on 405 pages).
 */
function factsDigest(file: VFile, cache: ResultCache): string {
  const kept = file.data[siteFactsDigestKey]
  if (typeof kept === 'string') return kept
  const digest = contentHash(factsJson(file.data[siteFactsKey]))
  file.data[siteFactsDigestKey] = digest
  cache.keepFactsDigest(absolutePath(file), file.data[siteFactsKey], digest)
  return digest
}

/**
 * Put stored site messages back on the pages and config files, when every file, folder listing and
 * existence the checks read is as it was. Undefined when not: the checks run again.
 */
function replaySite(root: string, stored: SiteEntry, linted: readonly LintedPage[]): VFile[] | undefined {
  const texts = readsHold(stored.reads, listFiles)
  if (!texts) return undefined
  const byRelative = new Map(linted.map((page) => [page.relative, page.file]))
  if (!stored.pages.every(([relative]) => byRelative.has(relative))) return undefined
  if (!(stored.withdrawn ?? []).every(([relative]) => byRelative.has(relative))) return undefined
  for (const [relative, kind] of stored.withdrawn ?? []) withdrawFindings(byRelative.get(relative)!, kind)
  for (const [relative, messages] of stored.pages) applyMessages(byRelative.get(relative)!, messages)
  return stored.documents.map(([relative, messages]) => {
    const absolute = path.join(root, relative)
    const file = new VFileClass({path: absolute, value: texts.get(absolute)})
    applyMessages(file, messages)
    return file
  })
}
