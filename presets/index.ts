import recommended from './recommended.js'
import strict from './strict.js'
import all from './all.js'

export const presets = {recommended, strict, all}
export type PresetName = keyof typeof presets
