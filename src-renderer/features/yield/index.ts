export { RecorderSettings } from './history/RecorderSettings'
