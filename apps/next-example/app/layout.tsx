import './example.css'
import { cookieToInitialState, createConfig } from '@sigil/core'
import type { Metadata } from 'next'
import { headers } from 'next/headers'
import type { ReactNode } from 'react'
import { Providers } from './Providers'
import { readExampleSettings } from './readExampleSettings'
import { signerFrameContainerId, toConfigParameters } from './toConfigParameters'

/** Rendered per request: the settings and the cookie are the request's. */
export const dynamic = 'force-dynamic'

export const metadata: Metadata = {
  title: 'Sigil on Next.js',
  description: 'Server-rendered sign-in, signing and a sponsored operation with Sigil.',
}

/**
 * The root layout, rendered on the server for each request: it reads the settings from the
 * environment and the app state from the request's cookie (`cookieToInitialState`, with a config made
 * for this request only), and hands both to the client `Providers`, so the first HTML already shows
 * who is signed in.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const settings = readExampleSettings(process.env)
  const cookie = (await headers()).get('cookie')
  const initialState = cookieToInitialState(createConfig(toConfigParameters(settings)), cookie)
  return (
    <html lang="en">
      <body>
        <Providers settings={settings} initialState={initialState}>
          {children}
        </Providers>
        <div id={signerFrameContainerId} />
      </body>
    </html>
  )
}
