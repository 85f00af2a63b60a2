/**
 * Shown when the page has no settings: it was opened without `npm start` (which serves
 * `config.json` with the Sigil server's URL and the dev app's key).
 *
 * @example
 * <SetupError error={new Error('config.json answered 404')} />
 */
export function SetupError({ error }: { error: unknown }) {
  return (
    <main className="page page-narrow">
      <section className="panel" aria-labelledby="setup-error-title">
        <h1 id="setup-error-title">The demo is not set up</h1>
        <p>
          Start it with <code>npm start</code> at the root of the repository: it runs the Sigil server and
          serves this page with its settings.
        </p>
        <p className="error-text" role="alert">
          {error instanceof Error ? error.message : String(error)}
        </p>
      </section>
    </main>
  )
}
