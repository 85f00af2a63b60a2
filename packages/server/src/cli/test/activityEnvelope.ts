/**
 * The JSON body of a `/public/v1/submit/…` activity of `type`, timestamped now.
 *
 * @example
 * const body = activityEnvelope(organizationId, 'ACTIVITY_TYPE_CREATE_WALLET', { walletName: 'w', accounts })
 */
export function activityEnvelope(organizationId: string, type: string, parameters: unknown): string {
  return JSON.stringify({ type, timestampMs: String(Date.now()), organizationId, parameters })
}
