import { describe, expect, it } from 'vitest'
import { HEAVY_OWNER_ADDRESS, startSimulator } from './index'
import { rpc } from './testing'

describe('a 100,000-intent simulator', () => {
  it('starts within seconds and serves its heaviest owner', async () => {
    const cpu = process.cpuUsage()
    const sim = await startSimulator({ intents: 100_000 })
    const used = process.cpuUsage(cpu)
    try {
      // CPU time, not wall time: the target (5 s) is for an idle machine, and test runs
      // share theirs with other work.
      expect((used.user + used.system) / 1000).toBeLessThan(5_000)
      expect(sim.dataset.size).toBe(100_000)
      const { body } = await rpc(sim.url, 'GetIntentHistory', { byOwnerAddress: HEAVY_OWNER_ADDRESS, page: { pageSize: 30 } })
      expect(body.intents).toHaveLength(30)
      expect(body.intents.every((e: { receipt: { ownerAddress: string } }) => e.receipt.ownerAddress === HEAVY_OWNER_ADDRESS)).toBe(true)
    } finally {
      await sim.stop()
    }
  })
})
