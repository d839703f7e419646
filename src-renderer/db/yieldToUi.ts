/**
 * Lets the window paint and handle input between slices of a long job (export, file
 * validation). Never awaited inside a transaction: IndexedDB would commit it.
 */
export const yieldToUi = (): Promise<void> => sleep(0)
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))
