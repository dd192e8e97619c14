// Word lists of `steps-rewrite.ts`.

/** Words whose `.` does not end the first sentence of a step (compared lower-cased, dots kept). */
export const abbreviations: readonly string[] = ['approx.', 'cf.', 'e.g.', 'eg.', 'etc.', 'i.e.', 'ie.', 'incl.', 'vs.']
