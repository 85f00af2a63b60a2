import { disconnect } from '@sigil/core'
import { useEffect, useId, useRef } from 'react'
import { useSigilConfig } from '../hooks/useSigilConfig.js'
import { Button } from '../ui/Button.js'
import { texts } from '../ui/texts.js'

export type ErrorScreenProps = {
  heading: string
  body: string
  /** What happened in plain words, read first (a passkey failure: closed, timed out, the wrong site). */
  description?: string | undefined
  /** Default 'Try again'. */
  tryAgainLabel?: string | undefined
  onTryAgain: () => void
  /** 'Use another method'; the step machine decides where it leads (pick_eoa from a wallet step). */
  onUseAnotherMethod?: (() => void) | undefined
  /** Shows 'Skip' instead of 'Use another method' (adding a passkey after sign-up). */
  onSkip?: (() => void) | undefined
  /** End the sign-in in flight when the screen shows (default true; false once the user is signed in). */
  shouldDisconnect?: boolean | undefined
}

/**
 * The error screen of docs/sign-in-ui.md: a heading, the plain-words description when there is one, a body, a
 * try-again button and 'Use another method' (or
 * 'Skip'). It is announced as an alert; by default it disconnects, which ends the sign-in in flight,
 * and Try again waits for that before it starts again.
 *
 * @example
 * <ErrorScreen heading="Connection failed" body="The code could not be verified" onTryAgain={retry} onUseAnotherMethod={back} />
 */
export function ErrorScreen({
  heading,
  body,
  description,
  tryAgainLabel = texts.error.tryAgain,
  onTryAgain,
  onUseAnotherMethod,
  onSkip,
  shouldDisconnect = true,
}: ErrorScreenProps) {
  const config = useSigilConfig()
  const id = useId()
  // Try again starts a new sign-in only once the old one is ended (a new key, popup OAuth prepared
  // again for it), or the two would race.
  const disconnecting = useRef<Promise<void>>(Promise.resolve())
  useEffect(() => {
    if (shouldDisconnect) disconnecting.current = disconnect(config).catch(() => undefined)
  }, [config, shouldDisconnect])
  const tryAgain = () => void disconnecting.current.then(onTryAgain)
  return (
    <section className="sigil-stack" role="alert" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      {description ? <p>{description}</p> : null}
      <p className="sigil-muted">{body}</p>
      <Button variant="primary" onClick={tryAgain}>
        {tryAgainLabel}
      </Button>
      {onSkip ? (
        <Button variant="secondary" onClick={onSkip}>
          {texts.error.skip}
        </Button>
      ) : (
        <Button variant="secondary" onClick={onUseAnotherMethod}>
          {texts.error.useAnotherMethod}
        </Button>
      )}
    </section>
  )
}
