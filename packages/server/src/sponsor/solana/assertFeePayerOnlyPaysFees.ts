import { RpcError } from '../../gateway/RpcError.js'
import type { SolanaCompiledMessage } from './decodeSolanaTransaction.js'

/**
 * The drain rule: the fee payer (account 0) pays fees and nothing else. Refuses (`POLICY_REFUSED`) a
 * message that uses it in an instruction, as an account (a transfer from it, a write to it, …) or as
 * the program, lists it again at another index, or loads accounts from address lookup tables (which
 * could hold the fee payer and cannot be checked here).
 *
 * @example
 * assertFeePayerOnlyPaysFees(message, feePayer.address)
 */
export function assertFeePayerOnlyPaysFees(message: SolanaCompiledMessage, feePayer: string): void {
  const drain = () =>
    new RpcError(
      'POLICY_REFUSED',
      `The transaction uses the fee payer ${feePayer} in an instruction: the fee payer only pays fees`,
    )
  if (message.staticAccounts.lastIndexOf(feePayer as never) > 0) throw drain()
  if (message.version === 0 && (message.addressTableLookups?.length ?? 0) > 0)
    throw new RpcError(
      'POLICY_REFUSED',
      'The transaction loads accounts from address lookup tables, which the fee payer cannot check: list every account in the message',
    )
  for (const instruction of message.instructions)
    if (instruction.programAddressIndex === 0 || instruction.accountIndices?.includes(0)) throw drain()
}
