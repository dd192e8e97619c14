import {legalPageNames, pathsNamed} from './shared/pages.data.js'

import type {TutorialLanguage} from './shared/tutorial-voice.js'

export {readerTasks} from './shared/tutorial-voice.data.js'

/**
 * First-person words (lower case, straight apostrophe) and the second-person form to suggest;
 * `null` for `let's`, which an imperative replaces (“Let's install” → “Install”).
 */
export const firstPerson: ReadonlyMap<string, string | null> = new Map(Object.entries({
  we: 'you',
  "we're": "you're",
  "we've": "you've",
  "we'll": "you'll",
  "we'd": "you'd",
  our: 'your',
  ours: 'yours',
  ourselves: 'yourself',
  us: 'you',
  "let's": null,
  i: 'you',
  "i'm": "you're",
  "i've": "you've",
  "i'll": "you'll",
  "i'd": "you'd",
  my: 'your',
  me: 'you',
  myself: 'yourself'
}))

/** Words before a capital `I` that make it a roman numeral: “Type I”, “Phase I”, “World War I”. */
export const numeralContext: ReadonlySet<string> = new Set([
  'appendix', 'article', 'book', 'case', 'category', 'chapter', 'class', 'exhibit', 'figure', 'form',
  'gen', 'generation', 'grade', 'level', 'method', 'option', 'part', 'phase', 'scenario', 'schedule',
  'section', 'stage', 'step', 'tier', 'title', 'type', 'volume', 'war'
])

export const romanNumeral = /^(?:II|III|IV|V|VI|VII|VIII|IX|X|XI|XII)$/

/**
 * “the user” / “users” mean the reader only when told to do a task of the reader's:
 * `<the user | users> <obligation> <reader task>`. “Users can select files” (people using the
 * reader's app) and “the user has access” (a user account) are not instructions to the reader.
 */
export const userObligations: ReadonlyArray<readonly string[]> = [
  ['must'],
  ['should'],
  ['need', 'to'],
  ['needs', 'to'],
  ['have', 'to'],
  ['has', 'to'],
  ['will', 'need', 'to'],
  ['will', 'have', 'to'],
  ['is', 'required', 'to'],
  ['are', 'required', 'to']
]

/** Adverbs allowed between the obligation and the task: “must first install”. */
export const optionalAdverbs: ReadonlySet<string> = new Set(['also', 'always', 'first', 'only', 'still', 'then'])

/** Elements whose text is a label or a term, not a sentence addressed to the reader. */
export const labelComponents: ReadonlySet<string> = new Set(['Tooltip', 'button', 'kbd', 'label'])

/** Most words in a button-like component's text (“I have set up the Okta login”). */
export const maxLabelWords = 15

/** First-person singular forms: in a question (“How do I…?”, “Can I reuse my key?”) the reader asks. */
export const singular: ReadonlySet<string> = new Set(['i', "i'm", "i've", "i'll", "i'd", 'my', 'me', 'myself'])

/** Punctuation after which a capital letter starts a clause rather than marking a name. */
export const clauseOpeners: ReadonlySet<string> = new Set([':', ';', '(', '[', '—', '–', '-', '"', '“', "'", '‘'])

/**
 * Pages where the company speaks in its own voice by design: changelogs and release notes, legal and
 * policy pages, a code of conduct. Matched against the page's path.
 */
export const companyVoicePaths = pathsNamed(['changelogs?', 'release-?notes', 'releases', 'updates', ...legalPageNames])

/**
 * Pages where `we` and `our` are the maintainers describing their own code and project: an API or SDK
 * reference (“if we cannot find an event loop, we will create one”) and a contributor guide (“we follow
 * the Google style guide”, “our schema modules”). Matched against the page's path.
 */
export const maintainerVoicePaths = pathsNamed(['api-?ref', 'api-?reference', 'python-sdk', 'sdks?', 'sdk-?reference', 'references?', 'contribute', 'contributing', 'contributors?'])

/** Adverbs that may open a request before its verb: “only notify me when …”. */
export const requestAdverbs: ReadonlySet<string> = new Set(['always', 'just', 'never', 'only', 'please'])

/** Components whose text is not the page speaking to its reader: an update entry, a prompt for an AI tool. */
export const ownVoiceComponents: ReadonlySet<string> = new Set(['Update', 'Prompt'])

/** Words that open a question: a heading that starts with one asks it, question mark or not (“How do I deploy”). */
export const interrogatives: ReadonlySet<string> = new Set([
  'how', 'what', 'why', 'when', 'where', 'which', 'who', 'can', 'could', 'should', 'do', 'does', 'is', 'are', 'will'
])

/** The tutorial's “we” in Spanish: “vamos a crear”, “necesitamos instalar”, “veamos”. */
const spanish: TutorialLanguage = {
  letUs: [],
  planned: [['vamos', 'a'], ['necesitamos'], ['debemos'], ['tenemos', 'que']],
  infinitive: /^\p{L}{2,}(?:ar|er|ir|ír)(?:lo|la|los|las|le|les|se|nos)?$/u,
  infinitiveLast: false,
  imperatives: new Set([
    'abramos', 'agreguemos', 'añadamos', 'analicemos', 'comencemos', 'configuremos', 'conectemos', 'construyamos', 'definamos',
    'despleguemos', 'echemos', 'ejecutemos', 'empecemos', 'escribamos', 'exploremos', 'hagamos', 'instalemos', 'pasemos',
    'probemos', 'revisemos', 'usemos', 'veamos'
  ]),
  sequencers: new Set(['ahora', 'primero', 'luego', 'después', 'entonces', 'finalmente']),
  notImperativeBefore: new Set(['que']),
  twoParties: new Set(['usted', 'ustedes', 'tú', 'tu', 'tus', 'te', 'pronto']),
  formalAddress: new Set()
}

/** Portuguese: “vamos criar”, “precisamos configurar”. */
const portuguese: TutorialLanguage = {
  letUs: [],
  planned: [['vamos'], ['precisamos'], ['devemos'], ['temos', 'que'], ['temos', 'de']],
  infinitive: /^\p{L}{2,}(?:ar|er|ir|or)$/u,
  infinitiveLast: false,
  imperatives: new Set(),
  sequencers: new Set(['agora', 'primeiro', 'depois', 'então', 'finalmente']),
  notImperativeBefore: new Set(),
  twoParties: new Set(['você', 'vocês', 'tu', 'teu', 'tua', 'breve']),
  formalAddress: new Set()
}

/** French: “nous allons créer”, “créons”, “commençons par”. */
const french: TutorialLanguage = {
  letUs: [],
  planned: [['nous', 'allons'], ['nous', 'devons'], ['nous', 'devrons']],
  infinitive: /^\p{L}{2,}(?:er|ir|re)$/u,
  infinitiveLast: false,
  imperatives: new Set([
    'ajoutons', 'commençons', 'configurons', 'connectons', 'construisons', 'créons', 'définissons', 'démarrons', 'déployons',
    'écrivons', 'enregistrons', 'envoyons', 'essayons', 'examinons', 'exécutons', 'explorons', 'générons', 'importons',
    'installons', 'lançons', 'modifions', 'ouvrons', 'passons', 'préparons', 'regardons', 'remplaçons', 'supprimons', 'testons',
    'utilisons', 'vérifions', 'voyons'
  ]),
  sequencers: new Set(['maintenant', 'ensuite', 'puis', "d'abord", 'enfin']),
  notImperativeBefore: new Set(),
  twoParties: new Set(['vous', 'votre', 'vos', 'bientôt', 'prochainement']),
  formalAddress: new Set()
}

/** German: “lass uns”, “lassen Sie uns”, “wir werden … installieren”. */
const german: TutorialLanguage = {
  letUs: [['lass', 'uns'], ['lasst', 'uns'], ['lassen', 'sie', 'uns']],
  planned: [['wir', 'werden'], ['wir', 'müssen'], ['wir', 'wollen']],
  infinitive: /^\p{Ll}{2,}(?:en|ern|eln)$/u,
  infinitiveLast: true,
  imperatives: new Set(),
  sequencers: new Set(),
  notImperativeBefore: new Set(),
  twoParties: new Set(['du', 'dich', 'dir', 'dein', 'deine', 'deinen', 'deinem', 'deiner', 'bald']),
  formalAddress: new Set(['Sie', 'Ihr', 'Ihre', 'Ihren', 'Ihrem', 'Ihrer', 'Ihres'])
}

/** The tutorial's “we” of each language the rule reads besides English. */
export const otherLanguages: Readonly<Record<string, TutorialLanguage>> = {de: german, es: spanish, fr: french, pt: portuguese}
