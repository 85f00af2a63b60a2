import { z } from 'zod'

/** `v1WalletAccountParams`: what to derive from a wallet's seed. */
export const walletAccountParamsSchema = z
  .object({
    curve: z.enum(['CURVE_SECP256K1', 'CURVE_ED25519']),
    pathFormat: z.literal('PATH_FORMAT_BIP32'),
    path: z.string().regex(/^m(\/\d{1,10}'?)*$/, "path must look like m/44'/60'/0'/0/0"),
    addressFormat: z.enum([
      'ADDRESS_FORMAT_ETHEREUM',
      'ADDRESS_FORMAT_SOLANA',
      'ADDRESS_FORMAT_COMPRESSED',
      'ADDRESS_FORMAT_UNCOMPRESSED',
    ]),
    name: z.string().max(256).optional(),
  })
  .refine(
    (account) =>
      account.curve === 'CURVE_SECP256K1'
        ? account.addressFormat !== 'ADDRESS_FORMAT_SOLANA'
        : account.addressFormat === 'ADDRESS_FORMAT_SOLANA' ||
          account.addressFormat === 'ADDRESS_FORMAT_COMPRESSED',
    { message: 'addressFormat does not fit the curve', path: ['addressFormat'] },
  )

export const walletAccountsSchema = z.array(walletAccountParamsSchema).max(100)

export const mnemonicLengthSchema = z
  .number()
  .int()
  .refine((length) => [12, 15, 18, 21, 24].includes(length), 'mnemonicLength must be 12, 15, 18, 21 or 24')

export const walletParamsSchema = z.object({
  walletName: z.string().min(1, 'walletName is required').max(256),
  accounts: walletAccountsSchema,
  mnemonicLength: mnemonicLengthSchema.optional(),
})
