/**
 * The HTML with a `<meta http-equiv="Content-Security-Policy">` placed before anything else (right
 * after a leading doctype), so the policy governs every script, style and request of the document.
 * A document cannot lift a policy once parsed; later policies only add restrictions.
 */
export function withContentSecurityPolicy(html: string, policy: string): string {
  const attribute = policy.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
  const meta = `<meta http-equiv="Content-Security-Policy" content="${attribute}">`;
  const doctype = /^\uFEFF?\s*<!doctype[^>]*>/i.exec(html);
  return doctype ? `${doctype[0]}${meta}${html.slice(doctype[0].length)}` : `${meta}${html}`;
}
