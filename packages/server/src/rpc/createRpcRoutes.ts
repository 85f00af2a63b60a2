import { type Context, Hono } from 'hono'
import { resolveApp } from '../apps/resolveApp.js'
import { type ChainConfig, solanaChainIdPattern } from '../gateway/ChainConfig.js'
import type { GatewayRequest, SignedInUser } from '../gateway/GatewayRequest.js'
import type { PaymasterSigner } from '../gateway/PaymasterSigner.js'
import { RpcError } from '../gateway/RpcError.js'
import type { SolanaFeePayer } from '../gateway/SolanaFeePayer.js'
import { ApiError } from '../http/errors/ApiError.js'
import { exceedsJsonDepth, maxJsonDepth } from '../http/exceedsJsonDepth.js'
import { readRawBody } from '../http/readRawBody.js'
import type { SigilContext } from '../SigilContext.js'
import { ensurePaymasterSigner } from '../sponsor/ensurePaymasterSigner.js'
import { ensureSolanaFeePayer } from '../sponsor/solana/ensureSolanaFeePayer.js'
import { answerRpcRequest, toRpcErrorResponse } from './answerRpcRequest.js'
import { rpcCors } from './rpcCors.js'
import { verifyGatewayStamp } from './verifyGatewayStamp.js'

/** Most calls in one batch. */
export const maxRpcBatch = 100

/**
 * The RPC gateway, mounted under `/rpc`: `POST /rpc/<chainId>` (app by bearer API key or JWT, else an
 * allowed browser Origin, as on `/signer`) and `POST /rpc/<chainId>/<apiKey>` (the key in the path),
 * where `<chainId>` is an EVM chain's number or a Solana chain's `solana-…` id,
 * JSON-RPC 2.0, single calls and batches. An unknown chain is HTTP 404 `{ error, code: 'CHAIN_NOT_FOUND' }`;
 * a refused app is 401/403 `{ error, code }`; everything after that is a JSON-RPC answer (HTTP 200).
 * A signed-in user's session may stamp the body (`X-Stamp` or `X-Stamp-Webauthn`, with
 * `X-Sigil-Organization`): policies whose audience needs it verify it (`verifyGatewayStamp`).
 *
 * @example
 * app.route('/rpc', createRpcRoutes(ctx))
 */
export function createRpcRoutes(ctx: SigilContext): Hono {
  const routes = new Hono()
  routes.use('*', rpcCors(ctx))

  let signer: Promise<PaymasterSigner> | undefined
  const paymasterSigner = () => {
    signer ??= ensurePaymasterSigner(ctx.store.db, ctx.vault, { now: ctx.now() }).catch((error: unknown) => {
      signer = undefined
      throw error
    })
    return signer
  }

  let feePayer: Promise<SolanaFeePayer> | undefined
  const solanaFeePayer = () => {
    feePayer ??= ensureSolanaFeePayer(ctx.store.db, ctx.vault, { now: ctx.now() }).catch((error: unknown) => {
      feePayer = undefined
      throw error
    })
    return feePayer
  }

  const handle = async (c: Context) => {
    const chainId = c.req.param('chainId') ?? ''
    const chain: ChainConfig | undefined = /^\d{1,20}$/.test(chainId)
      ? ctx.config.chains.find((each) => each.type !== 'solana' && each.id === Number(chainId))
      : solanaChainIdPattern.test(chainId)
        ? ctx.config.chains.find((each) => each.type === 'solana' && each.id === chainId)
        : undefined
    if (!chain)
      throw new ApiError('NOT_FOUND', `chain ${chainId} is not served by this gateway`, {
        errorCode: 'CHAIN_NOT_FOUND',
      })
    const apiKey = c.req.param('apiKey')
    const app = await resolveApp(ctx.store.db, {
      authorization: apiKey ? `Bearer ${apiKey}` : c.req.header('authorization'),
      origin: c.req.header('origin'),
    })
    const bearer = apiKey ?? c.req.header('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1]
    const credential = !bearer ? 'origin' : bearer.split('.').length === 3 ? 'jwt' : 'apiKey'
    c.header('Cache-Control', 'no-store')
    const text = await readRawBody(c)
    // Verified only when a policy asks, once per HTTP request (a batch shares it), over the exact body.
    let signedIn: Promise<SignedInUser | undefined> | undefined
    const request: GatewayRequest<ChainConfig> = {
      ctx,
      chain,
      app,
      credential,
      signedInUser: () => {
        signedIn ??= verifyGatewayStamp(ctx, { app, header: (name) => c.req.header(name), body: text })
        return signedIn
      },
      paymasterSigner,
      solanaFeePayer,
    }
    if (exceedsJsonDepth(text))
      return c.json(
        toRpcErrorResponse(
          null,
          new RpcError('INVALID_REQUEST', `invalid request: JSON nested deeper than ${maxJsonDepth} levels`),
        ),
      )
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return c.json(
        toRpcErrorResponse(null, new RpcError('PARSE_ERROR', 'parse error: the body is not JSON')),
      )
    }
    if (!Array.isArray(body)) return c.json(await answerRpcRequest(request, body))
    if (body.length === 0 || body.length > maxRpcBatch)
      return c.json(
        toRpcErrorResponse(
          null,
          new RpcError('INVALID_REQUEST', `invalid request: a batch holds 1 to ${maxRpcBatch} calls`),
        ),
      )
    return c.json(await Promise.all(body.map((item) => answerRpcRequest(request, item))))
  }
  routes.post('/:chainId', handle)
  routes.post('/:chainId/:apiKey', handle)
  return routes
}
