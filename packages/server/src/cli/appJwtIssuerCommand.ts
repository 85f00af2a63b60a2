import { readFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { addJwtIssuer } from '../auth/jwt/addJwtIssuer.js'
import type { JwtIssuer } from '../auth/jwt/JwtIssuer.js'
import { listJwtIssuers } from '../auth/jwt/listJwtIssuers.js'
import { removeJwtIssuer } from '../auth/jwt/removeJwtIssuer.js'
import { createStore } from '../store/createStore.js'
import { migrateToLatest } from '../store/migrateToLatest.js'
import { appJwtIssuerUsage } from './cliUsage.js'
import { joinDashedValues } from './joinDashedValues.js'
import { commonOptions, storeLocation } from './parseCliArgs.js'

/**
 * `sigil-server app jwt-issuer add|list|remove`: the issuers whose JWTs sign an app's users in
 * (`/v1/auth-jwt`, docs/custom-jwt.md). `add` prints the issuer as JSON; `list` a JSON array;
 * `remove` `{"removed":true|false}`. The key is a JWKS URL or a public key (PEM or JWK, after the
 * flag, as `--public-key=…`, or in `--public-key-file`).
 */
export async function appJwtIssuerCommand(args: string[]): Promise<void> {
  const [action, ...rest] = args
  const { values } = parseArgs({
    args: joinDashedValues(rest, ['public-key']),
    options: {
      ...commonOptions,
      app: { type: 'string' },
      issuer: { type: 'string' },
      'jwks-url': { type: 'string' },
      'public-key': { type: 'string' },
      'public-key-file': { type: 'string' },
      audience: { type: 'string' },
      'user-claim': { type: 'string' },
      algorithm: { type: 'string', multiple: true },
    },
    strict: true,
  })
  if (values.help || !action) return void console.log(appJwtIssuerUsage)
  if (action !== 'add' && action !== 'list' && action !== 'remove')
    throw new Error(`unknown action: app jwt-issuer ${action}\nusage: ${appJwtIssuerUsage}`)
  if (!values.app) throw new Error(`--app is required\nusage: ${appJwtIssuerUsage}`)
  const appId = values.app
  if (action !== 'list' && !values.issuer)
    throw new Error(`--issuer is required\nusage: ${appJwtIssuerUsage}`)
  if (values['public-key'] !== undefined && values['public-key-file'] !== undefined)
    throw new Error('give --public-key or --public-key-file, not both')
  const publicKey =
    values['public-key-file'] !== undefined
      ? await readFile(values['public-key-file'], 'utf8')
      : values['public-key']
  const store = await createStore(storeLocation(values))
  try {
    await migrateToLatest(store.db)
    if (action === 'list') {
      console.log(JSON.stringify((await listJwtIssuers(store.db, { appId })).map(toJson)))
      return
    }
    const issuer = values.issuer as string
    if (action === 'remove') {
      console.log(JSON.stringify({ removed: await removeJwtIssuer(store.db, { appId, issuer }) }))
      return
    }
    const added = await addJwtIssuer(store.db, {
      appId,
      issuer,
      ...(values['jwks-url'] !== undefined ? { jwksUrl: values['jwks-url'] } : {}),
      ...(publicKey !== undefined ? { publicKey } : {}),
      audience: values.audience ?? '',
      ...(values['user-claim'] !== undefined ? { userClaim: values['user-claim'] } : {}),
      ...(values.algorithm?.length
        ? { algorithms: values.algorithm.flatMap((each) => each.split(',')) as JwtIssuer['algorithms'] }
        : {}),
      now: Date.now(),
    })
    console.log(JSON.stringify(toJson(added)))
  } finally {
    await store.close()
  }
}

/** What the CLI prints of an issuer: everything but the key itself (only whether there is one). */
function toJson(issuer: JwtIssuer) {
  return {
    id: issuer.id,
    appId: issuer.appId,
    issuer: issuer.issuer,
    jwksUrl: issuer.jwksUrl,
    publicKey: issuer.publicKey === null ? null : 'static',
    audience: issuer.audience,
    userClaim: issuer.userClaim,
    algorithms: issuer.algorithms,
  }
}
