import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** What axe-core found wrong on a page, one line per rule: the rule, its impact and where. */
interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core (WCAG 2.x A and AA rules) on the page as it is now and throws, naming each
 * violated rule and the elements breaking it, when any is found. `label` names the page's state in
 * the message (e.g. "admin users, phone").
 */
export async function checkAccessibility(page: Page, label: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axe.source });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: unknown): Promise<unknown> } })
      .axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    })) as {
      violations: Array<{
        id: string;
        impact: string | null;
        help: string;
        nodes: Array<{ target: unknown[] }>;
      }>;
    };
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.map(String).join(' ')),
    }));
  });
  if (violations.length > 0) throw new Error(`${label}: accessibility violations\n${describe(violations)}`);
}

function describe(violations: Violation[]): string {
  return violations
    .map(
      (violation) =>
        `- ${violation.id} (${violation.impact}): ${violation.help} — ${violation.targets.join('; ')}`,
    )
    .join('\n');
}
