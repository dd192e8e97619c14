// Vale's `readability` check kind (Vale 2; Vale 3 writes these as `metric` rules): the mean of the grade
// levels the rule's `metrics` name, computed on the page's summary, and when it is above `grade` the page
// is reported once, at its start, with the mean (two decimals) as the message's `%s`.
import {UnsupportedRuleError, type CheckFactory, type StyleBlock, type StyleMatch} from '../types.js'
import {isSummary, textStats, type TextStats} from './text-stats.js'

/** The grade-level formulas Vale knows, by the names a rule's `metrics` gives them. */
const gradeFormulas: Record<string, (stats: TextStats) => number> = {
  'Flesch-Kincaid': ({words, sentences, syllables}) => 0.39 * (words / sentences) + 11.8 * (syllables / words) - 15.59,
  'Gunning Fog': ({words, sentences, complexWords}) => 0.4 * (words / sentences + 100 * (complexWords / words)),
  'Coleman-Liau': ({words, sentences, characters}) => 0.0588 * ((characters / words) * 100) - 0.296 * ((sentences / words) * 100) - 15.8,
  SMOG: ({sentences, polysyllabicWords}) => 1.043 * Math.sqrt((polysyllabicWords * 30) / sentences) + 3.1291,
  'Automated Readability': ({words, sentences, characters}) => 4.71 * (characters / words) + 0.5 * (words / sentences) - 21.43
}

export const readability: CheckFactory = (rule) => {
  const {formulas, count} = chosenFormulas(rule.fields['metrics'])
  const grade = Number(rule.fields['grade'] ?? 0)
  if (!Number.isFinite(grade)) throw new UnsupportedRuleError('`grade` must be a number', 'grade')
  return {
    run(block: StyleBlock): StyleMatch[] {
      if (!isSummary(block)) return []
      const stats = textStats(block.text)
      if (stats.words === 0 || stats.sentences === 0) return []
      const mean = formulas.reduce((sum, formula) => sum + formula(stats), 0) / count
      if (!(mean > grade)) return []
      return [{start: 0, end: 0, args: [mean.toFixed(2)]}]
    }
  }
}

/** The distinct formulas named, and how many names the list has: Vale divides by that, repeats included. */
function chosenFormulas(metrics: unknown): {formulas: ((stats: TextStats) => number)[]; count: number} {
  const names: unknown[] = Array.isArray(metrics) ? metrics : metrics === undefined || metrics === null ? [] : [metrics]
  if (names.length === 0) throw new UnsupportedRuleError('a readability rule needs `metrics`', 'metrics')
  const formulas = new Set<(stats: TextStats) => number>()
  for (const name of names) {
    const formula = typeof name === 'string' ? gradeFormulas[name] : undefined
    if (!formula) {
      const known = Object.keys(gradeFormulas).join(', ')
      throw new UnsupportedRuleError(`unknown readability metric '${String(name)}' (known: ${known})`, 'metrics')
    }
    formulas.add(formula)
  }
  return {formulas: [...formulas], count: names.length}
}
