/** WCAG 2.1 contrast thresholds for normal text (AA) and the floor below which a colour is unreadable. */
export const minimumRatio = 4.5
export const errorRatio = 3

/** Backgrounds the platform uses when the config sets none. */
export const defaultBackgrounds = {
  light: '#FFFFFF',
  // The platform's dark background is #09090B tinted with 2 % of `colors.light`; the tint moves the
  // contrast by less than 0.1, so the untinted colour stands in for it.
  dark: '#09090B'
} as const
