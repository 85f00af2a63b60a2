import { expect, test } from 'vitest'
import { mountFrame } from './mountFrame.js'

/** Just enough of a `Document` for mounting (no DOM in Node; Chromium covers the real one). */
function createFakeDocument(ids: string[]) {
  const appended: {
    id: string
    style: Record<string, string>
    attributes: Record<string, string>
    listeners: Record<string, () => void>
    posted: unknown[][]
  }[] = []
  const elements = new Map<string, unknown>()
  const document = {
    getElementById: (id: string) => elements.get(id) ?? null,
    createElement: () => {
      const attributes: Record<string, string> = {}
      const listeners: Record<string, () => void> = {}
      const posted: unknown[][] = []
      return {
        id: '',
        src: '',
        title: '',
        style: {},
        attributes,
        listeners,
        posted,
        // A frame window that takes the channel offer and never answers.
        contentWindow: { postMessage: (...args: unknown[]) => posted.push(args) },
        setAttribute: (name: string, value: string) => {
          attributes[name] = value
        },
        addEventListener: (type: string, listener: () => void) => {
          listeners[type] = listener
        },
      }
    },
  }
  for (const id of ids)
    elements.set(id, { id, appendChild: (child: (typeof appended)[number]) => appended.push(child) })
  return { document: document as unknown as Document, appended }
}

const url = 'https://signer.example.com/frame/export'

test('default: a hidden frame in the container', () => {
  const { document, appended } = createFakeDocument(['container'])
  void mountFrame({ document, url, elementId: 'turnkey-iframe', containerId: 'container', hidden: true })
  expect(appended).toMatchObject([
    {
      id: 'turnkey-iframe',
      src: url,
      style: { display: 'none' },
      attributes: { sandbox: 'allow-scripts allow-same-origin', allow: 'clipboard-write' },
    },
  ])
})

test('behavior: a visible frame is full width with no border', () => {
  const { document, appended } = createFakeDocument(['container'])
  void mountFrame({
    document,
    url,
    elementId: 'turnkey-export-iframe',
    containerId: 'container',
    hidden: false,
  })
  expect(appended[0]!.style).toEqual({ width: '100%', height: '240px', border: 'none' })
})

test('error: the element id is taken', () => {
  const { document, appended } = createFakeDocument(['container', 'turnkey-iframe'])
  expect(() =>
    mountFrame({ document, url, elementId: 'turnkey-iframe', containerId: 'container', hidden: true }),
  ).toThrow('Iframe element with ID turnkey-iframe already exists')
  expect(appended).toEqual([])
})

test('error: no container', () => {
  const { document } = createFakeDocument([])
  expect(() =>
    mountFrame({ document, url, elementId: 'turnkey-iframe', containerId: 'container', hidden: true }),
  ).toThrow('Iframe container cannot be found')
})

test('error: a frame that never announces its key rejects ready instead of waiting forever', async () => {
  const { document, appended } = createFakeDocument(['container'])
  const opened = mountFrame({
    document,
    url,
    elementId: 'turnkey-iframe',
    containerId: 'container',
    hidden: true,
    readyTimeoutMs: 50,
  })
  appended[0]!.listeners.load!()
  const client = await opened
  expect(appended[0]!.posted[0]![0]).toEqual({ type: 'TURNKEY_INIT_MESSAGE_CHANNEL' })
  expect(appended[0]!.posted[0]![1]).toBe('https://signer.example.com')
  await expect(client.ready).rejects.toThrow(
    `The frame ${url} did not answer within 50 ms. Check that the Sigil server is reachable and that this page's origin is an allowed origin of the app.`,
  )
  client.close()
})
