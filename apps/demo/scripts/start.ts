/**
 * `npm start`: Sigil as a whole product on this machine. Builds what is needed (key frames, server,
 * devnet, demo), starts the local chain (`sigil-devnet`: anvil, EntryPoints, account contracts,
 * paymasters trusting the server's paymaster signer, alto, and a Solana runtime funding the server's fee
 * payer), the Sigil server (SQLite in `./.sigil`, dev mailbox, the dev app, the RPC gateway for both
 * chains, a local OpenID provider, the dev login, as OAuth provider `dev_login`) and serves the demo on
 * http://localhost:5173 with the server's URL, the dev app's key and sponsorship policies for each chain.
 * Each build step runs only when its inputs changed since the last start. Ctrl-C stops
 * everything; the next start reuses the data (same users, same dev app, key and policy; the chain
 * starts afresh, so smart accounts are deployed again by their first operation).
 *
 * Environment: PORT (8787) and HOST (127.0.0.1) of the server, SIGIL_DEMO_PORT (5173),
 * SIGIL_DEVNET_PORT (8545) and SIGIL_BUNDLER_PORT (4337) of the chain and SIGIL_SOLANA_PORT (8899) of
 * the Solana runtime, SIGIL_DEV_LOGIN_PORT (8790) of the dev login (0: any free port),
 * SIGIL_DATA_DIR (./.sigil), and the server's own variables (SIGIL_CONFIG for OAuth providers, SMTP_URL, …).
 * Flags: --rebuild (build every step, changed or not), --no-build (use what was built last),
 * --from-source (run the server through tsx),
 * --demo-dir DIR (serve another build of the demo).
 */
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { buildForStart } from './buildForStart.js'
import { ensureDemoPolicy } from './ensureDemoPolicy.js'
import { demoSolanaChainId, ensureDemoSolanaPolicy } from './ensureDemoSolanaPolicy.js'
import { readOauthProviders } from './readOauthProviders.js'
import { runServerCli } from './runServerCli.js'
import { serveDemo } from './serveDemo.js'
import { type DevLogin, demoOauthButtons, startDevLogin } from './startDevLogin.js'
import { type StartedDevnet, startDevnetProcess } from './startDevnetProcess.js'
import { type StartedSigilServer, startSigilServer } from './startSigilServer.js'

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url))
const { values } = parseArgs({
  options: {
    'no-build': { type: 'boolean' },
    rebuild: { type: 'boolean' },
    'from-source': { type: 'boolean' },
    'demo-dir': { type: 'string' },
  },
  strict: true,
})

const port = (name: string, fallback: number) => {
  const value = Number(process.env[name] || fallback)
  if (!Number.isInteger(value) || value < 0 || value > 65_535)
    throw new Error(`${name} must be a port number`)
  return value
}

async function main(): Promise<void> {
  const started = performance.now()
  const host = process.env.HOST || '127.0.0.1'
  const dataDir = resolve(repositoryRoot, process.env.SIGIL_DATA_DIR || '.sigil')
  const demoDir = resolve(repositoryRoot, values['demo-dir'] ?? 'apps/demo/dist')
  if (!values['no-build']) {
    console.log(
      values.rebuild
        ? 'Building the key frames, the server and devnet, and the demo:'
        : 'Building what changed since the last start (--rebuild builds everything):',
    )
    await buildForStart({
      repositoryRoot,
      demoOutDir: values['demo-dir'] ? demoDir : undefined,
      rebuild: values.rebuild,
    })
  }

  const demo = await serveDemo({ root: demoDir, port: port('SIGIL_DEMO_PORT', 5173), host }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EADDRINUSE') throw error
      throw new Error(
        `port ${process.env.SIGIL_DEMO_PORT || 5173} is in use: stop what runs there or set SIGIL_DEMO_PORT`,
      )
    },
  )
  let server: StartedSigilServer | undefined
  let devnet: StartedDevnet | undefined
  let devLogin: DevLogin | undefined
  let stopping = false
  const stop = async (exitCode: number) => {
    if (stopping) return
    stopping = true
    await Promise.all([demo.close(), server?.stop(), devnet?.stop(), devLogin?.close()])
    process.exit(exitCode)
  }
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(0))

  console.log('Starting the chains, the Sigil server and the dev login…')
  const fromSource = values['from-source']
  let policyId: string
  let solanaPolicyId: string
  let serverEnv: NodeJS.ProcessEnv
  try {
    // The paymasters must trust the server's paymaster signer (a key in the server's vault).
    const { address: paymasterSigner } = await runServerCli<{ address: string }>(
      { repositoryRoot, fromSource },
      ['paymaster', 'signer', '--data-dir', dataDir],
    )
    // The Solana runtime funds the server's fee payer (another key in its vault).
    const { address: feePayer } = await runServerCli<{ address: string }>({ repositoryRoot, fromSource }, [
      'solana',
      'fee-payer',
      '--data-dir',
      dataDir,
    ])
    devnet = await startDevnetProcess({
      repositoryRoot,
      // 0 lets the devnet pick a free port; its banner gives the URLs.
      port: port('SIGIL_DEVNET_PORT', 8545),
      bundlerPort: port('SIGIL_BUNDLER_PORT', 4337),
      paymasterSigner,
      solanaPort: port('SIGIL_SOLANA_PORT', 8899),
      solanaFund: [feePayer],
      fromSource,
    })
    const chains = [
      {
        id: devnet.chainId,
        rpcUrl: devnet.rpcUrl,
        bundlerUrl: devnet.bundlerUrl,
        paymasters: devnet.paymasters,
      },
      { id: demoSolanaChainId, type: 'solana', rpcUrl: devnet.solana.rpcUrl },
    ]
    devLogin = await startDevLogin({ port: port('SIGIL_DEV_LOGIN_PORT', 8790), dataDir }).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EADDRINUSE') throw error
        throw new Error(
          `port ${process.env.SIGIL_DEV_LOGIN_PORT || 8790} is in use: stop what runs there or set SIGIL_DEV_LOGIN_PORT`,
        )
      },
    )
    serverEnv = { ...process.env, SIGIL_CHAINS: JSON.stringify(chains), ...devLogin.serverEnv }
    server = await startSigilServer({
      repositoryRoot,
      dataDir,
      port: port('PORT', 8787),
      host,
      devAppOrigin: demo.url,
      fromSource,
      env: serverEnv,
    })
    // The provider accepts the server's callback only: its URL is known now.
    devLogin.connect(server.url)
    policyId = await ensureDemoPolicy({
      repositoryRoot,
      fromSource,
      dataDir,
      appId: server.devApp.appId,
      chainId: devnet.chainId,
    })
    solanaPolicyId = await ensureDemoSolanaPolicy({
      repositoryRoot,
      fromSource,
      dataDir,
      appId: server.devApp.appId,
    })
  } catch (error) {
    await Promise.all([demo.close(), server?.stop(), devnet?.stop(), devLogin?.close()])
    throw error
  }
  for (const [name, running] of [
    ['Sigil server', server],
    ['devnet', devnet],
  ] as const) {
    void running.exited.then((code) => {
      if (stopping) return
      console.error(`The ${name} stopped (${code}); stopping the rest.`)
      void stop(1)
    })
  }
  const solanaGateway = `${server.url}/rpc/${demoSolanaChainId}/${server.devApp.apiKey}`
  demo.setSettings({
    rpcUrl: server.url,
    apiKey: server.devApp.apiKey,
    mailboxUrl: server.mailboxUrl,
    smsOutboxUrl: server.smsOutboxUrl,
    oauthProviders: demoOauthButtons(await readOauthProviders(serverEnv)),
    policyId,
    chain: { id: devnet.chainId, name: 'Sigil Devnet', nodeRpcUrl: devnet.rpcUrl },
    solana: { rpcUrl: solanaGateway, policyId: solanaPolicyId },
  })

  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  const relativeDataDir = dataDir.startsWith(repositoryRoot) ? dataDir.slice(repositoryRoot.length) : dataDir
  console.log(`
Sigil is running (started in ${seconds} s, data in ${relativeDataDir}):

  Demo           ${demo.url}
  Dev mailbox    ${server.mailboxUrl ?? 'off (SMTP_URL is set: mail is sent)'}
  Dev SMS outbox ${server.smsOutboxUrl ?? 'off (an SMS provider is set: texts are sent)'}
  Sigil server   ${server.url}
  Dev app key    ${server.devApp.apiKey}  (${relativeDataDir}/dev-app.json)
  Chain          ${devnet.rpcUrl}  (Sigil Devnet, chain id ${devnet.chainId}, ready in ${devnet.readySeconds} s)
  Bundler        ${devnet.bundlerUrl}
  RPC gateway    ${server.url}/rpc/${devnet.chainId}
  Gas policy     ${policyId}  (sponsors the demo's smart-account operations)
  Solana         ${devnet.solana.rpcUrl}  (litesvm runtime; websocket ${devnet.solana.wsUrl})
  Solana gateway ${server.url}/rpc/${demoSolanaChainId}  (node methods and alchemy_requestFeePayer)
  Solana policy  ${solanaPolicyId}  (the server's fee payer pays the demo's Solana fees)
  Dev login      ${devLogin.issuer}  (OpenID provider: any name or email, no password)

Open the demo and sign in; email codes and links land in the dev mailbox, and 'Continue with Dev login'
signs in with any name. Stop with Ctrl-C.`)
}

main().catch((error: unknown) => {
  console.error(`npm start: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
