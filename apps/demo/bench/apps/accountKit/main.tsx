import './polyfills'
import { AlchemyAccountProvider } from '@account-kit/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { AccountKitApp } from './AccountKitApp'
import { config, queryClient } from './config'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AlchemyAccountProvider config={config} queryClient={queryClient}>
        <AccountKitApp />
      </AlchemyAccountProvider>
    </QueryClientProvider>
  </StrictMode>,
)
