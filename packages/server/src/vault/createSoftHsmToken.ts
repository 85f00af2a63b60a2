import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

/** Debian's `softhsm2` package puts the module here. */
export const softHsmModule = '/usr/lib/softhsm/libsofthsm2.so'

export type SoftHsmToken = {
  /** `SOFTHSM2_CONF` for every process that uses the token (set it before the module is initialized). */
  conf: string
  token: string
  pin: string
  /** Generates an AES-256 key labelled `label` in the token (sensitive, not extractable). */
  generateKey(label: string): Promise<void>
  remove(): Promise<void>
}

/**
 * For tests: a fresh SoftHSM2 token in a temp dir (`softhsm2-util --init-token`, its own `SOFTHSM2_CONF`),
 * and AES keys generated inside it by a child process (docs/deploy.md#master-keys does the same with
 * `pkcs11-tool`).
 *
 * @example
 * const hsm = await createSoftHsmToken()
 * await hsm.generateKey('sigil-master')
 */
export async function createSoftHsmToken(): Promise<SoftHsmToken> {
  const dir = await mkdtemp(join(tmpdir(), 'sigil-softhsm-'))
  const tokens = join(dir, 'tokens')
  await mkdir(tokens, { mode: 0o700 })
  const conf = join(dir, 'softhsm2.conf')
  await writeFile(conf, `directories.tokendir = ${tokens}\nobjectstore.backend = file\nlog.level = ERROR\n`)
  const token = 'sigil-test'
  const pin = '123456'
  const env = { ...process.env, SOFTHSM2_CONF: conf }
  await promisify(execFile)(
    'softhsm2-util',
    ['--init-token', '--free', '--label', token, '--pin', pin, '--so-pin', '654321'],
    { env },
  )
  return {
    conf,
    token,
    pin,
    async generateKey(label) {
      const script = `
        const pkcs11js = require('pkcs11js')
        const m = new pkcs11js.PKCS11()
        m.load(${JSON.stringify(softHsmModule)})
        m.C_Initialize()
        const slot = m.C_GetSlotList(true).find((s) => m.C_GetTokenInfo(s).label.trimEnd() === ${JSON.stringify(token)})
        const session = m.C_OpenSession(slot, pkcs11js.CKF_SERIAL_SESSION | pkcs11js.CKF_RW_SESSION)
        m.C_Login(session, pkcs11js.CKU_USER, ${JSON.stringify(pin)})
        m.C_GenerateKey(session, { mechanism: pkcs11js.CKM_AES_KEY_GEN }, [
          { type: pkcs11js.CKA_CLASS, value: pkcs11js.CKO_SECRET_KEY },
          { type: pkcs11js.CKA_KEY_TYPE, value: pkcs11js.CKK_AES },
          { type: pkcs11js.CKA_VALUE_LEN, value: 32 },
          { type: pkcs11js.CKA_LABEL, value: process.argv[1] },
          { type: pkcs11js.CKA_TOKEN, value: true },
          { type: pkcs11js.CKA_PRIVATE, value: true },
          { type: pkcs11js.CKA_SENSITIVE, value: true },
          { type: pkcs11js.CKA_EXTRACTABLE, value: false },
          { type: pkcs11js.CKA_ENCRYPT, value: true },
          { type: pkcs11js.CKA_DECRYPT, value: true },
        ])
        m.C_Logout(session)
        m.C_CloseSession(session)
        m.C_Finalize()
      `
      await promisify(execFile)(process.execPath, ['-e', script, label], { env })
    },
    async remove() {
      await rm(dir, { recursive: true, force: true })
    },
  }
}
