/** A URL scheme (`https:`, `mailto:`): a link out of the site. */
export const scheme = /^[a-z][a-z\d+.-]*:/i

/** External (`https:`, `mailto:`, `//host`) or empty: a link the site checks never look at. */
export function isUnchecked(url: string): boolean {
  const raw = url.trim()
  return raw === '' || scheme.test(raw) || raw.startsWith('//')
}
