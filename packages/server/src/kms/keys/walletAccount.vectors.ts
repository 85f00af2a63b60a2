/**
 * Mnemonic → account known answers, published by other wallets and SDKs (empty passphrase).
 */

/** Hardhat / Anvil default accounts (Hardhat network docs, Foundry `anvil` banner). */
export const hardhatMnemonic = 'test test test test test test test test test test test junk'
export const hardhatAccounts = [
  {
    path: "m/44'/60'/0'/0/0",
    address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    privateKey: 'ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  },
  {
    path: "m/44'/60'/0'/0/1",
    address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    privateKey: '59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  },
] as const

/**
 * The BIP-39 "abandon … about" phrase as MetaMask and Phantom open it: Ethereum account 0, and
 * Solana account 0 at Phantom's path. The Solana address is also recomputed by an independent
 * SLIP-10 implementation in `deriveWalletAccount.test.ts`.
 */
export const abandonMnemonic =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'
export const abandonEthereumAccount = {
  path: "m/44'/60'/0'/0/0",
  address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
} as const
export const abandonSolanaAccount = {
  path: "m/44'/501'/0'/0'",
  address: 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk',
} as const

/** ed25519 over SLIP-10 from a mnemonic: aptos-labs/aptos-ts-sdk `tests/unit/helper.ts` (`wallet`). */
export const aptosWallet = {
  mnemonic: 'shoot island position soft burden budget tooth cruel issue economy destroy above',
  path: "m/44'/637'/0'/0'/0'",
  privateKey: '5d996aa76b3212142792d9130796cd2e11e3c445a93118c08414df4f66bc60ec',
  publicKey: 'ea526ba1710343d953461ff68641f1b7df5f23b9042ffa2d2a798d3adb3f3d6c',
} as const
