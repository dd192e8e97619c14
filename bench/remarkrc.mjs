// remark-cli as a docs team would set it up: MDX, front matter, the recommended lint preset, and the
// prose pass of retext-english + retext-passive.
import remarkFrontmatter from 'remark-frontmatter'
import remarkMdx from 'remark-mdx'
import remarkPresetLintRecommended from 'remark-preset-lint-recommended'
import remarkRetext from 'remark-retext'
import retextEnglish from 'retext-english'
import retextPassive from 'retext-passive'
import {unified} from 'unified'

export default {
  plugins: [
    remarkFrontmatter,
    remarkMdx,
    remarkPresetLintRecommended,
    [remarkRetext, unified().use(retextEnglish).use(retextPassive)]
  ]
}
