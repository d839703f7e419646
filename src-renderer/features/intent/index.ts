/** What other features may use of the intent view: a receipt as timeline steps. */
export { receiptSteps } from './receiptSteps'
