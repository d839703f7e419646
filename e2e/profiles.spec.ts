import { readFile } from 'node:fs/promises'
import { test, expect } from './fixtures'

/**
 * Profiles as files: exported from Settings without their keys, imported back as new
 * profiles that ask for the key. Ground truth comes from the main core, not the page.
 */

const SECRET = 'k-e2e-not-in-any-file-7f3a'

test('a profile goes to a file and back without its key, and the import asks for the key', async ({ open, app }) => {
  const { core } = app.appCore
  const saved = core.saveProfile({
    name: 'Round trip',
    baseUrl: 'https://intents.example.com',
    dialect: { serviceName: 'Acme', renames: [{ neutral: 'priceFeedId', wire: 'acmeFeedId' }], bigInts: 'string' },
  })
  core.setAccessKey(saved.id, SECRET, true)

  const page = await open('/settings')
  await page.getByRole('button', { name: 'Export profiles…' }).click()
  const panel = page.getByRole('group', { name: 'Export profiles' })
  await expect(panel.getByLabel('Export Round trip')).toBeChecked()
  // Every profile starts ticked, and other tests of this worker may have saved some: export this one alone.
  for (const box of await panel.getByRole('checkbox').all()) await box.uncheck()
  await panel.getByLabel('Export Round trip').check()
  const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Save file' }).click()])
  const path = (await download.path())!
  const text = await readFile(path, 'utf8')
  expect(text).not.toContain(SECRET)
  expect(text).not.toMatch(/key|"id"/i)
  expect(JSON.parse(text).profiles).toEqual([{ name: 'Round trip', baseUrl: 'https://intents.example.com', dialect: saved.dialect }])

  // Gone from this computer, then imported from the file.
  core.removeProfile(saved.id)
  await page.reload()
  await expect(page.getByRole('radio', { name: 'Use Round trip' })).toHaveCount(0)
  await page.getByTestId('profiles-file').setInputFiles(path)
  const preview = page.getByRole('group', { name: 'Import profiles' })
  await expect(preview.getByRole('listitem')).toContainText('Add Round trip https://intents.example.com')
  await preview.getByRole('button', { name: 'Import 1 profile' }).click()

  const result = page.getByRole('group', { name: 'Imported profiles' })
  await expect(result).toContainText('come without their access keys')
  await expect(result.getByRole('form', { name: 'Access key for Round trip at https://intents.example.com' })).toContainText('(none)')
  const imported = core.appInfo().profiles.find((p) => p.name === 'Round trip')!
  expect(imported).toMatchObject({ baseUrl: 'https://intents.example.com', dialect: saved.dialect, hasKey: false })
  expect(imported.id).not.toBe(saved.id)

  // Importing the same file again changes nothing: the profile is already here.
  await result.getByRole('button', { name: 'Done' }).click()
  await page.getByTestId('profiles-file').setInputFiles(path)
  await expect(page.getByRole('group', { name: 'Import profiles' }).getByRole('listitem')).toContainText('Skip Round trip')
})
