// Loaded with `node --import` into the Sigil server that `npm start` runs, over an IPC channel: when
// the start script dies without stopping it (killed with SIGKILL, a crash), the channel closes and
// the server stops itself as on Ctrl-C (SIGTERM) instead of living on as an orphan.
if (process.channel) {
  process.channel.unref()
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'))
}
