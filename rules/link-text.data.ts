/**
 * Link text that says nothing about where the link goes: read out of context (a screen reader's
 * list of links, a search result) it could point anywhere. Compared lower-cased, without
 * punctuation and with single spaces. Not `go`: it is also the name of a language (`[Go](…)`).
 */
export const vagueLinkTexts: readonly string[] = [
  'click',
  'click here',
  'click this',
  'click this link',
  'continue',
  'continue reading',
  'details',
  'go here',
  'here',
  'here is',
  'info',
  'learn more',
  'learn more here',
  'link',
  'link here',
  'more',
  'more details',
  'more here',
  'more info',
  'more information',
  'page',
  'read more',
  'read more here',
  'read this',
  'see here',
  'see more',
  'tap here',
  'there',
  'this',
  'this article',
  'this doc',
  'this document',
  'this guide',
  'this link',
  'this one',
  'this page',
  'this post',
  // Japanese "here" and "click here", as real sites' translated pages write them.
  'こちら',
  'ここ',
  'こちらをクリック',
  'ここをクリック'
]
