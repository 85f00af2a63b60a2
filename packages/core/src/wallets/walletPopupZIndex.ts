/**
 * The wallet popup's z-index (docs/sign-in-ui.md#screens, `wallet_connect`): WalletConnect's pairing modal is drawn at
 * 1,000,000, above Sigil's sign-in modal (whose backdrop is at 1,000), as Account Kit's is.
 *
 * @example
 * modal.style.zIndex = String(walletPopupZIndex)
 */
export const walletPopupZIndex = 1_000_000
