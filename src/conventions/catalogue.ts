// The whole catalogue of writing conventions, and what recognises a line (or a Vale rule's message) as one.
import {sections, specConventions} from './catalogue.data.js'
import {moreConventions} from './catalogue-more.data.js'
import type {Convention, Recogniser} from './types.js'

export {sections} from './catalogue.data.js'

/** Every convention, in the order of its section and then as listed. */
export const conventions: readonly Convention[] = [...specConventions, ...moreConventions].sort(
  (a, b) => sections.findIndex((section) => section.id === a.section) - sections.findIndex((section) => section.id === b.section)
)

export const conventionById: ReadonlyMap<string, Convention> = new Map(conventions.map((convention) => [convention.id, convention]))

function matches(recogniser: Recogniser, text: string): boolean {
  return recogniser instanceof RegExp ? recogniser.test(text) : recogniser.every((pattern) => pattern.test(text))
}

/** The conventions a text states. */
export function conventionsOf(text: string): Convention[] {
  return conventions.filter(
    (convention) => convention.recognise.some((recogniser) => matches(recogniser, text)) && !(convention.unless ?? []).some((pattern) => pattern.test(text))
  )
}
