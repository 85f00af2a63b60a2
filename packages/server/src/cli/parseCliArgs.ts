export const commonOptions = {
  'data-dir': { type: 'string' },
  'database-url': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const

/** Store location from flags, then the environment. */
export function storeLocation(values: { 'data-dir'?: string | boolean; 'database-url'?: string | boolean }) {
  return {
    dataDir: typeof values['data-dir'] === 'string' ? values['data-dir'] : process.env.SIGIL_DATA_DIR,
    databaseUrl:
      typeof values['database-url'] === 'string'
        ? values['database-url']
        : process.env.DATABASE_URL || undefined,
  }
}
