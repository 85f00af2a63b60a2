import { useSolanaSigner, useSolanaSignMessage } from '@sigil/react'
import {
  getBase16Encoder,
  getBase58Decoder,
  getBase58Encoder,
  getPublicKeyFromAddress,
  type SignatureBytes,
  verifySignature,
} from '@solana/kit'
import { Panel } from '../ui/Panel'
import { SignMessageForm } from '../ui/SignMessageForm'

/**
 * Signs a message with the Solana key (`useSolanaSignMessage`, ed25519 over its UTF-8 bytes), shows the
 * signature in base58 as Solana wallets and explorers do, and checks it against the user's Solana address
 * with WebCrypto.
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
        sign={async (message) => toBase58(await mutateAsync({ message }))}
        verify={verify}
        isPending={isPending}
        error={error}
      />
    </Panel>
  )
}

/** The hook's `0x…` hex signature in base58. */
const toBase58 = (hex: string) => getBase58Decoder().decode(getBase16Encoder().encode(hex.replace(/^0x/, '')))

async function verify(address: string, message: string, signature: string): Promise<boolean> {
  const key = await getPublicKeyFromAddress(address as Parameters<typeof getPublicKeyFromAddress>[0])
  const bytes = getBase58Encoder().encode(signature) as SignatureBytes
  return verifySignature(key, bytes, new TextEncoder().encode(message))
}
