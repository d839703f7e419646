export { createMarketRecorder, readAllMarkets, type MarketRecorder, type MarketRecorderOptions } from './recorder'
