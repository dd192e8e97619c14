/**
 * The default vocabulary: preferred term -> variants to reject. A note in parentheses after a variant
 * limits it: `(as a verb)` reports the variant only where it reads as a verb.
 */
export const defaultTerms: Readonly<Record<string, readonly string[]>> = {
  email: ['e-mail'],
  'log in': ['login (as a verb)', 'log-in (as a verb)'],
  // Checked after `log in`: the hyphenated form left over is a noun or an adjective (“log-in screen”).
  login: ['log-in'],
  'set up': ['setup (as a verb)'],
  website: ['web site']
}

/** Words before a variant that make it a noun: “the login”, “your setup”. */
export const determiners: ReadonlySet<string> = new Set([
  'a', 'an', 'the', 'this', 'that', 'these', 'those', 'my', 'your', 'our', 'their', 'his', 'her', 'its',
  'each', 'every', 'any', 'no', 'first', 'last', 'next', 'initial', 'same', 'whole'
])

/** Words before a variant that make it a verb: “you can login”, “please setup”. (`to` is handled apart.) */
export const verbLeads: ReadonlySet<string> = new Set([
  'please', 'can', 'cannot', 'could', 'must', 'should', 'shall', 'will', 'would', 'may', 'might',
  'you', 'we', 'they', 'i'
])

/**
 * Adverbs before a variant that make it a verb when a verb phrase follows (“then setup your
 * profile”, “just login to”), and leave it a noun otherwise (“not just setup.”, “also login”).
 */
export const adverbLeads: ReadonlySet<string> = new Set(['then', 'also', 'just', 'simply', 'still', 'first'])

/** Forms of `be` and `get` that make a variant a participle when a verb phrase follows: “is setup with”. */
export const passiveLeads: ReadonlySet<string> = new Set([
  'is', 'are', 'was', 'were', 'be', 'been', 'being', 'get', 'gets', 'got'
])

/** Words after an imperative or participle that continue a verb phrase: “Login to”, “setup with”. (Not `now`: “Setup now flags keys” is a noun and its verb.) */
export const verbFollowers: ReadonlySet<string> = new Set([
  'to', 'into', 'with', 'using', 'via', 'through', 'as', 'again'
])

/** Words that start the object of an imperative at the start of a sentence: “Setup the project”. */
export const objectStarts: ReadonlySet<string> = new Set([
  'a', 'an', 'the', 'your', 'my', 'our', 'their', 'this', 'that', 'these', 'those', 'it', 'them', 'all',
  'each', 'every', 'any', 'both', 'some'
])
