/** What a secret is called in messages, and the placeholder to suggest instead. */
export interface SecretKind {
  name: string
  placeholder: string
}

/**
 * Messages of the secretlint recommended preset that docs-lint reports, by message id. Ids not
 * listed (such as `AWSAccountID`: an account number is not a credential) are dropped.
 * `password: true` marks findings whose secret is the password inside a URL.
 */
export const secretlintKinds: Readonly<Record<string, SecretKind & {password?: boolean; privateKey?: boolean}>> = {
  AWSAccessKeyID: {name: 'AWS access key ID', placeholder: '<AWS_ACCESS_KEY_ID>'},
  AWSSecretAccessKey: {name: 'AWS secret access key', placeholder: '<AWS_SECRET_ACCESS_KEY>'},
  GITHUB_TOKEN: {name: 'GitHub token', placeholder: '<GITHUB_TOKEN>'},
  PackageJSON_xOauthToken: {name: 'GitHub token', placeholder: '<GITHUB_TOKEN>'},
  NPM_ACCESS_TOKEN: {name: 'npm access token', placeholder: '<NPM_TOKEN>'},
  Npmrc_authToken: {name: 'npm token', placeholder: '<NPM_TOKEN>'},
  SLACK_TOKEN: {name: 'Slack token', placeholder: '<SLACK_TOKEN>'},
  IncomingWebhook: {name: 'Slack webhook URL', placeholder: '<SLACK_WEBHOOK_URL>'},
  OPENAI_TOKEN: {name: 'OpenAI API key', placeholder: '<OPENAI_API_KEY>'},
  ANTHROPIC_API_KEY: {name: 'Anthropic API key', placeholder: '<ANTHROPIC_API_KEY>'},
  LINEAR_API_TOKEN: {name: 'Linear API key', placeholder: '<LINEAR_API_KEY>'},
  PrivateKey: {name: 'private key', placeholder: '<PRIVATE_KEY>', privateKey: true},
  SENDGRID_KEY: {name: 'SendGrid API key', placeholder: '<SENDGRID_API_KEY>'},
  SHOPIFY_KEY: {name: 'Shopify token', placeholder: '<SHOPIFY_TOKEN>'},
  OPS_TOKEN: {name: '1Password service account token', placeholder: '<OP_SERVICE_ACCOUNT_TOKEN>'},
  BasicAuth: {name: 'password in a URL', placeholder: '<PASSWORD>', password: true},
  MongoDBConnection: {name: 'password in a connection URL', placeholder: '<PASSWORD>', password: true},
  MySQLConnection: {name: 'password in a connection URL', placeholder: '<PASSWORD>', password: true},
  PostgreSQLConnection: {name: 'password in a connection URL', placeholder: '<PASSWORD>', password: true}
}

export const bearerKind: SecretKind = {name: 'bearer token', placeholder: '<API_KEY>'}
export const basicKind: SecretKind = {name: 'Basic credential', placeholder: '<BASE64_CREDENTIALS>'}
export const urlPasswordKind: SecretKind = {name: 'password in a connection URL', placeholder: '<PASSWORD>'}
export const userPasswordKind: SecretKind = {name: 'password', placeholder: '<PASSWORD>'}

/** Secretlint scanners that do not apply to documentation pages (file-type checks, own comments). */
export const skippedScanners: readonly string[] = [
  '@secretlint/secretlint-rule-gcp',
  '@secretlint/secretlint-rule-filter-comments'
]

/**
 * A variable, key or header name holds a secret when, in snake case, it ends in one of these.
 * `token_type`, `secret_name` or `key` alone do not.
 */
export const secretName =
  /(?:^|_)(?:api_?key|api_?secret|api_?token|access_?key|account_?key|secret_?key|private_?key|signing_?key|auth_?key|encryption_?key|master_?key|license_?key|client_?secret|app_?secret|consumer_?secret|webhook_?secret|secret|token|password|passwd|pass|pwd|passphrase|credentials?|auth|authorization)$/

/** Names ending like a secret that hold something else: paging cursors, public keys, counts. */
export const notSecretName =
  /(?:^|_)(?:page|next_page|next|prev|previous|continuation|pagination|sync|cursor|stream|marker|csrf|xsrf|max|min|num|total|public|publishable|verify|verification_url|sample|example|test|demo|fake|dummy)_(?:token|key)$|(?:^|_)(?:max|num|total|count)_tokens?$/

/** Words that mark a value as a placeholder wherever they appear in it (case-insensitive). */
export const placeholderWords: readonly string[] = [
  'example', 'sample', 'dummy', 'fake', 'placeholder', 'redacted', 'changeme', 'change_me', 'replace',
  'your', 'insert', 'here', 'test', 'demo', 'mock', 'secret', 'token', 'apikey', 'api_key', 'api-key',
  'password', 'passwd', 'foobar', 'lorem', 'ipsum', 'todo', 'fixme'
]

/** Extra words that make a password a placeholder or a well-known default. */
export const placeholderPasswordWords: readonly string[] = [
  'pass', 'admin', 'root', 'user', 'guest', 'default', 'qwerty', 'letmein', 'welcome', 'hunter',
  'postgres', 'mysql', 'mongo', 'redis', 'rabbit', 'local', 'dev'
]

/** Hosts of connection URLs that run on the reader's own machine: their passwords are local defaults. */
export const localHosts = /^(?:localhost|127(?:\.\d{1,3}){3}|0\.0\.0\.0|\[?::1\]?|host\.docker\.internal|host|hostname|[\w-]+\.local|(?:[\w-]+\.)*example\.(?:com|org|net))$/i

/**
 * Keys and tokens published as examples by their vendors (AWS, jwt.io, Stripe, Swagger) and
 * copied into countless docs. They are not credentials.
 */
export const documentedExamples: readonly string[] = [
  'AKIAIOSFODNN7EXAMPLE',
  'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
  'sk_test_4eC39HqLyjWDarjtT1zdp7dc',
  'pk_test_TYooMQauvdEDq54NiTphI7jx',
  'sk_test_BQokikJOvBiI2HlWgH4olfQ2',
  '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  '123e4567-e89b-12d3-a456-426614174000',
  '123e4567-e89b-12d3-a456-426655440000',
  // Slack's verification tokens in its Events API and slash command payload examples.
  'Jhj5dZrVaK7ZwHHjRyZWjbDl',
  'gIkuvaNzQIHg97ATvDxqgjtO'
]

/**
 * Words that, in the sentence, heading or title before a code block, say the block shows what the
 * reader receives (a response, an event payload, a command's output) rather than what they send.
 */
export const receivedExampleWords: readonly string[] = [
  'response', 'responses', 'respond', 'responds', 'return', 'returns', 'returned', 'receive', 'receives',
  'received', 'payload', 'payloads', 'output', 'outputs', 'print', 'prints', 'printed', 'stdout'
]

/** The same cue in Japanese and Chinese lead-ins, matched anywhere in the sentence (no word breaks there). */
export const receivedExampleWordsCjk: readonly string[] = [
  'レスポンス', '応答', '返され', '返します', '受信', 'ペイロード', '出力', '响应', '返回', '收到', '载荷', '负载', '输出'
]

/** Words that mark a received example only in a code block's own title, such as `json "user.created"-event`. */
export const receivedTitleWords: readonly string[] = ['event', 'events', 'result', 'results']

/** Keys that only an OAuth token endpoint's response holds (RFC 6749, section 5.1). */
export const tokenResponseKeys: readonly string[] = ['expires_in', 'token_type', 'issued_token_type']

/**
 * Words common in identifiers, environment variable names and placeholder text. A value mostly
 * made of them (`myApiKeyValue`, `process.env.API_TOKEN`) is a name, not a random secret.
 */
export const identifierWords: readonly string[] = (
  'about access account action active add admin after agent alert all allow alpha and any api app ' +
  'application apps are auth author authorization auto back backend bar base basic bearer beta bot box ' +
  'bucket build bundle but cache call can cert certificate change channel chat check client cloud code ' +
  'config connect connection connector console consumer content context cookie core create credential ' +
  'credentials current custom customer dash dashboard data database date debug default delete demo ' +
  'deploy dev developer device digest direct doc docs domain dummy edit email enable encrypt encryption ' +
  'end endpoint enter env environ environment error event example external fake file find first flag ' +
  'for form from full gateway generate generated get github global google group hash header hello here ' +
  'home hook host http https ident identity image info input insert instance integration internal ' +
  'issue item json jwt key keys label last level license link list live load local log login logout ' +
  'main manage manager master message meta mock mode model monitor name new next node none not note ' +
  'oauth object off old one only open org organization other out output owner page param pass passphrase ' +
  'password path payload personal place placeholder platform plugin post private process prod product ' +
  'production profile project prompt provided provider proxy public publish query random read real ' +
  'redirect refresh region release remote replace request reset resource response rest result role ' +
  'root run runtime sample sandbox save scope script search secret secure security send server service ' +
  'session set setting settings shared sign signing signature site slack some source space stage ' +
  'staging start state static status storage store string sub super system table team temp template ' +
  'tenant test text the this time token tool trace type upload url use user username value var variable ' +
  'version view web webhook with word work workspace write your yours'
).split(' ')
