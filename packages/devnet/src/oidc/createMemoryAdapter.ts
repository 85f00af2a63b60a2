type Payload = Record<string, unknown> & {
  grantId?: string
  userCode?: string
  uid?: string
  consumed?: number
}

/**
 * An `oidc-provider` storage adapter in memory: one map per model (sessions, interactions, codes,
 * grants, tokens), entries dropped when they expire. What a dev provider needs; its sessions end with the process.
 *
 * @example
 * new Provider(issuer, { adapter: createMemoryAdapter() })
 */
export function createMemoryAdapter() {
  const store = new Map<string, { payload: Payload; expiresAt: number | undefined }>()
  const grants = new Map<string, Set<string>>()
  const read = (key: string) => {
    const entry = store.get(key)
    if (entry?.expiresAt !== undefined && entry.expiresAt <= Date.now()) {
      store.delete(key)
      return undefined
    }
    return entry?.payload
  }
  return class MemoryAdapter {
    readonly #name: string
    constructor(name: string) {
      this.#name = name
    }
    #key(id: string) {
      return `${this.#name}:${id}`
    }
    async upsert(id: string, payload: Payload, expiresIn?: number) {
      const key = this.#key(id)
      store.set(key, { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : undefined })
      if (payload.grantId) grants.set(payload.grantId, (grants.get(payload.grantId) ?? new Set()).add(key))
      if (payload.userCode)
        store.set(`userCode:${payload.userCode}`, { payload: { id }, expiresAt: undefined })
      if (payload.uid) store.set(`uid:${payload.uid}`, { payload: { id }, expiresAt: undefined })
    }
    async find(id: string) {
      return read(this.#key(id))
    }
    async findByUserCode(userCode: string) {
      const id = read(`userCode:${userCode}`)?.id
      return typeof id === 'string' ? this.find(id) : undefined
    }
    async findByUid(uid: string) {
      const id = read(`uid:${uid}`)?.id
      return typeof id === 'string' ? this.find(id) : undefined
    }
    async consume(id: string) {
      const payload = read(this.#key(id))
      if (payload) payload.consumed = Math.floor(Date.now() / 1000)
    }
    async destroy(id: string) {
      store.delete(this.#key(id))
    }
    async revokeByGrantId(grantId: string) {
      for (const key of grants.get(grantId) ?? []) store.delete(key)
      grants.delete(grantId)
    }
  }
}
