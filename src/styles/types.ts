// The vocabulary of styles kept as data (Vale-compatible): what a rule file says, what a check sees of a
// page, and what it finds. Imports nothing of docs-lint, so that every part of `src/styles/` may use it.

/** Vale's three levels, as a rule's `level` or a `.vale.ini` setting writes them. */
export type ValeLevel = 'suggestion' | 'warning' | 'error'

/** A rule's `action`: how a match can be corrected (`replace`, `remove`, `edit`, `suggest`). */
export interface StyleAction {
  name: string
  params: string[]
}

/** One rule of a style, read from `<StylesPath>/<Style>/<Rule>.yml` (or built in: `Vale.Terms`, ...). */
export interface StyleRuleSource {
  /** `Style.Rule`, as Vale names it: `Google.Passive`. */
  id: string
  /** The rule file (absolute), or `undefined` for the built-in `Vale` style. */
  file: string | undefined
  /** The check kind: `existence`, `substitution`, `occurrence`, ... */
  extends: string
  message: string
  level: ValeLevel
  link: string | undefined
  /** Scope selectors (`heading`, `sentence`, `~blockquote & ~heading`); `['text']` when the rule names none. */
  scope: string[]
  /** Report at most this many matches per page (Vale's `limit`); undefined: no limit. */
  limit: number | undefined
  action: StyleAction | undefined
  /** Every field of the rule file as written, the common ones included (`tokens`, `swap`, `ignorecase`, ...). */
  fields: Record<string, unknown>
  /** The 1-based line of each top-level key in the rule file, for messages that point into it. */
  lines: Record<string, number>
}

/**
 * What a check needs besides its rule: the vocabularies in force and the style folder, for the kinds that
 * read files of their own (spelling dictionaries, ignore files, scripts).
 */
export interface StyleEnvironment {
  /** Absolute `StylesPath`. */
  stylesPath: string
  /** Entries of the active vocabularies' `accept.txt` (regular expressions in Vale's dialect). */
  accept: readonly string[]
  /** Entries of the active vocabularies' `reject.txt`. */
  reject: readonly string[]
  /** Read a text file (bounded; throws an Error whose message says why it cannot be read). */
  readText(absolutePath: string): string
}

/** A piece of a page as a check sees it: plain text of one scope, markup and code already taken out. */
export interface StyleBlock {
  /**
   * The text. Code spans, JSX expressions and other non-prose inline content are replaced by `*`s of the
   * same length as Vale does, so that words around them do not join.
   */
  text: string
  /**
   * The block's scope, as Vale names them: `text` (a paragraph as a whole), `paragraph`, `sentence`,
   * `text.heading.h2`, `text.list`, `text.table.header`, `text.table.cell`, `text.blockquote`,
   * `text.attr.alt`, `link`, `strong`, `emphasis`, `summary` (the page's body text), `raw` (the source).
   */
  scope: string
  /**
   * For `summary` only: counts of the page (`blockquote`, `heading.h1`…`heading.h6`, `list`, `pre`,
   * `paragraphs`, `sentences`, ...), as Vale's `metric` variables name them. Words, syllables and
   * characters are the check's to count.
   */
  metrics?: Readonly<Record<string, number>>
}

/** What a check found: offsets into its block's text and the values for the message's `%s`. */
export interface StyleMatch {
  start: number
  end: number
  /** The values of the message's format specifiers (`%s`, `%[2]s`), in order. */
  args: string[]
  /** Replacements an action can offer (substitution's preferred forms, capitalization's expected text). */
  replacements?: string[] | undefined
}

/** A rule ready to run on pages: built once per configuration. */
export interface CompiledStyleCheck {
  /**
   * Called for each block of a page whose scope the rule applies to, in document order. `state` is the
   * rule's own, fresh for each page (consistency and conditional remember what came before).
   */
  run(block: StyleBlock, state: Map<string, unknown>): StyleMatch[]
}

/** Builds a kind's check from a rule; throws `UnsupportedRuleError` when docs-lint cannot run it faithfully. */
export type CheckFactory = (rule: StyleRuleSource, environment: StyleEnvironment) => CompiledStyleCheck

/**
 * A rule docs-lint cannot run as its style wrote it (a Tengo script, a regex with no JavaScript
 * equivalent, a missing dictionary): reported once per run with the rule file and line, never skipped
 * silently. `field` names the rule file's key at fault, for the line.
 */
export class UnsupportedRuleError extends Error {
  override name = 'UnsupportedRuleError'
  constructor(
    message: string,
    readonly field?: string
  ) {
    super(message)
  }
}
