import { describe, expect, it } from 'vitest';
import { stylesheetsApplied } from './start-up';

describe('stylesheetsApplied', () => {
  it('switches the deferred stylesheets on and waits until each has loaded or failed', async () => {
    const doc = document.implementation.createHTMLDocument('t');
    const links = ['/a.css', '/b.css'].map((href) => {
      const link = doc.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      link.media = 'print';
      link.dataset.deferredStyle = '';
      doc.head.append(link);
      return link;
    });
    let done = false;
    const applied = stylesheetsApplied(doc).then(() => {
      done = true;
    });
    expect(links.map((l) => l.media)).toEqual(['all', 'all']);
    links[0].dispatchEvent(new Event('load'));
    await Promise.resolve();
    expect(done).toBe(false);
    links[1].dispatchEvent(new Event('error'));
    await applied;
    expect(done).toBe(true);
  });

  it('resolves at once without deferred stylesheets', async () => {
    await expect(stylesheetsApplied(document.implementation.createHTMLDocument('t'))).resolves.toBeUndefined();
  });
});
