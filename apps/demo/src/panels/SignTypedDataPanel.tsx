import { useSignTypedData } from '@sigil/react'
import { useState } from 'react'
import { verifyTypedData } from 'viem'
import { demoTypedData } from '../demoTypedData'
import { ErrorText } from '../ui/ErrorText'
import { Panel } from '../ui/Panel'
import { SignatureResult } from '../ui/SignatureResult'

type Signed = { signature: `0x${string}`; verified: boolean | undefined }

/**
 * Signs EIP-712 typed data (`useSignTypedData`) and checks it with viem's `verifyTypedData`.
 *
 * @example
 * <SignTypedDataPanel address={user.address} />
 */
export function SignTypedDataPanel({ address }: { address: `0x${string}` }) {
  const [signed, setSigned] = useState<Signed>()
  const { signTypedDataAsync, isSigningTypedData, error } = useSignTypedData()

  const sign = async () => {
    setSigned(undefined)
    const signature = await signTypedDataAsync({ typedData: demoTypedData })
    setSigned({ signature, verified: undefined })
    const verified = await verifyTypedData({ ...demoTypedData, address, signature }).catch(() => false)
    setSigned({ signature, verified })
  }

  return (
    <Panel
      title="Sign typed data"
      description="An EIP-712 message, the kind dapps ask for permits and orders."
    >
      <details className="details">
        <summary>The typed data ({demoTypedData.primaryType})</summary>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable block must be reachable by keyboard */}
        <pre className="code-block" tabIndex={0}>
          {JSON.stringify(demoTypedData, null, 2)}
        </pre>
      </details>
      <button
        type="button"
        className="button"
        onClick={() => void sign().catch(() => undefined)}
        disabled={isSigningTypedData}
      >
        {isSigningTypedData ? 'Signing…' : 'Sign typed data'}
      </button>
      <ErrorText error={error} />
      {signed ? <SignatureResult address={address} {...signed} /> : null}
    </Panel>
  )
}
