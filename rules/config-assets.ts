import path from 'node:path'
import {defineRule, type SiteContext} from '../src/rule.js'
import {get, type Located} from '../src/site/json.js'
import type {Site} from '../src/site/model.js'

/** Keys of the config whose values are files: a path or an object of `light`/`dark` paths. */
const assetKeys: string[][] = [['logo'], ['favicon'], ['backgroundImage'], ['background', 'image']]

/** `logo`, `favicon`, `backgroundImage` and `openapi` files exist when they are local paths. */
export default defineRule({
  id: 'config-assets',
  severity: 'error',
  summary: 'Local files named in the config (logo, favicon, background image, OpenAPI) exist',
  fixable: false,
  conventions: [{id: 'site-config', coverage: 'partial'}],
  defaults: {},
  site() {
    return function (site: Site, context: SiteContext) {
      const config = site.config.value
      // A remote OpenAPI file is named once per language or tab: say once that it was not checked.
      const remoteNoticed = new Set<string>()
      for (const keys of assetKeys) {
        const value = get(config, ...keys)
        if (value?.type === 'string') checkFile(site, context, keys.join('.'), value, undefined)
        else if (value?.type === 'object') {
          for (const mode of ['light', 'dark']) {
            const file = get(value, mode)
            if (file?.type === 'string') checkFile(site, context, keys.join('.') + '.' + mode, file, undefined)
          }
        }
      }
      const visit = (node: Located | undefined, trail: string) => {
        if (node?.type === 'object') {
          for (const member of node.members) {
            const key = trail ? trail + '.' + member.name : member.name
            if (member.name === 'openapi') openapi(member.value, key)
            else visit(member.value, key)
          }
        } else if (node?.type === 'array') {
          node.items.forEach((item, index) => visit(item, trail + '[' + index + ']'))
        }
      }
      const openapi = (node: Located, key: string) => {
        if (node.type === 'string') checkFile(site, context, key, node, remoteNoticed)
        else if (node.type === 'array') node.items.forEach((item, index) => openapi(item, key + '[' + index + ']'))
        else if (node.type === 'object') {
          const source = get(node, 'source')
          if (source?.type === 'string') checkFile(site, context, key + '.source', source, remoteNoticed)
        }
      }
      visit(config, '')
    }
  }
})

/** `remoteNoticed`: for an OpenAPI file, the remote ones already noted in this run. */
function checkFile(site: Site, context: SiteContext, key: string, node: Located & {type: 'string'}, remoteNoticed: Set<string> | undefined): void {
  const value = node.value.trim()
  const report = (message: string, level?: 'info', notice?: boolean) =>
    context.report({file: node.doc.file, message, place: node.place, actual: node.value, level, notice})
  if (/^[a-z][a-z\d+.-]*:|^\/\//i.test(value)) {
    if (remoteNoticed && /^https?:/i.test(value) && !remoteNoticed.has(value)) {
      remoteNoticed.add(value)
      report('not checked: the remote OpenAPI file `' + value + '` (`' + key + '`), since docs-lint never fetches over the network', 'info', true)
    }
    return
  }
  if (value === '') return
  const relative = path.posix.normalize(safeDecode(value).replace(/^\/+/, '')).replace(/\/+$/, '')
  if (relative === '..' || relative.startsWith('../')) {
    report('Unexpected `' + key + '` `' + value + '` outside the site folder, expected a path inside it')
    return
  }
  if (!site.hasFile(relative)) {
    report('Unexpected `' + key + '` `' + value + '`: no such file, expected a path relative to the site root')
  }
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
