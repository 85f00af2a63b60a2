// @vitest-environment happy-dom
import { NotAuthenticatedError } from '@sigil/signer'
import { render, renderHook, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { createReactTestbed, type ReactTestbed } from '../test/createReactTestbed.js'
import { createSigilWrapper } from '../test/createSigilWrapper.js'
import { useExportAccount } from './useExportAccount.js'

/**
 * The export itself shows the secret inside Sigil's export frame, a real page that happy-dom does
 * not run: the Chromium suites of @sigil/signer cover it. Here: the container and the hook's states.
 */

let testbed: ReactTestbed
beforeEach(async () => {
  testbed = await createReactTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

test('default: ExportAccountComponent renders div#alchemy-signer-iframe-container, hidden until exported', () => {
  const config = testbed.createConfig()
  const { result } = renderHook(() => useExportAccount(), { wrapper: createSigilWrapper(config) })
  expect(result.current).toMatchObject({ isExported: false, isExporting: false, error: null })
  const { ExportAccountComponent } = result.current

  const { container, rerender } = render(<ExportAccountComponent isExported={false} className="export" />)
  const frameContainer = container.querySelector<HTMLElement>('#alchemy-signer-iframe-container')!
  expect(frameContainer.className).toBe('export')
  expect(frameContainer.style.display).toBe('none')
  expect(frameContainer.childElementCount).toBe(0)
  rerender(<ExportAccountComponent isExported />)
  expect(container.querySelector<HTMLElement>('#alchemy-signer-iframe-container')!.style.display).toBe(
    'block',
  )
})

test('behavior: a custom container id, and CSS for the export iframe', () => {
  const config = testbed.createConfig()
  const { result } = renderHook(() => useExportAccount({ params: { iframeContainerId: 'my-export' } }), {
    wrapper: createSigilWrapper(config),
  })
  const { ExportAccountComponent } = result.current
  const { container } = render(<ExportAccountComponent isExported iframeCss="height: 200px;" />)
  expect(container.querySelector('#my-export')).not.toBeNull()
  expect(container.querySelector('style')?.textContent).toBe('[id="my-export"] iframe { height: 200px; }')
})

test('error: exporting with nobody signed in: NotAuthenticatedError, and the container stays hidden', async () => {
  const config = testbed.createConfig()
  const { result } = renderHook(() => useExportAccount(), { wrapper: createSigilWrapper(config) })
  await expect(result.current.exportAccountAsync()).rejects.toThrowError(NotAuthenticatedError)
  await waitFor(() => expect(result.current.error).toBeInstanceOf(NotAuthenticatedError))
  expect(result.current.isExported).toBe(false)
})
