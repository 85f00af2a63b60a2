import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { parseWorkers } from '../../src/cli/parseWorkers.js'
import { parseAdminListener } from '../../src/observability/parseAdminListener.js'
import { resolveConfig } from '../../src/resolveConfig.js'
import { parseEnvFile } from './parseEnvFile.js'

/*
 * The deploy files operators copy (packages/server/deploy/) and docs/deploy.md cannot drift: the doc shows
 * the unit and the nginx site file as they are, the environment table names exactly the example's
 * variables, the example is a configuration the server accepts, and the unit's ExecStart runs the
 * package's own bin.
 */

const read = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8')
const deployDoc = read('../../../../docs/deploy.md')
const configurationDoc = read('../../../../docs/configuration.md')
const unit = read('../../deploy/sigil-server.service')
const site = read('../../deploy/nginx-sigil.conf')
const envExample = read('../../deploy/sigil.env.example')

/** The fenced blocks of `language` in a markdown text. */
const blocks = (markdown: string, language: string) =>
  [...markdown.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\`$`, 'gm'))].map(
    (match) => match[1],
  )

/** The section of docs/deploy.md under `heading` up to the next heading of any level. */
const section = (heading: string) => {
  const start = deployDoc.indexOf(`${heading}\n`)
  expect(start, heading).toBeGreaterThanOrEqual(0)
  const rest = deployDoc.slice(start + heading.length + 1)
  return rest.slice(0, rest.search(/^#{2,3} /m))
}

/** Every variable of the example, set or shown commented out (`# NAME=`). */
const exampleVariables = [...envExample.matchAll(/^(?:# )?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!)

describe('deploy files', () => {
  test('default: docs/deploy.md shows the systemd unit and the nginx site file as they are', () => {
    expect(blocks(section('### A systemd unit'), 'ini')).toEqual([unit])
    expect(blocks(section('### nginx in front'), 'nginx')).toEqual([site])
  })

  test("default: the environment table and the example name the same variables, each one the server's", () => {
    const table = section('### The environment of an instance')
    const tableVariables = [...table.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!)
    expect(new Set(exampleVariables)).toEqual(new Set(tableVariables))
    for (const name of exampleVariables) expect(configurationDoc, name).toContain(`| \`${name}\` |`)
    // Each variable of the example (or a group of them) follows a comment that explains it.
    const lines = envExample.split('\n')
    for (const name of exampleVariables) {
      let at = lines.findIndex((line) => line.startsWith(`${name}=`) || line.startsWith(`# ${name}=`))
      while (at > 0 && /^(# )?[A-Z][A-Z0-9_]*=/.test(lines[at - 1]!)) at--
      expect(lines[at - 1] ?? '', name).toMatch(/^# \S/)
    }
  })

  test('default: the example environment, its paymaster filled in, is a configuration the server accepts', () => {
    const env = parseEnvFile(envExample.replace('"0x…"', `"0x${'11'.repeat(20)}"`))
    const config = resolveConfig({ env })
    expect(config).toMatchObject({
      databaseUrl: env.DATABASE_URL,
      redisUrl: env.REDIS_URL,
      publicUrl: env.SIGIL_PUBLIC_URL,
      mailFrom: 'Sigil <no-reply@wallet.example.com>',
      webauthnOrigins: ['https://app.example.com'],
      chains: [expect.objectContaining({ id: 84532, bundlerUrl: 'https://bundler.example.com' })],
    })
    expect(config.trustedProxies.entries).toEqual(['127.0.0.1/32'])
    expect(parseWorkers(undefined, env, () => 4)).toBe(4)
    expect(parseAdminListener({}, env)).toEqual({ port: 9464, host: '127.0.0.1' })
  })

  test("default: the unit's ExecStart runs the package's sigil-server bin, which runs what the build writes", () => {
    const execStart = unit.match(/^ExecStart=(.*)$/m)?.[1] ?? ''
    const packageJson = JSON.parse(read('../../package.json')) as {
      name: string
      bin: Record<string, string>
    }
    const bin = packageJson.bin['sigil-server']!.replace(/^\.\//, '')
    expect(execStart).toContain(`/opt/sigil/node_modules/${packageJson.name}/${bin} start`)
    expect(existsSync(fileURLToPath(new URL(`../../${bin}`, import.meta.url)))).toBe(true)
    // bin/sigil-server.js imports ../dist/cli.js: `npm run build` (tsc, rootDir src, outDir dist) writes it.
    expect(read(`../../${bin}`)).toContain("import '../dist/cli.js'")
    expect(JSON.parse(read('../../tsconfig.json')).compilerOptions).toMatchObject({
      rootDir: 'src',
      outDir: 'dist',
    })
    expect(existsSync(fileURLToPath(new URL('../../src/cli.ts', import.meta.url)))).toBe(true)
    // systemd turns `$$` into `$`: the shell, not systemd, reads the credential.
    expect(execStart).toContain('"$$(cat "$${CREDENTIALS_DIRECTORY}/master.key")"')
  })
})
