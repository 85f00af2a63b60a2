import { expect, test } from 'vitest'
import { getPaymasterDeployment } from './getPaymasterDeployment.js'

const owner = '0x1111111111111111111111111111111111111111'
const signer = '0x2222222222222222222222222222222222222222'

test('default: the address depends only on the version, owner and signer (no chain id), and is pinned', () => {
  const deployment = getPaymasterDeployment({ version: '0.7', owner, signer })
  expect(deployment.entryPoint).toBe('0x0000000071727De22E5E9d8BAf0edAc6f37da032')
  expect(getPaymasterDeployment({ version: '0.7', owner, signer })).toEqual(deployment)
  // A changed salt, artifact or argument order moves every operator's paymaster: this pins it.
  expect(deployment.address).toMatchInlineSnapshot(`"0xa9302848E6C1D15c6A1521ebCEEE2632b1e3F5BA"`)
})

test('behavior: another version, owner or signer gives another address', () => {
  const addresses = new Set(
    [
      getPaymasterDeployment({ version: '0.6', owner, signer }),
      getPaymasterDeployment({ version: '0.7', owner, signer }),
      getPaymasterDeployment({ version: '0.8', owner, signer }),
      getPaymasterDeployment({ version: '0.7', owner: signer, signer }),
      getPaymasterDeployment({ version: '0.7', owner, signer: owner }),
    ].map((deployment) => deployment.address),
  )
  expect(addresses.size).toBe(5)
})
