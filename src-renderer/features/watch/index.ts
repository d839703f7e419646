/** What other features may use of Watch: the button that watches an intent, one watch's state, and the events' wiring. */
export { WatchButton, useWatch } from './WatchButton'
export { useAddWatch } from '../../data/watches'
export { askNotificationPermissionInHost } from './sync'
export { useListPage, type Told } from './useListPage'
export { NotificationAccessButton } from './NotificationAccessButton'
