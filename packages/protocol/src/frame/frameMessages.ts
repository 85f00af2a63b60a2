/**
 * Messages of the key frames (`/frame/auth`, `/frame/export`, `/frame/import`), exactly as `@turnkey/iframe-stamper`
 * speaks them (docs/protocol.md#frame-messages): the parent opens a MessageChannel with
 * `TURNKEY_INIT_MESSAGE_CHANNEL`, then sends `{type, requestId, ...}` on the port and gets
 * `{type, value, requestId}` back. Legacy parents (iframe-stamper < 2.1, Account Kit 4.x) post the
 * same messages to the frame window without `requestId`, and get answers on `window.parent`.
 */

/** Parent → frame: open the MessageChannel (sent with `port2` as a transfer). */
export type InitMessageChannelMessage = {
  type: 'TURNKEY_INIT_MESSAGE_CHANNEL'
  /** Regenerates the embedded key with this time-to-live (ms) when positive. */
  dangerouslyOverrideIframeKeyTtl?: number
}

/** Parent → frame requests. `requestId` is absent in the legacy window form. */
export type FrameRequest =
  | {
      type: 'INJECT_CREDENTIAL_BUNDLE' | 'INJECT_RECOVERY_BUNDLE'
      value: string
      requestId?: string
      organizationId?: string
    }
  | { type: 'STAMP_REQUEST'; value: string; requestId?: string }
  | { type: 'GET_EMBEDDED_PUBLIC_KEY'; requestId?: string }
  | { type: 'INIT_EMBEDDED_KEY'; requestId?: string }
  | { type: 'RESET_EMBEDDED_KEY'; requestId?: string }
  | {
      type: 'INJECT_KEY_EXPORT_BUNDLE'
      value: string
      organizationId?: string
      keyFormat?: 'HEXADECIMAL' | 'SOLANA'
      address?: string
      requestId?: string
    }
  | { type: 'INJECT_WALLET_EXPORT_BUNDLE'; value: string; organizationId?: string; requestId?: string }
  | { type: 'APPLY_SETTINGS'; value: string; requestId?: string }
  | {
      /** Import frame: the signed import bundle of `init_import_wallet` / `init_import_private_key`. */
      type: 'INJECT_IMPORT_BUNDLE'
      value: string
      organizationId?: string
      userId?: string
      requestId?: string
    }
  | { type: 'EXTRACT_WALLET_ENCRYPTED_BUNDLE'; requestId?: string }
  | { type: 'EXTRACT_KEY_ENCRYPTED_BUNDLE'; keyFormat?: 'HEXADECIMAL' | 'SOLANA'; requestId?: string }

/** Frame → parent answers. */
export type FrameResponse =
  | { type: 'PUBLIC_KEY_READY'; value: string; requestId?: string }
  | { type: 'BUNDLE_INJECTED'; value: true; requestId?: string }
  | { type: 'STAMP'; value: string; requestId?: string }
  | { type: 'EMBEDDED_PUBLIC_KEY'; value: string; requestId?: string }
  | { type: 'EMBEDDED_KEY_RESET'; value: null; requestId?: string }
  | { type: 'SETTINGS_APPLIED'; value: true; requestId?: string }
  /** Import frame: JSON `{"encappedPublic","ciphertext"}` (hex), sealed to the bundle's `targetPublic`. */
  | { type: 'ENCRYPTED_BUNDLE_EXTRACTED'; value: string; requestId?: string }
  | { type: 'ERROR'; value: string; requestId?: string }

export type FrameRequestType = FrameRequest['type']
export type FrameResponseType = FrameResponse['type']
