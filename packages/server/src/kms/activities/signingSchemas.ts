import { z } from 'zod'

export const signWithSchema = z.string().min(1, 'signWith is required').max(256)
export const payloadSchema = z.string().max(65_536)
export const encodingSchema = z.enum([
  'PAYLOAD_ENCODING_HEXADECIMAL',
  'PAYLOAD_ENCODING_TEXT_UTF8',
  'PAYLOAD_ENCODING_EIP712',
  'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION',
])
export const hashFunctionSchema = z.enum([
  'HASH_FUNCTION_NO_OP',
  'HASH_FUNCTION_SHA256',
  'HASH_FUNCTION_KECCAK256',
  'HASH_FUNCTION_NOT_APPLICABLE',
])
