// biome-ignore lint/suspicious/noExplicitAny: listener argument lists vary per event
type Listeners = Record<string, (...args: any[]) => void>

export type Emitter<TEvents extends Listeners> = {
  on<TName extends keyof TEvents>(event: TName, listener: TEvents[TName]): () => void
  emit<TName extends keyof TEvents>(event: TName, ...args: Parameters<TEvents[TName]>): void
}

/**
 * A tiny typed event emitter. `on` returns the function that removes the listener. A listener that
 * throws does not stop the others.
 *
 * @example
 * const emitter = createEmitter<{ ping: (n: number) => void }>()
 * const off = emitter.on('ping', (n) => console.log(n))
 * emitter.emit('ping', 1)
 * off()
 */
export function createEmitter<TEvents extends Listeners>(): Emitter<TEvents> {
  const listeners = new Map<keyof TEvents, Set<TEvents[keyof TEvents]>>()
  return {
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      listeners.set(event, set)
      set.add(listener)
      return () => {
        set.delete(listener)
      }
    },
    emit(event, ...args) {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          listener(...args)
        } catch (error) {
          queueMicrotask(() => {
            throw error
          })
        }
      }
    },
  }
}
