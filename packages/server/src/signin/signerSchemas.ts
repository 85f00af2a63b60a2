import type { MultiFactorProof } from '@sigil/protocol'
import { z } from 'zod'
import { toE164 } from '../sms/toE164.js'

/** Pieces shared by `/signer` body schemas. */
export const emailSchema = z
  .string()
  .trim()
  .max(320)
  .email('email must be an email address')
  .transform((email) => email.toLowerCase())
/** A phone number in international format, answered as E.164 (`+14155550123`). */
export const phoneSchema = z
  .string()
  .max(64)
  .transform((value, context) => {
    const e164 = toE164(value)
    if (e164) return e164
    context.addIssue({
      code: 'custom',
      message: 'phone must be a phone number in international format, e.g. +14155550123',
    })
    return z.NEVER
  })
export const targetPublicKeySchema = z
  .string()
  .regex(
    /^(0x)?(04[0-9a-fA-F]{128}|0[23][0-9a-fA-F]{64})$/,
    'targetPublicKey must be a P-256 public key in hex',
  )
export const expirationSecondsSchema = z.coerce
  .number()
  .int('expirationSeconds must be an integer')
  .positive('expirationSeconds must be positive')
  .optional()
/**
 * A `multiFactors` entry: a TOTP code for a factor, or Sigil's extension, a recovery code
 * (`{recoveryCode}`, `multiFactorId` optional and ignored; docs/protocol.md, "Recovery codes").
 */
export const multiFactorProofSchema = z
  .object({
    multiFactorId: z.string().min(1).max(128).optional(),
    multiFactorCode: z
      .string()
      .regex(/^\d{6}$/, 'multiFactorCode must be 6 digits')
      .optional(),
    // Any short string: a malformed recovery code is answered like a wrong one (`Invalid MFA code`).
    recoveryCode: z.string().max(32, 'recoveryCode must be at most 32 characters').optional(),
  })
  .transform((entry, context): MultiFactorProof => {
    if (entry.recoveryCode !== undefined) return { recoveryCode: entry.recoveryCode }
    if (entry.multiFactorId === undefined || entry.multiFactorCode === undefined) {
      context.addIssue({
        code: 'custom',
        message: 'each multiFactors entry needs multiFactorId and multiFactorCode, or recoveryCode',
      })
      return z.NEVER
    }
    return { multiFactorId: entry.multiFactorId, multiFactorCode: entry.multiFactorCode }
  })
export const multiFactorsSchema = z.array(multiFactorProofSchema).max(10).optional()
export const stampedRequestSchema = z.object({
  body: z.string().min(2).max(65_536),
  stamp: z.object({
    stampHeaderName: z.string().min(1).max(64),
    stampHeaderValue: z.string().min(1).max(16_384),
  }),
  url: z.string().max(2048).optional(),
})
