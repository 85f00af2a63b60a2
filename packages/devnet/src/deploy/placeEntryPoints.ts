import type { Address, Hex } from 'viem'
import { DevnetError } from '../errors/DevnetError.js'
import type { JsonRpcRequest } from '../process/createJsonRpc.js'
import { anvilAccounts } from './anvilAccounts.js'
import type { EntryPoints } from './EntryPoints.js'
import { entryPointAddresses } from './entryPointAddresses.js'
import { getCreateAddress } from './getCreateAddress.js'
import { readArtifact } from './readArtifact.js'
import { replaceAddress } from './replaceAddress.js'

/** The deterministic deployment proxy (pre-deployed by anvil): `to` = it, data = salt ‖ creation code. */
const deterministicDeployer = '0x4e59b44847b379578588920ca78fbf26c0b4956c'

/** The salts of the canonical v0.7 and v0.8 deployments: the artifacts land at the canonical addresses. */
const salts = {
  '0.7': '0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3',
  '0.8': '0x0a59dbff790c23c976a548690c27297883cc66b4c67024f9117b0238995e35e9',
} as const

/**
 * Places EntryPoint v0.6, v0.7 and v0.8 at their canonical addresses over bare JSON-RPC, sending from anvil's
 * unlocked account #0 (no viem, so the devnet runs it before loading viem). v0.7 and v0.8 are the
 * eth-infinitism artifacts deployed through the deterministic deployer with the canonical salts
 * (byte-identical). v0.6 does not hash to its address, so it is deployed at a temporary address T and its
 * runtime code set at the canonical address with `anvil_setCode`; its artifact keeps the SenderCreator in an
 * immutable created by the constructor at `CREATE(T, 1)`, so that address is patched to the canonical
 * SenderCreator (`CREATE(0x5FF1…2789, 1)`), whose code is placed too (alto's v0.6 simulation expects it).
 * Idempotent: an EntryPoint that already has code is left alone.
 *
 * @example
 * await placeEntryPoints(createJsonRpc(rpcUrl))
 */
export async function placeEntryPoints(request: JsonRpcRequest): Promise<EntryPoints> {
  const chain = createChain(request)
  for (const version of ['0.7', '0.8'] as const) {
    const address = entryPointAddresses[version]
    if (await chain.hasCode(address)) continue
    const artifact = readArtifact(
      version === '0.7' ? 'aa-contracts-07' : '@account-abstraction/contracts',
      'EntryPoint',
    )
    await chain.send({ to: deterministicDeployer, data: `${salts[version]}${artifact.bytecode.slice(2)}` })
    if (!(await chain.hasCode(address)))
      throw new DevnetError(`EntryPoint v${version} did not land at ${address}`)
  }
  const entryPoint06 = entryPointAddresses['0.6']
  if (!(await chain.hasCode(entryPoint06))) {
    const receipt = await chain.send({ data: readArtifact('aa-contracts-06', 'EntryPoint').bytecode })
    const temporary = receipt.contractAddress
    if (!temporary) throw new DevnetError('EntryPoint v0.6 was not deployed')
    const temporarySenderCreator = getCreateAddress(temporary, 1)
    const senderCreator = getCreateAddress(entryPoint06, 1)
    let code = replaceAddress(await chain.getCode(temporary), temporary, entryPoint06)
    code = replaceAddress(code, temporarySenderCreator, senderCreator)
    await request('anvil_setCode', [entryPoint06, code])
    await request('anvil_setCode', [senderCreator, await chain.getCode(temporarySenderCreator)])
  }
  return { ...entryPointAddresses }
}

type Receipt = { status: Hex; contractAddress: Address | null; transactionHash: Hex }

function createChain(request: JsonRpcRequest) {
  const getCode = async (address: Address) => (await request('eth_getCode', [address, 'latest'])) as Hex
  return {
    getCode,
    hasCode: async (address: Address) => (await getCode(address)) !== '0x',
    /** Sends from #0 (anvil signs for its dev accounts) and waits for the receipt; throws on a revert. */
    async send(transaction: { to?: Address; data: Hex }): Promise<Receipt> {
      const hash = (await request('eth_sendTransaction', [
        { from: anvilAccounts[0].address, ...transaction },
      ])) as Hex
      for (;;) {
        const receipt = (await request('eth_getTransactionReceipt', [hash])) as Receipt | null
        if (receipt) {
          if (receipt.status !== '0x1')
            throw new DevnetError('An EntryPoint deployment reverted', { details: hash })
          return receipt
        }
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    },
  }
}
