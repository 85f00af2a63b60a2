import type {
  CreateSmartAccountClientParameters,
  SmartAccountClient,
  ToLightAccountParameters,
  ToLightAccountReturnType,
  ToModularAccountV2Parameters,
  ToModularAccountV2ReturnType,
  ToMultiOwnerLightAccountParameters,
  ToMultiOwnerLightAccountReturnType,
  ToMultiOwnerModularAccountParameters,
  ToMultiOwnerModularAccountReturnType,
} from '@sigil/accounts'
import type { SmartAccountType } from '../store/CoreState.js'

/** The options of each account type (`@sigil/accounts`), without the client and owner that core supplies. */
export type SmartAccountParameters = {
  LightAccount: Omit<ToLightAccountParameters, 'client' | 'owner'>
  MultiOwnerLightAccount: Omit<ToMultiOwnerLightAccountParameters, 'client' | 'owner'>
  MultiOwnerModularAccount: Omit<ToMultiOwnerModularAccountParameters, 'client' | 'owner'>
  ModularAccountV2: Omit<ToModularAccountV2Parameters, 'client' | 'owner'>
}

/** The viem smart account of each type. */
export type SmartAccountOfType = {
  LightAccount: ToLightAccountReturnType
  MultiOwnerLightAccount: ToMultiOwnerLightAccountReturnType
  MultiOwnerModularAccount: ToMultiOwnerModularAccountReturnType
  ModularAccountV2: ToModularAccountV2ReturnType
}

/** The smart-account client of an account type. */
export type SmartAccountClientOfType<type extends SmartAccountType = SmartAccountType> = SmartAccountClient<
  SmartAccountOfType[type]
>

/** What `getSmartAccountClient` passes on to `createSmartAccountClient` besides the account, chain and transport. */
export type SmartAccountClientOptions = Pick<
  CreateSmartAccountClientParameters,
  'paymasterMode' | 'feeOptions' | 'opts'
>
