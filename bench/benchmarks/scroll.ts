import type { Page } from '@playwright/test'
import { Resources, sleep, within, type Benchmark } from '../lib/benchmark'
import { startApp } from '../lib/app'
import { launchChromium } from '../lib/chromium'
import { rendererMainThreadCpuSeconds } from '../lib/cpu'
import { ROW, SCROLL, allLoaded, loadAllRoute } from '../lib/historyView'
import { atMost, type Figure } from '../lib/report'
import { max, median, p95 } from '../lib/stats'

const ROW_HEIGHT = 36
/** 5 rows a frame, 10,800 px/s at 60 Hz: a fast fling, kept up from top to bottom. */
const STEP_PX = 5 * ROW_HEIGHT
/** One frame at 60 Hz. */
const FRAME_MS = 1000 / 60

interface Pass {
  /** requestAnimationFrame timestamp deltas while scrolling, ms. */
  deltas: number[]
  /** Most `history-row` elements seen in the DOM in any frame. */
  maxRows: number
  reachedEnd: boolean
  lastRowShown: boolean
}

/**
 * One pass from top to bottom, inside the page: each animation frame moves the table by
 * `step` and records the time since the previous frame and how many row elements exist.
 * Bounded by `maxFrames`.
 */
function scrollPass([scrollSelector, rowSelector, step, maxFrames]: readonly [string, string, number, number]): Promise<Pass> {
  const box = document.querySelector<HTMLElement>(scrollSelector)
  if (!box) throw new Error('no history table')
  const count = () => box.querySelectorAll(rowSelector).length
  return new Promise((resolve) => {
    box.scrollTop = 0
    const deltas: number[] = []
    let maxRows = count()
    let last: number | undefined
    const atEnd = () => box.scrollTop + box.clientHeight >= box.scrollHeight - 1
    const frame = (now: number) => {
      if (last !== undefined) deltas.push(now - last)
      last = now
      maxRows = Math.max(maxRows, count())
      if (atEnd() || deltas.length >= maxFrames) {
        const lastIndex = Number(box.getAttribute('aria-rowcount')) - 2
        const lastRowShown = [...box.querySelectorAll<HTMLElement>(rowSelector)].some((r) => Number(r.dataset.index) === lastIndex)
        resolve({ deltas, maxRows, reachedEnd: atEnd(), lastRowShown })
        return
      }
      box.scrollTop += step
      requestAnimationFrame(frame)
    }
    // Start on a fresh frame, after the jump to the top has been painted.
    requestAnimationFrame(() => requestAnimationFrame(frame))
  })
}

/** What the shell's indexing notice says is still waiting to be filed (none when it is not shown). */
const waitingToBeFiled = (page: Page): Promise<number> =>
  page.evaluate(() => Number(document.querySelector<HTMLElement>('[data-testid=indexing-notice]')?.dataset.waiting ?? 0))

/**
 * Frame time in whole 60 Hz frames. rAF timestamps are the start times of frames, which
 * in headless Chromium land on the 60 Hz grid give or take about 0.2 ms; a delta of
 * 16.8 ms is one frame on time, 33.3 ms is one frame dropped.
 */
const frameTime = (delta: number) => Math.max(1, Math.round(delta / FRAME_MS)) * FRAME_MS

/**
 * 3. The History view with 10,000 rows loaded through "load all" from the real app
 * (browser host, main core, embedded simulator) in Chromium, scrolled top to bottom by
 * setting scrollTop each animation frame. Frame times are rAF deltas taken in the page.
 */
export const scroll: Benchmark = {
  name: 'scroll',
  needs: { app: true },
  async run(ctx) {
    const rows = ctx.quick ? 3_000 : 10_000
    const passes = ctx.quick ? 1 : 3
    const res = new Resources()
    try {
      const app = res.add('the app', await startApp({ dataDir: ctx.scratch('scroll-app'), intents: rows + 2_000 }), (a) => a.stop())
      const userDataDir = ctx.scratch('scroll-browser')
      const browser = res.add('Chromium', await launchChromium(userDataDir), (b) => b.close())
      const { page } = browser
      await page.goto(`${app.launchUrl()}${loadAllRoute(rows)}`)
      ctx.log(`scroll: loading ${rows} rows into the History view`)
      await allLoaded(page, rows, 10 * 60_000)
      await sleep(1_000)

      const maxFrames = Math.ceil((rows * ROW_HEIGHT) / STEP_PX) + 10
      const p95s: number[] = []
      const longShares: number[] = []
      const cpuPerFrame: number[] = []
      const maxRows: number[] = []
      const unfiled: number[] = []
      for (let i = 0; i < passes; i++) {
        unfiled.push(await waitingToBeFiled(page))
        const cpuBefore = rendererMainThreadCpuSeconds(userDataDir)
        const pass = await within(180_000, 'a scroll pass', page.evaluate(scrollPass, [SCROLL, ROW, STEP_PX, maxFrames] as const))
        const frames = pass.deltas.map(frameTime)
        if (!pass.reachedEnd || !pass.lastRowShown) throw new Error(`the scroll pass ended after ${frames.length} frames without reaching the last row`)
        p95s.push(p95(frames))
        longShares.push((frames.filter((f) => f > FRAME_MS * 1.5).length / frames.length) * 100)
        cpuPerFrame.push(((rendererMainThreadCpuSeconds(userDataDir) - cpuBefore) * 1000) / frames.length)
        maxRows.push(pass.maxRows)
        ctx.log(`scroll: pass ${i + 1}/${passes}: ${frames.length} frames, p95 ${p95s[i].toFixed(1)} ms, ${longShares[i].toFixed(1)}% long, ${cpuPerFrame[i].toFixed(1)} ms CPU each, at most ${pass.maxRows} rows`)
      }
      browser.checkPage()
      const how = `${rows} rows, ${STEP_PX} px a frame, 1280x900 window, median of ${passes} passes`
      return [
        { name: 'history.scroll.frame.p95', value: median(p95s), unit: 'ms', target: atMost(16.7), runs: p95s, note: `p95 of each pass, frames in whole 60 Hz intervals; ${how}` },
        { name: 'history.scroll.long_frames', value: median(longShares), unit: '%', runs: longShares, note: `frames that took two intervals or more; ${how}` },
        { name: 'history.scroll.cpu', value: median(cpuPerFrame), unit: 'ms/frame', runs: cpuPerFrame, note: `renderer main-thread CPU per frame (script, style, layout, paint); ${how}` },
        {
          name: 'history.scroll.unfiled',
          value: unfiled[0],
          unit: 'entries',
          runs: unfiled,
          note: 'entries the cache was still filing for offline search as each pass began (filing runs in idle time, behind the scroll)',
        },
        { name: 'history.scroll.dom_rows', value: max(maxRows), unit: 'rows', target: atMost(100), runs: maxRows, note: 'most row elements in any frame' },
      ] satisfies Figure[]
    } finally {
      await res.close()
    }
  },
}
