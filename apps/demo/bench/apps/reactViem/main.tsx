import { StrictMode, useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { createPublicClient, http } from 'viem'

/** The size bench's baseline (apps/demo/bench/README.md): React and one viem call, nothing of Sigil. */
const client = createPublicClient({ transport: http('http://localhost:8545') })

function BlockNumber() {
  const [blockNumber, setBlockNumber] = useState<bigint>()
  useEffect(() => {
    client.getBlockNumber().then(setBlockNumber, () => undefined)
  }, [])
  return <p>Block {blockNumber?.toString() ?? '…'}</p>
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BlockNumber />
  </StrictMode>,
)
