import path from 'node:path'
import {defineRule, type SiteContext} from '../src/rule.js'
import {clearlyMeant, CloseMatcher, nameLimit} from './shared/close-match.js'
import {entryRoute, type NavigationEntry} from '../src/site/navigation.js'
import {get} from '../src/site/json.js'
import {missingOperationMessage, unreadableSpecMessage} from './shared/api-targets.js'
import type {OpenApiSpec, Site} from '../src/site/model.js'

/** Every navigation entry resolves: pages to `.md`/`.mdx` files, operations to OpenAPI operations. */
export default defineRule({
  id: 'navigation',
  severity: 'error',
  summary: 'Navigation entries name existing pages or OpenAPI operations, once, inside the site',
  fixable: false,
  conventions: [{id: 'navigation', coverage: 'partial'}],
  defaults: {},
  site() {
    return function (site: Site, context: SiteContext) {
      const seen = new Map<string, NavigationEntry[]>()
      // A remote OpenAPI file is named by many entries: say once that its operations were not checked.
      const remoteNoticed = new Set<string>()
      let routes: CloseMatcher | undefined
      const entries = site.navigation()
      const pages = site.navigationPages()
      const listed = new Set(entries.flatMap((entry, index) => (entry.operation ? [] : [pages[index]?.route ?? ''])))
      for (const [index, entry] of entries.entries()) {
        const {node} = entry
        const report = (message: string, level?: 'warn' | 'info', expected?: string, notice?: boolean) =>
          context.report({file: node.doc.file, message, place: node.place, actual: entry.value, expected, level, notice})
        if (entry.operation) {
          checkOperation(site, entry, report, remoteNoticed)
          continue
        }
        const route = entryRoute(entry)
        if (route === '..' || route.startsWith('../')) {
          report('Unexpected navigation entry `' + entry.value + '` outside the site folder, expected a page path inside it')
          continue
        }
        const page = pages[index]
        if (!page) {
          // A page the navigation already lists is not the one an entry meant.
          routes ??= new CloseMatcher([...site.routes.keys()].filter((known) => !listed.has(known)))
          const found = routes.find(route, nameLimit(route))
          // Only a page the entry clearly meant: a wrong suggestion is worse than none.
          const guess = found !== undefined && clearlyMeant(route, found) ? found : undefined
          const close = guess !== undefined
          report(
            'Unexpected navigation entry `' + entry.value + '`: no page `' + route + '.mdx` or `' + route + '.md`, expected a page path relative to the site root without extension' +
              (close ? ', did you mean `' + guess + '`?' : ''),
            undefined,
            close ? guess : undefined
          )
          continue
        }
        // A page listed in two products, versions, languages or tabs is shown once in each sidebar, and
        // one listed in two separate groups is shown in both (a page that belongs to two topics): only a
        // second entry in the same group, or in a group inside it, is a mistake.
        const key = entry.division + ' ' + page.route
        const earlier = seen.get(key) ?? []
        const first = earlier.find((other) => nested(other.groups, entry.groups))
        // A group's `root` may be its first page too: the platform shows the page once, as the group's.
        if (first && first.root && first.owner === entry.owner && isFirstPage(entry)) continue
        if (first) {
          const at = first.node.place.start
          report('Unexpected duplicate navigation entry `' + entry.value + '`, already listed at ' + at.line + ':' + at.column + ': expected each page once', 'warn')
        } else {
          seen.set(key, [...earlier, entry])
        }
      }
    }
  }
})

/** Whether two entries' groups are one inside the other (or the same): the labels of one start the other's. */
function nested(a: readonly string[], b: readonly string[]): boolean {
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a]
  return shorter.every((label, index) => longer[index] === label)
}

function checkOperation(
  site: Site,
  entry: NavigationEntry,
  report: (message: string, level?: 'warn' | 'info', expected?: string, notice?: boolean) => void,
  remoteNoticed: Set<string>
): void {
  const operation = entry.operation!
  const key = operation.method + ' ' + operation.path
  const written = operation.method.toUpperCase() + ' ' + operation.path
  let specs: OpenApiSpec[]
  if (operation.spec) {
    const relative = path.posix.normalize(operation.spec.replace(/^\/+/, ''))
    if (relative === '..' || relative.startsWith('../')) {
      report('Unexpected OpenAPI file `' + operation.spec + '` outside the site folder, expected a path inside it')
      return
    }
    specs = [site.openApiSpecs().find((spec) => spec.reference.replace(/^\/+/, '') === relative) ?? site.loadSpec(operation.spec)]
  } else {
    specs = site.operationSpecs()
  }
  if (specs.length === 0) {
    report('Unexpected OpenAPI operation `' + written + '`: no OpenAPI file is configured or in the site, expected `openapi` in the config')
    return
  }
  const local = specs.filter((spec) => spec.operations)
  if (local.some((spec) => spec.operations!.has(key))) return
  const remote = specs.filter((spec) => !spec.file && !spec.error)
  if (remote.length > 0) {
    const reference = remote[0]!.reference
    if (!remoteNoticed.has(reference)) {
      remoteNoticed.add(reference)
      report('not checked: the operations navigation names in the remote OpenAPI file `' + reference + '` (first `' + written + '`), since docs-lint never fetches over the network', 'info', undefined, true)
    }
    return
  }
  const broken = specs.find((spec) => spec.error)
  if (local.length === 0 && broken) {
    report(unreadableSpecMessage(written, broken))
    return
  }
  report(missingOperationMessage(written, local.map((spec) => site.relativeOf(spec.file!)), 'an operation of the OpenAPI file'))
}

/** Whether an entry is the first of its owner's `pages`. */
function isFirstPage(entry: NavigationEntry): boolean {
  const pages = get(entry.owner, 'pages')
  return pages?.type === 'array' && pages.items[0] === entry.node
}
