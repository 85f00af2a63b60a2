import type { SigilProviderEvents } from './SigilProvider.js'

type Listener = (...arguments_: never[]) => void

/**
 * The provider's listeners: `on` and `removeListener` keep them per event, `emit` calls each (a listener that
 * throws does not stop the others), `clear` drops them all.
 *
 * @example
 * const events = createProviderEvents()
 * events.on('chainChanged', (chainId) => render(chainId))
 * events.emit('chainChanged', '0x1')
 */
export function createProviderEvents() {
  const listeners = new Map<keyof SigilProviderEvents, Set<Listener>>()
  return {
    on<event extends keyof SigilProviderEvents>(event: event, listener: SigilProviderEvents[event]) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener as Listener)
      listeners.set(event, set)
    },
    removeListener<event extends keyof SigilProviderEvents>(
      event: event,
      listener: SigilProviderEvents[event],
    ) {
      listeners.get(event)?.delete(listener as Listener)
    },
    emit<event extends keyof SigilProviderEvents>(
      event: event,
      ...values: Parameters<SigilProviderEvents[event]>
    ) {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          ;(listener as (...arguments_: unknown[]) => void)(...values)
        } catch {
          // One listener's failure is its own; the others still hear the event.
        }
      }
    },
    clear() {
      listeners.clear()
    },
  }
}
