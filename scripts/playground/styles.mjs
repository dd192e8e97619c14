// The playground lints one page typed in the browser: no `.vale.ini` and no styles folder to read.
export function styleFindings() {
  return undefined
}
