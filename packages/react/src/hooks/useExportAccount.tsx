import { defaultIframeContainerId, type ExportAccountReturnType, exportAccount } from '@sigil/core'
import { useMutation } from '@tanstack/react-query'
import { type ReactNode, useCallback } from 'react'
import { useSigilContext } from '../context/useSigilContext.js'
import type { MutationParameters } from './MutationParameters.js'

export type UseExportAccountParameters = {
  params?:
    | {
        /** The element the export frame goes in; default `'alchemy-signer-iframe-container'`. */
        iframeContainerId?: string | undefined
        /** The export frame's id; default `'turnkey-export-iframe'`. */
        iframeElementId?: string | undefined
      }
    | undefined
} & MutationParameters<ExportAccountReturnType, void>

export type ExportAccountComponentProps = {
  /** CSS declarations for the export iframe, e.g. `'height: 200px;'`. */
  iframeCss?: string | undefined
  className?: string | undefined
  /** Show the container (pass `isExported` from the hook). */
  isExported: boolean
}

export type UseExportAccountReturnType = {
  exportAccount: () => void
  exportAccountAsync: () => Promise<ExportAccountReturnType>
  /** True once the frame shows the secret. */
  isExported: boolean
  isExporting: boolean
  error: Error | null
  /** Renders the container the export frame goes in, hidden until exported. Render it before exporting. */
  ExportAccountComponent: (props: ExportAccountComponentProps) => ReactNode
}

/**
 * Exports the user's wallet (core `exportAccount`): the seed phrase, or the private key after a
 * passkey login, is shown inside Sigil's export frame; the page never sees it.
 * `ExportAccountComponent` renders `div#<iframeContainerId>`, hidden until exported.
 *
 * @example
 * const { exportAccount, isExported, isExporting, ExportAccountComponent } = useExportAccount()
 * <>
 *   <button onClick={() => exportAccount()} disabled={isExporting}>Export</button>
 *   <ExportAccountComponent isExported={isExported} iframeCss="height: 240px;" />
 * </>
 */
export function useExportAccount({
  params,
  ...parameters
}: UseExportAccountParameters = {}): UseExportAccountReturnType {
  const { config } = useSigilContext('useExportAccount')
  const iframeContainerId = params?.iframeContainerId ?? defaultIframeContainerId
  const iframeElementId = params?.iframeElementId
  const { mutate, mutateAsync, data, isPending, error } = useMutation({
    ...parameters,
    mutationKey: ['exportAccount'],
    mutationFn: () => exportAccount(config, { iframeContainerId, iframeElementId }),
  })
  const ExportAccountComponent = useCallback(
    ({ iframeCss, className, isExported }: ExportAccountComponentProps) => (
      <>
        {iframeCss ? (
          <style>{`[id=${JSON.stringify(iframeContainerId)}] iframe { ${iframeCss} }`}</style>
        ) : null}
        <div
          id={iframeContainerId}
          className={className}
          style={{ display: isExported ? 'block' : 'none' }}
        />
      </>
    ),
    [iframeContainerId],
  )
  return {
    exportAccount: () => mutate(),
    exportAccountAsync: () => mutateAsync(),
    isExported: data ?? false,
    isExporting: isPending,
    error,
    ExportAccountComponent,
  }
}
