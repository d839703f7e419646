/** What other views use of Needs attention: the case of an intent, its state picker and its notes. */
export { CaseCell, CaseStateField } from './cells'
