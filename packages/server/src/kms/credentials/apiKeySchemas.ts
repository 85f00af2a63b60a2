import { z } from 'zod'

/** `v1ApiKeyParamsV2`. */
export const apiKeyParamsSchema = z.object({
  apiKeyName: z.string().min(1, 'apiKeyName is required').max(256),
  publicKey: z.string().regex(/^(0x)?[0-9a-fA-F]+$/, 'publicKey must be hex'),
  curveType: z.enum(['API_KEY_CURVE_P256', 'API_KEY_CURVE_SECP256K1', 'API_KEY_CURVE_ED25519']),
  expirationSeconds: z
    .string()
    .regex(/^\d{1,12}$/, 'expirationSeconds must be a decimal string')
    .refine((value) => Number(value) > 0, 'expirationSeconds must be positive')
    .optional(),
})
