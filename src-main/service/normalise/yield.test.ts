import { describe, expect, it } from 'vitest'
import { decodeYieldBalances, decodeYieldMarkets } from './yield'

const market = { id: 'base-usdc-aave-v3-lending', network: 'base', chainId: '8453', rewardRate: { total: 0.045 } }

describe('decodeYieldMarkets', () => {
  it('reads the response-shape form', () => {
    const out = decodeYieldMarkets({ items: [market], total: 9, offset: 0, limit: 1 }, {})
    expect(out).toMatchObject({ ok: true, value: { total: 9, offset: 0, limit: 1 } })
    expect(out.ok && out.value.items[0].chainId).toBe(8453)
  })

  it('reads a payload array, taking offset and limit from the request and leaving total unknown', () => {
    const out = decodeYieldMarkets({ payload: JSON.stringify([market, market]) }, { offset: 10, limit: 2 })
    expect(out.ok && out.value).toMatchObject({ offset: 10, limit: 2 })
    expect(out.ok && out.value.items).toHaveLength(2)
    expect(out.ok && 'total' in out.value).toBe(false)
  })

  it('reads a payload holding a whole page', () => {
    const out = decodeYieldMarkets({ payload: JSON.stringify({ items: [market], total: 1, offset: 0, limit: 5 }) }, {})
    expect(out).toMatchObject({ ok: true, value: { total: 1, limit: 5 } })
  })

  it('reports problems inside the payload with a path through it', () => {
    expect(decodeYieldMarkets({ payload: '[{"id":"a"},{"id":7}]' }, {})).toEqual({
      ok: false,
      path: 'payload[1].id',
      message: expect.any(String),
    })
    expect(decodeYieldMarkets({ payload: '[{"id":' }, {})).toMatchObject({ ok: false, path: 'payload' })
    expect(decodeYieldMarkets({ payload: 42 }, {})).toMatchObject({ ok: false, path: 'payload' })
    expect(decodeYieldMarkets({ items: [market] }, {})).toMatchObject({ ok: false, path: 'total' })
  })
})

describe('decodeYieldBalances', () => {
  it('reads the response-shape form', () => {
    const out = decodeYieldBalances({
      items: [{ yieldId: 'y1', balances: [{ address: '0x1', amount: '1.5', amountUsd: '1.49' }] }],
      errors: [{ yieldId: 'y2', error: 'unsupported network' }],
    })
    expect(out).toMatchObject({
      ok: true,
      value: {
        items: [{ yieldId: 'y1', balances: [{ amount: '1.5', amountUsd: '1.49' }] }],
        errors: [{ yieldId: 'y2', error: 'unsupported network' }],
      },
    })
  })

  it('groups payload records by yieldId, keeping every digit of the amounts', () => {
    const payload =
      '[{"yieldId":"y1","address":"0xA","network":"base","amount":1234567890123456789012,"amountUsd":"10.5"},' +
      '{"yieldId":"y2","address":"0xA","network":"base","amount":"2","amountUsd":2},' +
      '{"yieldId":"y1","address":"0xB","network":"base","amount":"3","amountUsd":3}]'
    expect(decodeYieldBalances({ payload })).toEqual({
      ok: true,
      value: {
        items: [
          {
            yieldId: 'y1',
            balances: [
              { address: '0xA', network: 'base', amount: '1234567890123456789012', amountUsd: '10.5' },
              { address: '0xB', network: 'base', amount: '3', amountUsd: '3' },
            ],
          },
          { yieldId: 'y2', balances: [{ address: '0xA', network: 'base', amount: '2', amountUsd: '2' }] },
        ],
        errors: [],
      },
    })
  })

  it('takes per-yield errors from beside the payload', () => {
    const out = decodeYieldBalances({ payload: '[]', errors: [{ yieldId: 'y9', error: 'yield not found' }] })
    expect(out).toEqual({ ok: true, value: { items: [], errors: [{ yieldId: 'y9', error: 'yield not found' }] } })
    // A wrong-typed field is dropped and named; the rest of the answer stays.
    expect(decodeYieldBalances({ payload: '[]', errors: [{ yieldId: 9, error: 'gone' }] })).toMatchObject({
      ok: true,
      value: { errors: [{ error: 'gone', _refused: [{ field: 'yieldId', reason: expect.any(String) }] }] },
    })
    expect(decodeYieldBalances({ payload: '[]', errors: 'none' })).toMatchObject({ ok: false, path: 'errors' })
  })

  it('drops a bad field of a record and keeps the record; fails a payload that is no list of records, by its place', () => {
    expect(decodeYieldBalances({ payload: '[{"yieldId":"y","address":"0xA","amount":"lots"}]' })).toMatchObject({
      ok: true,
      value: { items: [{ yieldId: 'y', balances: [{ address: '0xA', _refused: [{ field: 'amount', reason: expect.stringContaining('"lots"') }] }] }] },
    })
    expect(decodeYieldBalances({ payload: '{"items":"lots"}' })).toMatchObject({ ok: false, path: 'payload.items' })
  })
})
