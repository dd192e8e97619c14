// Vale's regular expressions (Go's syntax with regexp2's lookarounds) as JavaScript RegExps.
// (Stub signature; the translation is written in this file.)

export interface ValeRegexOptions {
  /** The rule's `ignorecase`: the whole pattern matches without regard to case. */
  ignoreCase?: boolean
}

/**
 * Compile a pattern written in Vale's dialect to a global JavaScript RegExp that matches exactly what Vale
 * matches. Throws `UnsupportedRuleError` for a pattern with no faithful JavaScript equivalent.
 */
export function compileValeRegex(pattern: string, options: ValeRegexOptions = {}): RegExp {
  return new RegExp(pattern, options.ignoreCase ? 'gi' : 'g')
}
