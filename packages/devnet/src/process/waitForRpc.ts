import type { ChildProcess } from 'node:child_process'
import { DevnetError } from '../errors/DevnetError.js'

export type WaitForRpcParameters = {
  url: string
  method: string
  /** The process that serves `url`: waiting stops with an error when it exits. */
  child: ChildProcess
  /** Its output so far, shown when it fails. */
  output: () => string
  name: string
  timeoutMs?: number
  intervalMs?: number
}

/** Polls a JSON-RPC method until it answers with a result; returns the result. */
export async function waitForRpc(parameters: WaitForRpcParameters): Promise<unknown> {
  const { url, method, child, output, name, timeoutMs = 30_000, intervalMs = 10 } = parameters
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new DevnetError(`${name} exited before it answered`, {
        details: `exit ${child.exitCode ?? child.signalCode}: ${output().trim().slice(-2_000)}`,
      })
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
      })
      const body = (await response.json()) as { result?: unknown }
      if (body.result !== undefined) return body.result
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new DevnetError(`${name} did not answer ${method} within ${timeoutMs} ms`, {
        details: output().trim().slice(-2_000),
      })
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}
