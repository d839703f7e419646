import { test as base, expect, type Page } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startAppCore, type AppCore } from '../src-main/bridge/app-core'
import { FileKeyStore } from '../src-main/settings/keystore'
import { startHost, type RunningHost } from '../src-main/host/server'

export interface TestApp {
  appCore: AppCore
  host: RunningHost
  /** Admin surface of the embedded simulator, e.g. `admin('advance', {...})`. */
  admin<T = unknown>(action: string, body?: unknown): Promise<T>
}

/**
 * Each worker runs the real main core (embedded simulator with its admin surface on,
 * profiles and keys in a fresh folder) behind the real browser host; tests drive the
 * built renderer in Debian Chromium.
 */
export const test = base.extend<{ app: TestApp; open: (hash?: string) => Promise<Page> }, { workerApp: TestApp }>({
  workerApp: [
    async ({}, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'ie-e2e-'))
      const appCore = await startAppCore({
        runtime: 'host',
        version: 'e2e',
        dataDir,
        keyStore: FileKeyStore.open(join(dataDir, 'access-keys.json'), {}),
        simulator: { seed: 1, intents: 2000, admin: true, waitTimeoutMs: 2000 },
      })
      const host = await startHost({ port: 0, rendererDir: 'out/renderer', handlers: appCore.handlers, events: appCore.events })
      const admin = async <T,>(action: string, body: unknown = {}): Promise<T> => {
        const res = await fetch(`${appCore.simulator.url}/__sim/${action}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        })
        if (!res.ok) throw new Error(`simulator admin ${action}: ${res.status} ${await res.text()}`)
        return (await res.json()) as T
      }
      await use({ appCore, host, admin })
      await host.stop()
      await appCore.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
    { scope: 'worker' },
  ],
  app: async ({ workerApp }, use) => use(workerApp),
  open: async ({ page, workerApp }, use) => {
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await use(async (hash = '') => {
      await page.goto(`${workerApp.host.launchUrl}${hash ? `#${hash}` : ''}`)
      return page
    })
    expect(errors, 'uncaught errors in the page').toEqual([])
  },
})

export { expect }
