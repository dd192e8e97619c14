import type {UserConfig} from '../src/config.js'

/** What the team's rules.md asks for, at each rule's default severity. */
const recommended: UserConfig = {
  rules: {
    'front-matter': 'error',
    'heading-levels': 'error',
  }
}

export default recommended
