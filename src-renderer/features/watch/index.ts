/** What other features may use of Watch: the button that watches an intent, and one watch's state. */
export { WatchButton } from './WatchButton'
export { useAddWatch } from '../../data/watches'
export { useWatch } from './watches'
