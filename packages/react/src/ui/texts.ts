/**
 * Every user-visible text of the sign-in UI (en-US), in one table: the screens and error screens of
 * docs/sign-in-ui.md, worded as Account Kit's card words them. Texts with a name or a provider in
 * them are functions. Tests compare screens against this table and against the literal strings.
 *
 * @example
 * <h2>{texts.otp.title}</h2> // 'Enter verification code'
 * <h2>{texts.eoa.connectingTo('MetaMask')}</h2> // 'Connecting to MetaMask'
 */
export const texts = {
  signIn: 'Sign in',
  or: 'or',
  close: 'Close',
  back: 'Back',
  login: {
    emailLabel: 'Email',
    emailPlaceholder: 'Email',
    continue: 'Continue',
    invalidEmail: 'Must provide a valid email.',
    passkey: 'I have a passkey',
    wallet: 'Continue with a wallet',
    continueWith: (provider: string) => `Continue with ${provider}`,
    tosPrefix: 'By signing in, you agree to the',
    tosLink: 'Terms of Service',
  },
  email: {
    title: 'Check your email',
    linkSent: 'We sent a verification link to',
    notReceived: "Didn't receive the email?",
    resend: 'Resend',
    resent: 'Done!',
  },
  otp: {
    title: 'Enter verification code',
    codeSent: 'We sent a verification code to',
    codeLabel: 'Verification code',
    verifying: 'Verifying...',
    verified: 'Verified!',
    incorrect: 'The code you entered is incorrect',
    expired: 'This code has expired or had too many wrong tries. Select Resend below for a new one.',
  },
  totp: {
    title: 'Enter authenticator app code',
    codeLabel: 'Authenticator app code',
    incorrect: 'The code you entered is incorrect',
    failed: 'An error occurred while verifying the code',
    useRecoveryCode: 'Lost your device? Use a recovery code',
  },
  smsMfa: {
    title: 'Enter the code we texted you',
    codeLabel: 'Text message code',
    send: 'Send code',
    resend: 'Send a new code',
    sent: 'We texted a code to your phone.',
    notSent: 'We could not text a code. Try again in a few minutes.',
  },
  recoveryCode: {
    title: 'Enter a recovery code',
    label: 'Recovery code',
    hint: 'One of the 10 codes you saved when you added the authenticator app, like ABCDE-FGHJK. Each works once.',
    submit: 'Continue',
    incorrect: 'That recovery code is wrong or was already used. Try another of your codes.',
    useAuthenticator: 'Use the authenticator app instead',
  },
  completing: {
    body: 'Completing login. Please wait a few seconds for this to screen to update.',
  },
  passkey: {
    title: 'Continue with passkey',
    body: 'Follow the prompt to verify your passkey.',
  },
  addPasskey: {
    title: 'Add a passkey',
    simplerLoginTitle: 'Simpler login',
    simplerLoginBody: 'Create a passkey to enable quick and easy login with Face ID or Touch ID.',
    enhancedSecurityTitle: 'Enhanced security',
    enhancedSecurityBody: 'Prevent phishing and theft by registering a passkey with your device.',
    continue: 'Continue',
    skip: 'Skip',
    addedTitle: 'Passkey added!',
    addedBody: 'You can use this passkey to sign in next time.',
  },
  oauth: {
    continueWith: (provider: string) => `Continue with ${provider}`,
    followPopup: (provider: string) => `Follow the steps in the pop up window to sign in with ${provider}`,
  },
  eoa: {
    pickTitle: 'Select your wallet',
    noWallets: 'No wallets available',
    suggestWallets:
      'Install a browser wallet, then reload this page, or go back to sign in with email or a passkey:',
    suggestionsLabel: 'Browser wallets to install',
    walletConnect: 'WalletConnect',
    connectingTo: (wallet: string) => `Connecting to ${wallet}`,
    followWallet: 'Please follow the instructions in your wallet to connect.',
    connectingWalletConnect: 'Connecting to WalletConnect',
    followPopup: 'Please follow the instructions in the popup to connect.',
    cancel: 'Cancel',
  },
  support: {
    prompt: 'Having trouble?',
    needHelp: 'Need help?',
    link: 'Contact support',
  },
  protectedBy: 'protected by',
  /**
   * What a failed passkey prompt means, in words (`getPasskeyErrorText`): the browser's error names
   * (`NotAllowedError`, `InvalidStateError`, …) and messages are never shown.
   */
  passkeyError: {
    cancelled:
      'The passkey window was closed or timed out before you confirmed. Try again when you are ready.',
    alreadyAdded:
      'This device already has a passkey for your account, so there is nothing to add. Use it to sign in.',
    wrongSite:
      "Your passkey can't be used on this web address. Check that you are on the right site, then try again.",
    notSupported:
      "This browser or device can't use passkeys. Try another browser, or sign in with your email.",
    tookTooLong: 'The passkey request took too long. Try again.',
    alreadyAddedHeading: 'Passkey already on this device',
    notSupportedHeading: 'Passkeys are not available here',
  },
  error: {
    permissionDenied: {
      heading: 'Permission denied',
      body: 'The request is currently not allowed by the agent or the platform. Try again later.',
    },
    passkey: {
      heading: 'Connection failed',
      body: 'Passkey request timed out or canceled by the agent. You may have to use another method to register a passkey for your account.',
    },
    oauth: {
      heading: (provider: string) => `Couldn't connect to ${provider}`,
      body: 'The connection failed or canceled',
    },
    otp: {
      heading: 'Connection failed',
      body: 'The code could not be verified',
    },
    wallet: {
      heading: (wallet: string) => `Couldn't connect to ${wallet}`,
      body: "The wallet's connection failed or was canceled.",
    },
    timeout: {
      heading: 'Connection timed out',
      body: 'It looks like you need more time.',
    },
    chainNotFound: {
      heading: 'The connected wallet does not support this network',
      body: 'The wallet connection failed.',
      tryAgain: 'Try again with a different wallet',
    },
    walletConnectConfig: {
      heading: "Couldn't connect to WalletConnect",
      body: 'The WalletConnect configuration is missing or incorrect.',
    },
    tryAgain: 'Try again',
    useAnotherMethod: 'Use another method',
    skip: 'Skip',
  },
} as const
