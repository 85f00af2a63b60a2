import type { Kysely } from 'kysely'
import type { UserOperation } from 'viem/account-abstraction'
import type { GatewayRequest, SignedInUser } from '../../gateway/GatewayRequest.js'
import type { SigilContext } from '../../SigilContext.js'
import type { Database } from '../../store/schema.js'
import type { SponsoredOperation } from '../SponsoredOperation.js'

/**
 * A gateway request for unit tests of the policy checks that need no node: the app, the clock and the
 * store, chain 31337 with no node behind it (a check that asks the node fails loudly).
 */
export function policyCheckRequest(
  db: Kysely<Database>,
  {
    appId,
    now,
    credential = 'origin',
    user,
  }: { appId: string; now: number; credential?: GatewayRequest['credential']; user?: SignedInUser },
): GatewayRequest {
  const ctx = {
    store: { db },
    now: () => now,
    config: { sponsorValiditySeconds: 120 },
  } as unknown as SigilContext
  return {
    ctx,
    chain: { id: 31337, rpcUrl: 'http://127.0.0.1:1' },
    app: { id: appId } as GatewayRequest['app'],
    credential,
    signedInUser: async () => user,
    paymasterSigner: () => Promise.reject(new Error('no paymaster signer in a policy unit test')),
    solanaFeePayer: () => Promise.reject(new Error('no fee payer in a policy unit test')),
  }
}

/** The user operation a {@link SponsoredOperation} stands for (v0.7 fields), for `checkSponsorship`. */
export function toTestUserOperation(operation: SponsoredOperation): UserOperation<'0.7'> {
  return {
    sender: operation.sender,
    nonce: operation.nonce,
    callData: operation.callData,
    callGasLimit: 0n,
    verificationGasLimit: 0n,
    preVerificationGas: 0n,
    maxFeePerGas: 0n,
    maxPriorityFeePerGas: 0n,
    signature: '0x',
  }
}
