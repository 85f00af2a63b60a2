import { z } from 'zod'

/** Most owners an organization may have (and users one request may add or remove). */
export const maxOwners = 20

/** An EVM address, lower-cased. */
export const evmAddressSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'evmSignerAddress must be a 0x-prefixed 20-byte hex address')
  .transform((address) => address.toLowerCase() as `0x${string}`)

/** `members` of the multi-owner routes: 1 to {@link maxOwners} distinct addresses. */
export const membersSchema = z
  .array(z.object({ evmSignerAddress: evmAddressSchema }))
  .min(1, 'members must name at least one owner')
  .max(maxOwners, `members must name at most ${maxOwners} owners`)
  .refine(
    (members) => new Set(members.map((member) => member.evmSignerAddress)).size === members.length,
    'members must not repeat an address',
  )

export const organizationIdSchema = z.string().min(1).max(128)

/** Ids of users named by an activity: 1 to {@link maxOwners}, distinct. */
export const userIdsSchema = z
  .array(z.string().min(1).max(128))
  .min(1)
  .max(maxOwners)
  .refine((ids) => new Set(ids).size === ids.length, 'userIds must not repeat an id')
