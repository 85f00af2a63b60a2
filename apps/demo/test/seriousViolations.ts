import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright-core'

/**
 * axe's serious and critical violations on the page as it is now (rule id and the first target), through
 * `@axe-core/playwright` (every frame of the page, the sign-in card's included).
 *
 * @example
 * expect(await seriousViolations(page)).toEqual([])
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations
    .filter(({ impact }) => impact === 'serious' || impact === 'critical')
    .map(({ id, nodes }) => `${id}: ${nodes[0]?.target.join(' ')}`)
}
