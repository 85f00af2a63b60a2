/**
 * Fixed `X-Stamp` vectors made by `@turnkey/api-key-stamper` 0.6.17 (`ApiKeyStamper.stamp`, Node
 * runtime) in a throwaway script, for one fixed P-256 key and body. Its signatures are randomized, so
 * the script stamped until it had one high-S (s > n/2) and one low-S stamp.
 */
export const turnkeyApiKeyStampVectors = {
  privateKey: 'c8f4b1b2b2a1f3e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a392817060',
  publicKey: '02cca8b0f858962eb61a1ee79b7304c6a37276cfc01a72a8c1efbff558f3fef93a',
  body: '{"type":"ACTIVITY_TYPE_CREATE_WALLET","timestampMs":"1735689600000","organizationId":"e6a5b1a4-0000-4000-8000-000000000001","parameters":{"walletName":"vector wallet","accounts":[]}}',
  highS: {
    stampHeaderName: 'X-Stamp',
    stampHeaderValue:
      'eyJwdWJsaWNLZXkiOiIwMmNjYThiMGY4NTg5NjJlYjYxYTFlZTc5YjczMDRjNmEzNzI3NmNmYzAxYTcyYThjMWVmYmZmNTU4ZjNmZWY5M2EiLCJzY2hlbWUiOiJTSUdOQVRVUkVfU0NIRU1FX1RLX0FQSV9QMjU2Iiwic2lnbmF0dXJlIjoiMzA0NTAyMjA3OGM0OGMwZTIyZjI2Y2M0Zjg4OGFkMzg4OTk2MzAzMGI3ZTZmMDc5MDBlZjZhOGMxYWY4NjNiZjg1ZjFlNjg4MDIyMTAwZWFhNDFmMjA3MGM0OTg4NGJhNGQ1NTNmN2QyMjU5M2MyZWI3MTRlNzUxMTIzYTU2MDE1Y2ZmNTU2MWE0MTY2MyJ9',
  },
  lowS: {
    stampHeaderName: 'X-Stamp',
    stampHeaderValue:
      'eyJwdWJsaWNLZXkiOiIwMmNjYThiMGY4NTg5NjJlYjYxYTFlZTc5YjczMDRjNmEzNzI3NmNmYzAxYTcyYThjMWVmYmZmNTU4ZjNmZWY5M2EiLCJzY2hlbWUiOiJTSUdOQVRVUkVfU0NIRU1FX1RLX0FQSV9QMjU2Iiwic2lnbmF0dXJlIjoiMzA0NTAyMjEwMGI4ZGQwMWRlZDllOWFkMGE5ZDk2Nzg3MzQ2Y2ZkMWFhYjc5ZWZjYzQxODdlNTJhNmUzOWY3ZjdkYjQ0NzcyZmMwMjIwNDBiODY0MjRmYjg5ZGM1NjI3MTc1NWU4ZTEwMWQ1NjIxOWM4NTAwNzEyMTU2ZDYxZDIxM2QxMzViYzI4ZjFmZSJ9',
  },
} as const
