/** Field names that hold secrets; a value logged under one of them is written as `[redacted]`. */
const secretFields = [
  'authorization',
  'cookie',
  'set-cookie',
  'x-stamp',
  'xStamp',
  'stamp',
  'stampHeaderValue',
  'privateKey',
  'apiPrivateKey',
  'mnemonic',
  'seed',
  'credentialBundle',
  'exportBundle',
  'encryptionKey',
  'masterKey',
  'otp',
  'otpCode',
  'verificationToken',
  'apiKey',
  'bearer',
  'password',
  'secret',
  'clientSecret',
  'accessToken',
  'refreshToken',
  'idToken',
  'sessionJwt',
  'jwt',
  'token',
]

/**
 * pino `redact` paths: the secret fields of a line. Log fields are flat (`LogFields`), so only the top
 * level; a `*.` wildcard path would cost pino ~50 µs a line. Defence in depth: callers log only ids, names
 * and counts (docs/deploy.md#logs).
 */
export const redactedLogPaths: string[] = secretFields.map((field) =>
  /^[A-Za-z_$][\w$]*$/.test(field) ? field : `["${field}"]`,
)
