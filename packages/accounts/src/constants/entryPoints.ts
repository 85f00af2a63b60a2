import {
  entryPoint06Abi,
  entryPoint06Address,
  entryPoint07Abi,
  entryPoint07Address,
} from 'viem/account-abstraction'

/**
 * The two EntryPoints Sigil's account types run on, in the shape `toSmartAccount` takes.
 *
 * @example
 * toSmartAccount({ entryPoint: entryPoints['0.7'], … })
 */
export const entryPoints = {
  '0.6': { abi: entryPoint06Abi, address: entryPoint06Address, version: '0.6' },
  '0.7': { abi: entryPoint07Abi, address: entryPoint07Address, version: '0.7' },
} as const
