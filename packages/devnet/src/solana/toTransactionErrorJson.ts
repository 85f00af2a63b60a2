import type { FailedTransactionMetadata } from 'litesvm'

/** A transaction error as Agave's JSON-RPC writes it: `'BlockhashNotFound'`, `{ InstructionError: [0, { Custom: 1 }] }`, … */
export type TransactionErrorJson = string | Record<string, unknown>

// litesvm's `TransactionErrorFieldless` and `InstructionErrorFieldless` (const enums in its typings), in order.
const transactionErrorNames = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
] as const

const instructionErrorNames =
  `GenericError InvalidArgument InvalidInstructionData InvalidAccountData AccountDataTooSmall
  InsufficientFunds IncorrectProgramId MissingRequiredSignature AccountAlreadyInitialized UninitializedAccount
  UnbalancedInstruction ModifiedProgramId ExternalAccountLamportSpend ExternalAccountDataModified ReadonlyLamportChange
  ReadonlyDataModified DuplicateAccountIndex ExecutableModified RentEpochModified NotEnoughAccountKeys
  AccountDataSizeChanged AccountNotExecutable AccountBorrowFailed AccountBorrowOutstanding DuplicateAccountOutOfSync
  InvalidError ExecutableDataModified ExecutableLamportChange ExecutableAccountNotRentExempt UnsupportedProgramId
  CallDepth MissingAccount ReentrancyNotAllowed MaxSeedLengthExceeded InvalidSeeds InvalidRealloc
  ComputationalBudgetExceeded PrivilegeEscalation ProgramEnvironmentSetupFailure ProgramFailedToComplete
  ProgramFailedToCompile Immutable IncorrectAuthority AccountNotRentExempt InvalidAccountOwner ArithmeticOverflow
  UnsupportedSysvar IllegalOwner MaxAccountsDataAllocationsExceeded MaxAccountsExceeded
  MaxInstructionTraceLengthExceeded BuiltinProgramsMustConsumeComputeUnits BorshIoError`.split(/\s+/)

type LitesvmError = ReturnType<FailedTransactionMetadata['err']>

/**
 * Turns litesvm's transaction error into the JSON Agave answers (which `@solana/kit` turns back into a
 * `SolanaError` with `getSolanaErrorFromTransactionError`).
 *
 * @example
 * toTransactionErrorJson(failed.err()) // 'AlreadyProcessed'
 */
export function toTransactionErrorJson(error: LitesvmError): TransactionErrorJson {
  if (typeof error === 'number') return transactionErrorNames[error] ?? `TransactionError${error}`
  const kind = error.constructor.name
  if ('err' in error) {
    const inner = error.err()
    const instructionError =
      typeof inner === 'number'
        ? (instructionErrorNames[inner] ?? `InstructionError${inner}`)
        : 'code' in inner
          ? { Custom: inner.code }
          : { BorshIoError: inner.msg }
    return { InstructionError: [error.index, instructionError] }
  }
  if ('accountIndex' in error)
    return {
      [kind.includes('Restricted') ? 'ProgramExecutionTemporarilyRestricted' : 'InsufficientFundsForRent']: {
        account_index: error.accountIndex,
      },
    }
  return { DuplicateInstruction: error.index }
}
