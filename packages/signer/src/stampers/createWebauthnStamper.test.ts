import { expect, test } from 'vitest'
import { createWebauthnStamper } from './createWebauthnStamper.js'

/**
 * A stand-in for `navigator.credentials` (Node has no authenticator; Chromium's virtual one is used in
 * `apps/demo/test/demoPasskeySession.test.ts`): it records how many prompts are open at once, like a
 * browser that refuses a second prompt while one is open, and answers each when the test says so.
 */
function createPromptRecorder() {
  let open = 0
  let mostOpen = 0
  const waiting: { resolve(fail: boolean): void }[] = []
  const bytes = new Uint8Array([1]).buffer
  const credentials = {
    get: (options: CredentialRequestOptions) => {
      open += 1
      mostOpen = Math.max(mostOpen, open)
      return new Promise<unknown>((resolve, reject) => {
        // Like a browser, an aborted prompt closes and rejects.
        options.signal?.addEventListener('abort', () => {
          open -= 1
          reject(new DOMException('aborted', 'AbortError'))
        })
        waiting.push({
          resolve(fail) {
            open -= 1
            if (fail) reject(new Error('The operation either timed out or was not allowed'))
            else
              resolve({
                id: 'cred',
                response: { authenticatorData: bytes, clientDataJSON: bytes, signature: bytes },
              })
          },
        })
      })
    },
  } as unknown as Pick<CredentialsContainer, 'get'>
  /** Answers the prompt at `index` (the oldest by default) once it is open. */
  const answerNext = async (fail = false, index = 0) => {
    await expect.poll(() => waiting.length).toBeGreaterThan(index)
    waiting.splice(index, 1)[0]!.resolve(fail)
  }
  return { credentials, answerNext, mostOpen: () => mostOpen }
}

test('behavior: concurrent passkey stamps open one prompt at a time, each in turn', async () => {
  const recorder = createPromptRecorder()
  const one = createWebauthnStamper({ rpId: 'localhost', credentials: recorder.credentials })
  const two = createWebauthnStamper({ rpId: 'localhost', credentials: recorder.credentials })
  const stamps = Promise.all([one.stamp('{"a":1}'), two.stamp('{"b":2}'), one.stamp('{"c":3}')])
  for (let index = 0; index < 3; index++) await recorder.answerNext()
  expect(await stamps).toHaveLength(3)
  expect(recorder.mostOpen()).toBe(1)
})

test('error: a refused prompt fails its own stamp only; the next one still opens', async () => {
  const recorder = createPromptRecorder()
  const stamper = createWebauthnStamper({ rpId: 'localhost', credentials: recorder.credentials })
  const refused = stamper.stamp('{"a":1}')
  const next = stamper.stamp('{"b":2}')
  await recorder.answerNext(true)
  await expect(refused).rejects.toThrow('not allowed')
  await recorder.answerNext()
  expect((await next).stampHeaderName).toBe('X-Stamp-Webauthn')
  expect(recorder.mostOpen()).toBe(1)
})

test('behavior: an aborted prompt (a sign-in abandoned by a sign-out) closes, and the next one opens', async () => {
  const recorder = createPromptRecorder()
  const controller = new AbortController()
  const abandoned = createWebauthnStamper({
    rpId: 'localhost',
    credentials: recorder.credentials,
    signal: controller.signal,
  }).stamp('{"a":1}')
  const next = createWebauthnStamper({ rpId: 'localhost', credentials: recorder.credentials }).stamp(
    '{"b":2}',
  )
  await expect.poll(() => recorder.mostOpen()).toBe(1)
  controller.abort()
  await expect(abandoned).rejects.toThrow('aborted')
  await recorder.answerNext(false, 1)
  expect((await next).stampHeaderName).toBe('X-Stamp-Webauthn')
})
