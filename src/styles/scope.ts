// Vale's scope selectors: `heading`, `heading.h2`, `~blockquote & ~heading`, `sentence`, `raw`. A selector
// matches a block when every dotted part of it is a part of the block's scope (`text.heading.h2.mdx`).

interface SelectorPart {
  negated: boolean
  sections: string[]
}

export type ScopeMatcher = (blockScope: string) => boolean

/** A matcher for a rule's `scope` list: the block matches when any one of the entries does. */
export function scopeMatcher(scopes: readonly string[]): ScopeMatcher {
  const alternatives: SelectorPart[][] = scopes.map((entry) =>
    entry.split('&').map((part) => {
      const trimmed = part.trim()
      const negated = trimmed.startsWith('~')
      return {negated, sections: (negated ? trimmed.slice(1) : trimmed).split('.').filter((section) => section !== '')}
    })
  )
  const cache = new Map<string, boolean>()
  return (blockScope) => {
    let result = cache.get(blockScope)
    if (result === undefined) {
      const sections = new Set(blockScope.split('.'))
      result = alternatives.some((parts) => parts.every((part) => partMatches(part, sections)))
      cache.set(blockScope, result)
    }
    return result
  }
}

function partMatches(part: SelectorPart, sections: ReadonlySet<string>): boolean {
  const has = part.sections.every((section) => sections.has(section))
  if (!part.negated) return has
  // A negation says where a rule does not apply within the page's text; it never selects `raw` or `summary`.
  if (sections.has('raw') || sections.has('summary')) return false
  return !has
}

/** The scopes a rule's entries can select, for the work a page needs (sentences only when a rule reads them). */
export function mentionsScope(scopes: readonly string[], name: string): boolean {
  return scopes.some((entry) => entry.split(/[&.~\s]+/).includes(name))
}
