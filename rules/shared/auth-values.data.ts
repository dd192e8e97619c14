// Words and patterns for reading credentials in code: `Authorization` header values and query strings.

/** Authorization schemes by their lowercase name, as the HTTP registry writes them. */
export const schemeNames: Readonly<Record<string, string>> = {bearer: 'Bearer', basic: 'Basic'}

/** Query parameters that carry a credential: `?api_key=…`, `&access_token=…`. */
export const credentialParameters: ReadonlySet<string> = new Set([
  'api_key', 'apikey', 'api-key', 'api_token', 'apitoken', 'access_token', 'accesstoken', 'auth_token', 'authtoken', 'token', 'key_secret'
])

/** A variable that holds a credential, not a whole header value: `API_KEY`, `accessToken`, `process.env.JWT`. */
export const credentialVariable = /(?:key|token|secret|jwt|pat)$/i

/** A placeholder for a whole header value, which may hold its scheme: `<AUTH_HEADER>`, `<credentials>`. */
export const wholeValuePlaceholder = /header|authori[sz]ation|credential|scheme|auth$/i

/**
 * Code block languages whose lines may be bare header lines (`Authorization: Bearer …` at a line's
 * start): HTTP messages, plain text, YAML and INI-like configs. In other languages such a line is code.
 */
export const headerLineLanguages: ReadonlySet<string> = new Set(['', 'http', 'https', 'text', 'txt', 'plain', 'plaintext', 'yaml', 'yml', 'ini', 'properties', 'conf'])

/** Shell languages, where a request is one command (lines joined by a trailing `\`). */
export const shellLanguages: ReadonlySet<string> = new Set(['bash', 'sh', 'shell', 'zsh', 'console', 'terminal', 'curl', 'powershell', 'ps1', 'cmd'])
