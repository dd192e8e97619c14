// The writing conventions of a team's rule file (`rules.md`, platform spec section 2.4), as data: for each,
// its section, the wording `--write` gives it, and the phrases that recognise a line of a rule file as it.
// A recogniser is a pattern, or a list of patterns that must all match the line. Conventions of the
// page and site sections (spec 2.1 to 2.3) and common style-guide conventions follow in
// `catalogue-more.data.ts`. Rules name these ids in their `conventions` metadata.
import type {Convention, ConventionSection} from './types.js'

/** The sections, in the spec's order; `--write` writes them in this order. */
export const sections: readonly ConventionSection[] = [
  {id: 'language', title: 'Language and style', spec: '2.4'},
  {id: 'organisation', title: 'Content organisation', spec: '2.4'},
  {id: 'user', title: 'User-centred approach', spec: '2.4'},
  {id: 'code', title: 'Code examples', spec: '2.4'},
  {id: 'api', title: 'API documentation', spec: '2.4'},
  {id: 'accessibility', title: 'Accessibility', spec: '2.4'},
  {id: 'components', title: 'Component selection', spec: '2.4'},
  {id: 'pages', title: 'Pages and components', spec: '2.2, 2.3'},
  {id: 'site', title: 'Site configuration', spec: '2.1'},
  {id: 'style', title: 'Other style conventions', spec: undefined}
]

/**
 * A mention of a platform component (`Steps`, `<Steps>`, `` `Steps` ``): case-sensitive, and not as
 * the first word of the line, where any word is capitalised.
 */
export function component(names: string): RegExp {
  return new RegExp('(?:`<?(?:' + names + ')>?`|<(?:' + names + ')\\b|(?<=\\S\\s+)\\b(?:' + names + ')\\b)')
}

const examples = /\b(?:examples?|snippets?|samples?|code (?:blocks?|examples?|samples?))\b/i
const runnable = '(?:complete|runnable|self[- ]contained|working|executable|copy[- ]past(?:e)?able)'
/** Where a secret must not be: a rule about the app's own credentials is not one about pages. */
const inPages = /\b(?:examples?|snippets?|samples?|code|docs|documentation|pages?|screenshots?|placeholders?|real)\b/i
const negation = /\b(?:never|don['’]?t|do not|no|avoid|without|exclude|remove|redact|mask|placeholders?|not|fake|dummy)\b/i

export const specConventions: readonly Convention[] = [
  // Language and style
  {id: 'clear-language', section: 'language', wording: 'Use clear, direct language for a technical audience.',
    recognise: [/\b(?:clear|direct|plain|simple)\b[\w ,]{0,20}\b(?:language|English)\b/i, /\bwrite (?:simply|clearly|plainly)\b/i, /\btechnical audiences?\b/i],
    unless: [/\blanguage (?:tags?|identifiers?|hints?|names?)\b/i]},
  {id: 'second-person', section: 'language', wording: 'Write instructions in second person: address the reader as “you”.',
    recognise: [/\bsecond[- ]person\b/i, /\bfirst[- ]person\b/i, /\b(?:address|refer to|speak to|talk to)\b.{0,20}\b(?:readers?|users?)\b.{0,15}\byou\b/i,
      /\b(?:avoid|no|don['’]?t use|do not use|never use|instead of)\b.{0,25}["“'`](?:we|our|us|I|the user)["”'`]/i],
    vale: ['FirstPerson', 'We']},
  {id: 'active-voice', section: 'language', wording: 'Write instructions in active voice.',
    recognise: [/\bactive voice\b/i, /\bpassive\b/i], vale: ['Passive']},
  {id: 'tense', section: 'language', wording: 'Use present tense for current states and future tense for outcomes.',
    recognise: [/\btense\b/i, [/["“'`]will["”'`]/i, negation]], vale: ['Will']},
  {id: 'avoid-jargon', section: 'language', wording: 'Avoid jargon.', recognise: [/\bjargon\b/i]},
  {id: 'define-terms', section: 'language', wording: 'Define terms and acronyms on first use.',
    recognise: [
      [/\b(?:define|explain|spell out|expand|introduce)\b/i, /\b(?:terms?|acronyms?|abbreviations?|jargon|initialisms?)\b/i, /\b(?:on|at|upon|the) first\b|\bfirst (?:uses?|used|time|mentions?|occurrences?|appearances?)\b|\bwhen (?:they are )?first\b/i],
      [/\bspell(?:ed)? out\b/i, /\bfirst (?:use|time|mention)\b/i]
    ],
    vale: ['Acronyms']},
  {id: 'consistent-terminology', section: 'language', wording: 'Keep terminology consistent: use the preferred term, not its variants.',
    recognise: [/\bterminology\b/i, /\bconsistent(?:ly)?\b.{0,20}\b(?:terms?|naming|names|wording|vocabulary)\b/i, /\b(?:terms?|naming|names)\b.{0,20}\bconsistent(?:ly)?\b/i,
      /\bpreferred (?:terms?|spellings?|words?|names?)\b/i, /\bword ?list\b/i, [/\buse\b/i, /["“'`][^"”'`]{1,40}["”'`],? (?:not|instead of|rather than|over) ["“'`]/i]],
    vale: ['WordList', 'Terms', 'Vale.Avoid', 'WordChoice', 'Terminology', 'Vocab']},
  {id: 'concise-sentences', section: 'language', wording: 'Keep sentences concise.',
    recognise: [[/\bsentences?\b/i, /\b(?:concise|short|shorter|brief|long|length|words)\b/i]], unless: [/\bsentence[- ](?:case|style)\b/i],
    vale: ['SentenceLength']},
  {id: 'parallel-structure', section: 'language', wording: 'Use parallel structure in lists, headings and procedures.',
    recognise: [/\bparallel(?:ism)?\b/i], unless: [/\bin parallel\b/i]},

  // Content organisation
  {id: 'important-first', section: 'organisation', wording: 'Lead with the most important information.',
    recognise: [/\bmost important (?:information|point|content|thing)s?\b/i, /\binverted pyramid\b/i, /\blead with\b/i, /\bfront[- ]load\b/i]},
  {id: 'basic-before-advanced', section: 'organisation', wording: 'Present basic concepts before advanced ones.',
    recognise: [[/\b(?:basics?|simple|fundamentals?|core)\b/i, /\bbefore\b/i, /\b(?:advanced|complex)\b/i]]},
  {id: 'numbered-steps', section: 'organisation', wording: 'Break complex procedures into numbered steps.',
    recognise: [/\bnumbered (?:steps|lists?|instructions)\b/i, /\bstep[- ]by[- ]step\b/i, [/\bprocedures?\b/i, /\b(?:numbered|steps)\b/]]},
  {id: 'prerequisites-first', section: 'organisation', wording: 'Give prerequisites and context before instructions.',
    recognise: [/\bprerequisites?\b/i]},
  {id: 'expected-outcomes', section: 'organisation', wording: 'Give the expected outcome of each major step.',
    recognise: [/\bexpected (?:outcomes?|results?)\b/i, /\boutcomes? (?:of|for) (?:each|every)\b/i]},
  {id: 'descriptive-headings', section: 'organisation', wording: 'Use descriptive, keyword-rich headings.',
    recognise: [[/\b(?:headings?|titles?)\b/i, /\b(?:descriptive|keyword[- ]rich|keywords?|meaningful|informative)\b/i]],
    unless: [/\bsentence[- ](?:case|style)\b|\bcapitali[sz]/i, /\blink text\b/i]},
  {id: 'section-breaks', section: 'organisation', wording: 'Group related information with clear section breaks.',
    recognise: [/\bsection breaks?\b/i, /\bgroup related\b/i]},

  // User-centred approach
  {id: 'user-goals', section: 'user', wording: 'Focus on user goals and outcomes.',
    recognise: [/\b(?:user|reader|customer)s?['’]? goals?\b/i, /\bgoals? and outcomes\b/i, /\brather than system features\b/i]},
  {id: 'anticipate-questions', section: 'user', wording: 'Anticipate common questions.',
    recognise: [/\banticipate\b/i, /\b(?:common|frequent|likely) questions\b/i]},
  {id: 'troubleshooting', section: 'user', wording: 'Include troubleshooting for likely failure points.',
    recognise: [/\btroubleshoot(?:ing)?\b/i, /\bfailure points?\b/i]},
  {id: 'verification-steps', section: 'user', wording: 'Include verification steps to confirm success.',
    recognise: [/\bverification steps?\b/i, [/\b(?:verify|confirm)\b/i, /\b(?:success|succeeded|worked|works)\b/i]]},
  {id: 'scannability', section: 'user', wording: 'Write for scannability.',
    recognise: [/\bscannab(?:le|ility)\b/i, /\bskimm?able\b/i, /\b(?:easy|easier|quick) (?:to )?scan(?:ning)?\b/i, /\bfor (?:easy )?scanning\b/i]},

  // Code examples
  {id: 'runnable-examples', section: 'code', wording: 'Code examples are complete and runnable.',
    recognise: [new RegExp('\\b' + runnable + '(?:,? (?:and )?(?:' + runnable + '|simple|realistic|minimal))? (?:code )?(?:examples?|snippets?|samples?|blocks?)\\b', 'i'),
      /\b(?:examples?|snippets?|samples?)\b.{0,30}\b(?:runnable|working|run as[- ]is|copy[- ]past(?:e)?able|copy and (?:paste|run|execute)|complete and)\b/i]},
  {id: 'error-handling-examples', section: 'code', wording: 'Code examples show error handling and edge cases.',
    recognise: [/\berror handling\b/i, /\bedge cases?\b/i], unless: [/\bstatus codes?\b/i]},
  {id: 'expected-output', section: 'code', wording: 'Code examples show their expected output.',
    recognise: [/\bexpected outputs?\b/i, [/\b(?:show|include|add|give)\b/i, /\boutputs?\b/i, examples]]},
  {id: 'realistic-data', section: 'code', wording: 'Code examples use realistic data.',
    recognise: [/\brealistic\b/i, /\breal[- ]world (?:data|values|examples)\b/i]},
  {id: 'tested-examples', section: 'code', wording: 'Test code examples before publishing.',
    recognise: [/\btest(?:ed)?\b.{0,15}\b(?:examples?|snippets?|samples?)\b/i, /\b(?:examples?|snippets?|samples?)\b.{0,25}\b(?:tested|test them)\b/i]},
  {id: 'code-language', section: 'code', wording: 'Code blocks name their language, and the file where relevant.',
    recognise: [[/\blanguage\b/i, /\b(?:code ?blocks?|fenced|fences?|snippets?|code examples?|syntax highlighting|file ?names?)\b/i], /\blanguage (?:tags?|identifiers?|hints?)\b/i,
      [component('CodeGroup'), /\b(?:titles?|file ?names?|labels?)\b/i], [/\b(?:name|specify|state)\b.{0,10}\blanguage\b/i, /\bfiles?\b|\bfile ?names?\b/i], /\b(?:un)?typed\b.{0,10}\bcode ?blocks?\b|\bcode ?blocks?\b.{0,20}\b(?:un)?typed\b|\btype (?:all|every|each|your) code ?blocks?\b/i],
    unless: [/\b(?:clear|plain|simple|direct)\b[\w ,]{0,20}\blanguage\b/i, /\bmulti-?language\b/i]},
  {id: 'code-comments', section: 'code', wording: 'Comment complex logic in code examples.',
    recognise: [[/\bcomments?\b/i, /\b(?:complex|logic|explain|explanatory|lines?|examples?|snippets?)\b/i]],
    unless: [/\bHTML comments?\b|\bcomments? (?:out|delimiters?)\b|\bvale\b/i]},
  {id: 'no-real-secrets', section: 'code', wording: 'Code examples never contain real keys or secrets.',
    recognise: [[/\b(?:secrets?|api[- ]?keys?|access keys?|private keys?|tokens?|credentials?|passwords?)\b/i, new RegExp(negation.source + '|\\breal\\b', 'i'), inPages]],
    unless: [/\bcommit(?:s|ted|ting)?\b|\benvironment variables?\b|\.env\b/i]},

  // API documentation
  {id: 'all-parameters', section: 'api', wording: 'Document every parameter, including optional ones.',
    recognise: [[/\b(?:parameters?|params?)\b/i, /\b(?:all|every|each|optional)\b/i, /\b(?:document|describe|list|explain|include)\b/i]]},
  {id: 'success-and-error-responses', section: 'api', wording: 'Show both success and error responses.',
    recognise: [[/\berror responses?\b/i, /\b(?:show|include|document|provide|give|add|examples?)\b/i], [/\bsuccess(?:ful)?\b/i, /\berrors?\b/i, /\b(?:responses?|examples?)\b/i]]},
  {id: 'rate-limits', section: 'api', wording: 'State rate limits with specific numbers.', recognise: [/\brate[- ]?limit(?:s|ing|ed)?\b/i]},
  {id: 'auth-format', section: 'api', wording: 'Show authentication examples in the proper format (`Authorization: Bearer <API_KEY>`).',
    recognise: [[/\b(?:authentication|authorization|auth)\b/i, /\b(?:examples?|format|headers?)\b/i, /\b(?:show|use|include|provide|format|write)\b/i]]},
  {id: 'status-codes', section: 'api', wording: 'Explain every HTTP status code and how to handle errors.',
    recognise: [/\bstatus codes?\b/i, /\bHTTP (?:errors?|codes?|status)\b/i, /\berror codes?\b/i]},
  {id: 'request-response-cycles', section: 'api', wording: 'Cover complete request/response cycles.',
    recognise: [/\b(?:complete|full|entire|whole)\b.{0,10}\brequest ?(?:\/|and) ?response\b/i, /\brequest ?(?:\/|and) ?response (?:cycles?|flows?)\b/i]},

  // Accessibility
  {id: 'alt-text', section: 'accessibility', wording: 'Every image and diagram has descriptive alt text.',
    recognise: [/\balt(?:ernative)?[- ]?text\b/i, /\balt (?:attributes?|tags?|descriptions?)\b/i]},
  {id: 'link-text', section: 'accessibility', wording: 'Link text is specific and actionable, never “click here”.',
    recognise: [/\blink text\b/i, /\bclick here\b/i, /\b(?:descriptive|meaningful|specific|actionable)\b.{0,20}\blinks?\b/i, /\bbare (?:URLs?|links?)\b/i]},
  {id: 'heading-hierarchy', section: 'accessibility', wording: 'Heading hierarchy starts at the second level and skips no level.',
    recognise: [/\bheading (?:hierarchy|levels?|structure|order|nesting)\b/i, /\b(?:skip|skipping|skipped)\b.{0,20}\b(?:headings?|heading levels?)\b/i,
      /\bheadings?\b.{0,30}\blevels?\b/i, /\b(?:start|begin)s?\b.{0,30}\b[Hh][1-6]\b|\b(?:no|avoid|never|don['’]?t|not)\b.{0,30}\b[Hh]1s?\b|\b[Hh][1-6]s?\b.{0,20}\bheadings?\b|\b(?:one|single|only one)\s+[Hh]1\b/]},
  {id: 'keyboard-navigation', section: 'accessibility', wording: 'Consider keyboard navigation.', recognise: [/\bkeyboard\b/i]},
  {id: 'colour-contrast', section: 'accessibility', wording: 'Use sufficient colour contrast.',
    recognise: [/\b(?:colou?r|sufficient|readable|enough|WCAG|minimum|text) contrast\b/i, /\bcontrast (?:ratios?|colou?rs?)\b/i]},
  {id: 'headers-and-lists', section: 'accessibility', wording: 'Structure content with headers and lists.',
    recognise: [[/\b(?:headers|headings)\b/i, /\blists\b/i, /\b(?:structure|organi[sz]e|break up|scan|scanning)\b/i]], unless: [/\bparallel\b/i]},

  // Component selection
  {id: 'use-steps', section: 'components', wording: 'Use `Steps` for procedures and sequential instructions.',
    recognise: [[component('Steps'), /\b(?:procedures?|sequential|step[- ]by[- ]step|instructions|how[- ]to|tutorials?)\b/i]]},
  {id: 'use-tabs', section: 'components', wording: 'Use `Tabs` for platform-specific or alternative content.',
    recognise: [[component('Tabs'), /\b(?:platforms?|platform-specific|operating systems?|OS|alternatives?|options|approaches|variants?|frameworks?|macOS|Windows|Linux)\b/i]]},
  {id: 'use-codegroup', section: 'components', wording: 'Use `CodeGroup` for the same example in several languages.',
    recognise: [[component('CodeGroups?'), /\b(?:languages|same|several|multiple|SDKs)\b|\bmulti-?language\b/i], [/\bcode groups?\b/i, /\b(?:languages|same|several|multiple)\b|\bmulti-?language\b/i]]},
  {id: 'use-accordion', section: 'components', wording: 'Use `Accordion` for progressive disclosure.',
    recognise: [component('Accordions?|AccordionGroups?'), /\bprogressive disclosure\b/i], unless: [/\bbasic\b/i]},
  {id: 'use-api-examples', section: 'components', wording: 'Use `RequestExample` and `ResponseExample` for API endpoint examples.',
    recognise: [/\b(?:RequestExample|ResponseExample)\b/]},
  {id: 'use-fields', section: 'components', wording: 'Use `ParamField` for API parameters and `ResponseField` for API responses.',
    recognise: [/\b(?:ParamField|ResponseField)\b/]},
  {id: 'use-expandable', section: 'components', wording: 'Use `Expandable` for nested object properties.',
    recognise: [component('Expandable'), [/\bnested (?:object )?(?:properties|fields|objects)\b/i, /\b(?:use|document|wrap|show|describe)\b/i]]}
]
