import { createRequire } from 'node:module'
import { ed25519 } from '@noble/curves/ed25519.js'
import { secp256k1 as nobleSecp256k1 } from '@noble/curves/secp256k1.js'
import { bytesToHex, hexToBytes, randomBytes, utf8ToBytes } from '@noble/hashes/utils.js'
import { base58 } from '@scure/base'
import secp256k1 from 'secp256k1'
import {
  hashMessage,
  recoverAddress,
  serializeSignature,
  type TypedDataDefinition,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { publicKeyToAddress } from 'viem/accounts'
import { recoverAuthorizationAddress, verifyAuthorization } from 'viem/utils'
import { describe, expect, test } from 'vitest'
import { deriveWalletAccount } from '../keys/deriveWalletAccount.js'
import { computeSigningDigest, type SigningCurve } from './computeSigningDigest.js'
import { InvalidPayloadEncodingError } from './InvalidPayloadEncodingError.js'
import { signDigest } from './signDigest.js'
import { mail, order, permit, toTurnkeyViemTypedDataPayload } from './typedData.vectors.js'
import { UnsupportedSigningCurveError } from './UnsupportedSigningCurveError.js'

const account = deriveWalletAccount({
  mnemonic: 'test test test test test test test test test test test junk',
  curve: 'CURVE_SECP256K1',
  path: "m/44'/60'/0'/0/0",
  addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
})
const solanaAccount = deriveWalletAccount({
  mnemonic: 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
  curve: 'CURVE_ED25519',
  path: "m/44'/501'/0'/0'",
  addressFormat: 'ADDRESS_FORMAT_SOLANA',
})
const halfOrder = nobleSecp256k1.Point.CURVE().n / 2n

/** What a client makes of the wire result: `0x` + r, `0x` + s, yParity from v (docs/protocol.md#sign-raw-payload). */
const toViemSignature = ({ r, s, v }: { r: string; s: string; v: string }) =>
  ({ r: `0x${r}`, s: `0x${s}`, yParity: Number.parseInt(v, 16) }) as const

/** sign_raw_payload as the server runs it: digest, then signature. */
function signRawPayload(
  parameters: Parameters<typeof computeSigningDigest>[0],
  privateKey = account.privateKey,
) {
  return signDigest({ curve: parameters.curve, privateKey, message: computeSigningDigest(parameters) })
}

describe('signDigest', () => {
  test('default', async () => {
    const digest = hexToBytes(hashMessage('hello').slice(2))
    const signature = signDigest({
      curve: 'CURVE_SECP256K1',
      privateKey: account.privateKey,
      message: digest,
    })
    expect(signature.r).toMatch(/^[0-9a-f]{64}$/)
    expect(signature.s).toMatch(/^[0-9a-f]{64}$/)
    expect(signature.v).toMatch(/^0[01]$/)
    const recovered = await recoverAddress({ hash: digest, signature: toViemSignature(signature) })
    expect(recovered).toBe(account.address)
  })

  test('behavior: uses the native libsecp256k1 binding, not the JavaScript fallback', () => {
    expect(secp256k1).toBe(createRequire(import.meta.url)('secp256k1/bindings'))
  })

  test('behavior: equals @noble/curves (both RFC 6979), low-S, recoverable, on random keys and digests', async () => {
    const parities = new Set<string>()
    for (let round = 0; round < 64; round++) {
      const privateKey = nobleSecp256k1.utils.randomSecretKey()
      const digest = randomBytes(32)
      const signature = signDigest({ curve: 'CURVE_SECP256K1', privateKey, message: digest })
      const noble = nobleSecp256k1.sign(digest, privateKey, {
        prehash: false,
        lowS: true,
        format: 'recovered',
      })
      expect(`${signature.v.slice(1)}${signature.r}${signature.s}`).toBe(bytesToHex(noble).slice(1))
      expect(BigInt(`0x${signature.s}`) <= halfOrder).toBe(true)
      parities.add(signature.v)
      const publicKey = `0x${bytesToHex(nobleSecp256k1.getPublicKey(privateKey, false))}` as const
      expect(await recoverAddress({ hash: digest, signature: toViemSignature(signature) })).toBe(
        publicKeyToAddress(publicKey),
      )
    }
    expect(parities).toEqual(new Set(['00', '01']))
  })

  test('behavior: ed25519 signs the raw message; r and s are the two halves; v is 00', () => {
    const message = utf8ToBytes('any length of message')
    const signature = signDigest({ curve: 'CURVE_ED25519', privateKey: solanaAccount.privateKey, message })
    expect(signature.v).toBe('00')
    expect(`${signature.r}${signature.s}`).toBe(bytesToHex(ed25519.sign(message, solanaAccount.privateKey)))
    expect(
      ed25519.verify(
        hexToBytes(`${signature.r}${signature.s}`),
        message,
        hexToBytes(solanaAccount.publicKey),
      ),
    ).toBe(true)
  })

  test('behavior: @turnkey/viem signMessage (hashMessage as 0x hex, NO_OP) passes viem verifyMessage', async () => {
    const signature = signRawPayload({
      payload: hashMessage('hello'),
      encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
      hashFunction: 'HASH_FUNCTION_NO_OP',
      curve: 'CURVE_SECP256K1',
    })
    const serialized = serializeSignature(toViemSignature(signature))
    expect(
      await verifyMessage({
        address: account.address as `0x${string}`,
        message: 'hello',
        signature: serialized,
      }),
    ).toBe(true)
  })

  test('behavior: KECCAK256 over EIP-191 text is the same signature as signing its hashMessage', async () => {
    const prefixed = `\x19Ethereum Signed Message:\n5hello`
    const signature = signRawPayload({
      payload: prefixed,
      encoding: 'PAYLOAD_ENCODING_TEXT_UTF8',
      hashFunction: 'HASH_FUNCTION_KECCAK256',
      curve: 'CURVE_SECP256K1',
    })
    expect(
      await verifyMessage({
        address: account.address as `0x${string}`,
        message: 'hello',
        signature: serializeSignature(toViemSignature(signature)),
      }),
    ).toBe(true)
  })

  test.each([
    ['mail', mail],
    ['permit', permit],
    ['order', order],
  ] as const)(
    'behavior: @turnkey/viem signTypedData (%s) passes viem verifyTypedData',
    async (_, typedData) => {
      const definition = typedData as TypedDataDefinition
      const payload = toTurnkeyViemTypedDataPayload(definition)
      const signature = signRawPayload({
        payload,
        encoding: 'PAYLOAD_ENCODING_EIP712',
        hashFunction: 'HASH_FUNCTION_NO_OP',
        curve: 'CURVE_SECP256K1',
      })
      const verified = await verifyTypedData({
        ...definition,
        address: account.address as `0x${string}`,
        signature: serializeSignature(toViemSignature(signature)),
      })
      expect(verified).toBe(true)
    },
  )

  test('behavior: @turnkey/viem signAuthorization (EIP-7702) recovers to the account', async () => {
    const request = {
      address: '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
      chainId: 8453,
      nonce: 12,
    } as const
    const signature = signRawPayload({
      payload: JSON.stringify(request),
      encoding: 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION',
      hashFunction: 'HASH_FUNCTION_NO_OP',
      curve: 'CURVE_SECP256K1',
    })
    const authorization = { ...request, ...toViemSignature(signature) }
    expect(await recoverAuthorizationAddress({ authorization })).toBe(account.address)
    expect(await verifyAuthorization({ address: account.address as `0x${string}`, authorization })).toBe(true)
  })

  test('behavior: @turnkey/solana (hex without 0x, NOT_APPLICABLE) verifies against the Solana address', () => {
    const message = randomBytes(200)
    const signature = signRawPayload(
      {
        payload: bytesToHex(message),
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE',
        curve: 'CURVE_ED25519',
      },
      solanaAccount.privateKey,
    )
    const publicKey = base58.decode(solanaAccount.address)
    expect(ed25519.verify(hexToBytes(`${signature.r}${signature.s}`), message, publicKey)).toBe(true)
  })

  test('error: secp256k1 message that is not 32 bytes', () => {
    for (const length of [0, 31, 33, 64])
      expect(() =>
        signDigest({
          curve: 'CURVE_SECP256K1',
          privateKey: account.privateKey,
          message: new Uint8Array(length),
        }),
      ).toThrow(InvalidPayloadEncodingError)
  })

  test('error: unsupported curve', () => {
    expect(() =>
      signDigest({
        curve: 'CURVE_P256' as SigningCurve,
        privateKey: account.privateKey,
        message: new Uint8Array(32),
      }),
    ).toThrow(UnsupportedSigningCurveError)
  })
})
