const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96">' +
  '<rect width="96" height="96" rx="20" fill="#1d1b4b"/>' +
  '<path d="M62 30c-4-5-10-7-16-7-10 0-17 6-17 14 0 19 34 11 34 27 0 7-7 12-16 12-7 0-13-3-17-8"' +
  ' fill="none" stroke="#f5c542" stroke-width="8" stroke-linecap="round"/>' +
  '<circle cx="48" cy="48" r="40" fill="none" stroke="#f5c542" stroke-width="3" stroke-dasharray="4 6"/></svg>'

/**
 * Sigil's icon for EIP-6963 (docs/provider.md#eip-6963): a 96×96 SVG as a data URI (RFC 2397).
 *
 * @example
 * announceSigilProvider(provider, { icon: sigilProviderIcon })
 */
export const sigilProviderIcon = `data:image/svg+xml;base64,${btoa(svg)}`
