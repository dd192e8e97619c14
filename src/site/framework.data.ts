// The files by which a site shows that another framework serves its pages, and how that framework
// routes them. A repository that moved off the platform often keeps its docs.json (the app may still
// read its navigation and redirects), so these markers, never the site's name, decide the routing.

export interface FrameworkMarkers {
  /** The name a notice gives it. */
  name: string
  /** Files at the site root that only this framework has; any one of them is enough. */
  markers: readonly string[]
  /** Folders its pages are served from, first existing one wins; `''` is the site root. */
  contentRoots: readonly string[]
}

/** Frameworks that serve Markdown content, most specific first. */
export const frameworks: readonly FrameworkMarkers[] = [
  {
    // fumadocs-mdx's config: `defineDocs({dir: 'content/docs'})` by default.
    name: 'Fumadocs',
    markers: ['source.config.ts', 'source.config.mts', 'source.config.js', 'source.config.mjs'],
    contentRoots: ['content/docs', 'content']
  }
]

/**
 * A Next.js app: static files in `public/` are served at the site root, folders in parentheses
 * (`(group)`) are route groups left out of addresses, and `@/` imports start at the app's root (the
 * path alias `create-next-app` sets).
 */
export const nextConfigs: readonly string[] = ['next.config.js', 'next.config.mjs', 'next.config.ts', 'next.config.mts', 'next.config.cjs']
export const nextStaticRoot = 'public'
export const nextImportAlias = '@/'

/** Where an app registers the components its pages may use (Next.js' `mdx-components` convention). */
export const componentRegistries: readonly string[] = [
  'mdx-components.tsx', 'mdx-components.jsx', 'mdx-components.ts', 'mdx-components.js',
  'src/mdx-components.tsx', 'src/mdx-components.jsx', 'src/mdx-components.ts', 'src/mdx-components.js'
]
