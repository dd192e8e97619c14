// Generated from each rule's `defineRule` call by `npm run docs:rules`; edit the rules, not this file.
import type {RuleInfo} from './contract.js'

export const ruleInfos: RuleInfo[] = [
  {
    "id": "api-examples",
    "severity": "warn",
    "summary": "API endpoint pages (`api:` in front matter) show a success and an error response in `<ResponseExample>`",
    "fixable": false,
    "url": "https://docs-lint.dev/rules/api-examples",
    "site": false
  },
  {
    "id": "broken-links",
    "severity": "error",
    "summary": "Internal links and anchors resolve to a page, a file, a redirect and a heading of the site",
    "fixable": false,
    "url": "https://docs-lint.dev/rules/broken-links",
    "site": true
  },
  {
    "id": "code-block-language",
    "severity": "warn",
    "summary": "Fenced code blocks name their language; blocks in `<CodeGroup>` and API examples also have a title",
    "fixable": "suggestion",
    "options": {
      "type": "object",
      "properties": {
        "indented": {
          "type": "boolean"
        }
      },
      "additionalProperties": false
    },
    "url": "https://docs-lint.dev/rules/code-block-language",
    "site": false
  },
  {
    "id": "color-contrast",
    "severity": "warn",
    "summary": "Theme colours reach WCAG 2.1 contrast (4.5:1) against the light and dark backgrounds",
    "fixable": false,
    "url": "https://docs-lint.dev/rules/color-contrast",
    "site": true
  },
  {
    "id": "component-attributes",
    "severity": "error",
    "summary": "Platform components have their required attributes, with values of the right type, and no unknown ones",
    "fixable": false,
    "options": {
      "type": "object",
      "properties": {
        "unknownAttributes": {
          "type": "boolean"
        },
        "allowAttributes": {
          "type": "object",
          "additionalProperties": {
            "type": "array",
            "items": {
              "type": "string",
              "minLength": 1
            },
            "uniqueItems": true
          }
        }
      },
      "additionalProperties": false
    },
    "url": "https://docs-lint.dev/rules/component-attributes",
    "site": false
  },
  {
    "id": "component-nesting",
    "severity": "error",
    "summary": "Platform components sit in the parents they need (`Step` in `Steps`) and hold the children they expect",
    "fixable": false,
    "url": "https://docs-lint.dev/rules/component-nesting",
    "site": false
  },
  {
    "id": "config-assets",
    "severity": "error",
    "summary": "Local files named in the config (logo, favicon, background image, OpenAPI) exist",
    "fixable": false,
    "url": "https://docs-lint.dev/rules/config-assets",
    "site": true
  },
  {
    "id": "docs-config",
    "severity": "error",
    "summary": "docs.json / mint.json follows the platform schema, placed at the offending key or value",
    "fixable": false,
    "url": "https://docs-lint.dev/rules/docs-config",
    "site": true
  },
  {
    "id": "frame-images",
    "severity": "warn",
    "summary": "Every image that stands on its own is wrapped in a `<Frame>`",
    "fixable": true,
    "url": "https://docs-lint.dev/rules/frame-images",
    "site": false
  },
  {
    "id": "front-matter",
    "severity": "error",
    "summary": "Pages start with YAML front matter holding a non-empty `title` and `description`",
    "fixable": true,
    "url": "https://docs-lint.dev/rules/front-matter",
    "site": false
  },
  {
    "id": "heading-levels",
    "severity": "error",
    "summary": "No level-1 headings in the body; the first heading is level 2 and no level is skipped",
    "fixable": true,
    "url": "https://docs-lint.dev/rules/heading-levels",
    "site": false
  },
  {
    "id": "image-alt",
    "severity": "error",
    "summary": "Images have alt text that describes them, and iframes a `title` (videos a `title` or `aria-label`, with `videos`)",
    "fixable": "suggestion",
    "options": {
      "type": "object",
      "properties": {
        "videos": {
          "type": "boolean"
        }
      },
      "additionalProperties": false
    },
    "url": "https://docs-lint.dev/rules/image-alt",
    "site": false
  },
  {
    "id": "link-text",
    "severity": "warn",
    "summary": "Link text says where the link goes: no `click here`, `read more` or bare URLs",
    "fixable": "suggestion",
    "options": {
      "type": "object",
      "properties": {
        "phrases": {
          "type": "array",
          "items": {
            "type": "string",
            "minLength": 1
          },
          "uniqueItems": true
        },
        "allow": {
          "type": "array",
          "items": {
            "type": "string",
            "minLength": 1
          },
          "uniqueItems": true
        },
        "urls": {
          "type": "boolean"
        }
      },
      "additionalProperties": false
    },
    "url": "https://docs-lint.dev/rules/link-text",
    "site": false
  },
  {
    "id": "navigation",
    "severity": "error",
    "summary": "Navigation entries name existing pages or OpenAPI operations, once, inside the site",
    "fixable": false,
    "url": "https://docs-lint.dev/rules/navigation",
    "site": true
  },
  {
    "id": "no-secrets",
    "severity": "error",
    "summary": "No real-looking credential (API key, token, password, private key) anywhere in a page",
    "fixable": "suggestion",
    "options": {
      "type": "object",
      "properties": {
        "allow": {
          "type": "array",
          "items": {
            "type": "string"
          }
        }
      }
    },
    "url": "https://docs-lint.dev/rules/no-secrets",
    "site": false
  },
  {
    "id": "orphan-pages",
    "severity": "warn",
    "summary": "Every page is reached by a navigation entry or a link from a reached page (snippets and ignored files aside)",
    "fixable": false,
    "url": "https://docs-lint.dev/rules/orphan-pages",
    "site": true
  },
  {
    "id": "passive-voice",
    "severity": "info",
    "summary": "Instructions are in active voice: no passive that hides the reader’s own action (`can be found`, `must be set`)",
    "fixable": false,
    "options": {
      "type": "object",
      "properties": {
        "ignore": {
          "type": "array",
          "items": {
            "type": "string",
            "minLength": 1
          },
          "uniqueItems": true
        }
      },
      "additionalProperties": false
    },
    "url": "https://docs-lint.dev/rules/passive-voice",
    "site": false
  },
  {
    "id": "second-person",
    "severity": "info",
    "summary": "Instructions address the reader as `you`: no first person (`we`, `our`, `I`) and no “the user”",
    "fixable": false,
    "options": {
      "type": "object",
      "properties": {
        "allow": {
          "type": "array",
          "items": {
            "type": "string",
            "minLength": 1
          },
          "uniqueItems": true
        }
      },
      "additionalProperties": false
    },
    "url": "https://docs-lint.dev/rules/second-person",
    "site": false
  },
  {
    "id": "sentence-length",
    "severity": "info",
    "summary": "Sentences in prose have at most `max` words (default 35), or `maxCharacters` characters in Chinese and Japanese (default 90)",
    "fixable": false,
    "options": {
      "type": "object",
      "properties": {
        "max": {
          "type": "integer",
          "minimum": 1
        },
        "maxCharacters": {
          "type": "integer",
          "minimum": 1
        }
      },
      "additionalProperties": false
    },
    "url": "https://docs-lint.dev/rules/sentence-length",
    "site": false
  },
  {
    "id": "steps-for-procedures",
    "severity": "warn",
    "summary": "Procedures (numbered instructions, `Step 1` headings) use `<Steps>`, not plain ordered lists",
    "fixable": true,
    "url": "https://docs-lint.dev/rules/steps-for-procedures",
    "site": false
  },
  {
    "id": "terminology",
    "severity": "info",
    "summary": "Prose uses the team’s preferred terms, not their rejected variants (`e-mail` -> `email`)",
    "fixable": true,
    "options": {
      "type": "object",
      "properties": {
        "terms": {
          "type": "object",
          "additionalProperties": {
            "type": "array",
            "items": {
              "type": "string",
              "minLength": 1
            },
            "uniqueItems": true
          }
        }
      },
      "additionalProperties": false
    },
    "url": "https://docs-lint.dev/rules/terminology",
    "site": false
  },
  {
    "id": "unknown-component",
    "severity": "warn",
    "summary": "Capitalised JSX elements are platform components, imported or exported in the page, or declared in the config",
    "fixable": false,
    "url": "https://docs-lint.dev/rules/unknown-component",
    "site": false
  }
]
