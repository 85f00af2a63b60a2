import { describe, expect, test } from 'vitest'
import { announceSigilProvider } from './announceSigilProvider.js'
import type { SigilProvider } from './SigilProvider.js'
import { sigilProviderIcon } from './sigilProviderIcon.js'

const provider = { request: async () => null } as unknown as SigilProvider

function listen(target: EventTarget) {
  const details: { info: Record<string, string>; provider: unknown }[] = []
  target.addEventListener('eip6963:announceProvider', (event) => details.push((event as CustomEvent).detail))
  return details
}

describe('announceSigilProvider', () => {
  test('default: announces Sigil (name, SVG data-URI icon, rdns org.sigil, a uuid) with the provider, frozen', () => {
    const target = new EventTarget()
    const details = listen(target)
    announceSigilProvider(provider, { target })
    expect(details).toHaveLength(1)
    const [detail] = details
    expect(detail!.provider).toBe(provider)
    expect(detail!.info).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Sigil',
      icon: sigilProviderIcon,
      rdns: 'org.sigil',
    })
    expect(sigilProviderIcon).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(atob(sigilProviderIcon.split(',')[1]!)).toContain('<svg')
    expect(Object.isFrozen(detail)).toBe(true)
    expect(Object.isFrozen(detail!.info)).toBe(true)
  })

  test('behavior: answers eip6963:requestProvider with the same detail until stopped; the app may rename it', () => {
    const target = new EventTarget()
    const details = listen(target)
    const stop = announceSigilProvider(provider, { target, name: 'Acme Wallet', rdns: 'com.acme.wallet' })
    target.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(details).toHaveLength(2)
    expect(details[1]).toBe(details[0])
    expect(details[0]!.info).toMatchObject({ name: 'Acme Wallet', rdns: 'com.acme.wallet' })
    stop()
    target.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(details).toHaveLength(2)
  })

  test('error: without a window or target it throws instead of announcing nowhere', () => {
    expect(() => announceSigilProvider(provider, { target: undefined })).toThrow(
      expect.objectContaining({ name: 'CoreError', message: expect.stringContaining('needs a window') }),
    )
  })
})
