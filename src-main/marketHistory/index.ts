export { MarketRecorder, readAllMarkets, type MarketRecorderOptions } from './recorder'
