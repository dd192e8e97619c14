import path from 'node:path'
import {get, type Located} from './json.js'

/** A navigation entry that names a page or an OpenAPI operation. */
export interface NavigationEntry {
  /** As written: `guides/install`, `/guides/install`, `GET /users`, `openapi.json GET /users`. */
  value: string
  node: Located & {type: 'string'}
  /** Labels of the enclosing tabs, anchors and groups, outermost first (for llms.txt). */
  groups: string[]
  /**
   * The sidebar the entry shows in: the product, version, language, tab, dropdown, anchor and menu
   * item holding it, as `tabs[1].menu[0]` (groups left out); `''` for the top-level sidebar.
   */
  division: string
  operation: {spec: string | undefined; method: string; path: string} | undefined
  /** The group (or other navigation node) whose `root` or `pages` hold the entry. */
  owner: Located | undefined
  /** The entry is its owner's `root`: the page a group's title opens. */
  root: boolean
}

/** Keys of the newer `docs.json` navigation whose arrays hold nested navigation nodes. */
export const divisionKeys = ['products', 'languages', 'versions', 'tabs', 'dropdowns', 'anchors', 'groups', 'pages', 'menu'] as const
/** The label key each division's items carry (`tabs` items have `tab`, …). */
export const labelKeys: Record<string, string> = {
  products: 'product', languages: 'language', versions: 'version', tabs: 'tab', dropdowns: 'dropdown',
  anchors: 'anchor', groups: 'group', pages: 'group', menu: 'item'
}

const methods = 'get|post|put|patch|delete|head|options|trace|webhook'
const operationPattern = new RegExp('^(?:(\\S+)\\s+)?(' + methods + ')\\s+(\\S+)$', 'i')

export function parseOperation(value: string): NavigationEntry['operation'] {
  const match = operationPattern.exec(value.trim())
  if (!match) return undefined
  return {spec: match[1], method: match[2]!.toLowerCase(), path: match[3]!}
}

/**
 * Every page entry of the navigation in reading order, for both shapes: the legacy array of
 * groups (`mint.json`, the spec) and the newer nested object of `docs.json`.
 */
export function navigationEntries(navigation: Located | undefined): NavigationEntry[] {
  const entries: NavigationEntry[] = []
  const addPage = (node: Located, groups: string[], division: string, owner?: Located, root = false) => {
    if (node.type !== 'string') return
    entries.push({value: node.value, node, groups, division, operation: parseOperation(node.value), owner, root})
  }
  const labelOf = (node: Located): string | undefined => {
    for (const key of Object.values(labelKeys)) {
      const label = get(node, key)
      if (label?.type === 'string') return label.value.trim() || undefined
    }
    return undefined
  }

  const walkPages = (pages: Located, groups: string[], division: string, owner: Located) => {
    if (pages.type !== 'array') return
    for (const item of pages.items) {
      if (item.type === 'string') addPage(item, groups, division, owner)
      else if (item.type === 'object') walkNode(item, groups, division)
    }
  }

  const walkNode = (node: Located, groups: string[], division: string) => {
    if (node.type !== 'object') return
    const label = labelOf(node)
    const inner = label ? [...groups, label] : groups
    const root = get(node, 'root')
    if (root) addPage(root, inner, division, node, true)
    for (const key of divisionKeys) {
      const value = get(node, key)
      if (!value || value.type !== 'array') continue
      // Beside `groups`, the platform drops `pages` (docs-config says so): its entries are in no sidebar.
      if (key === 'pages' && get(node, 'groups')?.type === 'array') continue
      if (key === 'pages') walkPages(value, inner, division, node)
      else if (key === 'groups') for (const item of value.items) walkNode(item, inner, division)
      else value.items.forEach((item, index) => walkNode(item, inner, (division ? division + '.' : '') + key + '[' + index + ']'))
    }
  }

  if (navigation?.type === 'array') {
    for (const group of navigation.items) walkNode(group, [], '')
  } else if (navigation?.type === 'object') {
    walkNode(navigation, [], '')
  }
  return entries
}

const entryRoutes = new WeakMap<NavigationEntry, string>()

/** A page entry as a route, `/guides/install/` as `guides/install`: made once for each entry (a kept config keeps its entries). */
export function entryRoute(entry: NavigationEntry): string {
  let route = entryRoutes.get(entry)
  if (route === undefined) entryRoutes.set(entry, (route = path.posix.normalize(entry.value.trim().replace(/^\/+/, '')).replace(/\/+$/, '')))
  return route
}
