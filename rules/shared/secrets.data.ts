// Data for finding secrets (see `secrets.ts`): secretlint's message ids, the vendor formats it does not
// know, placeholder words, names that hold secrets, and the vendors' published example values.

/** What a secret is called in messages, and the placeholder to suggest instead. */
export interface SecretKind {
  name: string
  placeholder: string
  /** A format any server may issue (a JWT), not only the vendor's: a local server's fixed value may have it. */
  anyIssuer?: true
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
  GITLAB_PERSONAL_ACCESS_TOKEN: {name: 'GitLab token', placeholder: '<GITLAB_TOKEN>'},
  NPM_ACCESS_TOKEN: {name: 'npm access token', placeholder: '<NPM_TOKEN>'},
  Npmrc_authToken: {name: 'npm token', placeholder: '<NPM_TOKEN>'},
  SLACK_TOKEN: {name: 'Slack token', placeholder: '<SLACK_TOKEN>'},
  IncomingWebhook: {name: 'Slack webhook URL', placeholder: '<SLACK_WEBHOOK_URL>'},
  OPENAI_TOKEN: {name: 'OpenAI API key', placeholder: '<OPENAI_API_KEY>'},
  ANTHROPIC_API_KEY: {name: 'Anthropic API key', placeholder: '<ANTHROPIC_API_KEY>'},
  GROQ_API_KEY: {name: 'Groq API key', placeholder: '<GROQ_API_KEY>'},
  HUGGINGFACE_USER_ACCESS_TOKEN: {name: 'Hugging Face token', placeholder: '<HF_TOKEN>'},
  LINEAR_API_TOKEN: {name: 'Linear API key', placeholder: '<LINEAR_API_KEY>'},
  NOTION_INTEGRATION_TOKEN: {name: 'Notion token', placeholder: '<NOTION_TOKEN>'},
  PrivateKey: {name: 'private key', placeholder: '<PRIVATE_KEY>', privateKey: true},
  SENDGRID_KEY: {name: 'SendGrid API key', placeholder: '<SENDGRID_API_KEY>'},
  SHOPIFY_KEY: {name: 'Shopify token', placeholder: '<SHOPIFY_TOKEN>'},
  STRIPE_SECRET_KEY_LIVE: {name: 'Stripe secret key', placeholder: '<STRIPE_SECRET_KEY>'},
  STRIPE_SECRET_KEY_TEST: {name: 'Stripe test secret key', placeholder: '<STRIPE_SECRET_KEY>'},
  STRIPE_RESTRICTED_KEY_LIVE: {name: 'Stripe restricted key', placeholder: '<STRIPE_RESTRICTED_KEY>'},
  STRIPE_RESTRICTED_KEY_TEST: {name: 'Stripe test restricted key', placeholder: '<STRIPE_RESTRICTED_KEY>'},
  GRAFANA_CLOUD_API_TOKEN: {name: 'Grafana token', placeholder: '<GRAFANA_TOKEN>'},
  GRAFANA_SERVICE_ACCOUNT_TOKEN: {name: 'Grafana token', placeholder: '<GRAFANA_TOKEN>'},
  OPS_TOKEN: {name: '1Password service account token', placeholder: '<OP_SERVICE_ACCOUNT_TOKEN>'},
  HASHICORP_VAULT_SERVICE_TOKEN: {name: 'Vault token', placeholder: '<VAULT_TOKEN>'},
  HASHICORP_VAULT_BATCH_TOKEN: {name: 'Vault token', placeholder: '<VAULT_TOKEN>'},
  HASHICORP_VAULT_RECOVERY_TOKEN: {name: 'Vault token', placeholder: '<VAULT_TOKEN>'},
  VERCEL_PERSONAL_ACCESS_TOKEN: {name: 'Vercel token', placeholder: '<VERCEL_TOKEN>'},
  VERCEL_INTEGRATION_TOKEN: {name: 'Vercel token', placeholder: '<VERCEL_TOKEN>'},
  VERCEL_APP_ACCESS_TOKEN: {name: 'Vercel token', placeholder: '<VERCEL_TOKEN>'},
  VERCEL_APP_REFRESH_TOKEN: {name: 'Vercel token', placeholder: '<VERCEL_TOKEN>'},
  VERCEL_AI_GATEWAY_API_KEY: {name: 'Vercel AI Gateway key', placeholder: '<AI_GATEWAY_API_KEY>'},
  DATABRICKS_PERSONAL_ACCESS_TOKEN: {name: 'Databricks token', placeholder: '<DATABRICKS_TOKEN>'},
  DOCKER_PERSONAL_ACCESS_TOKEN: {name: 'Docker token', placeholder: '<DOCKER_TOKEN>'},
  FIGMA_PERSONAL_ACCESS_TOKEN: {name: 'Figma token', placeholder: '<FIGMA_TOKEN>'},
  CLOUDFLARE_GLOBAL_API_KEY: {name: 'Cloudflare API key', placeholder: '<CLOUDFLARE_API_KEY>'},
  CLOUDFLARE_USER_API_TOKEN: {name: 'Cloudflare API token', placeholder: '<CLOUDFLARE_API_TOKEN>'},
  CLOUDFLARE_ACCOUNT_API_TOKEN: {name: 'Cloudflare API token', placeholder: '<CLOUDFLARE_API_TOKEN>'},
  TAILSCALE_API_KEY: {name: 'Tailscale key', placeholder: '<TAILSCALE_KEY>'},
  TAILSCALE_AUTH_KEY: {name: 'Tailscale key', placeholder: '<TAILSCALE_KEY>'},
  TAILSCALE_CLIENT_KEY: {name: 'Tailscale key', placeholder: '<TAILSCALE_KEY>'},
  TAILSCALE_SCIM_KEY: {name: 'Tailscale key', placeholder: '<TAILSCALE_KEY>'},
  TAILSCALE_WEBHOOK_KEY: {name: 'Tailscale key', placeholder: '<TAILSCALE_KEY>'},
  TAILSCALE_KEY: {name: 'Tailscale key', placeholder: '<TAILSCALE_KEY>'},
  BasicAuth: {name: 'password in a URL', placeholder: '<PASSWORD>', password: true},
  MongoDBConnection: {name: 'password in a connection URL', placeholder: '<PASSWORD>', password: true},
  MySQLConnection: {name: 'password in a connection URL', placeholder: '<PASSWORD>', password: true},
  PostgreSQLConnection: {name: 'password in a connection URL', placeholder: '<PASSWORD>', password: true}
}

/**
 * Vendor formats the secretlint preset does not know, each from the vendor's own description of its
 * keys (no other scanner's pattern is copied). `pattern` must match the whole token; it is searched
 * with the global flag and must stay linear (test/redos.test.ts checks every pattern here).
 */
export const vendorFormats: ReadonlyArray<SecretKind & {pattern: RegExp; source: string}> = [
  {
    name: 'Google API key',
    placeholder: '<GOOGLE_API_KEY>',
    // Google Cloud, "Manage API keys": a key is a 39-character string starting with `AIza`.
    pattern: /(?<![\w-])AIza[\w-]{35}(?![\w-])/g,
    source: 'https://cloud.google.com/docs/authentication/api-keys'
  },
  {
    name: 'Twilio API key',
    placeholder: '<TWILIO_API_KEY>',
    // Twilio, "API keys": an API key SID is `SK` and 32 hexadecimal digits (an account SID, `AC…`, is
    // an identifier: its auth token is found where it is assigned or sent as a password).
    pattern: /(?<![\w-])SK[\da-f]{32}(?![\w-])/g,
    source: 'https://www.twilio.com/docs/iam/api-keys'
  },
  {
    name: 'JSON Web Token',
    placeholder: '<JWT>',
    // RFC 7519: three Base64url parts; a JOSE header is a JSON object, so its encoding starts `eyJ`.
    pattern: /(?<![\w-])eyJ[\w-]{10,}\.eyJ[\w-]{10,}\.[\w-]{16,}(?![\w-])/g,
    source: 'https://www.rfc-editor.org/rfc/rfc7519',
    anyIssuer: true
  },
  {
    name: 'Azure storage account key',
    placeholder: '<ACCOUNT_KEY>',
    // Azure Storage, "Configure a connection string": `AccountKey=` and the key, 64 bytes in Base64.
    pattern: /(?<=AccountKey=)[A-Za-z\d+/]{86}==/g,
    source: 'https://learn.microsoft.com/azure/storage/common/storage-configure-connection-string'
  },
  {
    name: 'Azure shared access signature',
    placeholder: '<SAS_SIGNATURE>',
    // Azure Storage, "Create a service SAS": the `sig` parameter, an HMAC-SHA256 in Base64, percent-encoded in a URL.
    pattern: /(?<=[?&]sig=)(?:[A-Za-z\d+/]|%2[BbFf]){40,}(?:=|%3[Dd]){0,2}(?=[&"'\s)]|$)/g,
    source: 'https://learn.microsoft.com/rest/api/storageservices/create-service-sas'
  },
  {
    name: 'PostHog personal API key',
    placeholder: '<POSTHOG_PERSONAL_API_KEY>',
    // PostHog, "API overview": personal API keys start `phx_` and are secret (project keys, `phc_`, are public).
    pattern: /(?<![\w-])phx_[A-Za-z\d]{30,}(?![\w-])/g,
    source: 'https://posthog.com/docs/api'
  }
]

/**
 * Keys made to be published in a web page or an app: a Stripe or Clerk publishable key (`pk_live_`,
 * `pk_test_`), a logo or map service's public token (`pk_`, `pk.`), a PostHog project key (`phc_`).
 * They are neither reported nor masked.
 */
export const publishableKey = /^(?:pk[_.]|phc_)/

/**
 * The `role` claims of JSON Web Tokens made to be public: Supabase's `anon` key goes to every browser
 * (row-level security guards the data), unlike its `service_role` key.
 */
export const publicTokenRoles: readonly string[] = ['anon']

/**
 * Keys of `docs.json` (and `mint.json`) whose values the platform puts in every page it serves, for
 * the browser: analytics and chat integrations (PostHog, Mixpanel, Intercom…). Values under them are public.
 */
export const publicConfigKeys: readonly string[] = ['integrations', 'analytics']

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

/**
 * Names ending like a secret that hold something else: paging cursors, counts, keys made to be
 * public (a publishable key, Algolia's search-only key, a reCAPTCHA site key, Supabase's anon key),
 * and the made-up credentials of tests and demos (`test_password`, `fixture_token`).
 */
export const notSecretName =
  /(?:^|_)(?:page|next_page|next|prev|previous|continuation|pagination|sync|cursor|stream|marker|csrf|xsrf|max|min|num|total|public|publishable|search|search_only|site|anon|verify|verification_url)_(?:api_)?(?:token|key)$|(?:^|_)(?:max|num|total|count)_tokens?$|(?:^|_)(?:sample|example|test|demo|fake|dummy|mock|fixture)_(?:api_)?(?:token|key|secret|password|passwd|pwd)$/

/**
 * Words before `key` or `token` in a name that make it a credential's name (`api_key`,
 * `access_token`). Other `…_key` and `…_token` names (`account_key`, `swap_to_token`) may hold a
 * blockchain's public address instead, which passes.
 */
export const credentialQualifiers: readonly string[] = [
  'api', 'access', 'secret', 'private', 'auth', 'refresh', 'bearer', 'session', 'client', 'signing', 'master',
  'bot', 'app', 'personal', 'service', 'admin', 'id', 'jwt', 'oauth', 'encryption', 'license', 'webhook', 'consumer', 'user'
]

/** Extra words that make a password a placeholder or a well-known default. */
export const placeholderPasswordWords: readonly string[] = [
  'pass', 'admin', 'root', 'user', 'guest', 'default', 'qwerty', 'letmein', 'welcome', 'hunter',
  'postgres', 'mysql', 'mongo', 'redis', 'rabbit', 'local', 'dev'
]

/**
 * Addresses (regular expression sources) of a server on the reader's own machine. A credential on
 * the same command or line as one of them (`curl http://localhost:8080 -H "Authorization: Bearer …"`)
 * is that server's fixed value, which readers copy as they are.
 */
export const loopbackHosts: readonly string[] = ['localhost', '127\\.0\\.0\\.1', '0\\.0\\.0\\.0', '\\[::1\\]', 'host\\.docker\\.internal']

/**
 * What marks a code block as a Docker Compose file or command, which starts servers on the reader's
 * machine: the passwords and tokens of its services are their fixed values.
 */
export const composeMarkers: readonly string[] = ['docker[ -]compose', 'compose\\.ya?ml', '^services:[ \\t]*$']

/**
 * A code block's title naming a test file or a fixture (`tests/conftest.py`, `auth.test.ts`,
 * `fixtures/users.json`): its credentials are the test's fixed values, not anyone's account.
 */
export const fixtureTitle = /(?:^|[\s/"'])(?:tests?|__tests__|spec|fixtures?)\/|(?:^|[\s/"'])(?:test_[\w-]+\.py|conftest\.py|[\w-]+_test\.(?:go|py)|[\w-]+\.(?:test|spec)\.[jt]sx?)(?=$|[\s"'])/

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
