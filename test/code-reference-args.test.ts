import {describe, expect, it} from 'vitest'
import {signatureParameters} from '../rules/shared/code-reference-args.js'

// reference-descriptions names the parameters an argument list leaves out: a name read wrongly from
// the signature is a finding about a parameter that does not exist.
describe('signatureParameters', () => {
  it('reads the names, not the types or the default values', () => {
    expect(signatureParameters("read(flow_id: UUID, limit: int = 10, sort: Sort = Sort.ID_DESC, key: str = 'a, b') -> list[Flow]")).toEqual([
      'flow_id',
      'limit',
      'sort',
      'key'
    ])
  })

  it('reads names after a default that holds brackets, calls and commas', () => {
    expect(signatureParameters("create(db: PrefectDBInterface = Depends(provide, cache=True), tags: list[str] = ['a', 'b'], /, *, wait: bool = False)")).toEqual([
      'db',
      'tags',
      'wait'
    ])
  })

  it('leaves out the starred parameters', () => {
    expect(signatureParameters('run(self, *args: Any, timeout: float = 1.0, **kwargs: Any) -> None')).toEqual(['self', 'timeout'])
  })

  it('reads a signature over several lines', () => {
    expect(signatureParameters('connect(\n    url: str,\n    retries: int = 3,\n) -> Client')).toEqual(['url', 'retries'])
  })

  it('gives nothing for a block that is not one signature', () => {
    expect(signatureParameters('client = Client(url)\nclient.connect()')).toBeUndefined()
    expect(signatureParameters('read(flow_id: UUID')).toBeUndefined()
    expect(signatureParameters('read(a)\nwrite(b)')).toBeUndefined()
  })
})
