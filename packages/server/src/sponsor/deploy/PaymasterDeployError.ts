import { BaseError } from '@sigil/protocol'

/** `sigil-server paymaster …` could not do what it was asked (no deployer key, a bad amount, a reverted transaction). */
export class PaymasterDeployError extends BaseError {
  override name = 'PaymasterDeployError' as const
}
