/** In-app paths of the yield views. */
export const MARKETS_PATH = '/yield'
export const POSITIONS_PATH = '/yield/positions'
export const marketPath = (id: string): string => `/yield/market/${encodeURIComponent(id)}`
