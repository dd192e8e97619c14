/** The vocabulary of src/site/schema-check.ts: a schema node, a path into the config, an issue found there. */

export type SchemaNode = {[keyword: string]: unknown} | boolean
export type SchemaPath = Array<string | number>

export type IssueKind =
  | 'unknown-key' | 'required' | 'type' | 'value' | 'pattern' | 'format' | 'min-length' | 'max-length'
  | 'min-items' | 'max-items' | 'minimum' | 'maximum' | 'not' | 'refined'

export interface SchemaIssue {
  kind: IssueKind
  path: SchemaPath
  level: 'error' | 'warn'
  /** The unknown or missing key. */
  key?: string
  /** Known keys (unknown-key), allowed values (value), what fits (type, pattern, format). */
  expected?: string[]
  limit?: number
  pattern?: string
  /** An unknown key the platform rejects rather than drops. */
  strict?: boolean
  /** An unknown key that another shape takes: the keys that made the platform choose this one. */
  beside?: string[]
  /** What the platform drops because of this issue (the issue's own value or a wider part). */
  ignored?: SchemaPath[]
}
