/**
 * Names of legal and policy pages, as a folder or a file name (`legal/…`, `privacy-policy.mdx`,
 * `code-of-conduct.mdx`): text that lawyers and maintainers word, not technical writers. Each name is
 * a pattern: `?` makes the letter before it optional.
 */
export const legalPageNames: readonly string[] = [
  'legal', 'privacy', 'privacy-policy', 'terms', 'terms-of-service', 'terms-of-use', 'tos', 'code-of-conduct',
  'security-policy', 'support-policy', 'policies', 'sla'
]

/** Paths with a folder or file named by one of `names` (patterns as in `legalPageNames`). */
export function pathsNamed(names: readonly string[]): RegExp {
  return new RegExp('(?:^|[\\\\/])(?:' + names.join('|') + ')(?:[\\\\/.]|$)', 'i')
}

export const legalPaths = pathsNamed(legalPageNames)
