import type { GatewayRequest } from '../gateway/GatewayRequest.js'
import { buildPaymasterFields, dummyPaymasterSignature } from './buildPaymasterFields.js'
import { checkSponsorship } from './checkSponsorship.js'
import { parsePaymasterParams } from './parsePaymasterParams.js'
import { toSponsoredOperation } from './toSponsoredOperation.js'

/**
 * ERC-7677 `pm_getPaymasterStubData`: checks that the app's policy would sponsor the operation
 * (nothing is recorded) and answers paymaster fields with a dummy signature for gas estimation,
 * `isFinal: false`. v0.7/v0.8 answers leave the paymaster gas limits to the bundler's estimate.
 *
 * @example
 * await getPaymasterStubData(request, [userOperation, entryPoint, '0x7a69', { policyId }])
 */
export async function getPaymasterStubData(request: GatewayRequest, params: unknown): Promise<unknown> {
  const { userOperation, entryPoint, version, paymaster, policyId } = parsePaymasterParams(request, params)
  const { ctx, chain } = request
  const now = ctx.now()
  const operation = toSponsoredOperation(userOperation, { version, chainId: chain.id, entryPoint })
  await checkSponsorship(request, { policyId, operation, userOperation, version })
  return {
    ...buildPaymasterFields({
      version,
      paymaster,
      validUntil: Math.floor(now / 1000) + ctx.config.sponsorValiditySeconds,
      validAfter: 0,
      signature: dummyPaymasterSignature,
    }),
    isFinal: false,
  }
}
