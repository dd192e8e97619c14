import {describe, expect, it} from 'vitest'
import {unified} from 'unified'
import remarkParse from 'remark-parse'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import remarkMdx from 'remark-mdx'
import {VFile} from 'vfile'
import {parsePage} from '../src/page/parse.js'
import {gfmFeatures} from '../src/page/gfm.js'

// docs-lint leaves out of the parser the GFM constructs a page cannot contain; the tree must be the
// one full remark-gfm gives, whatever the page holds.
const full = {
  md: unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkGfm).freeze(),
  mdx: unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkGfm).use(remarkMdx).freeze()
}

const pages: Record<string, string> = {
  'no GFM at all': '---\ntitle: Plain\n---\n\nJust *text* and a [link](/quickstart).\n',
  'an e-mail address': 'Write to support@example.com or SUPPORT@Example.co.uk.\n',
  'a www address': 'See www.example.com/docs for more.\n',
  'a URL in text': 'Open https://example.com/a_b_c?x=1. Then HTTP://EXAMPLE.COM too.\n',
  'a URL only in a link destination': 'Read [the guide](https://example.com/guide).\n',
  'a URL made by a character reference': 'Open https&#58;//example.com/a today.\n',
  'a URL made by an escape': 'Open https\\://example.com/a and www\\.example.com today.\n',
  'an e-mail made by a character reference': 'Write to support&#64;example.com today.\n',
  'mailto and xmpp': 'Use mailto:a@b.co or xmpp:a@b.co/res today.\n',
  'a table': '| Name | Value |\n| ---- | ----- |\n| a | `b|c` |\n',
  'a table without outer pipes': 'Name | Value\n--- | ---\na | b\n',
  'strikethrough': 'This is ~~gone~~ and ~single~.\n',
  'a footnote': 'A claim.[^1]\n\n[^1]: The source.\n',
  'a task list': '- [ ] todo\n- [x] done\n- [X] also done\n- [\t] tab\n',
  'everything inside a component': '<Note>\n  | a | b |\n  | - | - |\n  | https://x.io | ~~y~~ |\n\n  - [ ] task[^n]\n\n  [^n]: note me@x.io\n</Note>\n',
  'a URL in code only': '```bash\ncurl https://api.example.com\n```\n\nAnd `www.example.com` inline.\n',
  'an e-mail in a JSX attribute': '<Card title="me@example.com" href="https://example.com" />\n'
}

describe('the page parser with only the GFM a page can contain', () => {
  for (const [name, text] of Object.entries(pages)) {
    for (const kind of ['mdx', 'md'] as const) {
      it(`gives remark-gfm's tree for ${name} (.${kind})`, () => {
        let expected: unknown
        try {
          expected = full[kind].parse(text)
        } catch {
          return // A page MDX cannot parse is compared by the parse-error tests.
        }
        expect(parsePage(new VFile({path: 'page.' + kind, value: text}))).toEqual(expected)
      })
    }
  }

  it('leaves out what a page cannot contain, and keeps what it can', () => {
    const plain = gfmFeatures('Just *text* and a [link](/quickstart).\n')
    expect([plain.email, plain.www, plain.protocol, plain.literalTransform, plain.table, plain.strikethrough, plain.footnote, plain.taskList]).toEqual([
      false, false, false, false, false, false, false, false
    ])
    const reference = gfmFeatures('Open https&#58;//example.com today.\n')
    expect([reference.protocol, reference.literalTransform]).toEqual([false, true])
  })
})
