import type {SchemaIssue, SchemaPath} from './schema-issue.js'

/**
 * Refinements of the platform's zod schema that its JSON Schema cannot say, checked by docs-lint too.
 * scripts/platform/docs-config.mjs names them in the facts (`x-refined: "href"`); zod runs one only on a
 * value that passed the rest of its schema, and so does src/site/schema-check.ts.
 */
export const refinements: Record<string, (value: unknown, path: SchemaPath) => SchemaIssue[]> = {
  /** A link: a URL, or a path from `/`, `#` or `mailto:`. */
  href(value, path) {
    if (typeof value !== 'string' || /^(\/|#|mailto:)/.test(value) || URL.canParse(value)) return []
    return [{kind: 'refined', path, level: 'error', expected: ['a URL, or a path that starts with `/` or `#`']}]
  },
  /** An icon name, without the `fa-` of Font Awesome's class names. */
  icon(value, path) {
    if (typeof value !== 'string' || !value.startsWith('fa-')) return []
    return [{kind: 'refined', path, level: 'error', expected: ['an icon name without the `fa-` prefix: `' + value.slice(3) + '`']}]
  },
  /** Redirects: one per source. */
  'unique-sources'(value, path) {
    if (!Array.isArray(value)) return []
    const seen = new Set<unknown>()
    const issues: SchemaIssue[] = []
    value.forEach((redirect: unknown, index) => {
      const source = (redirect as {source?: unknown} | null)?.source
      if (seen.has(source)) issues.push({kind: 'refined', path: [...path, index, 'source'], level: 'error', expected: ['a source no earlier redirect has']})
      seen.add(source)
    })
    return issues
  }
}
