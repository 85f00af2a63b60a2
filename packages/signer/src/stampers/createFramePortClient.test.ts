import { afterEach, expect, test } from 'vitest'
import { createFramePortClient } from './createFramePortClient.js'

/** The frame's side is played by port2 of a Node MessageChannel. */
const channels: MessageChannel[] = []
afterEach(() => {
  for (const channel of channels.splice(0)) {
    channel.port1.close()
    channel.port2.close()
  }
})

const open = () => {
  const channel = new MessageChannel()
  channels.push(channel)
  const seen: Record<string, unknown>[] = []
  channel.port2.onmessage = (event) => {
    const request = event.data as { type: string; requestId: string; value?: string }
    seen.push(request)
    if (request.type === 'STAMP_REQUEST')
      channel.port2.postMessage({
        type: 'STAMP',
        value: `stamp:${request.value}`,
        requestId: request.requestId,
      })
    if (request.type === 'INJECT_CREDENTIAL_BUNDLE')
      channel.port2.postMessage({ type: 'ERROR', value: 'bad bundle', requestId: request.requestId })
  }
  return { client: createFramePortClient(channel.port1), frame: channel.port2, seen }
}

test('default: resolves ready with PUBLIC_KEY_READY and matches answers by requestId', async () => {
  const { client, frame, seen } = open()
  frame.postMessage({ type: 'PUBLIC_KEY_READY', value: '04abc' })
  expect(await client.ready).toBe('04abc')
  const [a, b] = await Promise.all([
    client.request({ type: 'STAMP_REQUEST', value: 'a' }),
    client.request({ type: 'STAMP_REQUEST', value: 'b' }),
  ])
  expect(a).toMatchObject({ type: 'STAMP', value: 'stamp:a' })
  expect(b).toMatchObject({ type: 'STAMP', value: 'stamp:b' })
  expect(seen[0]).toEqual({
    type: 'STAMP_REQUEST',
    value: 'a',
    requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
  })
  expect(seen[0]!.requestId).not.toBe(seen[1]!.requestId)
})

test('error: an ERROR answer rejects with its value', async () => {
  const { client } = open()
  await expect(client.request({ type: 'INJECT_CREDENTIAL_BUNDLE', value: 'x' })).rejects.toThrow('bad bundle')
})

test('behavior: close rejects what is still waiting', async () => {
  const { client } = open()
  const waiting = client.request({ type: 'GET_EMBEDDED_PUBLIC_KEY' })
  client.close()
  await expect(waiting).rejects.toThrow('The key frame was closed')
})
