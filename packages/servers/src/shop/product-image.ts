const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]);
}

/**
 * Draws a product picture — a tinted tile with an emoji and a caption — as an inline
 * `data:image/svg+xml;base64,…` URL, so the catalogue needs no image host.
 */
export function productImage(icon: string, caption: string, colour: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120">` +
    `<rect width="120" height="120" rx="16" fill="${escapeXml(colour)}"/>` +
    `<text x="60" y="66" font-size="48" text-anchor="middle">${escapeXml(icon)}</text>` +
    `<text x="60" y="100" font-size="12" font-family="sans-serif" text-anchor="middle" fill="#374151">` +
    `${escapeXml(caption)}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}
