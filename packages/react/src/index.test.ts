import { expect, test } from 'vitest'
import * as entry from './index.js'

test('default: the entry exports the headless API, the sign-in UI and the texts', () => {
  expect(Object.keys(entry).sort()).toMatchInlineSnapshot(`
    [
      "AuthCard",
      "AuthModal",
      "NoSigilContextError",
      "SigilContext",
      "SigilProvider",
      "SignerNotReadyError",
      "SmartAccountClientNotReadyError",
      "WalletChainNotFoundError",
      "WalletConnectNotInstalledError",
      "WalletConnectParamsNotFoundError",
      "WalletConnectionError",
      "cookieStorage",
      "cookieToInitialState",
      "createConfig",
      "defaultAuthSections",
      "texts",
      "useAddPasskey",
      "useAuthModal",
      "useAuthModalState",
      "useAuthenticate",
      "useChain",
      "useConnect",
      "useExportAccount",
      "useLogout",
      "useMFA",
      "useSendCalls",
      "useSendUserOperation",
      "useSigilConfig",
      "useSignMessage",
      "useSignTypedData",
      "useSigner",
      "useSignerStatus",
      "useSmartAccountClient",
      "useSolanaSigner",
      "useUiConfig",
      "useUser",
      "useValidateMultiFactors",
      "useWaitForUserOperationTransaction",
      "version",
    ]
  `)
})
