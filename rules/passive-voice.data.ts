// Word lists of passive-voice: what makes an English passive an instruction with the reader left out
// (“the key must be set”, “the logs can be found in …”) rather than a description of a system.
import type {PassiveLanguage} from './shared/passive-languages.js'

/** A `be` verb after these is the main verb of “all you need to do is run the script”, not passive. */
export const doVerbs: ReadonlySet<string> = new Set(['do', 'does', 'did'])

/** After a person, `be done` means finished (“when you are done”), not that someone did something. */
export const persons: ReadonlySet<string> = new Set(['i', 'you', 'we', 'they', 'he', 'she'])

/**
 * Modals before `be` that oblige the reader: “must be set”. A negated modal (`cannot`, `mustn't`)
 * states a limit of the system (“the file cannot be found”), not a step, and is not here.
 */
export const obligationModals: ReadonlySet<string> = new Set(['must', 'should', 'shall'])

/** The modal of possibility: “can be found” is an instruction only with a where or a how after it. */
export const possibilityModals: ReadonlySet<string> = new Set(['can'])

/** Verbs that take `to be` the same way as an obligation: “needs to be set”, “has to be done”. */
export const modalsBeforeTo: ReadonlySet<string> = new Set(['need', 'needs', 'have', 'has', 'ought', 'got'])

/** Adverbs allowed between the modal and `be`: “can also be found”, “must first be set”. */
export const modalAdverbs: ReadonlySet<string> = new Set(['also', 'always', 'easily', 'first', 'now', 'only', 'simply', 'still', 'then'])

/** The word right before the modal that negates it: “does not need to be run”, “don't have to be set”. */
export const negations: ReadonlySet<string> = new Set(['not', 'never', "don't", "doesn't", "didn't", "won't", 'no'])

/**
 * Words that open a clause inside the sentence: a passive in it is a condition, a question or a
 * description of a noun (“if the file cannot be found”, “whether messages should be sent”, “tasks that
 * can be run”), not an instruction.
 */
export const subordinators: ReadonlySet<string> = new Set([
  'after', 'although', 'because', 'before', 'how', 'if', 'once', 'since', 'that', 'though', 'unless', 'until',
  'what', 'whatever', 'when', 'whenever', 'where', 'wherever', 'whether', 'which', 'whichever', 'while', 'who',
  'whom', 'whose', 'why'
])

/**
 * Words right before a `that` clause that tell the reader, so the clause stays an instruction: “Note
 * that the key must be set”, “make sure that …”, “keep in mind that …”.
 */
export const noticeVerbs: ReadonlySet<string> = new Set(['aware', 'check', 'confirm', 'ensure', 'mind', 'note', 'notice', 'remember', 'sure', 'verify'])

/**
 * Words of a subject that make the sentence a constraint of the system, not a step: “either A or B
 * can be set”, “no state should be written”, “only one of A and B can be set”.
 */
export const constraintWords: ReadonlySet<string> = new Set(['either', 'neither', 'no', 'nothing', 'none', 'nobody'])

/** Phrases of a subject that count or limit: “at least one of A or B must be set”. */
export const constraintPhrases: readonly string[] = ['one of', 'at least', 'at most', 'exactly', 'only one']

/**
 * Participles of what a reader does with the docs in hand (find, set, run, write, keep, ...). Others in
 * retext-passive's list are states and events (`met`, `lost`, `broken`, `gone`) or ways of seeing
 * (`known`, `thought`, `understood`): “conditions must be met” and “a role can be thought of as …”
 * name no step.
 */
export const readerActions: ReadonlySet<string> = new Set([
  'bound', 'brought', 'built', 'bought', 'cast', 'caught', 'chosen', 'cut', 'dealt', 'done', 'drawn', 'dug', 'fed',
  'found', 'given', 'held', 'hidden', 'hung', 'kept', 'laid', 'left', 'lent', 'made', 'paid', 'put', 'read', 'run',
  'seen', 'sent', 'set', 'shown', 'shut', 'sold', 'sought', 'spent', 'split', 'spread', 'swept', 'taken', 'taught',
  'thrown', 'told', 'upheld', 'withdrawn', 'withheld', 'written'
])

/**
 * Regular participles of what a reader does, which retext-passive does not list (it knows irregular
 * participles only): “must be configured”, “should be deployed”, “can be accessed in the dashboard”.
 * Verbs that say how a value is written (`encoded`, `formatted`) or that a sentence more often uses
 * for what the system does with the reader's input (`used`, `required`, `supported`) are left out.
 */
export const regularReaderActions: ReadonlySet<string> = new Set([
  'accessed', 'activated', 'added', 'applied', 'approved', 'assigned', 'attached', 'called', 'changed',
  'checked', 'cleared', 'clicked', 'cloned', 'closed', 'committed', 'compiled', 'completed', 'configured',
  'connected', 'copied', 'created', 'customized', 'declared', 'defined', 'deleted', 'deployed', 'disabled',
  'downloaded', 'edited', 'enabled', 'entered', 'executed', 'exported', 'filled', 'followed', 'generated',
  'granted', 'imported', 'initialized', 'installed', 'invoked', 'launched', 'migrated', 'modified',
  'mounted', 'opened', 'pasted', 'published', 'pulled', 'pushed', 'registered', 'reloaded', 'removed',
  'renamed', 'replaced', 'resolved', 'restarted', 'retrieved', 'revoked', 'rotated', 'saved', 'selected',
  'specified', 'started', 'stopped', 'stored', 'submitted', 'tested', 'typed', 'uninstalled', 'updated',
  'upgraded', 'uploaded', 'verified'
])

/** Participles that construe rather than act when `as` follows: “can be seen as”, “can be read as”. */
export const construalParticiples: ReadonlySet<string> = new Set(['seen', 'taken', 'read'])

/**
 * Words after `can be <participle>` that say where or how the reader does it, which makes a statement
 * of what is possible an instruction: “can be found in the dashboard”, “can be set using the CLI”.
 * Without one (“either A or B can be set”, “stakes can be withdrawn after the epoch ends”) it
 * describes the system.
 */
export const whereOrHow: ReadonlySet<string> = new Set([
  'above', 'at', 'below', 'from', 'here', 'in', 'inside', 'into', 'on', 'onto', 'there', 'through', 'under',
  'using', 'via', 'within'
])

/** Words right after the participle that make a where a freedom: “can be added anywhere in a workflow”. */
export const freeWhere: ReadonlySet<string> = new Set(['anywhere', 'everywhere', 'wherever'])

/** Nouns of a manner after `in`: “in a deterministic fashion”, “in the same way”. */
export const mannerNouns: ReadonlySet<string> = new Set(['fashion', 'manner', 'way'])

/** Components whose body describes one field of an API or a config: its contract, not a step. */
export const fieldComponents: ReadonlySet<string> = new Set(['ParamField', 'ResponseField', 'Param', 'Field'])

/** States after `left` that ask the reader not to act: “must be left unset”, “should be left empty”. */
export const untouchedStates: ReadonlySet<string> = new Set(['alone', 'as', 'blank', 'empty', 'intact', 'unchanged', 'unset', 'untouched'])

/** Words that count ways: “can be run in different ways”, “in a few ways”, “in two ways”. */
export const waysCounts: ReadonlySet<string> = new Set([
  'a', 'few', 'different', 'many', 'several', 'various', 'multiple', 'numerous', 'other', 'two', 'three', 'four', 'five', 'some', 'number', 'of', 'variety'
])

/** Prepositions of place after `can be <participle>`: a where only when a place follows (“in the dashboard”). */
export const placePrepositions: ReadonlySet<string> = new Set(['at', 'from', 'in', 'inside', 'into', 'on', 'onto', 'through', 'under', 'within'])

/** Words that open a place after a preposition: “in the dashboard”, “on your work pool”, “in a container”. */
export const placeOpeners: ReadonlySet<string> = new Set([
  'a', 'an', 'each', 'every', 'her', 'his', 'its', 'my', 'our', 'that', 'the', 'their', 'these', 'this', 'those', 'your'
])

/** Participles that point the reader somewhere: “can be found” needs no where after it to be one. */
export const pointers: ReadonlySet<string> = new Set(['found'])

/** The same pointer in the other languages the rule reads: “kann … gefunden werden”, “puede ser encontrada”. */
export const languagePointers: Readonly<Record<string, RegExp>> = {
  de: /(?<!\p{L})gefunden(?!\p{L})/iu,
  es: /(?<!\p{L})encontrad[oa]s?(?!\p{L})/iu,
  fr: /(?<!\p{L})trouvée?s?(?!\p{L})/iu,
  pt: /(?<!\p{L})encontrad[oa]s?(?!\p{L})/iu
}

/** Words before a where that make it a condition: “depending on the deployment”, “based on the plan”. */
export const conditionsBefore: ReadonlySet<string> = new Set(['based', 'depending', 'relying'])

/** Words that cannot start a verb after `to`: “sent to a customer” is a recipient, not a purpose. */
export const notVerbsAfterTo: ReadonlySet<string> = new Set([
  'a', 'all', 'an', 'any', 'both', 'each', 'every', 'her', 'him', 'his', 'it', 'its', 'me', 'my', 'no', 'one',
  'our', 'some', 'that', 'the', 'their', 'them', 'these', 'this', 'those', 'us', 'you', 'your'
])

/** Prepositions that can end a relative clause with no pronoun: “the time the lease should be held for.” */
export const strandedPrepositions: ReadonlySet<string> = new Set(['about', 'at', 'by', 'for', 'from', 'in', 'into', 'of', 'on', 'to', 'with'])

// Other languages: the modal, `be` and participle of each (see rules/shared/passive-languages.ts).

/** Feminine and plural forms of Spanish and Portuguese participle stems: `hech` → `hecho`, `hecha`, … */
function genderedForms(stems: readonly string[]): ReadonlySet<string> {
  return new Set(stems.flatMap((stem) => ['o', 'a', 'os', 'as'].map((ending) => stem + ending)))
}

/** Feminine and plural forms of French participles: `écrit` → `écrite`, `écrits`, `écrites`. */
function frenchForms(participles: readonly string[]): ReadonlySet<string> {
  return new Set(participles.flatMap((word) => (word.endsWith('s') ? [word, word + 'e', word + 'es'] : [word, word + 'e', word + 's', word + 'es'])))
}

/** Spanish: “la clave debe ser configurada”, “puede ser encontrado en el panel”. */
export const spanishPassive: PassiveLanguage = {
  obligations: new Set(['debe', 'deben', 'debería', 'deberían', 'deberá', 'deberán', 'necesita', 'necesitan']),
  possibilities: new Set(['puede', 'pueden', 'podrá', 'podrán', 'podría', 'podrían']),
  modalsBeforeLinker: new Set(['tiene', 'tienen', 'tendrá', 'tendrán']),
  linkers: new Set(['que']),
  adverbs: new Set(['también', 'siempre', 'primero', 'ahora', 'solo', 'sólo', 'solamente', 'únicamente', 'fácilmente', 'luego']),
  be: 'ser',
  beLast: false,
  participle: /^\p{L}{2,}(?:ad|id)(?:o|a|os|as)$/u,
  irregular: genderedForms(['abiert', 'compuest', 'cubiert', 'descubiert', 'devuelt', 'dich', 'dispuest', 'escrit', 'hech', 'impres', 'inscrit', 'propuest', 'puest', 'reescrit', 'resuelt', 'vist']),
  negations: new Set(['no', 'nunca', 'jamás', 'tampoco']),
  subordinators: new Set(['si', 'cuando', 'que', 'donde', 'como', 'mientras', 'aunque', 'porque', 'cual', 'cuales', 'quien', 'quienes', 'cuyo', 'cuya', 'cuyos', 'cuyas', 'cuanto', 'según', 'antes', 'después']),
  persons: new Set(['usted', 'ustedes', 'tú', 'yo', 'nosotros', 'nosotras', 'vosotros', 'vosotras']),
  whereOrHow: new Set(['en', 'desde', 'mediante', 'usando', 'aquí', 'abajo', 'arriba', 'través', 'vía']),
  purpose: new Set(['para']),
  only: new Set(['solo', 'sólo', 'solamente', 'únicamente']),
  agents: new Set(['por'])
}

/** Portuguese: “a chave deve ser definida”, “pode ser encontrado no painel”. */
export const portuguesePassive: PassiveLanguage = {
  obligations: new Set(['deve', 'devem', 'deverá', 'deverão', 'deveria', 'deveriam', 'precisa', 'precisam']),
  possibilities: new Set(['pode', 'podem', 'poderá', 'poderão', 'poderia', 'poderiam']),
  modalsBeforeLinker: new Set(['tem', 'têm', 'terá', 'terão']),
  linkers: new Set(['que', 'de']),
  adverbs: new Set(['também', 'sempre', 'primeiro', 'agora', 'só', 'somente', 'apenas', 'facilmente', 'então']),
  be: 'ser',
  beLast: false,
  participle: /^\p{L}{2,}(?:ad|id)(?:o|a|os|as)$/u,
  irregular: genderedForms(['abert', 'aceit', 'compost', 'cobert', 'descobert', 'dispost', 'dit', 'escrit', 'expost', 'feit', 'impress', 'inscrit', 'propost', 'reescrit', 'vist']),
  negations: new Set(['não', 'nunca', 'jamais']),
  subordinators: new Set(['se', 'quando', 'que', 'onde', 'como', 'enquanto', 'embora', 'porque', 'qual', 'quais', 'quem', 'cujo', 'cuja', 'cujos', 'cujas', 'caso', 'conforme', 'antes', 'depois']),
  persons: new Set(['você', 'vocês', 'eu', 'nós', 'tu']),
  whereOrHow: new Set(['em', 'no', 'na', 'nos', 'nas', 'via', 'através', 'usando', 'aqui', 'abaixo', 'acima', 'desde', 'dentro']),
  purpose: new Set(['para']),
  only: new Set(['só', 'somente', 'apenas']),
  agents: new Set(['por', 'pelo', 'pela', 'pelos', 'pelas'])
}

/** French: “la clé doit être définie”, “peut être trouvée dans le tableau de bord”. */
export const frenchPassive: PassiveLanguage = {
  obligations: new Set(['doit', 'doivent', 'devra', 'devront', 'devrait', 'devraient']),
  possibilities: new Set(['peut', 'peuvent', 'pourra', 'pourront', 'pourrait', 'pourraient']),
  modalsBeforeLinker: new Set(),
  linkers: new Set(),
  adverbs: new Set(['aussi', 'également', 'toujours', "d'abord", 'maintenant', 'facilement', 'ensuite', 'seulement', 'uniquement', 'directement']),
  be: 'être',
  beLast: false,
  participle: /^\p{L}{2,}(?:é|ée|és|ées)$/u,
  irregular: frenchForms([
    'choisi', 'construit', 'converti', 'décrit', 'défini', 'dit', 'écrit', 'établi', 'exclu', 'fait', 'fourni', 'inclus', 'inscrit',
    'joint', 'lu', 'mis', 'obtenu', 'ouvert', 'permis', 'pris', 'produit', 'reçu', 'remis', 'rempli', 'rendu', 'saisi', 'soumis',
    'tenu', 'traduit', 'transmis', 'vu'
  ]),
  negations: new Set(['ne', "n'", 'pas', 'jamais', 'plus', 'guère']),
  subordinators: new Set([
    'si', "s'", 'quand', 'lorsque', "lorsqu'", 'que', "qu'", 'qui', 'où', 'dont', 'lequel', 'laquelle', 'lesquels', 'lesquelles',
    'comme', 'puisque', "puisqu'", 'quoique', 'avant', 'après'
  ]),
  persons: new Set(['vous', 'nous', 'je', "j'", 'tu']),
  whereOrHow: new Set(['dans', 'sur', 'sous', 'via', 'depuis', 'ici', 'ci-dessous', 'ci-dessus', 'grâce', 'moyen', 'travers']),
  purpose: new Set(['pour', 'afin']),
  only: new Set(['seulement', 'uniquement']),
  agents: new Set(['par'])
}

/** German: “der Schlüssel muss gesetzt werden”, “kann im Dashboard gefunden werden”. */
export const germanPassive: PassiveLanguage = {
  obligations: new Set(['muss', 'müssen', 'musst', 'müsste', 'müssten', 'soll', 'sollen', 'sollte', 'sollten']),
  possibilities: new Set(['kann', 'können', 'könnte', 'könnten']),
  modalsBeforeLinker: new Set(),
  linkers: new Set(),
  adverbs: new Set(),
  be: 'werden',
  beLast: true,
  // `gesetzt`, `eingerichtet`, `konfiguriert`, `verwendet`, `gefunden`: ge- participles, -iert, and
  // the inseparable prefixes that drop ge-.
  participle: /^(?:\p{Ll}*ge\p{Ll}{2,}(?:t|en)|\p{Ll}{3,}iert|(?:be|ver|er|ent|zer|emp|miss|über|unter|hinter|wider)\p{Ll}{2,}(?:t|en))$/u,
  irregular: new Set(),
  negations: new Set(['nicht', 'nie', 'niemals', 'kein', 'keine', 'keinen', 'keinem', 'keiner', 'keines']),
  subordinators: new Set(['wenn', 'falls', 'ob', 'dass', 'weil', 'da', 'bevor', 'nachdem', 'sobald', 'bis', 'während', 'obwohl', 'wo', 'wie', 'was', 'damit', 'sodass']),
  persons: new Set(['du', 'ich', 'wir']),
  whereOrHow: new Set(['in', 'im', 'unter', 'über', 'mit', 'mithilfe', 'via', 'per', 'auf', 'hier', 'dort', 'unten', 'oben', 'durch', 'am', 'aus']),
  purpose: new Set(['um']),
  only: new Set(['nur']),
  agents: new Set(['von', 'vom'])
}

/** The passive of each language the rule reads besides English. */
export const otherLanguages: Readonly<Record<string, PassiveLanguage>> = {de: germanPassive, es: spanishPassive, fr: frenchPassive, pt: portuguesePassive}

/** Words in `-ing` that are not verbs, after `by`: “sorted by pricing” names no step. */
export const ingNouns: ReadonlySet<string> = new Set(['string', 'spring', 'ceiling', 'morning', 'evening', 'during', 'offering', 'pricing', 'billing', 'ranking', 'rating', 'timing', 'heading'])
