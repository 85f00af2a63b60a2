import { BaseError } from '@sigil/protocol'

/** A policy definition or change was refused (bad limits, unknown app or policy). */
export class SponsorPolicyError extends BaseError {
  override name = 'SponsorPolicyError' as const
}
