// Every check kind Vale documents, by the name a rule's `extends` gives.
import type {CheckFactory} from '../types.js'
import {capitalization} from './capitalization.js'
import {conditional} from './conditional.js'
import {consistency} from './consistency.js'
import {existence} from './existence.js'
import {metric} from './metric.js'
import {occurrence} from './occurrence.js'
import {readability} from './readability.js'
import {repetition} from './repetition.js'
import {script} from './script.js'
import {sequence} from './sequence.js'
import {spelling} from './spelling.js'
import {substitution} from './substitution.js'

export const factories: Readonly<Record<string, CheckFactory>> = {
  existence,
  substitution,
  occurrence,
  repetition,
  consistency,
  conditional,
  capitalization,
  metric,
  readability,
  spelling,
  sequence,
  script
}
