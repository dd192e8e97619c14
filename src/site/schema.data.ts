/** How a message names what a pattern of the platform's config schema takes (`expected …`). */
export const patternPhrases: Record<string, string> = {
  '^#([a-fA-F0-9]{6}|[a-fA-F0-9]{3})$': 'a hex colour such as `#0D9373`'
}
