import { BaseError, type BaseErrorParameters } from '@sigil/protocol'

/** gRPC status codes used by `/public/v1` error bodies, with their HTTP status. */
export const grpcCodes = {
  INVALID_ARGUMENT: { code: 3, status: 400 },
  NOT_FOUND: { code: 5, status: 404 },
  ALREADY_EXISTS: { code: 6, status: 409 },
  PERMISSION_DENIED: { code: 7, status: 403 },
  RESOURCE_EXHAUSTED: { code: 8, status: 429 },
  FAILED_PRECONDITION: { code: 9, status: 400 },
  OUT_OF_RANGE: { code: 11, status: 413 },
  INTERNAL: { code: 13, status: 500 },
  UNAVAILABLE: { code: 14, status: 503 },
  UNAUTHENTICATED: { code: 16, status: 401 },
} as const
export type GrpcCodeName = keyof typeof grpcCodes

export type FieldViolation = { field: string; description: string }

export type ApiErrorParameters = BaseErrorParameters & {
  /** Turnkey error code put in `details[].turnkeyErrorCode`, e.g. `API_KEY_EXPIRED`. */
  errorCode: string
  fieldViolations?: FieldViolation[] | undefined
  /** Extra fields for `/signer` error bodies, e.g. `{ multiFactors: [...] }`. */
  data?: Record<string, unknown> | undefined
  /** Seconds the client should wait (429 answers carry `Retry-After`). */
  retryAfterSeconds?: number | undefined
}

/**
 * An error meant for the client: it carries its HTTP status, gRPC code and a machine-readable
 * error code, and its message is safe to show (never key material, SQL or a stack).
 *
 * @example
 * throw new ApiError('UNAUTHENTICATED', 'expired api key', { errorCode: 'API_KEY_EXPIRED' })
 */
export class ApiError extends BaseError {
  override name = 'ApiError' as const
  readonly grpc: GrpcCodeName
  readonly errorCode: string
  readonly fieldViolations: FieldViolation[] | undefined
  readonly data: Record<string, unknown> | undefined
  readonly retryAfterSeconds: number | undefined

  constructor(grpc: GrpcCodeName, message: string, parameters: ApiErrorParameters) {
    super(message, parameters)
    this.grpc = grpc
    this.errorCode = parameters.errorCode
    this.fieldViolations = parameters.fieldViolations
    this.data = parameters.data
    this.retryAfterSeconds = parameters.retryAfterSeconds
  }

  get status(): number {
    return grpcCodes[this.grpc].status
  }
}
