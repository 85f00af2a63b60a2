import { expect, test } from 'vitest'
import { mountFrame } from './mountFrame.js'

/** Just enough of a `Document` for mounting (no DOM in Node; Chromium covers the real one). */
function createFakeDocument(ids: string[]) {
  const appended: { id: string; style: Record<string, string>; attributes: Record<string, string> }[] = []
  const elements = new Map<string, unknown>()
  const document = {
    getElementById: (id: string) => elements.get(id) ?? null,
    createElement: () => {
      const attributes: Record<string, string> = {}
      return {
        id: '',
        src: '',
        title: '',
        style: {},
        attributes,
        setAttribute: (name: string, value: string) => {
          attributes[name] = value
        },
        addEventListener: () => {},
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
