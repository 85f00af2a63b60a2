import { expect, test } from 'vitest'
import { sigilDevnet } from '../chains/sigilDevnet.js'
import { toWalletConnectProviderOptions } from './toWalletConnectProviderOptions.js'
import { walletPopupZIndex } from './walletPopupZIndex.js'

test('default: the wallet popup (WalletConnect’s QR modal) is drawn at z-index 1000000', () => {
  expect(walletPopupZIndex).toBe(1_000_000)
  expect(toWalletConnectProviderOptions({ projectId: 'p' }, sigilDevnet, 'http://127.0.0.1:8545')).toEqual({
    projectId: 'p',
    showQrModal: true,
    qrModalOptions: { themeVariables: { '--wcm-z-index': '1000000', '--w3m-z-index': '1000000' } },
    optionalChains: [31337],
    rpcMap: { 31337: 'http://127.0.0.1:8545' },
  })
})

test('behavior: the app’s own modal options are kept, and its own z-index wins', () => {
  const options = toWalletConnectProviderOptions(
    {
      projectId: 'p',
      showQrModal: false,
      qrModalOptions: {
        themeMode: 'dark',
        themeVariables: { '--wcm-z-index': '5', '--wcm-accent-color': '#000' },
      },
    },
    sigilDevnet,
    undefined,
  )
  expect(options).toMatchObject({
    showQrModal: false,
    qrModalOptions: {
      themeMode: 'dark',
      themeVariables: { '--wcm-z-index': '5', '--w3m-z-index': '1000000', '--wcm-accent-color': '#000' },
    },
    rpcMap: undefined,
  })
})
