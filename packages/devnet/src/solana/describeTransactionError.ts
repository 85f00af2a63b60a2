import type { TransactionErrorJson } from './toTransactionErrorJson.js'

// Agave's `Display` texts for the errors a developer meets on a local runtime; the rest show their name.
const transactionErrorTexts: Record<string, string> = {
  AccountInUse: 'Account in use',
  AccountLoadedTwice: 'Account loaded twice',
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  MissingSignatureForFee: 'Transaction requires a fee but has no signature present',
  InvalidAccountIndex: 'Transaction contains an invalid account reference',
  SignatureFailure: 'Transaction did not pass signature verification',
  InvalidProgramForExecution: 'This program may not be used for executing instructions',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
  UnsupportedVersion: 'Transaction version is unsupported',
  AddressLookupTableNotFound: 'Transaction loads an address table account that does not exist',
}

const instructionErrorTexts: Record<string, string> = {
  GenericError: 'generic instruction error',
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
  InvalidAccountData: 'invalid account data for instruction',
  InsufficientFunds: 'insufficient funds for instruction',
  IncorrectProgramId: 'incorrect program id for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
  ExternalAccountLamportSpend: 'instruction spent from the balance of an account it does not own',
  NotEnoughAccountKeys: 'insufficient account keys for instruction',
  AccountNotRentExempt: 'An account does not have enough lamports to be rent-exempt',
  ComputationalBudgetExceeded: 'Computational budget exceeded',
}

/**
 * Agave's text for a transaction error, as in `Transaction simulation failed: <text>`.
 *
 * @example
 * describeTransactionError({ InstructionError: [0, { Custom: 1 }] }) // 'Error processing Instruction 0: custom program error: 0x1'
 */
export function describeTransactionError(error: TransactionErrorJson): string {
  if (typeof error === 'string') return transactionErrorTexts[error] ?? error
  const [name, value] = Object.entries(error)[0] ?? ['TransactionError', undefined]
  if (name === 'InstructionError' && Array.isArray(value)) {
    const [index, inner] = value as [number, unknown]
    const text =
      typeof inner === 'string'
        ? (instructionErrorTexts[inner] ?? inner)
        : inner && typeof inner === 'object' && 'Custom' in inner
          ? `custom program error: 0x${Number(inner.Custom).toString(16)}`
          : JSON.stringify(inner)
    return `Error processing Instruction ${index}: ${text}`
  }
  if (name === 'InsufficientFundsForRent')
    return `Transaction results in an account (${(value as { account_index: number }).account_index}) with insufficient funds for rent`
  if (name === 'DuplicateInstruction')
    return `Transaction contains a duplicate instruction (${value}) that is not allowed`
  return `${name} ${JSON.stringify(value)}`
}
