import { useExportAccount } from '@sigil/react'
import { ErrorText } from '../ui/ErrorText'
import { Panel } from '../ui/Panel'

/** The element the export frame is put in. */
const exportContainerId = 'demo-export-frame'

/**
 * Exports the wallet (`useExportAccount`): the seed phrase (or, after a passkey sign-in, the
 * private key) appears inside Sigil's export frame, on the server's origin; this page never sees it.
 *
 * @example
 * <ExportPanel />
 */
export function ExportPanel() {
  const { exportAccount, isExported, isExporting, error, ExportAccountComponent } = useExportAccount({
    params: { iframeContainerId: exportContainerId },
  })
  return (
    <Panel
      title="Export wallet"
      description="Shows your secret recovery phrase. Anyone who sees it controls the wallet."
    >
      {isExported ? null : (
        <button type="button" className="button" onClick={exportAccount} disabled={isExporting}>
          {isExporting ? 'Opening…' : 'Show recovery phrase'}
        </button>
      )}
      <ExportAccountComponent
        isExported={isExported}
        className="export-frame"
        iframeCss="width: 100%; height: 240px; border: 0;"
      />
      <ErrorText error={error} />
    </Panel>
  )
}
