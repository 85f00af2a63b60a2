import { airdropFactory, generateKeyPairSigner, getSignatureFromTransaction, lamports } from '@solana/kit'
import { describe, expect, onTestFinished, test } from 'vitest'
import { WebSocket } from 'ws'
import { assertPortFree } from '../process/assertPortFree.js'
import { startSolanaDevnet } from './startSolanaDevnet.js'
import { startSolanaTestbed } from './startSolanaTestbed.js'

const sol = 1_000_000_000n

async function start(parameters: Parameters<typeof startSolanaTestbed>[0] = {}) {
  const testbed = await startSolanaTestbed(parameters)
  onTestFinished(() => testbed.devnet.stop())
  return testbed
}

describe('startSolanaDevnet', () => {
  test('default: funds accounts, answers balances, airdrops through @solana/kit', async () => {
    const [funded, other] = [await generateKeyPairSigner(), await generateKeyPairSigner()]
    const { devnet, rpc, rpcSubscriptions } = await start({
      fund: [{ address: funded.address, lamports: 5n * sol }],
    })
    expect(devnet.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(devnet.wsUrl).toBe(devnet.rpcUrl.replace('http', 'ws'))
    expect(devnet.getBalance(funded.address)).toBe(5n * sol)
    expect((await rpc.getBalance(funded.address).send()).value).toBe(5n * sol)

    await airdropFactory({ rpc, rpcSubscriptions })({
      recipientAddress: other.address,
      lamports: lamports(2n * sol),
      commitment: 'confirmed',
    })
    await devnet.airdrop(other.address, sol)
    await devnet.airdrop(other.address, sol)
    expect((await rpc.getBalance(other.address).send()).value).toBe(4n * sol)
    expect(devnet.getBalance((await generateKeyPairSigner()).address)).toBe(0n)
    expect(await rpc.getHealth().send()).toBe('ok')
  })

  test('behavior: a self-paid transfer confirms through the websocket; the payer pays amount + 5,000', async () => {
    const [payer, receiver] = [await generateKeyPairSigner(), await generateKeyPairSigner()]
    const { devnet, rpc, transfer, sendAndConfirm } = await start({
      fund: [{ address: payer.address, lamports: 10n * sol }],
    })
    const transaction = await transfer({
      feePayer: payer,
      source: payer,
      destination: receiver.address,
      amount: sol,
    })
    await sendAndConfirm(transaction)
    expect(devnet.getBalance(payer.address)).toBe(9n * sol - 5_000n)
    expect(devnet.getBalance(receiver.address)).toBe(sol)
    const { value } = await rpc.getSignatureStatuses([getSignatureFromTransaction(transaction)]).send()
    expect(value[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' })
  })

  test('behavior: sponsored shape: the fee payer pays 10,000 for two signatures, the source only the amount', async () => {
    const [sponsor, user, receiver] = [
      await generateKeyPairSigner(),
      await generateKeyPairSigner(),
      await generateKeyPairSigner(),
    ]
    const { devnet, transfer, sendAndConfirm } = await start({
      fund: [
        { address: sponsor.address, lamports: sol },
        { address: user.address, lamports: 2n * sol },
      ],
    })
    await sendAndConfirm(
      await transfer({ feePayer: sponsor, source: user, destination: receiver.address, amount: sol }),
    )
    expect(devnet.getBalance(sponsor.address)).toBe(sol - 10_000n)
    expect(devnet.getBalance(user.address)).toBe(sol)
  })

  test('behavior: two identical transfers built one after the other both land (the blockhash advances)', async () => {
    const [payer, receiver] = [await generateKeyPairSigner(), await generateKeyPairSigner()]
    // No slot timer: only the landed transaction moves the blockhash on.
    const { devnet, transfer, sendAndConfirm } = await start({
      fund: [{ address: payer.address, lamports: 10n * sol }],
      slotMilliseconds: 0,
    })
    const parameters = { feePayer: payer, source: payer, destination: receiver.address, amount: sol }
    const first = await transfer(parameters)
    await sendAndConfirm(first)
    const second = await transfer(parameters)
    await sendAndConfirm(second)
    expect(second.lifetimeConstraint.blockhash).not.toBe(first.lifetimeConstraint.blockhash)
    expect(devnet.getBalance(receiver.address)).toBe(2n * sol)
  })

  test('behavior: stop() closes the port and the websockets; a second stop() is harmless', async () => {
    const { devnet, rpc } = await start()
    const port = Number(new URL(devnet.rpcUrl).port)
    await rpc.getSlot().send()
    const socket = new WebSocket(devnet.wsUrl)
    await new Promise((resolve) => socket.once('open', resolve))
    const closed = new Promise((resolve) => socket.once('close', resolve))
    await devnet.stop()
    await closed
    await assertPortFree(port, 'Solana runtime')
    await devnet.stop()
  })

  test('error: a busy port is refused with a clear message', async () => {
    const { devnet } = await start()
    const port = Number(new URL(devnet.rpcUrl).port)
    await expect(startSolanaDevnet({ port })).rejects.toThrow(`Port ${port} is already in use`)
  })

  test('error: funding a string that is not a Solana address', async () => {
    await expect(startSolanaDevnet({ fund: [{ address: '0x1234', lamports: 1n }] })).rejects.toThrow(
      'Not a Solana address: 0x1234',
    )
  })
})
