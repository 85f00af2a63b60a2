import { useSignMessage } from '@sigil/react'
import { verifyMessage } from 'viem'
import { Panel } from '../ui/Panel'
import { SignMessageForm } from '../ui/SignMessageForm'

/**
 * Signs a message (EIP-191, `useSignMessage`) and checks the signature with viem's `verifyMessage`.
 *
 * @example
 * <SignMessagePanel address={user.address} />
 */
export function SignMessagePanel({ address }: { address: `0x${string}` }) {
  const { signMessageAsync, isSigningMessage, error } = useSignMessage()
  return (
    <Panel title="Sign a message" description="An EIP-191 personal message, signed by your wallet's key.">
      <SignMessageForm
        address={address}
        defaultMessage="Hello from the Sigil demo"
        buttonLabel="Sign message"
        sign={(message) => signMessageAsync({ message })}
        verify={(signer, message, signature) =>
          verifyMessage({ address: signer as `0x${string}`, message, signature: signature as `0x${string}` })
        }
        isPending={isSigningMessage}
        error={error}
      />
    </Panel>
  )
}
