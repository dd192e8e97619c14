/** A `be` verb after these is the main verb of “all you need to do is run the script”, not passive. */
export const doVerbs: ReadonlySet<string> = new Set(['do', 'does', 'did'])

/** After a person, `be done` means finished (“when you are done”), not that someone did something. */
export const persons: ReadonlySet<string> = new Set(['i', 'you', 'we', 'they', 'he', 'she'])

/** Modals before `be` that make a passive an instruction with the reader left out: “can be found”. */
export const readerModals: ReadonlySet<string> = new Set(["can", "cannot", "can't", "should", "shouldn't", "must", "mustn't", "shall"])

/** Verbs that take `to be` the same way: “needs to be set”, “has to be done”. */
export const modalsBeforeTo: ReadonlySet<string> = new Set(['need', 'needs', 'have', 'has', 'ought', 'got'])

/** Adverbs allowed between the modal and `be`: “can also be found”, “must first be set”. */
export const modalAdverbs: ReadonlySet<string> = new Set(['also', 'always', 'easily', 'first', 'now', 'only', 'simply', 'still', 'then'])
