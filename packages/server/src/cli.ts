import { formatCliError } from './cli/formatCliError.js'
import { runCliCommand } from './cli/runCliCommand.js'

runCliCommand(process.argv.slice(2)).catch((error: unknown) => {
  console.error(formatCliError(error))
  process.exit(1)
})
