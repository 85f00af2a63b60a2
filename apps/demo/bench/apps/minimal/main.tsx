import { SigilProvider } from '@sigil/react'
import { QueryClient } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { config } from './config'
import { MinimalApp } from './MinimalApp'

const queryClient = new QueryClient()

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SigilProvider config={config} queryClient={queryClient}>
      <MinimalApp />
    </SigilProvider>
  </StrictMode>,
)
