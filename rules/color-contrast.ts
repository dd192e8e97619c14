import {defineRule, type SiteContext} from '../src/rule.js'
import {get, type Located} from '../src/site/json.js'
import type {Site} from '../src/site/model.js'
import {defaultBackgrounds, errorRatio, minimumRatio} from './color-contrast.data.js'

type Mode = 'light' | 'dark'

/**
 * WCAG 2.1 contrast of the theme colours against the page background: `colors.primary` on the
 * light background, `colors.light` on the dark one. Anchor colours fill the background of an icon
 * beside the anchor's name, not text, so no contrast threshold applies to them.
 */
export default defineRule({
  id: 'color-contrast',
  severity: 'warn',
  summary: 'Theme colours reach WCAG 2.1 contrast (4.5:1) against the light and dark backgrounds',
  fixable: false,
  conventions: [{id: 'colour-contrast', coverage: 'partial'}],
  defaults: {},
  site() {
    return function (site: Site, context: SiteContext) {
      const config = site.config.value
      const docsShape = site.config.shape === 'docs'
      const backgrounds: Record<Mode, {hex: string; name: string}> = {light: {hex: defaultBackgrounds.light, name: 'the default light background'}, dark: {hex: defaultBackgrounds.dark, name: 'the default dark background'}}
      for (const mode of ['light', 'dark'] as const) {
        const keys = docsShape ? ['background', 'color', mode] : ['colors', 'background', mode]
        const configured = get(config, ...keys)
        if (configured?.type === 'string' && parseHex(configured.value)) {
          backgrounds[mode] = {hex: configured.value, name: '`' + keys.join('.') + '` `' + configured.value + '`'}
        }
      }
      const check = (node: Located | undefined, key: string, mode: Mode) => {
        if (node?.type !== 'string') return
        const ratio = contrast(node.value, backgrounds[mode].hex)
        if (ratio === undefined || ratio >= minimumRatio) return
        const shown = (Math.floor(ratio * 100) / 100).toFixed(2)
        context.report({
          file: node.doc.file,
          message: 'Unexpected contrast ' + shown + ':1 of `' + key + '` `' + node.value + '` on ' + backgrounds[mode].name +
            ', expected at least ' + minimumRatio + ':1 (WCAG 2.1)',
          place: node.place,
          actual: shown + ':1',
          level: ratio < errorRatio ? 'error' : 'warn'
        })
      }
      const shown = shownModes(config, docsShape)
      if (shown.has('light')) check(get(config, 'colors', 'primary'), 'colors.primary', 'light')
      if (shown.has('dark')) check(get(config, 'colors', 'light'), 'colors.light', 'dark')
    }
  }
})

/**
 * The modes readers can see. A site that hides the toggle (`appearance.strict`, or the older
 * `modeToggle.isHidden`) shows only its default mode; `system` shows either.
 */
function shownModes(config: Located | undefined, docsShape: boolean): Set<Mode> {
  const keys = docsShape ? {owner: 'appearance', hidden: 'strict'} : {owner: 'modeToggle', hidden: 'isHidden'}
  const hidden = get(config, keys.owner, keys.hidden)
  const preferred = get(config, keys.owner, 'default')
  if (hidden?.type === 'boolean' && hidden.value && preferred?.type === 'string' && (preferred.value === 'light' || preferred.value === 'dark')) {
    return new Set([preferred.value])
  }
  return new Set(['light', 'dark'])
}

/** WCAG 2.1 contrast ratio of two hex colours; undefined when either is not a hex colour. */
export function contrast(foreground: string, background: string): number | undefined {
  const a = parseHex(foreground)
  const b = parseHex(background)
  if (!a || !b) return undefined
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (lighter + 0.05) / (darker + 0.05)
}

function parseHex(value: string): [number, number, number] | undefined {
  const match = /^#([\da-f]{3}|[\da-f]{6})$/i.exec(value.trim())
  if (!match) return undefined
  const hex = match[1]!.length === 3 ? [...match[1]!].map((digit) => digit + digit).join('') : match[1]!
  return [0, 2, 4].map((index) => Number.parseInt(hex.slice(index, index + 2), 16)) as [number, number, number]
}

/** Relative luminance (WCAG 2.1). */
function luminance([red, green, blue]: [number, number, number]): number {
  const channel = (value: number) => {
    const srgb = value / 255
    return srgb <= 0.03928 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)
}
