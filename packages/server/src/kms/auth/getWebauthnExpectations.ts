import type { SigilContext } from '../../SigilContext.js'

/**
 * Origins and relying-party ids a passkey may be used with: those configured for the server plus
 * every app's allowed origins (and their host names as rp ids), or only one app's when given. The
 * server's own list is `SIGIL_WEBAUTHN_ORIGINS` / `SIGIL_WEBAUTHN_RP_IDS`; the localhost defaults are
 * in it only in dev mode (`resolveConfig`), so a production server accepts no localhost passkey unless an
 * app allows a localhost origin.
 *
 * @example
 * const { origins, rpIds } = await getWebauthnExpectations(ctx)
 */
export async function getWebauthnExpectations(
  ctx: SigilContext,
  app?: { allowedOrigins: string[] },
): Promise<{ origins: string[]; rpIds: string[] }> {
  const appOrigins = app
    ? app.allowedOrigins
    : (await ctx.store.db.selectFrom('apps').select('allowed_origins').execute()).flatMap(
        (row) => JSON.parse(row.allowed_origins) as string[],
      )
  const origins = [...new Set([...(app ? [] : ctx.config.webauthnOrigins), ...appOrigins])]
  const rpIds = [
    ...new Set([
      ...(app ? [] : ctx.config.webauthnRpIds),
      ...appOrigins.map((origin) => new URL(origin).hostname),
    ]),
  ]
  return { origins, rpIds }
}
