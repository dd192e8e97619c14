/**
 * The language codes a docs.json `navigation.languages` entry accepts, lowercased. A folder at the site
 * root named by one of them holds that language's pages (`es/quickstart.mdx`, `zh-Hans/index.mdx`).
 */
const siteLanguageCodes: ReadonlySet<string> = new Set([
  'ar', 'ca', 'cn', 'cs', 'da', 'de', 'el', 'en', 'es', 'fa', 'fi', 'fr', 'fr-ca', 'he', 'hi', 'hu', 'id', 'it',
  'ja', 'jp', 'ko', 'lv', 'nl', 'no', 'nb', 'pl', 'pt', 'pt-br', 'ro', 'ru', 'sv', 'th', 'tr', 'uk', 'uz', 'vi',
  'zh', 'zh-cn', 'zh-hans', 'zh-hant', 'zh-tw'
])

/** Codes the platform accepts that are not the ISO 639-1 code of their language. */
const aliases: Readonly<Record<string, string>> = {cn: 'zh', jp: 'ja', nb: 'no'}

/**
 * The primary language subtag rules compare against: `pt-BR` → `pt`, `zh-Hans` → `zh`, `cn` → `zh`.
 * Returns undefined for text that is not a language code.
 */
export function baseLanguage(code: unknown): string | undefined {
  if (typeof code !== 'string') return undefined
  const primary = code.trim().toLowerCase().split(/[-_]/)[0]!
  if (!/^[a-z]{2,3}$/.test(primary)) return undefined
  return aliases[primary] ?? primary
}

/** Languages whose sentences are measured in characters rather than words. */
export const characterLanguages: ReadonlySet<string> = new Set(['zh', 'ja', 'ko', 'th'])

/**
 * The language of a language folder: `relative` is a page's path below its site root (`/` or the
 * platform's separator), and its first folder is named by a language code the platform accepts.
 */
export function languageOfFolder(relative: string): string | undefined {
  const slash = relative.search(/[\\/]/)
  if (slash <= 0) return undefined
  const first = relative.slice(0, slash).toLowerCase()
  return siteLanguageCodes.has(first) ? baseLanguage(first) : undefined
}

/**
 * A page's language, first found of: its front matter (`lang` or `language`), the config's overrides
 * that set one for its path, its language folder, the config's `language` (default `en`).
 */
export function pageLanguageOf(
  frontMatter: Record<string, unknown> | undefined,
  configured: string | undefined,
  folder: string | undefined,
  siteDefault: string
): string {
  return baseLanguage(frontMatter?.['lang']) ?? baseLanguage(frontMatter?.['language']) ?? configured ?? folder ?? siteDefault
}
