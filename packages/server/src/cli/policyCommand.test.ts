import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { sigilAccountFactories } from '../sponsor/sigilAccountFactories.js'
import { createTestStore, type TestStore } from '../store/test/storeDialects.js'
import { testMasterKey } from '../test/createTestServer.js'
import { runCliInProcess } from '../test/runCliInProcess.js'
import { runCli, type SpawnedServer, spawnServer } from '../test/spawnServer.js'

/**
 * `sigil-server policy …` and `sigil-server paymaster signer` as an operator runs them, next to a running
 * server (a child process on the same data dir). The app and the first policy are made by `sigil-server`
 * child processes; the other commands run in this process (`runCliInProcess`: the same dispatch, output
 * and exit code, without a process start per command).
 */

const slow = { timeout: 120_000 }
const env = { SIGIL_MASTER_KEY: testMasterKey }
const lastJson = (stdout: string) => JSON.parse(stdout.trim().split('\n').at(-1)!)
const target = '0x000000000000000000000000000000000000dEaD'

describe('sigil-server policy and paymaster signer on a data dir, while the server runs', slow, () => {
  let dataDir: string
  let server: SpawnedServer
  let appId: string
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sigil-policy-'))
    const chainsFile = join(dataDir, 'chains.json')
    await writeFile(chainsFile, JSON.stringify({ chains: [{ id: 31337, rpcUrl: 'http://127.0.0.1:9' }] }))
    server = await spawnServer(['start', '--port', '0', '--data-dir', dataDir, '--chains', chainsFile], env)
    const created = await runCli(
      ['app', 'create', '--name', 'a', '--origin', 'http://localhost:5173', '--data-dir', dataDir],
      env,
    )
    appId = lastJson(created.stdout).appId
  })
  afterAll(async () => {
    await server?.stop()
    await rm(dataDir, { recursive: true, force: true })
  })

  test('default: start --chains serves /rpc/<id> and prints its URL', async () => {
    for (let waited = 0; waited < 10_000 && !server.output().includes('RPC gateway'); waited += 25)
      await new Promise((resolve) => setTimeout(resolve, 25))
    expect(server.output()).toContain(`RPC gateway: ${server.url}/rpc/31337`)
    const post = (path: string) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}',
      })
    expect((await post('/rpc/31337')).status).toBe(401)
    expect(await (await post('/rpc/5')).json()).toEqual({
      error: 'chain 5 is not served by this gateway',
      code: 'CHAIN_NOT_FOUND',
    })
  })

  test('error: a bad SIGIL_CHAINS stops start with one clear line', async () => {
    const run = await runCli(['start', '--port', '0', '--data-dir', dataDir], {
      ...env,
      SIGIL_CHAINS: '[{"id":1,"rpcUrl":"ftp://key@x"}]',
    })
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/^sigil-server: SIGIL_CHAINS: 0\.rpcUrl: /)
    expect(run.stderr).not.toContain('key@x')
  })

  test('default: policy create, list and disable print JSON', async () => {
    const created = await runCli(
      [
        'policy',
        'create',
        '--app',
        appId,
        '--name',
        'demo',
        '--chain',
        '31337',
        '--chain',
        '84532',
        '--max-gas',
        '3000000',
        '--max-operations-per-sender-per-day',
        '5',
        '--budget-wei',
        '1000000000000000000',
        '--allow-target',
        target,
        '--expires-at',
        '2030-01-01T00:00:00Z',
        '--data-dir',
        dataDir,
      ],
      env,
    )
    expect({ code: created.code, stderr: created.stderr }).toEqual({ code: 0, stderr: '' })
    const policy = lastJson(created.stdout)
    expect(policy).toEqual({
      policyId: expect.stringMatching(/^pol_[0-9a-f]{32}$/),
      appId,
      kind: 'evm',
      name: 'demo',
      audience: 'signed-in',
      chainIds: [31337, 84532],
      budgetWei: '1000000000000000000',
      budgetPerUserWei: null,
      budgetPeriod: 'total',
      maxCostWeiPerOperation: null,
      maxGasPerOperation: '3000000',
      maxOperationsPerSenderPerDay: 5,
      maxReservedSharePerUser: 10,
      senderFactories: [...sigilAccountFactories],
      allowedTargets: [target.toLowerCase()],
      spentWei: '0',
      operations: 0,
      expiresAt: '2030-01-01T00:00:00.000Z',
      disabledAt: null,
      createdAt: expect.any(String),
    })
    const listed = await runCliInProcess(['policy', 'list', '--app', appId, '--data-dir', dataDir], env)
    expect(lastJson(listed.stdout)).toEqual([
      {
        ...policy,
        periodStartedAt: '1970-01-01T00:00:00.000Z',
        reservedWei: '0',
        remainingWei: '1000000000000000000',
        paymasterDeposits: [],
      },
    ])
    const disabled = await runCliInProcess(['policy', 'disable', policy.policyId, '--data-dir', dataDir], env)
    expect(lastJson(disabled.stdout)).toMatchObject({
      policyId: policy.policyId,
      disabledAt: expect.any(String),
    })
  })

  test('default: policy create --solana prints a Solana fee payer policy; list shows both kinds', async () => {
    const system = '11111111111111111111111111111111'
    const created = await runCliInProcess(
      [
        'policy',
        'create',
        '--app',
        appId,
        '--solana',
        '--budget',
        '100000000',
        '--budget-period',
        'day',
        '--name',
        'sol',
        '--chain',
        'solana-localnet',
        '--max-lamports',
        '20000',
        '--max-transactions-per-user-per-day',
        '3',
        '--allow-program',
        system,
        '--expires-at',
        '2030-01-01T00:00:00Z',
        '--data-dir',
        dataDir,
      ],
      env,
    )
    expect({ code: created.code, stderr: created.stderr }).toEqual({ code: 0, stderr: '' })
    const policy = lastJson(created.stdout)
    expect(policy).toEqual({
      policyId: expect.stringMatching(/^pol_[0-9a-f]{32}$/),
      appId,
      kind: 'solana',
      name: 'sol',
      audience: 'signed-in',
      chainIds: ['solana-localnet'],
      budgetLamports: '100000000',
      budgetPerUserLamports: null,
      budgetPeriod: 'day',
      maxLamportsPerTransaction: '20000',
      maxTransactionsPerUserPerDay: 3,
      allowedPrograms: [system],
      spentLamports: '0',
      transactions: 0,
      expiresAt: '2030-01-01T00:00:00.000Z',
      disabledAt: null,
      createdAt: expect.any(String),
    })
    const listed = lastJson(
      (await runCliInProcess(['policy', 'list', '--app', appId, '--data-dir', dataDir], env)).stdout,
    )
    expect(listed.map((each: { kind: string }) => each.kind)).toContain('evm')
    // `list` adds where the budget stands in its period (a day here, from 00:00 UTC).
    const today = new Date()
    today.setUTCHours(0, 0, 0, 0)
    expect(listed).toContainEqual({
      ...policy,
      periodStartedAt: today.toISOString(),
      reservedLamports: '0',
      remainingLamports: '100000000',
    })
    const mixed = await runCliInProcess(
      ['policy', 'create', '--app', appId, '--solana', '--max-gas', '1', '--data-dir', dataDir],
      env,
    )
    expect(mixed.stderr).toMatch(/^sigil-server: --max-gas is for gas \(EVM\) policies/)
    const badChain = await runCliInProcess(
      [
        'policy',
        'create',
        '--app',
        appId,
        '--solana',
        '--unlimited',
        '--chain',
        '31337',
        '--data-dir',
        dataDir,
      ],
      env,
    )
    expect(badChain.stderr).toBe(
      'sigil-server: a Solana chain id is solana-<name> (e.g. solana-localnet), got 31337\n',
    )
    const solanaFlag = await runCliInProcess(
      ['policy', 'create', '--app', appId, '--max-lamports', '1', '--data-dir', dataDir],
      env,
    )
    expect(solanaFlag.stderr).toMatch(/^sigil-server: --max-lamports is for Solana \(--solana\) policies/)
  })

  test('behavior: solana fee-payer prints the same base58 address every time', async () => {
    const first = await runCliInProcess(['solana', 'fee-payer', '--data-dir', dataDir], env)
    expect({ code: first.code, stderr: first.stderr }).toEqual({ code: 0, stderr: '' })
    const { address } = lastJson(first.stdout)
    expect(address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    expect(
      lastJson((await runCliInProcess(['solana', 'fee-payer', '--data-dir', dataDir], env)).stdout),
    ).toEqual({
      address,
    })
  })

  test('behavior: paymaster signer prints the same address every time', async () => {
    const first = await runCliInProcess(['paymaster', 'signer', '--data-dir', dataDir], env)
    expect({ code: first.code, stderr: first.stderr }).toEqual({ code: 0, stderr: '' })
    const { address } = lastJson(first.stdout)
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(
      lastJson((await runCliInProcess(['paymaster', 'signer', '--data-dir', dataDir], env)).stdout),
    ).toEqual({
      address,
    })
  })

  test('error: a policy needs --budget or an explicit --unlimited, which warns', async () => {
    const none = await runCliInProcess(['policy', 'create', '--app', appId, '--data-dir', dataDir], env)
    expect(none.code).toBe(1)
    expect(none.stderr).toMatch(/^sigil-server: a policy needs --budget WEI .* or --unlimited\n/)
    const solana = await runCliInProcess(
      ['policy', 'create', '--app', appId, '--solana', '--data-dir', dataDir],
      env,
    )
    expect(solana.stderr).toMatch(/^sigil-server: a policy needs --budget LAMPORTS .* or --unlimited\n/)
    const both = await runCliInProcess(
      ['policy', 'create', '--app', appId, '--budget', '1', '--unlimited', '--data-dir', dataDir],
      env,
    )
    expect(both.stderr).toBe('sigil-server: --budget and --unlimited exclude each other\n')
    const unlimited = await runCliInProcess(
      ['policy', 'create', '--app', appId, '--unlimited', '--data-dir', dataDir],
      env,
    )
    expect(unlimited.code).toBe(0)
    expect(unlimited.stderr).toBe(
      'sigil-server: warning: this policy has no budget (--unlimited): only its other limits bound what it spends\n',
    )
    expect(lastJson(unlimited.stdout)).toMatchObject({ budgetWei: null })
  })

  test('default: --budget, its period and per-user share, cost cap, audience and senders', async () => {
    const factory = '0x1111111111111111111111111111111111111111'
    const created = await runCliInProcess(
      [
        'policy',
        'create',
        '--app',
        appId,
        '--budget',
        '1000',
        '--budget-period',
        'week',
        '--budget-per-user',
        '100',
        '--max-reserved-share-per-user',
        '2.5',
        '--max-cost-wei',
        '50',
        '--audience',
        'public',
        '--allow-factory',
        factory,
        '--allow-factory',
        target,
        '--data-dir',
        dataDir,
      ],
      env,
    )
    expect({ code: created.code, stderr: created.stderr }).toEqual({ code: 0, stderr: '' })
    expect(lastJson(created.stdout)).toMatchObject({
      budgetWei: '1000',
      budgetPeriod: 'week',
      budgetPerUserWei: '100',
      maxReservedSharePerUser: 2.5,
      maxCostWeiPerOperation: '50',
      audience: 'public',
      senderFactories: [factory, target.toLowerCase()],
    })
    const anySender = await runCliInProcess(
      ['policy', 'create', '--app', appId, '--budget-wei', '7', '--any-sender', '--data-dir', dataDir],
      env,
    )
    expect(lastJson(anySender.stdout)).toMatchObject({
      budgetWei: '7',
      senderFactories: null,
      maxReservedSharePerUser: 10,
    })
    for (const share of ['0', '100.01', '1.234', 'ten'])
      expect(
        (
          await runCliInProcess(
            [
              ...['policy', 'create', '--app', appId, '--budget', '1'],
              ...['--max-reserved-share-per-user', share, '--data-dir', dataDir],
            ],
            env,
          )
        ).stderr,
      ).toBe(`sigil-server: --max-reserved-share-per-user must be a percent from 0.01 to 100, got ${share}\n`)
    const solana = await runCliInProcess(
      [
        'policy',
        'create',
        '--app',
        appId,
        '--solana',
        '--budget',
        '9',
        '--budget-per-user',
        '3',
        '--data-dir',
        dataDir,
      ],
      env,
    )
    expect(lastJson(solana.stdout)).toMatchObject({ budgetLamports: '9', budgetPerUserLamports: '3' })
    const badPeriod = await runCliInProcess(
      ['policy', 'create', '--app', appId, '--budget', '1', '--budget-period', 'year', '--data-dir', dataDir],
      env,
    )
    expect(badPeriod.stderr).toBe(
      'sigil-server: budget period must be one of total, day, week, month, got year\n',
    )
    const badAudience = await runCliInProcess(
      ['policy', 'create', '--app', appId, '--budget', '1', '--audience', 'anyone', '--data-dir', dataDir],
      env,
    )
    expect(badAudience.stderr).toBe(
      'sigil-server: audience must be one of public, signed-in, server, got anyone\n',
    )
    const solanaFactory = await runCliInProcess(
      [
        'policy',
        'create',
        '--app',
        appId,
        '--solana',
        '--budget',
        '1',
        '--any-sender',
        '--data-dir',
        dataDir,
      ],
      env,
    )
    expect(solanaFactory.stderr).toMatch(/^sigil-server: --any-sender is for gas \(EVM\) policies/)
  })

  test('error: a missing app or a bad flag value is one clear line, no stack', async () => {
    const missing = await runCliInProcess(['policy', 'create', '--data-dir', dataDir], env)
    expect(missing.code).toBe(1)
    expect(missing.stderr).toMatch(/^sigil-server: --app is required/)
    const unknownApp = await runCliInProcess(
      ['policy', 'create', '--app', 'nope', '--budget', '1', '--data-dir', dataDir],
      env,
    )
    expect(unknownApp.stderr).toBe('sigil-server: app nope not found\n')
    const badBudget = await runCliInProcess(
      ['policy', 'create', '--app', appId, '--budget-wei', '1e18', '--data-dir', dataDir],
      env,
    )
    expect(badBudget.stderr).toBe('sigil-server: --budget-wei must be a non-negative integer, got 1e18\n')
    const unknownPolicy = await runCliInProcess(['policy', 'disable', 'pol_nope', '--data-dir', dataDir], env)
    expect(unknownPolicy.stderr).toBe('sigil-server: policy pol_nope not found\n')
    for (const run of [missing, unknownApp, badBudget, unknownPolicy])
      expect(run.stderr).not.toMatch(/^\s+at /m)
  })
})

describe('sigil-server policy and paymaster signer on PostgreSQL', slow, () => {
  let store: TestStore
  beforeAll(async () => {
    store = await createTestStore('postgres')
  })
  afterAll(() => store?.cleanup())

  test('default: --database-url reaches the same policies and signer', async () => {
    const url = store.location.databaseUrl!
    const created = await runCliInProcess(
      ['app', 'create', '--name', 'a', '--origin', 'http://localhost:5173', '--database-url', url],
      env,
    )
    const appId = lastJson(created.stdout).appId
    const policy = lastJson(
      (
        await runCliInProcess(
          ['policy', 'create', '--app', appId, '--budget', '5', '--database-url', url],
          env,
        )
      ).stdout,
    )
    // Without --max-gas a gas policy gets the default 5,000,000 gas per operation.
    expect(policy).toMatchObject({ appId, chainIds: null, budgetWei: '5', maxGasPerOperation: '5000000' })
    expect(lastJson((await runCliInProcess(['policy', 'list', '--database-url', url], env)).stdout)).toEqual([
      {
        ...policy,
        periodStartedAt: expect.any(String),
        reservedWei: '0',
        remainingWei: '5',
        paymasterDeposits: [],
      },
    ])
    const signer = await runCliInProcess(['paymaster', 'signer', '--database-url', url], env)
    expect(lastJson(signer.stdout).address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    const row = await store.db
      .selectFrom('server_keys')
      .select('public_key')
      .where('name', '=', 'paymaster-signer')
      .executeTakeFirst()
    expect(row?.public_key).toBe(lastJson(signer.stdout).address)
  })
})
