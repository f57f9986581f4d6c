import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithHost } from '../test-utils';
import { useHashScroll } from './use-hash-scroll';

function Page() {
  useHashScroll();
  return <section id="pricing-packages">Pricing</section>;
}

const scrolled: Element[] = [];
const setScrollY = (y: number) => Object.defineProperty(window, 'scrollY', { value: y, configurable: true });

describe('useHashScroll', () => {
  beforeEach(() => {
    scrolled.length = 0;
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
  });
  afterEach(() => {
    setScrollY(0);
    vi.restoreAllMocks();
  });

  it('scrolls a page still at the top to the target the URL names', () => {
    setScrollY(0);
    renderWithHost(<Page />, { path: '/faq#pricing-packages' });
    expect(scrolled.map((e) => e.id)).toEqual(['pricing-packages']);
  });

  it('leaves a first-loaded page the browser or the visitor already scrolled to the target where it is', () => {
    setScrollY(640);
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 100, 800, 200));
    renderWithHost(<Page />, { path: '/faq#pricing-packages' });
    expect(scrolled).toEqual([]);
  });

  it('scrolls again when content that arrived since pushed the target out of view', () => {
    setScrollY(640);
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 2400, 800, 200));
    renderWithHost(<Page />, { path: '/blog#pricing-packages' });
    expect(scrolled.map((e) => e.id)).toEqual(['pricing-packages']);
  });
});
