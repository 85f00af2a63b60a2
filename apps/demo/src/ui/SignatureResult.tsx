export type SignatureResultProps = {
  signature: string
  /** `true` when viem recovered the signer's address from the signature; `undefined` while checking. */
  verified: boolean | undefined
  address: string
}

/**
 * A signature and its check: viem's `verifyMessage` / `verifyTypedData` against the user's address.
 *
 * @example
 * <SignatureResult signature={signature} verified={true} address={user.address} />
 */
export function SignatureResult({ signature, verified, address }: SignatureResultProps) {
  return (
    <div className="signature-result">
      <p className="field-label">Signature</p>
      <output className="value value-block" data-testid="signature">
        {signature}
      </output>
      <p
        className="verified"
        data-verified={verified === undefined ? 'checking' : String(verified)}
        role="status"
      >
        {verified === undefined ? (
          'Checking…'
        ) : verified ? (
          <>
            <span aria-hidden="true">✓</span> Verified: signed by {shorten(address)}
          </>
        ) : (
          <>
            <span aria-hidden="true">✗</span> Not verified: the signature does not recover to{' '}
            {shorten(address)}
          </>
        )}
      </p>
    </div>
  )
}

const shorten = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`
