import { afterEach, expect, test, vi } from 'vitest'
import { createNodeFrameStamper } from '../../../signer/src/test/createNodeFrameStamper.js'
import { sigilDevnet } from '../chains/sigilDevnet.js'
import { createDefaultSigner } from './createDefaultSigner.js'

/** A page with just what the container lookup uses: elements by id, a body to append to. */
const createPage = () => {
  type Element = { id: string; innerHTML: string; style: Record<string, string> }
  const elements: Element[] = []
  const page = {
    elements,
    getElementById: (id: string) => elements.find((element) => element.id === id) ?? null,
    createElement: (): Element => ({ id: '', innerHTML: '', style: {} }),
    body: { appendChild: (element: Element) => elements.push(element) },
  }
  return page
}

const parameters = {
  connection: { rpcUrl: 'https://signer.example.com', apiKey: 'sigil_test' },
  chain: sigilDevnet,
}

afterEach(() => {
  vi.unstubAllGlobals()
})

test('default: adds the hidden key-frame container to the page', async () => {
  const page = createPage()
  vi.stubGlobal('document', page)
  const signer = createDefaultSigner(parameters)
  expect(page.elements).toEqual([
    { id: 'alchemy-signer-iframe-container', innerHTML: '', style: { display: 'none' } },
  ])
  expect(signer.config.iframeConfig).toMatchObject({
    iframeContainerId: 'alchemy-signer-iframe-container',
    iframeElementId: 'turnkey-iframe',
    iframeUrl: 'https://signer.example.com/frame/auth',
  })
  await signer.ready
  signer.destroy()
})

test('behavior: an existing container (the app’s own id) is emptied, not added again', () => {
  const page = createPage()
  page.body.appendChild({ id: 'wallet-frame', innerHTML: '<iframe id="turnkey-iframe"></iframe>', style: {} })
  vi.stubGlobal('document', page)
  const signer = createDefaultSigner({ ...parameters, iframeConfig: { iframeContainerId: 'wallet-frame' } })
  expect(page.elements).toEqual([{ id: 'wallet-frame', innerHTML: '', style: {} }])
  signer.destroy()
})

test('behavior: with a stamper no page is touched', () => {
  const read = vi.fn()
  Object.defineProperty(globalThis, 'document', { configurable: true, get: read })
  const signer = createDefaultSigner({ ...parameters, stamper: createNodeFrameStamper() })
  expect(read).not.toHaveBeenCalled()
  Reflect.deleteProperty(globalThis, 'document')
  signer.destroy()
})
