// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { markdownToSafeHtml } from './safeHtml';

function render(markdown: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = markdownToSafeHtml(markdown);
  return host;
}

describe('markdownToSafeHtml', () => {
  it('renders ordinary markdown', () => {
    const host = render('## Key ideas\n- **Photosynthesis** makes glucose\n\n| a | b |\n|---|---|\n| 1 | 2 |');
    expect(host.querySelector('h2')?.textContent).toBe('Key ideas');
    expect(host.querySelector('li strong')?.textContent).toBe('Photosynthesis');
    expect(host.querySelectorAll('td')).toHaveLength(2);
  });

  it('removes scripts, event handlers and dangerous URLs from model output', () => {
    const host = render(
      [
        '<script>window.hacked = 1</script>',
        '<img src="x" onerror="window.hacked = 1">',
        '[click](javascript:window.hacked=1)',
        '<a href="data:text/html,<script>alert(1)</script>">data</a>',
        '<svg><script>alert(1)</script></svg>',
        '<iframe src="https://example.com"></iframe>',
        '<form action="https://evil.example"><input name="password"></form>',
        '<div style="position:fixed;inset:0">overlay</div>',
      ].join('\n\n'),
    );
    expect(host.querySelector('script, iframe, form, input, img, svg, div')).toBeNull();
    expect(host.querySelector('[onerror], [style], [href^="javascript"], [href^="data"]')).toBeNull();
    // Raw HTML with attributes is shown as the text it is, not interpreted.
    expect(host.textContent).toContain('<img src="x" onerror="window.hacked = 1">');
  });

  it('opens links to other sites in a new tab without access to the app', () => {
    const link = render('[Khan Academy](https://www.khanacademy.org/)').querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://www.khanacademy.org/');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });

  it('leaves in-app hash links in the same tab', () => {
    const link = render('[dashboard](#/dashboard)').querySelector('a');
    expect(link?.getAttribute('target')).toBeNull();
  });
});
