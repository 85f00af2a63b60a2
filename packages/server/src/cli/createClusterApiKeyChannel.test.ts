import type { Worker } from 'node:cluster'
import { EventEmitter } from 'node:events'
import { expect, test } from 'vitest'
import type { ApiKeyChangeEvent } from '../kms/auth/ApiKeyChangeChannel.js'
import { createClusterApiKeyChannel, type PrimaryConnection } from './createClusterApiKeyChannel.js'
import { relayApiKeyChanges } from './relayApiKeyChanges.js'

/*
 * The workers' API-key channel with the primary's relay, over in-memory stand-ins for `node:cluster`'s
 * IPC (messages delivered on a later tick, as IPC does). The spawned cluster is tested in
 * startWorkers.test.ts.
 */

type FakeWorker = { worker: Worker; process: PrimaryConnection & EventEmitter; disconnect(): void }

function fakeCluster() {
  const cluster = Object.assign(new EventEmitter(), { workers: {} as NodeJS.Dict<Worker> })
  let nextId = 1
  const add = (options: { answers?: boolean } = {}): FakeWorker => {
    const id = nextId++
    let connected = true
    const child = Object.defineProperty(new EventEmitter(), 'connected', { get: () => connected })
    Object.assign(child, {
      send(message: unknown, callback: (error: Error | null) => void) {
        setImmediate(() => {
          cluster.emit('message', worker, message)
          callback(null)
        })
        return true
      },
    })
    const worker = {
      id,
      isConnected: () => connected,
      send(message: unknown) {
        if (options.answers !== false) setImmediate(() => child.emit('message', message))
        return true
      },
    } as unknown as Worker
    cluster.workers[id] = worker
    return {
      worker,
      process: child as unknown as PrimaryConnection & EventEmitter,
      disconnect() {
        connected = false
        delete cluster.workers[id]
        child.emit('disconnect')
        cluster.emit('exit', worker)
      },
    }
  }
  return { cluster, add }
}

test('default: a publish reaches every other worker before it resolves, not the publisher', async () => {
  const { cluster, add } = fakeCluster()
  const stop = relayApiKeyChanges(cluster)
  const [one, two, three] = [add(), add(), add()]
  const channels = [one, two, three].map(({ process }) => createClusterApiKeyChannel({ primary: process }))
  const heard = channels.map(() => [] as ApiKeyChangeEvent[])
  for (const [index, channel] of channels.entries()) channel.subscribe((event) => heard[index]!.push(event))
  expect(channels.every((channel) => channel.live)).toBe(true)
  await channels[0]!.publish()
  expect(heard).toEqual([[], [{ lost: false }], [{ lost: false }]])
  await channels[2]!.publish()
  expect(heard).toEqual([[{ lost: false }], [{ lost: false }, { lost: false }], [{ lost: false }]])
  stop()
  await Promise.all(channels.map((channel) => channel.close()))
})

test('behavior: a worker that goes while a relay waits for it does not hold the publisher up', async () => {
  const { cluster, add } = fakeCluster()
  const stop = relayApiKeyChanges(cluster)
  const one = add()
  const silent = add({ answers: false })
  const channel = createClusterApiKeyChannel({ primary: one.process, relayTimeoutMs: 60_000 })
  let resolved = false
  const published = channel.publish().then(() => {
    resolved = true
  })
  await new Promise((resolve) => setTimeout(resolve, 20))
  expect(resolved).toBe(false)
  silent.disconnect()
  await published
  expect(resolved).toBe(true)
  stop()
  await channel.close()
})

test('error: once the primary is gone the channel is not live and subscribers hear lost', async () => {
  const { cluster, add } = fakeCluster()
  const stop = relayApiKeyChanges(cluster)
  const one = add()
  const channel = createClusterApiKeyChannel({ primary: one.process })
  const heard: ApiKeyChangeEvent[] = []
  channel.subscribe((event) => heard.push(event))
  one.disconnect()
  expect(channel.live).toBe(false)
  expect(heard).toEqual([{ lost: true }])
  await channel.publish()
  stop()
  await channel.close()
})
