import type { OwnerActivityDefinition } from './defineOwnerActivity.js'
import { ownerCreateUsers } from './ownerCreateUsers.js'
import { ownerDeleteUsers } from './ownerDeleteUsers.js'
import { ownerSignRawPayload } from './ownerSignRawPayload.js'
import { ownerUpdateRootQuorum } from './ownerUpdateRootQuorum.js'

/** Every activity a multi-owner organization's owners submit, by name. */
export const ownerActivities = {
  signRawPayload: ownerSignRawPayload,
  createUsers: ownerCreateUsers,
  updateRootQuorum: ownerUpdateRootQuorum,
  deleteUsers: ownerDeleteUsers,
} satisfies Record<string, OwnerActivityDefinition>

/**
 * The definition that carries out an activity type, for a pending activity the quorum approved.
 *
 * @example
 * const definition = findOwnerActivity('ACTIVITY_TYPE_DELETE_USERS')
 */
export function findOwnerActivity(type: string): OwnerActivityDefinition | undefined {
  return Object.values(ownerActivities).find((definition) => Object.hasOwn(definition.types, type)) as
    | OwnerActivityDefinition
    | undefined
}
