/**
 * Preloaded into a server (`NODE_OPTIONS=--import tsx --import …/profileCpuPreload.ts`, since Node refuses
 * `--cpu-prof` in NODE_OPTIONS): profiles the CPU from start to exit and writes
 * `<BENCH_CPU_PROFILE_DIR>/sigil-server-<pid>.cpuprofile`, which Chrome DevTools opens.
 */
import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector'
import { join } from 'node:path'

const directory = process.env.BENCH_CPU_PROFILE_DIR
if (directory) {
  const session = new Session()
  session.connect()
  session.post('Profiler.enable')
  session.post('Profiler.setSamplingInterval', { interval: 500 })
  session.post('Profiler.start')
  process.on('exit', () => {
    // A same-thread inspector session answers synchronously, so this runs before the process ends.
    session.post('Profiler.stop', (error, result) => {
      if (!error)
        writeFileSync(
          join(directory, `sigil-server-${process.pid}.cpuprofile`),
          JSON.stringify(result.profile),
        )
    })
  })
}
