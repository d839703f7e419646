/** In-app paths of the yield views. */
export const marketPath = (id: string): string => `/yield/market/${encodeURIComponent(id)}`
export const COMPARE_PATH = '/yield/compare'
/** The comparison of 2–4 markets: `#/yield/compare?m=<id>&m=<id>…`. */
export const comparePath = (ids: readonly string[]): string => `${COMPARE_PATH}?${ids.map((id) => `m=${encodeURIComponent(id)}`).join('&')}`
