// Snippets: the files pages import. The platform inlines an imported file into the page, so the file is
// a snippet (no page of its own) wherever it lives, and its headings are anchors of the page.
import path from 'node:path'

/** What of a page of the site model this needs (see `SitePage` in `model.ts`, which imports this). */
interface Page {
  relative: string
  file: unknown
}

/** What of the site model this needs (see `Site` in `model.ts`). */
interface SiteView<P extends Page> {
  root: string
  framework: {importAlias: string | undefined} | undefined
  pages: ReadonlyMap<string, P>
  linted: readonly P[]
  factsOf(page: P): {imports: string[]} | undefined
  /** Each file the pages on disk import (relative), with the pages importing it (those this run lints may be left out). */
  importersOnDisk(): ReadonlyMap<string, readonly string[]>
}

/** The platform's snippet folders (`getFileCategory`): their files are snippets, imported or not. */
const snippetFolder = /^_?snippets\//

/**
 * The file an import names, relative to the site root, as the platform resolves it (`resolveImportPath`):
 * `/snippets/a.mdx` from the root, `./a.mdx` and `../a.mdx` from the importing page's folder; with another
 * framework, its alias too (`@/content/snippets/a.mdx`). Undefined for a package, or a path outside the site.
 */
export function importTarget(site: {framework: {importAlias: string | undefined} | undefined}, from: string, specifier: string): string | undefined {
  const alias = site.framework?.importAlias
  let target: string
  if (alias !== undefined && specifier.startsWith(alias)) target = specifier.slice(alias.length)
  else if (specifier.startsWith('/')) target = specifier.slice(1)
  else if (specifier.startsWith('./') || specifier.startsWith('../')) target = path.posix.join(path.posix.dirname(from), specifier)
  else return undefined
  const normal = path.posix.normalize(target)
  return normal === '..' || normal.startsWith('../') ? undefined : normal
}

/** Who imports what in one site, read once from the linted pages' facts and, on demand, from other pages. */
export class SnippetIndex<P extends Page> {
  private imported: Set<string> | undefined
  /** What the pages this run does not lint import, read once, when first needed. */
  private importedByOthers: Set<string> | undefined

  constructor(private readonly site: SiteView<P>) {}

  /** The Markdown files (as pages of the site model) that `page` imports. */
  importsOf(page: P): P[] {
    const found: P[] = []
    for (const specifier of this.site.factsOf(page)?.imports ?? []) {
      const target = importTarget(this.site, page.relative, specifier)
      const snippet = target === undefined ? undefined : this.site.pages.get(target)
      if (snippet && snippet !== page) found.push(snippet)
    }
    return found
  }

  /**
   * Whether `page` is a snippet: it lies in the site's `snippets/` or `_snippets/` folder, or a page
   * imports it. The linted pages' imports are known; the pages not linted are read once, when a page
   * is not known to be imported otherwise, and only for their `import` lines.
   */
  isSnippet(page: P): boolean {
    if (snippetFolder.test(page.relative) || this.linkedImports().has(page.relative)) return true
    this.importedByOthers ??= this.unlintedImports()
    return this.importedByOthers.has(page.relative)
  }

  private linkedImports(): Set<string> {
    if (!this.imported) {
      this.imported = new Set()
      for (const page of this.site.linted) for (const snippet of this.importsOf(page)) this.imported.add(snippet.relative)
    }
    return this.imported
  }

  private unlintedImports(): Set<string> {
    const imported = new Set<string>()
    for (const [target, importers] of this.site.importersOnDisk()) {
      if (importers.some((relative) => !this.site.pages.get(relative)?.file)) imported.add(target)
    }
    return imported
  }
}

/** The sources of a page's `import … from '…'` lines, read as the platform's prebuild does (outside code fences). */
export function importSpecifiers(text: string): string[] {
  const sources: string[] = []
  let fence: string | undefined
  for (const line of text.split('\n')) {
    const run = /^\s*(`{3,}|~{3,})/.exec(line)?.[1]
    if (fence !== undefined) {
      if (run !== undefined && run[0] === fence[0] && run.length >= fence.length) fence = undefined
      continue
    }
    if (run !== undefined) {
      fence = run
      continue
    }
    if (!/^import[\s{]/.test(line)) continue
    for (const match of line.matchAll(/\bfrom\s*(['"])([^'"]+)\1|^import\s*(['"])([^'"]+)\3/g)) sources.push(match[2] ?? match[4]!)
  }
  return sources
}
