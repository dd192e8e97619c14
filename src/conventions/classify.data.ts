// Word lists that tell a line of a rule file that states a writing convention no catalogue entry names
// ("Use sentence case in button labels") from one that is not about writing at all ("Run `pnpm test`
// before committing"). Used only for lines that match no convention of the catalogue.

/** Words of writing and of documentation pages. */
export const writingWords = /\b(?:write|writing|written|wording|words?|phrases?|phrasing|sentences?|paragraphs?|tone|voice|style|grammar|tense|headings?|titles?|descriptions?|capitali[sz]\w*|punctuation|commas?|colons?|spelling|terms?|jargon|acronyms?|abbreviations?|readers?|audience|pages?|docs|documentation|examples?|snippets?|code blocks?|images?|screenshots?|diagrams?|links?|lists?|bullets?|tables?|callouts?|placeholders?|quotes?|quotation|emoji|bold|italics?|emphasis|pronouns?|verbs?|nouns?|adjectives?|adverbs?|plurals?|dates?|numbers?|units?|English|language|imperative|conditionals?|clauses?|idioms?|simply|concise|clarity|videos?|iframes?|embeds?|changelogs?|glossary)\b|["“][^"”]{1,30}["”]/i

/** A line that asks for something: an imperative, a modal, a do / don't mark. */
export const normative = /^(?:[^:]{1,40}:\s*)?(?:use|write|avoid|keep|don['’]?t|do not|never|always|include|prefer|make|ensure|add|give|provide|put|place|start|begin|end|lead|break|group|structure|wrap|specify|show|document|explain|cover|define|spell|capitali[sz]e|limit|follow|refer|link|introduce|describe|mention|state|employ|maintain|focus|anticipate|present|consider|remove|omit|separate|format|mark|label|name|choose|select|list|number|reference|no|only)\b|\b(?:must|should|never|always|avoid|don['’]?t|do not|prefer|instead of|rather than|required)\b|[✓✗❌✅≤≥]/i

/** Words of software development: a line with one, matching no convention, is not a writing convention. */
export const developmentWords = /\b(?:npm|pnpm|yarn|npx|bun|pip|uv|poetry|git|commit|commits|committing|branch|branches|merge|rebase|pull requests?|PRs?|CI|deploy\w*|builds?|install\w*|dependenc\w+|packages?|servers?|port|localhost|tests?|testing|vitest|jest|playwright|pytest|lint(?:er|ing)?|TypeScript|React|hooks?|props|functions?|class(?:es)?|methods?|variables?|modules?|database|migrations?|docker|terminal|shell|scripts?|repo|repository|worktree|monorepo|node|async|await|interfaces?|enums?|tsx|jsx|CSS|Tailwind|runtime|debug\w*|logs?|logging|errors? thrown|exceptions?|routing|routes?|Next\.js|pipelines?)\b|`[^`\s]*[./][^`\s]*`/i

/** Headings of sections about developing or designing software, not writing: their lines are not writing conventions. */
export const developmentHeadings = /\b(?:design|layout|typography|styling|visual|UI|testing|tests|unit tests|git|commits?|branch(?:es|ing)?|deploy(?:ment|ing)?|CI|installation|install|set ?up|environment|runtime|dependencies|scripts|commands|development|dev server|architecture|source map|project structure|repository structure|repo structure|code style|TypeScript|React|Python|backend|frontend|database|migrations?|package management|tooling|pull requests?|performance|analytics)\b/i

/** A line that maps one thing to another (`Steps` → a primitive) or names source files: a description of code. */
export const codeDescription = /→|->|=>|`[^`\s]*\/[^`\s]*`|`[^`\s]+\.(?:tsx?|jsx?|mjs|cjs|py|go|rs|css|scss|java|rb|php|sh)`/

/** The caption of an example (`Example of a code group:`): what follows shows a convention, the caption states none. */
export const exampleCaption = /^(?:here is |here's |see )?(?:an? )?examples? (?:of|for)\b|^for example:?$/i
