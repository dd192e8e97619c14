/** The JSON Schema of an option that lists words or phrases: each non-empty, none twice. */
export const wordListSchema = {type: 'array', items: {type: 'string', minLength: 1}, uniqueItems: true} as const
