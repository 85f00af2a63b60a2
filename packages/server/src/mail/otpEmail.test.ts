import { describe, expect, test } from 'vitest'
import { magicLinkEmail } from './magicLinkEmail.js'
import { otpEmail } from './otpEmail.js'

describe('otpEmail', () => {
  test('default: text and HTML carry the code, the app name and the lifetime', () => {
    const mail = otpEmail({ appName: 'Demo', code: '042137', lifetimeSeconds: 300 })
    expect(mail.subject).toBe('Your sign-in code for Demo')
    expect(mail.text).toMatchInlineSnapshot(`
      "Your sign-in code for Demo is:

          042137

      Enter it in Demo to continue. It expires in 5 minutes and works once.

      If you didn't ask to sign in, you can ignore this email: nobody can sign in without this code.
      "
    `)
    expect(mail.html).toContain('font-size:36px')
    expect(mail.html).toContain('>042137</p>')
    expect(mail.html).toContain('expires in 5 minutes')
    expect(mail.html).toContain('If you didn&#39;t ask to sign in')
    expect(mail.html).not.toContain('<style')
  })

  test('behavior: the app name is escaped in the HTML', () => {
    const mail = otpEmail({ appName: '<script>alert("x")</script>', code: '123456', lifetimeSeconds: 60 })
    expect(mail.html).not.toContain('<script>')
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;')
    expect(mail.text).toContain('expires in 1 minute ')
  })
})

describe('magicLinkEmail', () => {
  test('default: text has the link; HTML has it as an escaped button and spelled out', () => {
    const link = 'https://sigil.example/signer/v1/magic-link?otpId=abc&token=xyz'
    const mail = magicLinkEmail({ appName: 'Demo & Co', link, lifetimeSeconds: 600 })
    expect(mail.subject).toBe('Sign in to Demo & Co')
    expect(mail.text).toContain(`\n${link}\n`)
    expect(mail.text).toContain('expires in 10 minutes')
    expect(mail.text).toContain("If you didn't ask to sign in")
    expect(mail.html).toContain('href="https://sigil.example/signer/v1/magic-link?otpId=abc&amp;token=xyz"')
    expect(mail.html).toContain('Sign in to Demo &amp; Co')
  })
})
