// The part of madge's API the architecture test uses: the package ships no types.
declare module 'madge' {
  namespace madge {
    interface MadgeResult {
      circular(): string[][]
      obj(): Record<string, string[]>
    }
  }
  function madge(paths: string[], config: Record<string, unknown>): Promise<madge.MadgeResult>
  export = madge
}
