import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const axeSource = createRequire(import.meta.url)('axe-core').source as string

/** axe-core's serious and critical violations on the page as it is now (rule id and the first target). */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Once per document: a reload or a navigation needs it again.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource })
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe
    return (await axe.run()).violations
  })
  return violations
    .filter(({ impact }) => impact === 'serious' || impact === 'critical')
    .map(({ id, nodes }) => `${id}: ${nodes[0]?.target.join(' ')}`)
}
type AxeViolation = { id: string; impact: string | null; nodes: { target: string[] }[] }
