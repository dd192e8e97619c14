// Word lists of the title-case styles that Vale's `capitalization` check knows (`style: AP` or `Chicago`),
// the ones its title converter keeps in lower case inside a title.

/** Articles, conjunctions and short prepositions: lower case in AP and Chicago titles. */
export const smallWords: ReadonlySet<string> = new Set([
  'a', 'an', 'and', 'as', 'at', 'but', 'by', 'en', 'for', 'if', 'in', 'nor', 'of', 'on', 'or', 'per', 'the', 'to',
  'vs', 'vs.', 'via', 'v', 'v.'
])

/** Prepositions Chicago also keeps in lower case, whatever their length. */
export const chicagoPrepositions: ReadonlySet<string> = new Set([
  'with', 'from', 'into', 'during', 'including', 'until', 'against', 'among', 'throughout', 'despite', 'towards',
  'upon', 'concerning', 'about', 'over', 'through', 'before', 'between', 'after', 'since', 'without', 'under',
  'within', 'along', 'following', 'across', 'beyond', 'around', 'down', 'near', 'above'
])

/** Typographic characters read as their ASCII forms when the title converter looks at a word's neighbours. */
export const asciiNeighbour: Readonly<Record<string, string>> = {
  '\u201c': '"',
  '\u201d': '"',
  '\u2018': "'",
  '\u2019': "'",
  '\u2013': '-',
  '\u2014': '-',
  '\u2026': '.'
}
