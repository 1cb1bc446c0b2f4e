import axe from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * Runs axe-core (WCAG 2.1 A and AA rules) on the page as it is now and throws, naming each violated
 * rule and the elements breaking it, when any is found. `label` names the page's state in the
 * message (e.g. "admin users, phone").
 */
export async function checkAccessibility(page: Page, label: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axe.source });
  const violations = await page.evaluate(async () => {
    const { axe: inPage } = window as unknown as { axe: typeof axe };
    const { violations } = await inPage.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return violations.map(({ id, impact, help, nodes }) => {
      const where = nodes.slice(0, 5).map((node) => node.target.map(String).join(' '));
      return `- ${id} (${impact}): ${help} — ${where.join('; ')}`;
    });
  });
  if (violations.length > 0) throw new Error(`${label}: accessibility violations\n${violations.join('\n')}`);
}
