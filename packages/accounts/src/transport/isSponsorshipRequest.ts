/**
 * The gateway methods that spend a sponsorship policy's money: ERC-7677 paymaster data, Alchemy's
 * one-call gas and paymaster data, and the Solana fee payer. Only their requests carry the user's session
 * stamp.
 */
export const sponsorshipMethods: readonly string[] = [
  'pm_getPaymasterStubData',
  'pm_getPaymasterData',
  'alchemy_requestGasAndPaymasterAndData',
  'alchemy_requestFeePayer',
]

/**
 * Whether a JSON-RPC body (one call or a batch) asks for a sponsorship: some call's `method` is one
 * of {@link sponsorshipMethods}. A body that is not JSON is not.
 *
 * @example
 * isSponsorshipRequest('{"jsonrpc":"2.0","id":1,"method":"pm_getPaymasterData","params":[]}') // true
 * isSponsorshipRequest('{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}') // false
 */
export function isSponsorshipRequest(body: string): boolean {
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return false
  }
  const calls = Array.isArray(parsed) ? parsed : [parsed]
  return calls.some((call) =>
    sponsorshipMethods.includes((call as { method?: unknown } | null)?.method as string),
  )
}
