import type { EntryPointVersion } from '@sigil/protocol'
import type { Address } from 'viem'
import type { UserOperation } from 'viem/account-abstraction'
import type { GatewayRequest } from '../gateway/GatewayRequest.js'
import { readSenderCode, type SenderCode } from './readSenderCode.js'
import { type SigilAccountKind, sigilAccountKinds } from './sigilAccountFactories.js'

/** What the gateway knows about an operation's sender. */
export type SenderKind = {
  /** The Sigil account type its code (or the factory deploying it) shows; undefined: not one of Sigil's. */
  kind: SigilAccountKind | undefined
  /** Lowercase: the factory the operation deploys the sender with (`initCode` / `factory`); undefined: deployed already. */
  factory: Address | undefined
  /** The deployed code (undefined when the operation deploys the sender). */
  code: SenderCode | undefined
  /** For refusals: `its code is an ERC-1967 proxy to 0x…`, `the operation deploys it with factory 0x…`, … */
  description: string
}

const lower = (address: string) => address.toLowerCase() as Address

/** v0.8's `initCode` marker for an EIP-7702 account (no factory: the sender is a delegated EOA). */
export const isEip7702Marker = (factory: Address) => /^0x7702(00)*$/.test(factory)

/** The factory an operation deploys its sender with: v0.6 `initCode`'s first 20 bytes, v0.7/v0.8 `factory`. */
function factoryOf(userOperation: UserOperation, version: EntryPointVersion): Address | undefined {
  if (version === '0.6') {
    const { initCode } = userOperation as UserOperation<'0.6'>
    return initCode && initCode.length >= 42 ? lower(initCode.slice(0, 42)) : undefined
  }
  const { factory } = userOperation as UserOperation<'0.7'>
  return factory && factory !== '0x' ? lower(factory) : undefined
}

/** The delegate of the operation's EIP-7702 authorization (`eip7702Auth`, as bundlers take it), if any. */
function authorizedDelegate(userOperation: UserOperation): Address | undefined {
  const { eip7702Auth } = userOperation as { eip7702Auth?: Record<string, unknown> | null }
  const delegate = eip7702Auth?.address ?? eip7702Auth?.contractAddress
  return typeof delegate === 'string' ? lower(delegate) : undefined
}

/** The Sigil account type a deployed code runs (proxy implementation, or EIP-7702 delegate). */
function kindOfCode({ code, runs }: SenderCode): SigilAccountKind | undefined {
  if (!runs) return undefined
  const target = lower(runs)
  if (code.shape === 'eip7702') return sigilAccountKinds.find((kind) => kind.delegates.includes(target))
  return sigilAccountKinds.find((kind) => kind.implementations.includes(target))
}

/**
 * Identifies an operation's sender: a new account is what its factory makes (the EntryPoint itself
 * checks that the `initCode` creates `sender`); a deployed one is what its code runs: a minimal
 * ERC-1967 or EIP-1167 proxy to a Sigil implementation, or an EIP-7702 delegation to a Sigil 7702
 * implementation. With an EIP-7702 authorization, both the delegate it installs and the code the
 * sender has now (no code, or a Sigil delegation) must be Sigil's, as an authorization that does not
 * apply leaves the current code in place.
 *
 * @example
 * const { kind, description } = await findSenderKind(request, userOperation, '0.7')
 */
export async function findSenderKind(
  request: GatewayRequest,
  userOperation: UserOperation,
  version: EntryPointVersion,
): Promise<SenderKind> {
  const factory = factoryOf(userOperation, version)
  if (factory && !isEip7702Marker(factory))
    return {
      kind: sigilAccountKinds.find((kind) => kind.factory === factory),
      factory,
      code: undefined,
      description: `the operation deploys it with factory ${factory}`,
    }
  const code = await readSenderCode(request, userOperation.sender)
  const delegate = authorizedDelegate(userOperation)
  if (delegate) {
    const kind = sigilAccountKinds.find((candidate) => candidate.delegates.includes(delegate))
    const current = code.code.shape === 'none' ? kind : kindOfCode(code)
    return {
      kind: kind && current === kind ? kind : undefined,
      factory: undefined,
      code,
      description: `its EIP-7702 authorization delegates to ${delegate} and its code is ${code.description}`,
    }
  }
  if (code.code.shape === 'none')
    return {
      kind: undefined,
      factory: undefined,
      code,
      description: 'it has no code and the operation deploys none',
    }
  return { kind: kindOfCode(code), factory: undefined, code, description: `its code is ${code.description}` }
}
