import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CaseStudy, ServicePackage } from '@agency/contracts';
import { postFixture, renderWithHost } from '../test-utils';
import { BlogPostPage } from './blog/blog-post-page';
import { CaseStudyPage } from './case-studies/case-study-page';
import { HomePage } from './home/home-page';
import { ServicesPage } from './services/services-page';

const study = (id: number, extra: Partial<CaseStudy> = {}): CaseStudy => ({
  id,
  slug: `study-${id}`,
  title: `Study ${id}`,
  category: 'Trades',
  scenario: `Scenario ${id}`,
  challenges: ['No calls'],
  strategies: ['Google profile'],
  results: ['3x calls'],
  conclusion: 'It worked.',
  imagePath: null,
  imageAlt: '',
  sortOrder: id,
  isActive: true,
  ...extra,
});
const pkg = (id: number, extra: Partial<ServicePackage> = {}): ServicePackage => ({
  id,
  type: 'website',
  name: `Package ${id}`,
  description: null,
  price: `$${id}99`,
  features: ['Five pages', 'Hosting'],
  isPopular: false,
  imagePath: null,
  buttonText: 'Get Started',
  sortOrder: id,
  isActive: true,
  ...extra,
});

afterEach(() => vi.unstubAllGlobals());

describe('a post on its own page', () => {
  it('shows the post the page carries, its title as the h1, and tells the shell it shows it (for the head)', () => {
    const post = postFixture('my-post', '2025-06-15T00:00:00.000Z', { html: '<h2>Section</h2><p>Text</p>' });
    const { host } = renderWithHost(<BlogPostPage />, {
      path: '/blog/my-post',
      pageData: { 'blog-post/my-post': post },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Post my-post' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Section' })).toBeInTheDocument();
    // The shell writes the head from it (title 'Post my-post | Be Loud Digital': shell route-head.test.tsx).
    expect(host.contentShown).toHaveBeenCalledWith('blog-post/my-post', post);
  });

  it('says so when the post is not public', () => {
    const { host } = renderWithHost(<BlogPostPage />, { path: '/blog/gone', pageData: { 'blog-post/gone': null } });
    expect(screen.getByRole('heading', { name: 'Post not found' })).toBeInTheDocument();
    expect(host.contentShown).toHaveBeenCalledWith('blog-post/gone', null);
  });

  it('fetches the post from the public API after a client-side navigation', async () => {
    const post = postFixture('fresh', '2025-06-15T00:00:00.000Z');
    const fetch = vi.fn(async () => new Response(JSON.stringify(post), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const { host } = renderWithHost(<BlogPostPage />, { path: '/blog/fresh' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Post fresh' })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/blog-posts/fresh', expect.objectContaining({ method: 'GET' }));
    // Told once it has it (in an effect after the render that shows it), not while it loads.
    await waitFor(() => expect(host.contentShown).toHaveBeenCalledTimes(1));
    expect(host.contentShown).toHaveBeenCalledWith('blog-post/fresh', post);
  });

  it('says the post is not found when the API answers 404 after a navigation', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ message: 'Not found' }), { status: 404 }));
    renderWithHost(<BlogPostPage />, { path: '/blog/removed' });
    expect(await screen.findByRole('heading', { name: 'Post not found' })).toBeInTheDocument();
  });

  it('offers a retry when the call fails, and shows the post once it answers', async () => {
    const post = postFixture('flaky', '2025-06-15T00:00:00.000Z');
    const answers = [new Response('Bad gateway', { status: 502 }), new Response(JSON.stringify(post), { status: 200 })];
    const fetch = vi.fn(async () => answers.shift()!);
    vi.stubGlobal('fetch', fetch);
    renderWithHost(<BlogPostPage />, { path: '/blog/flaky' });
    const alert = await screen.findByRole('alert');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Post flaky' })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe('case studies and packages', () => {
  it('/services shows every active package with its badge and button, and the case studies', () => {
    renderWithHost(<ServicesPage />, {
      path: '/services',
      pageData: {
        'service-packages': { items: [pkg(1), pkg(2, { isPopular: true, buttonText: 'Start now' })] },
        'case-studies': { items: [study(1), study(2)] },
      },
    });
    const packages = screen.getByRole('heading', { name: 'Packages' }).closest('section')!;
    expect(within(packages).getByText('Most Popular')).toBeInTheDocument();
    expect(within(packages).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/price-calculator');
    expect(within(packages).getByRole('link', { name: 'Start now' })).toHaveAttribute('href', '/price-calculator');
    expect(within(packages).getByText('$199')).toBeInTheDocument();
    const studies = screen.getByRole('heading', { name: 'Case Studies' }).closest('section')!;
    // Each study whole, in sort order: category, scenario, its three lists and conclusion, and a link to its page.
    const articles = within(studies).getAllByRole('article');
    expect(articles.map((a) => within(a).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Study 1',
      'Study 2',
    ]);
    const second = within(articles[1]!);
    for (const text of ['Trades', 'Scenario 2', 'No calls', 'Google profile', '3x calls', 'It worked.'])
      expect(second.getByText(text)).toBeInTheDocument();
    expect(second.getByRole('heading', { level: 4, name: 'The Results' })).toBeInTheDocument();
    expect(second.getByRole('link', { name: /Study 2/ })).toHaveAttribute('href', '/case-studies/study-2');
  });

  it('/services shows a package’s uploaded image, and case studies’ images with their alt text', () => {
    const { container } = renderWithHost(<ServicesPage />, {
      path: '/services',
      pageData: {
        'service-packages': { items: [pkg(1, { imagePath: '/content-images/pkg.webp' })] },
        'case-studies': {
          items: [study(1, { imagePath: '/content-images/cafe.webp', imageAlt: 'The café’s full booking sheet' })],
        },
      },
    });
    const packages = screen.getByRole('heading', { name: 'Packages' }).closest('section')!;
    // Decorative: the package's name is right under it.
    expect(packages.querySelector('img[src="/content-images/pkg.webp"]')).toHaveAttribute('alt', '');
    expect(screen.getByRole('img', { name: 'The café’s full booking sheet' })).toHaveAttribute(
      'src',
      '/content-images/cafe.webp',
    );
    expect(container.querySelectorAll('img')).toHaveLength(2);
  });

  it("a case study's page gives its image the alt text staff wrote", () => {
    renderWithHost(<CaseStudyPage />, {
      path: '/case-studies/study-8',
      pageData: { 'case-study/study-8': study(8, { imagePath: '/content-images/s.webp', imageAlt: 'A busy shop' }) },
    });
    expect(screen.getByRole('img', { name: 'A busy shop' })).toBeInTheDocument();
  });

  it('/services shows no empty sections when staff have published nothing', () => {
    renderWithHost(<ServicesPage />, {
      path: '/services',
      pageData: { 'service-packages': { items: [] }, 'case-studies': { items: [] } },
    });
    expect(screen.queryByRole('heading', { name: 'Packages' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Case Studies' })).toBeNull();
  });

  it('the home page shows at most three case studies', () => {
    renderWithHost(<HomePage />, {
      path: '/',
      pageData: { 'case-studies': { items: [study(1), study(2), study(3), study(4)] } },
    });
    const section = screen.getByRole('heading', { name: 'Case Studies' }).closest('section')!;
    expect(within(section).getAllByRole('link')).toHaveLength(3);
  });

  it("a case study's page shows its scenario, lists and conclusion", async () => {
    renderWithHost(<CaseStudyPage />, {
      path: '/case-studies/study-7',
      pageData: { 'case-study/study-7': study(7, { strategies: { Ads: 'Google' } }) },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Study 7' })).toBeInTheDocument();
    expect(screen.getByText('Scenario 7')).toBeInTheDocument();
    expect(screen.getByText('No calls')).toBeInTheDocument();
    expect(screen.getByText('Ads: Google')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('3x calls')).toBeInTheDocument());
  });
});
