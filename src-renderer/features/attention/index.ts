/** What other views use of Needs attention: the case of an intent, its state picker, its notes and the note being written. */
export { CaseCell, CaseStateField, useNoteDraft } from './cells'
