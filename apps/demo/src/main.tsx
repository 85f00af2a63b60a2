import './demo.css'
import { SigilProvider } from '@sigil/react'
import { QueryClient } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { applyAppearance } from './appearance/useAppearance'
import { createDemoConfig } from './createDemoConfig'
import { loadDemoSettings } from './loadDemoSettings'
import { SetupError } from './SetupError'

// The saved theme and appearance before the first paint, so a dark page does not flash light.
applyAppearance()
const root = createRoot(document.getElementById('root')!)
const queryClient = new QueryClient()

loadDemoSettings().then(
  (settings) => {
    const config = createDemoConfig(settings)
    root.render(
      <StrictMode>
        <SigilProvider config={config} queryClient={queryClient}>
          <App settings={settings} />
        </SigilProvider>
      </StrictMode>,
    )
  },
  (error: unknown) => root.render(<SetupError error={error} />),
)
