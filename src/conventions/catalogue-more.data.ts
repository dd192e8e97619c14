// Conventions beyond the list of spec section 2.4: what the spec asks of pages and components (2.2,
// 2.3) and of the site (2.1), and common style-guide conventions that Vale styles check (the Oxford
// comma, sentence case), so that a rule file's line about them shows what checks it.
import {component} from './catalogue.data.js'
import type {Convention} from './types.js'

export const moreConventions: readonly Convention[] = [
  // Pages and components (spec 2.2, 2.3)
  {id: 'front-matter', section: 'pages', wording: 'Every page begins with YAML front matter holding a `title` and a `description`.',
    recognise: [[/\bfront[- ]?matter\b/i, /\b(?:begins?|starts?|must|every|each|include|requires?|required|needs?|holds?|has|have|set)\b|\bwith (?:YAML )?front[- ]?matter\b/i]],
    unless: [/\bunique\b|\bduplicates?\b/i]},
  {id: 'unique-titles', section: 'pages', wording: 'Every page has a title of its own: no two pages share one.',
    recognise: [[/\btitles?\b/i, /\bunique\b|\bduplicates?\b|\bof its own\b/i]]},
  {id: 'frame-images', section: 'pages', wording: 'Wrap every image in a `Frame`.',
    recognise: [[/\bframes?\b/i, /\b(?:images?|screenshots?|img|diagrams?|pictures?)\b/i]]},
  {id: 'platform-components', section: 'pages', wording: 'Use the platform’s components only, with their required attributes, inside the parents they need.',
    recognise: [[/\b(?:MDX|Mintlify|platform|built-in|documentation|docs) components?\b/i, /\b(?:use|only|never|don['’]?t|do not|avoid|must|always|prefer)\b/i],
      /\bcomponents?\b.{0,40}\brequired attributes?\b/i]},
  {id: 'callouts', section: 'pages', wording: 'Use callouts for their purpose: `Note` for supplementary information, `Tip` for best practices, `Warning` for cautions, `Info` for context, `Check` for success.',
    recognise: [/\bcallouts?\b/i, /\badmonitions?\b/i, [component('Note|Tip|Warning|Info|Check'), /\b(?:for|use|only)\b/i]]},

  // Site configuration (spec 2.1)
  {id: 'navigation', section: 'site', wording: 'Every page is in the navigation, and every navigation entry names a page.',
    recognise: [[/\b(?:navigation|nav|sidebar)\b/i,
      /\b(?:add|list|include|register)\w*\b.{0,40}\bpages?\b|\bpages?\b.{0,40}\b(?:in|to|from|into) (?:the )?(?:navigation|nav|sidebar|docs\.json|mint\.json)\b|\b(?:every|each|all|new|orphan\w*) pages?\b/i],
      [/\b(?:docs|mint)\.json\b/i, /\b(?:add|adding|added|new|every|each|all)\b.{0,20}\bpages?\b/i]]},
  {id: 'working-links', section: 'site', wording: 'Internal links and anchors resolve to a page and a heading of the site.',
    recognise: [/\b(?:broken|dead|working|valid|invalid) (?:links?|anchors?)\b/i, [/\b(?:links?|anchors?)\b/i, /\b(?:resolves?|work|exists?|valid|broken|404)\b/i]]},
  {id: 'site-config', section: 'site', wording: '`docs.json` follows the platform’s schema.',
    recognise: [[/\b(?:docs|mint)\.json\b/i, /\b(?:schema|valid|validate|fields?|keys?)\b/i]]},

  // Style-guide conventions the spec does not list
  {id: 'sentence-case', section: 'style', wording: 'Use sentence case for headings and titles.',
    recognise: [/\bsentence[- ](?:case|style)\b/i, /\btitle[- ]case\b/i, [/\bcapitali[sz](?:e|ed|ation)\b/i, /\b(?:headings?|titles?)\b/i]],
    vale: ['Headings']},
  {id: 'oxford-comma', section: 'style', wording: 'Use the Oxford comma.', recognise: [/\b(?:oxford|serial) comma\b/i], vale: ['OxfordComma']},
  {id: 'latin-abbreviations', section: 'style', wording: 'Avoid Latin abbreviations such as “e.g.” and “i.e.”.',
    recognise: [/\bLatin\b/i, /["“'`](?:e\.g\.?|i\.e\.?|etc\.?|via|vs\.?)["”'`]/i], vale: ['Latin', 'Foreign']},
  {id: 'contractions', section: 'style', wording: 'Use common contractions, such as “don’t” and “it’s”.',
    recognise: [/\bcontractions?\b/i], vale: ['Contractions']},
  {id: 'american-spelling', section: 'style', wording: 'Use American English spelling.',
    recognise: [/\b(?:American|US|U\.S\.|British|UK) (?:English|spelling)\b/i], vale: ['Spelling']},
  {id: 'inclusive-language', section: 'style', wording: 'Use inclusive, gender-neutral language.',
    recognise: [/\bsingular ["“']?they\b/i, /\bgender[- ]neutral\b/i, /\bgendered\b/i, /\binclusive (?:language|terms?|wording)\b/i],
    vale: ['Gender', 'GenderBias', 'Inclusive', 'Inclusivity']},
  {id: 'no-exclamation', section: 'style', wording: 'Don’t use exclamation points in text.',
    recognise: [/\bexclamation (?:points?|marks?)\b/i], vale: ['Exclamation']},
  {id: 'number-units', section: 'style', wording: 'Put a space between a number and its unit.',
    recognise: [[/\bnumbers?\b/i, /\bunits?\b/i, /\bspaces?\b/i]], vale: ['Units']}
]
