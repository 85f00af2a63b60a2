import {
  type AddMfaParameters,
  type AddMfaReturnType,
  addMfa,
  type GenerateRecoveryCodesParameters,
  type GenerateRecoveryCodesReturnType,
  type GetMfaFactorsReturnType,
  type GetRecoveryCodeCountReturnType,
  generateRecoveryCodes,
  getMfaFactors,
  getRecoveryCodeCount,
  type RemoveMfaParameters,
  type RemoveMfaReturnType,
  removeMfa,
  type SendMfaCodeParameters,
  sendMfaCode,
  type VerifyMfaParameters,
  type VerifyMfaReturnType,
  verifyMfa,
} from '@sigil/core'
import { type UseMutationResult, useMutation } from '@tanstack/react-query'
import { SignerNotReadyError } from '../context/errors/SignerNotReadyError.js'
import { useSigilContext } from '../context/useSigilContext.js'
import { useSigner } from './useSigner.js'
import { useSignerStatus } from './useSignerStatus.js'

export type UseMFAReturnType = {
  /**
   * Starts an enrolment: `totp` answers `multiFactorId` and `multiFactorTotpUrl` (show it as a QR
   * code); `sms` texts a first code to the user's proven phone number and answers `multiFactorId`.
   */
  addMFA: UseMutationResult<AddMfaReturnType, Error, AddMfaParameters>
  /**
   * Texts a code for a text-message (`sms`) factor: a new first code for a factor `addMFA` started,
   * or a code for an MFA-gated change (`multiFactors`); `multiFactorId` names the factor.
   */
  sendMFACode: UseMutationResult<void, Error, SendMfaCodeParameters>
  /** Confirms an enrolment with a first code. */
  verifyMFA: UseMutationResult<VerifyMfaReturnType, Error, VerifyMfaParameters>
  removeMFA: UseMutationResult<RemoveMfaReturnType, Error, RemoveMfaParameters>
  getMFAFactors: UseMutationResult<GetMfaFactorsReturnType, Error, void>
  /** How many recovery codes are unused (docs/protocol.md, "Recovery codes"). */
  getRecoveryCodeCount: UseMutationResult<GetRecoveryCodeCountReturnType, Error, void>
  /** 10 new recovery codes replacing all earlier ones; needs a current code in `multiFactors`. */
  generateRecoveryCodes: UseMutationResult<
    GenerateRecoveryCodesReturnType,
    Error,
    GenerateRecoveryCodesParameters
  >
  /** Signed in and the signer started: the mutations can run. */
  isReady: boolean
}

/**
 * Second factors of the signed-in user, TOTP and text-message codes (core `addMfa`, `sendMfaCode`,
 * `verifyMfa`, `removeMfa`, `getMfaFactors`, and the recovery codes' `getRecoveryCodeCount`,
 * `generateRecoveryCodes`), each a TanStack mutation (keys `['addMFA']`, `['sendMFACode']`, `['verifyMFA']`, `['removeMFA']`, `['getMFAFactors']`,
 * `['getRecoveryCodeCount']`, `['generateRecoveryCodes']`). Before sign-in they fail with 'Signer not connected or initialized'.
 *
 * @example
 * const { addMFA, verifyMFA, isReady } = useMFA()
 * const { multiFactorId, multiFactorTotpUrl } = await addMFA.mutateAsync({ multiFactorType: 'totp' })
 * await verifyMFA.mutateAsync({ multiFactorId, multiFactorCode: '123456' })
 */
export function useMFA(): UseMFAReturnType {
  const { config } = useSigilContext('useMFA')
  const { isConnected } = useSignerStatus()
  const signer = useSigner()
  const isReady = isConnected && signer !== null
  const assertReady = () => {
    if (!isReady) throw new SignerNotReadyError()
  }
  const addMFA = useMutation({
    mutationKey: ['addMFA'],
    mutationFn: async (parameters: AddMfaParameters) => {
      assertReady()
      return addMfa(config, parameters)
    },
  })
  const sendMFACode = useMutation({
    mutationKey: ['sendMFACode'],
    mutationFn: async (parameters: SendMfaCodeParameters) => {
      assertReady()
      return sendMfaCode(config, parameters)
    },
  })
  const verifyMFA = useMutation({
    mutationKey: ['verifyMFA'],
    mutationFn: async (parameters: VerifyMfaParameters) => {
      assertReady()
      return verifyMfa(config, parameters)
    },
  })
  const removeMFA = useMutation({
    mutationKey: ['removeMFA'],
    mutationFn: async (parameters: RemoveMfaParameters) => {
      assertReady()
      return removeMfa(config, parameters)
    },
  })
  const getMFAFactors = useMutation({
    mutationKey: ['getMFAFactors'],
    mutationFn: async () => {
      assertReady()
      return getMfaFactors(config)
    },
  })
  const recoveryCodeCount = useMutation({
    mutationKey: ['getRecoveryCodeCount'],
    mutationFn: async () => {
      assertReady()
      return getRecoveryCodeCount(config)
    },
  })
  const newRecoveryCodes = useMutation({
    mutationKey: ['generateRecoveryCodes'],
    mutationFn: async (parameters: GenerateRecoveryCodesParameters) => {
      assertReady()
      return generateRecoveryCodes(config, parameters)
    },
  })
  return {
    addMFA,
    sendMFACode,
    verifyMFA,
    removeMFA,
    getMFAFactors,
    getRecoveryCodeCount: recoveryCodeCount,
    generateRecoveryCodes: newRecoveryCodes,
    isReady,
  }
}
