import { generateKeyPairSync, type KeyObject } from 'node:crypto'
import { createApiKeyStamp } from '@sigil/protocol'
import { runCli } from '../src/test/spawnServer.js'
import type { BenchServer } from './startBenchServer.js'
import { toCompressedPublicKey } from './toCompressedPublicKey.js'

export type BenchUser = {
  organizationId: string
  userId: string
  /** The wallet's Ethereum account (`m/44'/60'/0'/0/0`), which signs. */
  ethereumAddress: string
  /** The user's P-256 API key, compressed public key hex. */
  publicKey: string
  privateKey: KeyObject
}

type CreateSubOrganizationResult = {
  activity: {
    status: string
    result: {
      createSubOrganizationResultV8: {
        subOrganizationId: string
        rootUserIds: string[]
        wallet: { walletId: string; addresses: string[] }
      }
    }
  }
}

/**
 * Sets a store up as an operator and an app would: a root API key from the CLI
 * (`admin create-api-key`), then with it, through the API, a sub-organization whose user holds a P-256
 * API key and a wallet with an Ethereum account.
 *
 * @example
 * const user = await provisionBenchUser(server)
 */
export async function provisionBenchUser(server: BenchServer): Promise<BenchUser> {
  const cli = await runCli(['admin', 'create-api-key', '--name', 'bench', ...server.storeArgs], server.env)
  if (cli.code !== 0) throw new Error(`admin create-api-key failed (${cli.code}): ${cli.stderr}`)
  const root = JSON.parse(cli.stdout.trim().split('\n').at(-1)!) as {
    organizationId: string
    privateKey: string
  }

  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const compressedPublicKey = toCompressedPublicKey(publicKey)
  const body = JSON.stringify({
    type: 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8',
    timestampMs: String(Date.now()),
    organizationId: root.organizationId,
    parameters: {
      subOrganizationName: 'bench organization',
      rootUsers: [
        {
          userName: 'bench',
          userEmail: 'bench@example.com',
          apiKeys: [
            { apiKeyName: 'bench key', publicKey: compressedPublicKey, curveType: 'API_KEY_CURVE_P256' },
          ],
          authenticators: [],
          oauthProviders: [],
        },
      ],
      rootQuorumThreshold: 1,
      wallet: {
        walletName: 'bench wallet',
        accounts: [
          {
            curve: 'CURVE_SECP256K1',
            pathFormat: 'PATH_FORMAT_BIP32',
            path: "m/44'/60'/0'/0/0",
            addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
          },
        ],
      },
    },
  })
  const stamp = await createApiKeyStamp({ body, privateKey: root.privateKey })
  const response = await fetch(`${server.url}/public/v1/submit/create_sub_organization`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', [stamp.stampHeaderName]: stamp.stampHeaderValue },
  })
  const answer = (await response.json()) as CreateSubOrganizationResult
  if (response.status !== 200 || answer.activity.status !== 'ACTIVITY_STATUS_COMPLETED')
    throw new Error(`create_sub_organization failed (${response.status}): ${JSON.stringify(answer)}`)
  const result = answer.activity.result.createSubOrganizationResultV8
  return {
    organizationId: result.subOrganizationId,
    userId: result.rootUserIds[0]!,
    ethereumAddress: result.wallet.addresses[0]!,
    publicKey: compressedPublicKey,
    privateKey,
  }
}
