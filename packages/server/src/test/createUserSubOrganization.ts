import { generateTestKey, type TestKey, type TestServer } from './createTestServer.js'

export const ethereumAccount = {
  curve: 'CURVE_SECP256K1',
  pathFormat: 'PATH_FORMAT_BIP32',
  path: "m/44'/60'/0'/0/0",
  addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
} as const
export const solanaAccount = {
  curve: 'CURVE_ED25519',
  pathFormat: 'PATH_FORMAT_BIP32',
  path: "m/44'/501'/0'/0'",
  addressFormat: 'ADDRESS_FORMAT_SOLANA',
} as const

export type UserSubOrganization = {
  organizationId: string
  userId: string
  key: TestKey
  walletId: string
  ethereumAddress: string
  solanaAddress: string
}

/**
 * Creates, through the API with the root key, a sub-organization with one user holding a P-256 API
 * key, and a wallet with an Ethereum and a Solana account.
 *
 * @example
 * const user = await createUserSubOrganization(server, { email: 'ada@example.com' })
 */
export async function createUserSubOrganization(
  server: TestServer,
  { email = 'user@example.com', name = 'user' }: { email?: string; name?: string } = {},
): Promise<UserSubOrganization> {
  const key = generateTestKey()
  const response = await server.submit(
    'create_sub_organization',
    'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8',
    {
      subOrganizationName: `${name} organization`,
      rootUsers: [
        {
          userName: name,
          userEmail: email,
          apiKeys: [{ apiKeyName: 'user key', publicKey: key.publicKey, curveType: 'API_KEY_CURVE_P256' }],
          authenticators: [],
          oauthProviders: [],
        },
      ],
      rootQuorumThreshold: 1,
      wallet: { walletName: 'Default wallet', accounts: [ethereumAccount, solanaAccount] },
    },
  )
  const body = (await response.json()) as {
    activity: {
      result: {
        createSubOrganizationResultV8: {
          subOrganizationId: string
          rootUserIds: string[]
          wallet: { walletId: string; addresses: string[] }
        }
      }
    }
  }
  if (response.status !== 200) throw new Error(`create_sub_organization failed: ${JSON.stringify(body)}`)
  const result = body.activity.result.createSubOrganizationResultV8
  return {
    organizationId: result.subOrganizationId,
    userId: result.rootUserIds[0]!,
    key,
    walletId: result.wallet.walletId,
    ethereumAddress: result.wallet.addresses[0]!,
    solanaAddress: result.wallet.addresses[1]!,
  }
}
