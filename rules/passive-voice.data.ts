/** A `be` verb after these is the main verb of “all you need to do is run the script”, not passive. */
export const doVerbs: ReadonlySet<string> = new Set(['do', 'does', 'did'])

/** After a person, `be done` means finished (“when you are done”), not that someone did something. */
export const persons: ReadonlySet<string> = new Set(['i', 'you', 'we', 'they', 'he', 'she'])
