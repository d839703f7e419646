/** What other features may use of the intent view: a receipt as timeline steps, and why it failed. */
export { failureReason, receiptSteps } from './receiptSteps'
