import { expect, test } from 'vitest'
import * as protocol from './index.js'

test('default', () => {
  expect(Object.keys(protocol).sort()).toMatchInlineSnapshot(`
    [
      "BaseError",
      "InvalidBundleError",
      "InvalidEncodingError",
      "InvalidStampError",
      "activityTypes",
      "base58Decode",
      "base58Encode",
      "base58checkDecode",
      "base58checkEncode",
      "base64urlDecode",
      "base64urlEncode",
      "bytesToHex",
      "computeActivityFingerprint",
      "createApiKeyStamp",
      "createExportBundle",
      "decodeOauthState",
      "encodeOauthState",
      "encodeStampEnvelope",
      "getCompressedPublicKey",
      "getOauthNonce",
      "getPaymasterHash",
      "getWebauthnChallenge",
      "getWebauthnExpectedChallenge",
      "hexToBytes",
      "hpkeOpen",
      "hpkeSeal",
      "importP256PublicKey",
      "oauthReturnParameters",
      "openCredentialBundle",
      "openExportBundle",
      "parseApiKeyStamp",
      "parseWebauthnStamp",
      "queryNames",
      "sealCredentialBundle",
      "signerErrorCodes",
      "signerPagePaths",
      "signerRoutePaths",
      "terminalActivityStatuses",
      "verifyApiKeyStamp",
    ]
  `)
})
