import { parseArgs } from 'node:util'
import { expect, test } from 'vitest'
import { joinDashedValues } from './joinDashedValues.js'

const pem = '-----BEGIN PUBLIC KEY-----\nMFkw\n-----END PUBLIC KEY-----\n'

test('default: a PEM after a named option becomes its value', () => {
  const args = joinDashedValues(
    ['--name', 'x', '--jwt-public-key', pem, '--origin', 'https://a.example'],
    ['jwt-public-key'],
  )
  expect(args).toEqual(['--name', 'x', `--jwt-public-key=${pem}`, '--origin', 'https://a.example'])
  const { values } = parseArgs({
    args,
    options: { name: { type: 'string' }, 'jwt-public-key': { type: 'string' }, origin: { type: 'string' } },
    strict: true,
  })
  expect(values['jwt-public-key']).toBe(pem)
})

test('behavior: other options, an option that is the next argument, and everything after -- are left alone', () => {
  expect(joinDashedValues(['--jwt-public-key', '--origin', 'x'], ['jwt-public-key'])).toEqual([
    '--jwt-public-key',
    '--origin',
    'x',
  ])
  expect(joinDashedValues(['--redirect-url', pem], ['jwt-public-key'])).toEqual(['--redirect-url', pem])
  expect(joinDashedValues(['--', '--jwt-public-key', pem], ['jwt-public-key'])).toEqual([
    '--',
    '--jwt-public-key',
    pem,
  ])
})
