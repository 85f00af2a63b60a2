/**
 * `npm run bench -w @sigil/server` (second part): server time of an email-code sign-in (signup → otp
 * → bundle) over 200 users and of a passkey-stamped whoami, on SQLite and PostgreSQL.
 */
import { measureSignIn } from './measureSignIn.js'

const users = Number(process.env.BENCH_SIGNIN_USERS ?? 200)
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}
const ms = (value: number) => value.toFixed(2)

const rows: string[] = []
let sqliteEmailP50 = Number.NaN
for (const dialect of ['sqlite', 'postgres'] as const) {
  try {
    const timings = await measureSignIn(dialect, users)
    const store = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'
    if (dialect === 'sqlite') sqliteEmailP50 = percentile(timings.emailSignIn, 50)
    for (const [name, values] of [
      ['email code sign-in (signup + otp)', timings.emailSignIn],
      ['  signup (account + wallet + code mail)', timings.signup],
      ['  otp (check + session key + bundle)', timings.otp],
      ['passkey whoami', timings.passkeyWhoami],
    ] as const)
      rows.push(
        `| ${store} | ${name} | ${values.length} | ${ms(percentile(values, 50))} | ${ms(percentile(values, 99))} |`,
      )
  } catch (error) {
    console.log(`${dialect}: skipped (${error instanceof Error ? error.message : String(error)})`)
  }
}
console.log(`\nSign-in server time (in process, ${users} users, mail stored not sent):\n`)
console.log('| store | step | n | p50 ms | p99 ms |\n| --- | --- | ---: | ---: | ---: |')
for (const row of rows) console.log(row)
console.log(
  `\nGoal: email code sign-in p50 < 30 ms on SQLite: ${sqliteEmailP50 < 30 ? 'PASS' : 'MISS'} (${ms(sqliteEmailP50)} ms)`,
)
