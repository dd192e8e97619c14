// Words of the api-drift rule.

/**
 * Request headers every HTTP client may send that an OpenAPI file rarely lists as parameters (the
 * body's media type, content negotiation, the credentials of its security schemes): a page may
 * document them without drifting from the file. Lowercase.
 */
export const standardHeaders: ReadonlySet<string> = new Set([
  'accept', 'accept-charset', 'accept-encoding', 'accept-language', 'authorization', 'cache-control', 'connection',
  'content-encoding', 'content-length', 'content-type', 'cookie', 'host', 'if-match', 'if-modified-since',
  'if-none-match', 'if-unmodified-since', 'origin', 'range', 'referer', 'user-agent'
])

/** What each `<ParamField>` location is called in messages. */
export const locationNames: Readonly<Record<string, string>> = {
  path: 'path parameter', query: 'query parameter', header: 'header', cookie: 'cookie', body: 'body parameter'
}
