/** What alt text, iframe titles and video labels must not be: file names and placeholders. */

/** Extensions of image files: alt text ending in one is a file name. */
export const imageExtensions: readonly string[] = [
  'apng', 'avif', 'bmp', 'gif', 'heic', 'heif', 'ico', 'jfif', 'jpeg', 'jpg', 'png', 'svg', 'tif', 'tiff', 'webp'
]

/**
 * Names that cameras, screenshot tools and editors give files (`IMG_2034`, `image-1`,
 * `Screenshot 2024-01-01 at 10.22.33`, `Pasted image 20240101`): alt text that is one of these
 * was left as the tool named the file.
 */
export const generatedNames: readonly RegExp[] = [
  /^(?:img|image|dsc|dscn|dscf|pxl|photo|pic|picture|capture|clipboard|untitled|download|file)[\s_-]*\d[\w\s.:-]*$/i,
  // One separator character, then the rest: `[\s_-]+` before `[\w\s.:()-]*` would split a run every way (quadratic).
  // A date and time may follow (`Screenshot 2024-01-01 at 10.22.33 AM`), never words: “Screenshot of
  // the dashboard” is a description. One separator, then a run without letters but `at`, `am`, `pm`.
  /^(?:screenshot|screen[\s_-]?shot|screen[\s_-]?capture|bildschirmfoto|pasted[\s_-]?image|snip|cleanshot)(?:[\s_-](?:[\d\s.:()_-]|\b(?:at|am|pm)\b)*)?$/i,
  /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i
]

/**
 * A lower-case slug of two or more words (`rules-examples`, `august_release_main_image`): a file or
 * asset name, not a sentence a reader hears.
 */
export const slugName = /^[a-z\d]+(?:[-_][a-z\d]+)+$/

/** Alt text that names the kind of thing instead of describing it (compared lower-cased). */
export const placeholderAlts: readonly string[] = [
  'alt',
  'alt text',
  'graphic',
  'image',
  'img',
  'photo',
  'pic',
  'picture',
  'placeholder',
  'screenshot',
  'screen shot',
  'text',
  'todo',
  'untitled',
  // Japanese "image" and "screenshot", found in real sites' translated pages.
  '画像',
  'スクリーンショット'
]
