/**
 * Control characters (ESC and the rest of C0 and C1, but tab and line feed) written as `\u001b`: a
 * file named with an escape sequence must not move the cursor, recolour or retitle the user's
 * terminal when its path is printed.
 */
const control = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g

export function escapeControl(text: string): string {
  return text.replace(control, (character) => '\\u' + character.charCodeAt(0).toString(16).padStart(4, '0'))
}

/** Whether `text` holds a character `escapeControl` rewrites. */
export function hasControl(text: string): boolean {
  control.lastIndex = 0
  const found = control.test(text)
  control.lastIndex = 0
  return found
}
