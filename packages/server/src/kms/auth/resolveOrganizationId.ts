import type { SigilContext } from '../../SigilContext.js'

/** The root organization id that Account Kit clients send by default; it means "this server's root". */
export const accountKitRootOrganizationId = '24c1acf5-810f-41e0-a503-d5d13fa8e830'

/**
 * Maps the id a client sent to a stored organization id (the Account Kit default root id is an
 * alias of this server's root organization).
 *
 * @example
 * resolveOrganizationId(ctx, '24c1acf5-810f-41e0-a503-d5d13fa8e830') // ctx.rootOrganizationId
 */
export function resolveOrganizationId(ctx: SigilContext, organizationId: string): string {
  return organizationId === accountKitRootOrganizationId ? ctx.rootOrganizationId : organizationId
}
