// Words that tell a placeholder or a name from a random secret, in the languages of the sites docs-lint
// lints. A value made of words and separators (`YOUR_TOKEN`, `fc-VOTRE-CLÉ-API`, `tu_clave_aqui`) is
// typed by a person; a secret is random characters.

/**
 * Words of placeholder text per language, lower case, accents kept (the judge also compares them
 * without accents). A value holding a word of four letters or more anywhere, or a shorter one as a
 * whole part between separators or case changes (`VotreCleIci`), reads as a placeholder.
 */
export const placeholderWordsByLanguage: Readonly<Record<string, readonly string[]>> = {
  en: [
    'example', 'sample', 'dummy', 'fake', 'placeholder', 'redacted', 'changeme', 'replace', 'your', 'yours',
    'insert', 'here', 'test', 'demo', 'mock', 'secret', 'token', 'apikey', 'password', 'passwd', 'foobar',
    'lorem', 'ipsum', 'todo', 'fixme', 'my', 'key', 'api', 'value', 'enter', 'paste', 'put', 'add', 'goes',
    'the', 'own', 'xyz', 'abc'
  ],
  es: [
    'tu', 'tus', 'su', 'sus', 'clave', 'llave', 'aqui', 'aquí', 'ejemplo', 'secreto', 'contraseña',
    'contrasena', 'ficha', 'valor', 'reemplazar', 'reemplaza', 'pon', 'coloca', 'introduce', 'inserta', 'de', 'la', 'el'
  ],
  fr: [
    'votre', 'vos', 'ton', 'ta', 'tes', 'clé', 'cle', 'clef', 'jeton', 'ici', 'exemple', 'secret', 'secrète',
    'secrete', 'mot', 'passe', 'motdepasse', 'valeur', 'remplacer', 'remplacez', 'insérez', 'inserez', 'mettez', 'de', 'le', 'la'
  ],
  de: [
    'dein', 'deine', 'deinen', 'ihr', 'ihre', 'ihren', 'schlüssel', 'schluessel', 'schlussel', 'hier',
    'beispiel', 'geheim', 'geheimnis', 'passwort', 'kennwort', 'wert', 'ersetzen', 'einfügen', 'einfuegen', 'eigener', 'eigenen'
  ],
  pt: [
    'sua', 'seu', 'suas', 'seus', 'tua', 'teu', 'chave', 'aqui', 'exemplo', 'segredo', 'senha', 'valor',
    'substituir', 'substitua', 'insira', 'coloque', 'de', 'da', 'do'
  ],
  it: [
    'tua', 'tuo', 'tuoi', 'tue', 'vostra', 'vostro', 'chiave', 'qui', 'esempio', 'segreto', 'segreta',
    'valore', 'sostituisci', 'sostituire', 'inserisci', 'inserire', 'di', 'la', 'il'
  ],
  ja: ['あなたの', 'キー', 'トークン', 'ここに', 'シークレット', 'パスワード', '例', '値', '置き換え', '入力'],
  zh: ['你的', '您的', '密钥', '密鑰', '令牌', '在此', '这里', '這裡', '密码', '密碼', '示例', '替换', '填写', '输入'],
  ko: ['당신의', '여기에', '여기', '키', '토큰', '비밀', '비밀번호', '예시', '값', '입력', '교체']
}

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
