import { base64urlDecode } from '@sigil/protocol'
import { z } from 'zod'
import { ApiError } from '../../http/errors/ApiError.js'
import { parseJsonBody } from '../../http/parseJsonBody.js'
import { createId } from '../../ids/createId.js'
import { apiKeyParamsSchema } from '../credentials/apiKeySchemas.js'
import { authenticatorParamsSchema } from '../credentials/authenticatorSchemas.js'
import { prepareApiKeys } from '../credentials/prepareApiKeys.js'
import { prepareAuthenticators } from '../credentials/prepareAuthenticators.js'
import { prepareWallet } from '../wallets/prepareWallet.js'
import { walletParamsSchema } from '../wallets/walletSchemas.js'
import { credentialExpiresAt } from './credentialExpiresAt.js'
import { defineActivity } from './defineActivity.js'
import { stampingApiKey } from './stampingApiKey.js'

const oauthProviderSchema = z.object({
  providerName: z.string().min(1).max(256),
  oidcToken: z.string().min(1).max(16_384).optional(),
  oidcClaims: z.object({ iss: z.string().min(1), sub: z.string().min(1), aud: z.string().min(1) }).optional(),
})

const rootUserSchema = z.object({
  userName: z.string().min(1, 'userName is required').max(256),
  userEmail: z.email().max(320).optional(),
  userPhoneNumber: z.string().max(32).optional(),
  apiKeys: z.array(apiKeyParamsSchema).max(10),
  authenticators: z.array(authenticatorParamsSchema).max(10),
  oauthProviders: z.array(oauthProviderSchema).max(10),
})

/** Parameters of V7 and V8 (V8 adds `oidcClaims` to OAuth providers). */
const schema = z
  .object({
    subOrganizationName: z.string().min(1, 'subOrganizationName is required').max(256),
    rootUsers: z.array(rootUserSchema).min(1, 'at least one root user is required').max(100),
    rootQuorumThreshold: z.number().int().min(1),
    wallet: walletParamsSchema.optional(),
    disableEmailRecovery: z.boolean().optional(),
    disableEmailAuth: z.boolean().optional(),
    disableSmsAuth: z.boolean().optional(),
    disableOtpEmailAuth: z.boolean().optional(),
    verificationToken: z.string().optional(),
    clientSignature: z.unknown().optional(),
  })
  .refine((parameters) => parameters.rootQuorumThreshold <= parameters.rootUsers.length, {
    message: 'rootQuorumThreshold cannot exceed the number of root users',
    path: ['rootQuorumThreshold'],
  })

/** Issuer, subject and audience of an OAuth provider entry (claims given, or read from the token). */
function providerClaims(provider: z.output<typeof oauthProviderSchema>) {
  if (provider.oidcClaims) return provider.oidcClaims
  if (!provider.oidcToken)
    throw new ApiError('INVALID_ARGUMENT', 'an OAuth provider needs oidcToken or oidcClaims', {
      errorCode: 'INVALID_OIDC_TOKEN',
    })
  try {
    const claims = parseJsonBody(
      new TextDecoder().decode(base64urlDecode(provider.oidcToken.split('.')[1] ?? '')),
    ) as { iss?: unknown; sub?: unknown; aud?: unknown }
    const aud = Array.isArray(claims.aud) ? claims.aud[0] : claims.aud
    if (typeof claims.iss !== 'string' || typeof claims.sub !== 'string' || typeof aud !== 'string')
      throw new Error('iss, sub and aud are required')
    return { iss: claims.iss, sub: claims.sub, aud }
  } catch (cause) {
    throw new ApiError('INVALID_ARGUMENT', 'oidcToken is not a valid OIDC token', {
      errorCode: 'INVALID_OIDC_TOKEN',
      cause,
    })
  }
}

/**
 * `create_sub_organization` (V7, V8): a sub-organization of the root organization with its root
 * users, their API keys, passkeys and OAuth providers, and optionally a wallet. Stamped by an
 * expiring key (a session), the root users' API keys expire no later than it.
 */
export const createSubOrganizationActivity = defineActivity({
  path: 'create_sub_organization',
  changesApiKeys: true,
  schema,
  async prepare(ctx, run, parameters) {
    const parent = await ctx.store.db
      .selectFrom('organizations')
      .select(['id', 'parent_id'])
      .where('id', '=', run.organizationId)
      .executeTakeFirstOrThrow()
    if (parent.parent_id !== null)
      throw new ApiError('PERMISSION_DENIED', 'a sub-organization cannot create sub-organizations', {
        errorCode: 'FORBIDDEN',
      })
    const organizationId = createId()
    const users = await Promise.all(
      parameters.rootUsers.map(async (rootUser) => {
        const userId = createId()
        const apiKeys = prepareApiKeys({
          organizationId,
          userId,
          apiKeys: rootUser.apiKeys,
          now: run.now,
          expiresAtMost: credentialExpiresAt(run.principal),
          stampedBy: stampingApiKey(run.principal),
        })
        const authenticators = await prepareAuthenticators(ctx, {
          organizationId,
          userId,
          authenticators: rootUser.authenticators,
          now: run.now,
        })
        const oauthProviders = rootUser.oauthProviders.map((provider) => {
          const claims = providerClaims(provider)
          return {
            providerId: createId(),
            providerName: provider.providerName,
            issuer: claims.iss,
            audience: claims.aud,
            subject: claims.sub,
            createdAt: run.now,
          }
        })
        return { userId, rootUser, apiKeys, authenticators, oauthProviders }
      }),
    )
    const wallet =
      parameters.wallet && prepareWallet(ctx, { organizationId, now: run.now, wallet: parameters.wallet })
    const rootUserIds = users.map((user) => user.userId)
    return {
      result: {
        subOrganizationId: organizationId,
        ...(wallet ? { wallet: { walletId: wallet.walletId, addresses: wallet.addresses } } : {}),
        rootUserIds,
      },
      parameters: {
        ...parameters,
        rootUsers: users.map(({ rootUser, apiKeys }) => ({ ...rootUser, apiKeys: apiKeys.apiKeys })),
      },
      async write(trx) {
        await trx
          .insertInto('organizations')
          .values({
            id: organizationId,
            name: parameters.subOrganizationName,
            parent_id: run.organizationId,
            root_quorum_threshold: parameters.rootQuorumThreshold,
            root_user_ids: JSON.stringify(rootUserIds),
            created_at: run.now,
            updated_at: run.now,
          })
          .execute()
        await trx
          .insertInto('users')
          .values(
            users.map(({ userId, rootUser, oauthProviders }) => ({
              id: userId,
              organization_id: organizationId,
              name: rootUser.userName,
              email: rootUser.userEmail?.trim().toLowerCase() ?? null,
              phone_number: rootUser.userPhoneNumber ?? null,
              oauth_providers: JSON.stringify(oauthProviders),
              created_at: run.now,
              updated_at: run.now,
            })),
          )
          .execute()
        // The operator vouches for these emails; the sub-organization belongs to no app, so no
        // sign-in matches them and no uniqueness applies (see docs/email-sign-in.md).
        const vouched = users.filter(({ rootUser }) => rootUser.userEmail)
        if (vouched.length > 0)
          await trx
            .insertInto('email_identities')
            .values(
              vouched.map(({ userId, rootUser }) => ({
                app_id: null,
                email: rootUser.userEmail!.trim().toLowerCase(),
                user_id: userId,
                proven_at: run.now,
                how: 'operator',
              })),
            )
            .execute()
        for (const user of users) {
          await user.apiKeys.write(trx)
          await user.authenticators.write(trx)
        }
        await wallet?.write(trx)
      },
    }
  },
})
