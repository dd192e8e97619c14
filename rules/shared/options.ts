/** The JSON Schema of an option that lists words or phrases: each non-empty, none twice. */
export const wordListSchema = {type: 'array', items: {type: 'string', minLength: 1}, uniqueItems: true} as const

/** The options of a rule whose one option is a word list named `name` (`ignore`, `allow`). */
export function wordListOptions(name: string) {
  return {type: 'object', properties: {[name]: wordListSchema}, additionalProperties: false} as const
}

/**
 * The languages whose instructions the prose rules read word by word: English and the four whose
 * passive and persons they know. Pages in other languages are left alone, and the run says so once.
 */
export const instructionLanguages = ['en', 'de', 'es', 'fr', 'pt']
