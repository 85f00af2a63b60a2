import type { CompiledTransactionMessage } from '@solana/kit'

const computeBudgetProgram = 'ComputeBudget111111111111111111111111111111'
const lamportsPerSignature = 5_000n
const defaultUnitsPerInstruction = 200_000n
const maxUnits = 1_400_000n

/**
 * The fee a message pays, as the runtime charges it: 5,000 lamports per signature plus the prioritization fee
 * (`SetComputeUnitPrice` × compute-unit limit, rounded up).
 *
 * @example
 * getMessageFee(getCompiledTransactionMessageDecoder().decode(messageBytes)) // 10000n for two signers
 */
export function getMessageFee(message: CompiledTransactionMessage): bigint {
  const signatures = BigInt(message.header.numSignerAccounts) * lamportsPerSignature
  if (message.version === 1) return signatures
  let unitLimit: bigint | undefined
  let microLamportsPerUnit = 0n
  let otherInstructions = 0n
  for (const instruction of message.instructions) {
    const data = instruction.data ?? new Uint8Array()
    if (message.staticAccounts[instruction.programAddressIndex] !== computeBudgetProgram) {
      otherInstructions += 1n
      continue
    }
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
    if (data[0] === 2 && data.length >= 5) unitLimit = BigInt(view.getUint32(1, true))
    if (data[0] === 3 && data.length >= 9) microLamportsPerUnit = view.getBigUint64(1, true)
  }
  const units = unitLimit ?? otherInstructions * defaultUnitsPerInstruction
  const limit = units > maxUnits ? maxUnits : units
  const priority = (microLamportsPerUnit * limit + 999_999n) / 1_000_000n
  return signatures + priority
}
