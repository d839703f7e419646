import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { resolve } from 'node:path'

const alias = { '@contract': resolve(import.meta.dirname, 'src-shared/contract') }

export default defineConfig({
  resolve: { alias },
  test: {
    reporters: ['default'],
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'main',
          environment: 'node',
          include: ['src-main/**/*.test.ts', 'tools/**/*.test.ts', 'src-shared/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts', 'lint/**/*.test.mjs'],
          testTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['src-renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['src-renderer/testing/setup.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
})
