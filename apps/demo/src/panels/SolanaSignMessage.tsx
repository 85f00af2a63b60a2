import { useSolanaSigner, useSolanaSignMessage } from '@sigil/react'
import { getBase16Encoder, getPublicKeyFromAddress, type SignatureBytes, verifySignature } from '@solana/kit'
import { Panel } from '../ui/Panel'
import { SignMessageForm } from '../ui/SignMessageForm'

/**
 * Signs a message with the Solana key (`useSolanaSignMessage`, ed25519 over its UTF-8 bytes) and
 * checks the signature against the user's Solana address with WebCrypto.
 *
 * @example
 * <SolanaSignMessage />
 */
export function SolanaSignMessage() {
  const address = useSolanaSigner()?.address
  const { mutateAsync, isPending, error } = useSolanaSignMessage()
  return (
    <Panel title="Sign a Solana message" description="Raw bytes signed with your Solana key (ed25519).">
      <SignMessageForm
        address={address}
        defaultMessage="Hello from the Sigil demo, on Solana"
        buttonLabel="Sign with Solana key"
        sign={(message) => mutateAsync({ message })}
        verify={verify}
        isPending={isPending}
        error={error}
      />
    </Panel>
  )
}

async function verify(address: string, message: string, signature: string): Promise<boolean> {
  const key = await getPublicKeyFromAddress(address as Parameters<typeof getPublicKeyFromAddress>[0])
  const bytes = getBase16Encoder().encode(signature.replace(/^0x/, '')) as SignatureBytes
  return verifySignature(key, bytes, new TextEncoder().encode(message))
}
