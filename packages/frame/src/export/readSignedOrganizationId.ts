import { hexToBytes, InvalidBundleError } from '@sigil/protocol'

function malformed(details: string, cause?: unknown): InvalidBundleError {
  return new InvalidBundleError('malformed export bundle', { details, cause })
}

function parseObject(json: string, what: string): Record<string, unknown> {
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch (cause) {
    throw malformed(`${what} is not JSON`, cause)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw malformed(`${what} is not a JSON object`)
  return value as Record<string, unknown>
}

/**
 * The `organizationId` inside an export bundle's `data`: the organization the server signed the bundle
 * for. The export frame opens a bundle for it when the parent sends no `organizationId`
 * (iframe-stamper 1.x never does); `openExportBundle` then verifies the signature over that same
 * `data`, so the id used is the signed one (docs/protocol.md#export-frame).
 *
 * @example
 * const organizationId = readSignedOrganizationId(exportBundle) // '4b7c…'
 */
export function readSignedOrganizationId(bundle: string): string {
  const { data } = parseObject(bundle, 'bundle')
  if (typeof data !== 'string') throw malformed('bundle.data must be a string')
  let json: string
  try {
    json = new TextDecoder('utf-8', { fatal: true }).decode(hexToBytes(data))
  } catch (cause) {
    throw malformed('bundle.data is not hex of UTF-8 text', cause)
  }
  const { organizationId } = parseObject(json, 'data')
  if (typeof organizationId !== 'string' || organizationId === '')
    throw malformed('data.organizationId must be a non-empty string')
  return organizationId
}
