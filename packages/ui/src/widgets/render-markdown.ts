import type { UrlPolicy } from '@switchboard/autoui';
import { checkUrl } from '@switchboard/autoui';
import DOMPurify from 'dompurify';
import { Marked } from 'marked';

const FORBID_TAGS = [
  'style',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'option',
  'iframe',
  'frame',
  'object',
  'embed',
  'link',
  'meta',
  'base',
  'video',
  'audio',
  'source',
  'picture',
];
const FORBID_ATTR = ['style', 'srcset', 'background', 'poster', 'action', 'formaction', 'xlink:href', 'ping'];

/**
 * Renders Markdown from a model or a tool to HTML that is safe to insert: marked turns it into HTML,
 * then DOMPurify keeps only plain HTML (no scripts, event handlers, styles, SVG, forms or frames); links
 * keep only http(s) targets and open in a new tab without referrer; images load only when the URL policy
 * allows them (others lose their src). Browser-only (DOMPurify needs a DOM).
 */
export function createMarkdownRenderer(policy: UrlPolicy): (markdown: string) => string {
  const marked = new Marked({ gfm: true, breaks: false, async: false });
  const purify = DOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    const element = node as Element;
    if (element.tagName === 'A') {
      const href = element.getAttribute('href');
      const check = href === null ? undefined : checkUrl(href, 'link', policy);
      if (check?.ok) {
        element.setAttribute('href', check.url);
        element.setAttribute('target', '_blank');
        element.setAttribute('rel', 'noopener noreferrer nofollow');
      } else {
        element.removeAttribute('href');
      }
    }
    if (element.tagName === 'IMG') {
      const check = checkUrl(element.getAttribute('src'), 'image', policy);
      if (check.ok) {
        element.setAttribute('src', check.url);
        element.setAttribute('referrerpolicy', 'no-referrer');
        element.setAttribute('loading', 'lazy');
      } else {
        element.removeAttribute('src');
      }
    }
  });
  return (markdown) => {
    const html = marked.parse(String(markdown ?? '')) as string;
    return purify.sanitize(html, {
      USE_PROFILES: { html: true },
      FORBID_TAGS,
      FORBID_ATTR,
      ALLOW_DATA_ATTR: false,
    }) as string;
  };
}
