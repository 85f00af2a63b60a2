// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { version } from './version.js'

test('default: the version renders in a component', () => {
  render(<p>Sigil React {version}</p>)
  expect(screen.getByText(`Sigil React ${version}`)).toBeDefined()
})
