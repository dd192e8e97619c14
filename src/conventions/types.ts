// The vocabulary of `docs-lint conventions`: conventions of the catalogue, the lines of a team's rule
// file, and what covers each.
import type {ConventionCoverage} from '../contract.js'

export type SectionId = 'language' | 'organisation' | 'user' | 'code' | 'api' | 'accessibility' | 'components' | 'pages' | 'site' | 'style'

export interface ConventionSection {
  id: SectionId
  /** As the spec titles it: `Language and style`. */
  title: string
  /** The spec sections it comes from, or undefined for style-guide conventions the spec does not list. */
  spec: string | undefined
}

/** A pattern, or patterns that must all match. */
export type Recogniser = RegExp | readonly RegExp[]

export interface Convention {
  /** Kebab-case id; rules name it in their `conventions` metadata. */
  id: string
  section: SectionId
  /** One sentence, as `--write` writes it. */
  wording: string
  /** A line is this convention when one recogniser matches it… */
  recognise: readonly Recogniser[]
  /** …and none of these does. */
  unless?: readonly RegExp[]
  /**
   * Vale rules that check it, by name (`Passive` for any style's `Passive`) or full id (`Vale.Avoid`);
   * a rule whose message matches a recogniser counts too.
   */
  vale?: readonly string[]
}

/** One line of a rule file: a list item, a table row, or a sentence of a paragraph. */
export interface RuleLine {
  /** 1-based line in the file where it starts. */
  line: number
  /** Its text, with inline Markdown markup removed and white space collapsed. */
  text: string
  /** The headings it sits under, outermost first. */
  headings: string[]
}

/** A rule that checks a convention: one of docs-lint's, or a rule of a Vale style in use. */
export interface Checker {
  /** `second-person`, or `Google.Passive`. */
  id: string
  coverage: ConventionCoverage['coverage']
  /** Turned on by the lint configuration that applies to the folder. */
  on: boolean
  vale: boolean
}

export type LineStatus = 'checked' | 'partly' | 'not checked' | 'not a convention'

export interface LineCoverage extends RuleLine {
  status: LineStatus
  /** The conventions the line states, by id. */
  conventions: string[]
  /** The rules on that check them. */
  checkedBy: Checker[]
  /** Rules that would check them, turned off. */
  off: string[]
}

/** Where the command writes, and the folder relative paths start from. */
export interface ConventionsIo {
  stdout: (text: string) => void
  stderr: (text: string) => void
  cwd: string
}
