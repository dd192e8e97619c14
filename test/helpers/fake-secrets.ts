// Realistic fake secrets of many kinds, made at run time from a fixed seed: random where a vendor's
// format is random, so detectors take them for real. Vendor prefixes are split in this file, so no
// literal here looks like a credential, and each secret has a prefix no other shares.
import crypto from 'node:crypto'

/** A small seeded generator (mulberry32): the same secrets on every run. */
export function generator(seed: number): (alphabet: string, length: number) => string {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let value = state
    value = Math.imul(value ^ (value >>> 15), value | 1)
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61)
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296
  }
  return (alphabet, length) => Array.from({length}, () => alphabet[Math.floor(next() * alphabet.length)]).join('')
}

const random = generator(0x5ec7e75)
// No vowels: random runs never spell a word that marks a placeholder (`test`, `demo`, `your`).
const alnum = 'BCDFGHJKLMNPQRSTVWXZbcdfghjkmnpqrstvwxz23456789'
const letters = 'BCDFGHJKLMNPQRSTVWXZbcdfghjkmnpqrstvwxz'
const upper = 'BCDFGHJKLMNPQRSTVWXZ234567'
const hex = '0123456789abcdef'
const digits = '0123456789'
const base64 = alnum + '+/'
const base64url = alnum + '-_'
const join = (...parts: string[]) => parts.join('')

export interface FakeKind {
  name: string
  /** Fixed vendor text at the start of the secret, which an output may show. */
  prefix: string
  /** A fresh secret. */
  make: () => string
  /** The secret where a person would write it: bare for a vendor format, after a name otherwise. */
  line: (secret: string) => string
  /** Found without a name beside it, by its format alone. */
  alone: boolean
  /** Only URL characters: it can sit in a link, an image path, a heading slug or a navigation entry. */
  urlSafe: boolean
  multiline?: boolean
}

const bare = (secret: string) => secret
const named = (name: string) => (secret: string) => name + '=' + secret
const vendor = (name: string, prefix: string, make: () => string, urlSafe = true): FakeKind => ({name, prefix, make: () => prefix + make(), line: bare, alone: true, urlSafe})

export const fakeKinds: FakeKind[] = [
  vendor('AWS access key ID', join('AK', 'IA'), () => random(upper, 16)),
  vendor('GitHub token', join('gh', 'p_'), () => random(alnum, 36)),
  vendor('GitHub fine-grained token', join('github', '_pat_'), () => random(alnum, 22) + '_' + random(alnum, 59)),
  vendor('GitLab token', join('gl', 'pat-'), () => random(alnum, 20)),
  vendor('Slack bot token', join('xo', 'xb-'), () => random(alnum, 12) + '-' + random(digits, 13) + '-' + random(alnum, 24)),
  vendor('Slack webhook URL', join('https://hooks.slack', '.com/services/T'), () => random(upper, 9) + '/B' + random(upper, 9) + '/' + random(alnum, 24), false),
  vendor('Stripe secret key', join('sk', '_live_'), () => random(alnum, 32)),
  vendor('Stripe restricted key', join('rk', '_live_'), () => random(alnum, 32)),
  vendor('Google API key', join('AI', 'za'), () => random(base64url, 35)),
  vendor('Hugging Face token', join('h', 'f_'), () => random(letters, 34)),
  vendor('OpenAI project key', join('sk-', 'proj-'), () => random(base64url, 74) + join('T3Blbk', 'FJ') + random(base64url, 74)),
  vendor('Anthropic key', join('sk-', 'ant-api03-'), () => random(base64url, 93) + 'AA'),
  vendor('SendGrid key', join('S', 'G.'), () => random(alnum, 22) + '.' + random(alnum, 43)),
  vendor('npm token', join('np', 'm_'), () => random(alnum, 36)),
  vendor('Twilio API key', join('S', 'K'), () => random(hex, 32)),
  vendor('JWT', join('ey', 'JraWQiOiI'), () =>
    [Buffer.from('{"kid":"' + random(alnum, 8) + '","alg":"HS256"}').toString('base64url').slice(11), Buffer.from('{"sub":"' + random(digits, 10) + '"}').toString('base64url'), random(base64url, 43)].join('.')
  ),
  vendor('Groq key', join('gs', 'k_'), () => random(alnum, 52)),
  vendor('Notion token', join('nt', 'n_'), () => random(digits, 11) + random(alnum, 35)),
  vendor('Databricks token', join('da', 'pi'), () => random(hex, 32)),
  vendor('Docker token', join('dckr', '_pat_'), () => random(alnum, 27)),
  vendor('Figma token', join('fi', 'gd_'), () => random(alnum, 40)),
  vendor('Vercel token', join('vc', 'p_'), () => random(alnum, 24)),
  vendor('Vault token', join('hv', 's.'), () => random(alnum, 95)),
  vendor('Tailscale key', join('tskey', '-api-'), () => random(alnum, 12) + '-' + random(alnum, 30)),
  vendor('Cloudflare token', join('cf', 'ut_'), () => random(alnum, 40) + random(hex, 8)),
  vendor('Grafana token', join('gl', 'sa_'), () => random(alnum, 32) + '_' + random(hex, 8)),
  vendor('Linear key', join('lin', '_api_'), () => random(alnum, 40)),
  vendor('Shopify token', join('sh', 'pat_'), () => random(alnum, 32)),
  vendor('PostHog personal key', join('ph', 'x_'), () => random(alnum, 40)),
  {name: 'AWS secret access key', prefix: '', make: () => random(base64, 40), line: named('AWS_SECRET_ACCESS_KEY'), alone: false, urlSafe: false},
  {name: 'Twilio auth token', prefix: '', make: () => random(hex, 32), line: named('TWILIO_AUTH_TOKEN'), alone: false, urlSafe: false},
  {name: 'Azure storage key', prefix: '', make: () => random(base64, 86) + '==', line: (secret) => 'AZURE_STORAGE=DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=' + secret, alone: false, urlSafe: false},
  {name: 'password in a URL', prefix: '', make: () => random(alnum, 9) + random(digits, 2) + random(alnum, 9), line: (secret) => 'DATABASE_URL=postgres://deploy:' + secret + '@db.acme-corp.io:5432/app', alone: false, urlSafe: false},
  {name: 'bearer token', prefix: '', make: () => random(alnum, 40), line: (secret) => 'Authorization: Bearer ' + secret, alone: false, urlSafe: false},
  {name: 'password assignment', prefix: '', make: () => random(alnum, 8) + random(digits, 2) + random(alnum + '!#%', 8), line: named('DB_PASSWORD'), alone: false, urlSafe: false},
  {name: 'Heroku API key', prefix: '', make: () => [random(hex, 8), random(hex, 4), '4' + random(hex, 3), '9' + random(hex, 3), random(hex, 12)].join('-'), line: named('HEROKU_API_KEY'), alone: false, urlSafe: false},
  {name: 'Mailgun key', prefix: join('ke', 'y-'), make: () => join('ke', 'y-') + random(hex, 32), line: named('MAILGUN_API_KEY'), alone: false, urlSafe: false},
  {
    name: 'private key',
    prefix: '',
    // A key made for this run: the scanners check that the block decodes to a key; its second line is the secret checked.
    make: () => crypto.generateKeyPairSync('rsa', {modulusLength: 1024}).privateKey.export({type: 'pkcs1', format: 'pem'}).toString().trim(),
    line: bare,
    alone: true,
    urlSafe: false,
    multiline: true
  }
]

/**
 * Placeholders as writers type them, in nine languages: none is a secret. Each is a value and the
 * line it sits on.
 */
export const placeholderLines: readonly string[] = [
  'Authorization: Bearer fc-VOTRE-CLÉ-API', 'Authorization: Bearer fc-SUA_CHAVE_DE_API', 'HF_TOKEN=hf_VOTRE_JETON_ICI',
  'STRIPE_SECRET_KEY=sk_test_xxx', 'API_TOKEN=YOUR_TOKEN', 'API_KEY=<API_KEY>', 'OPENAI_API_KEY=sk-proj-VOTRE_CLE_API_OPENAI_ICI',
  'FIRECRAWL_API_KEY=fc-YOUR_API_KEY', 'HF_TOKEN=hf_VotreJetonIci', 'HF_TOKEN=hf_TU_TOKEN_AQUI', 'API_KEY=tu_clave_de_api_aqui',
  'API_KEY=tu-clave-secreta', 'SECRET_KEY=su_clave_secreta_aqui', 'Authorization: Bearer TU_TOKEN_DE_ACCESO', 'API_KEY=votre_cle_api',
  'API_KEY=VotreCleApiIci', 'TOKEN=votre-jeton-secret', 'Authorization: Bearer VOTRE_JETON', 'API_KEY=dein-api-schluessel',
  'API_KEY=DEIN_API_SCHLÜSSEL', 'TOKEN=ihr_token_hier', 'PASSWORD=dein_passwort_hier', 'API_KEY=sua_chave_de_api',
  'API_KEY=SUA-CHAVE-AQUI', 'TOKEN=seu_token_aqui', 'PASSWORD=sua_senha_aqui', 'API_KEY=la_tua_chiave_api',
  'API_KEY=LA_TUA_CHIAVE_QUI', 'TOKEN=il_tuo_token', 'API_KEY=あなたのAPIキー', 'TOKEN=ここにトークン', 'API_KEY=sk-あなたのキー',
  'API_KEY=你的API密钥', 'TOKEN=您的令牌', 'API_KEY=sk-在此填写密钥', 'API_KEY=여기에_API_키', 'TOKEN=당신의_토큰',
  'ANTHROPIC_API_KEY=sk-ant-VOTRE_CLE', 'GOOGLE_API_KEY=AIza_TU_CLAVE_AQUI', 'GITHUB_TOKEN=ghp_SEU_TOKEN_AQUI',
  'SLACK_BOT_TOKEN=xoxb-your-bot-token', 'SENDGRID_API_KEY=SG.votre_cle_sendgrid', 'API_KEY=${API_KEY}', 'TOKEN={{token}}',
  'API_KEY=sk-...', 'Authorization: Bearer <TOKEN>', 'API_KEY=YOUR_API_KEY_HERE', 'TWILIO_AUTH_TOKEN=your_auth_token',
  'DATABASE_URL=postgres://user:password@localhost:5432/app', 'API_KEY=[VOTRE CLÉ]'
]
