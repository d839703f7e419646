/** In-app paths of the yield views. */
export const marketPath = (id: string): string => `/yield/market/${encodeURIComponent(id)}`
/** The comparison of 2–4 markets: `#/yield/compare?m=<id>&m=<id>…`. */
export const comparePath = (ids: readonly string[]): string => `/yield/compare?${ids.map((id) => `m=${encodeURIComponent(id)}`).join('&')}`
