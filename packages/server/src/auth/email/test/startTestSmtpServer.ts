import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/** A message as the test SMTP server received it over TCP. */
export type ReceivedMail = {
  /** Envelope recipients (`RCPT TO`). */
  to: string[]
  /** Envelope sender (`MAIL FROM`). */
  from: string | undefined
  subject: string
  /** Decoded `text/plain` part. */
  text: string
  /** Decoded `text/html` part. */
  html: string
  /** The raw message as sent. */
  raw: string
}

export type TestSmtpServer = {
  /** `smtp://127.0.0.1:<port>`, for the server's `smtpUrl`. */
  url: string
  messages: ReceivedMail[]
  /** Resolves with the next message to `to` (or one already received and not yet taken). */
  nextMail(to: string, timeoutMs?: number): Promise<ReceivedMail>
  close(): Promise<void>
}

const decodeBody = (body: string, encoding: string | undefined) => {
  const kind = encoding?.trim().toLowerCase()
  if (kind === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (kind === 'quoted-printable')
    return Buffer.from(
      body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-Fa-f]{2})/g, (_match, hex: string) =>
          String.fromCharCode(Number.parseInt(hex, 16)),
        ),
      'latin1',
    ).toString('utf8')
  return body
}

const splitHeaders = (part: string) => {
  const at = part.search(/\r?\n\r?\n/)
  const head = at < 0 ? part : part.slice(0, at)
  const body = at < 0 ? '' : part.slice(at).replace(/^\r?\n\r?\n/, '')
  const headers = new Map<string, string>()
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return { headers, body }
}

/** Just enough MIME to read nodemailer's `multipart/alternative` text and HTML parts. */
const parseMail = (raw: string) => {
  const { headers, body } = splitHeaders(raw)
  const parts: Record<string, string> = {}
  const boundary = headers.get('content-type')?.match(/boundary="?([^";]+)"?/)?.[1]
  const chunks = boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw]
  for (const chunk of chunks) {
    const part = splitHeaders(chunk.replace(/^\r?\n/, ''))
    const type = part.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? 'text/plain'
    parts[type] = decodeBody(part.body.replace(/\r?\n$/, ''), part.headers.get('content-transfer-encoding'))
  }
  return {
    subject: headers.get('subject') ?? '',
    text: parts['text/plain'] ?? '',
    html: parts['text/html'] ?? '',
  }
}

/**
 * A real SMTP server (npm `smtp-server`) on 127.0.0.1 with a free port, no TLS and no required
 * login, that keeps every message it receives.
 *
 * @example
 * const smtp = await startTestSmtpServer()
 * const server = await createTestServer('sqlite', { smtpUrl: smtp.url, devMailbox: false })
 * const mail = await smtp.nextMail('ada@example.com')
 */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = []
  const taken = new Set<ReceivedMail>()
  const waiting: { to: string; resolve: (mail: ReceivedMail) => void }[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const mail: ReceivedMail = {
          to: session.envelope.rcptTo.map((address) => address.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          raw,
          ...parseMail(raw),
        }
        messages.push(mail)
        const index = waiting.findIndex((wait) => mail.to.includes(wait.to))
        if (index >= 0) {
          taken.add(mail)
          waiting.splice(index, 1)[0]!.resolve(mail)
        }
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    nextMail(to, timeoutMs = 10_000) {
      const address = to.toLowerCase()
      const ready = messages.find((mail) => !taken.has(mail) && mail.to.includes(address))
      if (ready) {
        taken.add(ready)
        return Promise.resolve(ready)
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no mail to ${address} within ${timeoutMs} ms`)),
          timeoutMs,
        )
        waiting.push({
          to: address,
          resolve: (mail) => {
            clearTimeout(timer)
            resolve(mail)
          },
        })
      })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
