// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { createReactTestbed, type ReactTestbed } from '../test/createReactTestbed.js'
import { createSigilWrapper } from '../test/createSigilWrapper.js'
import * as headless from './index.js'

const { useAuthenticate, useLogout, useSignerStatus, useUser } = headless

let testbed: ReactTestbed
beforeEach(async () => {
  testbed = await createReactTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

/** The app-drawn sign-in of README.md, as an app would write it. */
function SignIn() {
  const { status, isConnected, isAuthenticating, error: statusError } = useSignerStatus()
  const user = useUser()
  const { authenticate, isPending, error } = useAuthenticate()
  const { logout } = useLogout()
  const [email, setEmail] = useState('')
  const [code, setCode] = useState('')

  if (isConnected && user)
    return (
      <p>
        Signed in as {user.address}{' '}
        <button type="button" onClick={() => logout()}>
          Sign out
        </button>
      </p>
    )
  if (status === 'AWAITING_EMAIL_AUTH' || status === 'AWAITING_OTP_AUTH')
    return (
      <form
        onSubmit={(event) => {
          event.preventDefault()
          authenticate({ type: 'otp', otpCode: code })
        }}
      >
        <label>
          Code <input value={code} onChange={(event) => setCode(event.target.value)} />
        </label>
        <button type="submit">Verify</button>
      </form>
    )
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        authenticate({ type: 'email', email })
      }}
    >
      <label>
        Email <input type="email" value={email} onChange={(event) => setEmail(event.target.value)} />
      </label>
      <button type="submit" disabled={isPending || isAuthenticating}>
        Continue
      </button>
      {(error ?? statusError) && <p role="alert">{(error ?? statusError)?.message}</p>}
    </form>
  )
}

test('default: an app-drawn email-code sign-in and sign-out with the headless hooks', async () => {
  const config = testbed.createConfig()
  render(<SignIn />, { wrapper: createSigilWrapper(config) })

  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } })
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
  const codeField = await screen.findByLabelText('Code', {}, { timeout: 10_000 })
  const code = await waitFor(() => testbed.readCode('ada@example.com'), { timeout: 10_000 })
  fireEvent.change(codeField, { target: { value: code } })
  fireEvent.click(screen.getByRole('button', { name: 'Verify' }))

  await screen.findByText(/^Signed in as 0x[0-9a-fA-F]{40}/, {}, { timeout: 10_000 })
  expect(screen.getByText(/^Signed in as/).textContent).toContain(config.store.getState().user?.address)
  fireEvent.click(screen.getByRole('button', { name: 'Sign out' }))
  await waitFor(() => expect(screen.getByLabelText('Email')).toBeDefined())
})

test('default: the entry exports the provider, hooks and errors, and no UI', () => {
  expect(Object.keys(headless).sort()).toMatchInlineSnapshot(`
    [
      "NoSigilContextError",
      "SigilContext",
      "SigilProvider",
      "SigilSolanaContext",
      "SignerNotReadyError",
      "SmartAccountClientNotReadyError",
      "SolanaNotReadyError",
      "WalletChainNotFoundError",
      "WalletConnectNotInstalledError",
      "WalletConnectParamsNotFoundError",
      "WalletConnectionError",
      "cookieStorage",
      "cookieToInitialState",
      "createConfig",
      "getListAuthMethodsQueryKey",
      "useAccount",
      "useAddOauthProvider",
      "useAddPasskey",
      "useAuthError",
      "useAuthModal",
      "useAuthModalState",
      "useAuthenticate",
      "useBundlerClient",
      "useChain",
      "useClientActions",
      "useConnect",
      "useConnection",
      "useDeleteAccount",
      "useDropAndReplaceUserOperation",
      "useExportAccount",
      "useListAuthMethods",
      "useLogout",
      "useMFA",
      "useRemoveEmail",
      "useRemoveOauthProvider",
      "useSendCalls",
      "useSendUserOperation",
      "useSendVerificationCode",
      "useSetEmail",
      "useSigilConfig",
      "useSignMessage",
      "useSignTypedData",
      "useSigner",
      "useSignerStatus",
      "useSmartAccountClient",
      "useSolanaSignMessage",
      "useSolanaSigner",
      "useSolanaTransaction",
      "useUiConfig",
      "useUser",
      "useValidateMultiFactors",
      "useWaitForUserOperationTransaction",
    ]
  `)
})
