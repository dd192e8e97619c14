// Files that are no page of their own: which findings (by `holds`, see src/contract.ts) they lose. Apart
// from the site rules (`site-rules.ts`) so that a run the cache serves, and `--fix`, need not load them.
import type {VFile} from 'vfile'
import type {Holds, MessageExtras} from '../contract.js'

/**
 * `snippet`: a file pages import; `unserved`: a file the site does not serve as a page; `app-rendered`:
 * a page another framework's app renders, with components of its own.
 */
export type FileKind = 'snippet' | 'unserved' | 'app-rendered'

/** Where the site checks note, on a file, the `holds` values its findings were withdrawn for (for `--fix`). */
export const withheldKey = 'docsLintWithheld'

export function withheldIn(kind: FileKind): ReadonlySet<Holds | ''> {
  return new Set<Holds>(kind === 'snippet' ? ['page'] : kind === 'app-rendered' ? ['platform'] : ['page', 'shown'])
}

/** Remove from `file` the findings that do not hold in a file of that kind, and note which. */
export function withdrawFindings(file: VFile, kind: FileKind): void {
  const withheld = withheldIn(kind)
  file.messages = file.messages.filter((message) => !withheld.has((message as MessageExtras).holds ?? ''))
  const before = (file.data[withheldKey] as Holds[] | undefined) ?? []
  file.data[withheldKey] = [...new Set([...before, ...withheld])]
}
