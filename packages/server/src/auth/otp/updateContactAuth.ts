import type { MultiFactorProof } from '@sigil/protocol'
import { z } from 'zod'
import { parseWith } from '../../http/parseWith.js'
import { authenticationErrors } from '../../kms/auth/authenticationErrors.js'
import type { SigilContext } from '../../SigilContext.js'
import type { SignerRequest } from '../../signin/defineSignerRoute.js'
import { emailSchema, phoneSchema, type stampedRequestSchema } from '../../signin/signerSchemas.js'
import { verifyStampedRequest } from '../../signin/verifyStampedRequest.js'
import { hasOtherSignInMethod, lockUserRow } from '../../users/hasOtherSignInMethod.js'
import { recordProvenEmail } from '../../users/recordProvenEmail.js'
import { recordProvenPhone } from '../../users/recordProvenPhone.js'
import { mfaErrors } from '../mfa/mfaErrors.js'
import { requireMultiFactors } from '../mfa/requireMultiFactors.js'
import { hasSmsFactorOffNumber } from '../mfa/sms/hasSmsFactorOffNumber.js'
import { otpErrors } from './otpErrors.js'
import { readVerificationToken } from './readVerificationToken.js'

/** What `/v1/update-email-auth` and `/v1/update-phone-auth` differ in. */
const channels = {
  email: {
    activityType: 'ACTIVITY_TYPE_UPDATE_USER_EMAIL',
    field: 'userEmail',
    otpType: 'OTP_TYPE_EMAIL',
    schema: emailSchema,
    what: 'email',
  },
  sms: {
    activityType: 'ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER',
    field: 'userPhoneNumber',
    otpType: 'OTP_TYPE_SMS',
    schema: phoneSchema,
    what: 'phone number',
  },
} as const

export type UpdateContactAuthParameters = {
  channel: keyof typeof channels
  stampedRequest: z.output<typeof stampedRequestSchema>
  multiFactors?: MultiFactorProof[] | undefined
}

/**
 * Sets or removes the signed-in user's email or phone number from a session-stamped
 * `ACTIVITY_TYPE_UPDATE_USER_EMAIL` / `ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER` (Account Kit's
 * `setEmail({id, code})`, `setPhoneNumber`, `removeEmail`, `removePhoneNumber`). The stamp must be
 * fresh and the user the stamper itself, in an organization of this app; a user with a second factor
 * sends `multiFactors`. Setting needs the verification token of `/v1/verify-otp` for exactly that
 * contact, this app and this kind of contact; the token is used up in the same write that makes the
 * contact the user's only proven one of its kind (the unique index refuses a contact another user of
 * the app holds: 409). An empty value removes it. The phone number a verified text-message (`sms`)
 * factor texts is neither removed nor changed (400 `PHONE_USED_BY_MFA`): the user removes that factor
 * first, so a second factor never silently goes away or texts a number the user no longer proves. Account Kit's legacy unverified
 * `ACTIVITY_TYPE_UPDATE_USER` is refused: an unproven contact never counts.
 *
 * @example
 * await updateContactAuth(ctx, request, { channel: 'sms', stampedRequest })
 */
export async function updateContactAuth(
  ctx: SigilContext,
  request: SignerRequest,
  parameters: UpdateContactAuthParameters,
): Promise<Record<string, never>> {
  const channel = channels[parameters.channel]
  const { principal, json } = await verifyStampedRequest(ctx, request.app, parameters.stampedRequest)
  if (json.type === 'ACTIVITY_TYPE_UPDATE_USER') throw otpErrors.verificationRequired(channel.what)
  if (json.type !== channel.activityType) throw otpErrors.wrongActivityType(channel.activityType)
  const envelope = parseWith(
    z.object({
      timestampMs: z.string().regex(/^\d{1,16}$/, 'timestampMs must be a string of epoch milliseconds'),
      organizationId: z.string().min(1).max(128),
      parameters: z.object({
        userId: z.string().min(1).max(128),
        [channel.field]: z.string().max(320),
        verificationToken: z.string().max(4096).optional(),
      }),
    }),
    json,
  )
  const now = ctx.now()
  const timestamp = Number(envelope.timestampMs)
  if (now - timestamp > ctx.config.maxRequestAgeMs || timestamp - now > ctx.config.maxRequestSkewMs)
    throw authenticationErrors.staleTimestamp(
      `timestampMs must be at most ${ctx.config.maxRequestAgeMs / 1000} s old and ${ctx.config.maxRequestSkewMs / 1000} s ahead of the server clock`,
    )
  const { userId } = principal
  if (envelope.parameters.userId !== userId || envelope.organizationId !== principal.organizationId)
    throw otpErrors.otherUser()
  const organization = await ctx.store.db
    .selectFrom('organizations')
    .select('app_id')
    .where('id', '=', principal.organizationId)
    .executeTakeFirst()
  if (organization?.app_id !== request.app.id) throw otpErrors.otherUser()
  await requireMultiFactors(ctx, {
    userId,
    multiFactors: parameters.multiFactors,
    ip: request.ip,
    smsScope: 'session',
  })

  const appId = request.app.id
  const raw = String(envelope.parameters[channel.field] ?? '')
  const identities = parameters.channel === 'sms' ? 'phone_identities' : 'email_identities'
  const column = parameters.channel === 'sms' ? 'phone_number' : 'email'
  if (raw.trim() === '') {
    const removed = parameters.channel === 'sms' ? { phones: true as const } : { emails: true as const }
    await ctx.batcher.run(async (trx) => {
      await lockUserRow(trx, { userId, now })
      if (!(await hasOtherSignInMethod(trx, { userId, removed })))
        throw otpErrors.lastSignInMethod(channel.what)
      if (parameters.channel === 'sms' && (await hasSmsFactorOffNumber(trx, { userId })))
        throw mfaErrors.phoneUsedByFactor()
      await trx.deleteFrom(identities).where('user_id', '=', userId).where('app_id', '=', appId).execute()
      await trx
        .updateTable('users')
        .set({ [column]: null, updated_at: now })
        .where('id', '=', userId)
        .execute()
    })
    return {}
  }
  const contact = parseWith(z.object({ [channel.field]: channel.schema }), envelope.parameters)[
    channel.field
  ] as string
  const rawToken = envelope.parameters.verificationToken
  if (!rawToken) throw otpErrors.verificationRequired(channel.what)
  const token = await readVerificationToken(ctx, rawToken, { appId, otpType: channel.otpType, contact })
  await ctx.batcher.run(async (trx) => {
    // The token's one use: its jti's row, refused (no row inserted) when it was used before.
    const use = await trx
      .insertInto('single_use_tokens')
      .values({ id: token.jti, kind: 'verification-token', expires_at: token.expiresAt, used_at: now })
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst()
    if (Number(use.numInsertedOrUpdatedRows ?? 0) !== 1)
      throw otpErrors.invalidVerificationToken('this verification token was already used')
    if (parameters.channel === 'sms') {
      await lockUserRow(trx, { userId, now })
      if (await hasSmsFactorOffNumber(trx, { userId, keptPhone: contact }))
        throw mfaErrors.phoneUsedByFactor()
      await trx
        .deleteFrom('phone_identities')
        .where('user_id', '=', userId)
        .where('app_id', '=', appId)
        .where('phone', '<>', contact)
        .execute()
      await recordProvenPhone(trx, { appId, phone: contact, userId, now, how: 'verification-token' })
    } else {
      await trx
        .deleteFrom('email_identities')
        .where('user_id', '=', userId)
        .where('app_id', '=', appId)
        .where('email', '<>', contact)
        .execute()
      await recordProvenEmail(trx, { appId, email: contact, userId, now, how: 'verification-token' })
      await trx
        .updateTable('users')
        .set({ email: contact, updated_at: now })
        .where('id', '=', userId)
        .execute()
    }
  })
  return {}
}
