/**
 * The recorder's only timer is the main process's one timer helper (`service/timer.ts`):
 * its delay is clamped like every other, and an interval of hours is waited out as a
 * chain of timers of at most an hour each, never fired early and never overflowing.
 */
export { after } from '../service/timer'
