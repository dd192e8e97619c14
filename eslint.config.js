// The lint config of docs-lint's own code (`npm run lint`): ESLint's and typescript-eslint's
// recommended rules, the sets that need no type information, so the run stays fast.
import js from '@eslint/js'
import {defineConfig} from 'eslint/config'
import tseslint from 'typescript-eslint'

export default defineConfig(
  {
    ignores: ['dist/', 'test/fixtures/', 'test/data/', 'test/precision/', 'docs/', 'editors/', 'bin/', 'schema/']
  },
  {
    files: ['{src,rules,presets,test,scripts,bench}/**/*.{ts,mjs,js}', '*.{ts,js}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    rules: {
      // tsc reports undefined names, the .mjs files' too (`npm run typecheck`), and knows Node's globals.
      'no-undef': 'off',
      // A leading underscore names what is unused on purpose, and `{sum: _sum, ...rest}` leaves a key out.
      '@typescript-eslint/no-unused-vars': ['error', {argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true}],
      // An empty catch says "a failure here changes nothing" (a benchmark's unparsable page, a missing file).
      'no-empty': ['error', {allowEmptyCatch: true}],
      // Terminal escapes, NUL and other control characters are what this code finds, strips and tests for.
      'no-control-regex': 'off',
      // A unified plugin keeps its processor for the transformer function it returns.
      '@typescript-eslint/no-this-alias': ['error', {allowedNames: ['processor']}]
    }
  },
  {
    // Rule<any> holds rules of every options type (the options are a parameter type, so nothing narrower fits all).
    files: ['rules/index.ts', 'src/engine/site-rules.ts', 'src/linter/processor.ts', 'src/rule.ts'],
    rules: {'@typescript-eslint/no-explicit-any': 'off'}
  },
  {
    // The test corrupts the cache file's JSON in place, field by field: any is the type of what it edits.
    files: ['test/cache.test.ts'],
    rules: {'@typescript-eslint/no-explicit-any': 'off'}
  }
)
