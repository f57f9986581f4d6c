import { findPage, notFoundRoute, pageHead, routes, siteOfRemote, type RouteDef, type Site } from '@agency/contracts';
import type { Page } from '@playwright/test';
import { expect, revealLeadForms, test, untilHydrated } from '../support/fixtures';
import { problemsOf } from '../support/json-ld';
import {
  animationsSettled,
  everyOpenState,
  HELD,
  holdShellCode,
  overflow,
  seriousViolations,
  standInMap,
  VIEWPORTS,
} from '../support/page-checks';
import { samplePath, sampleTitle } from '../support/sample-paths';

/**
 * The public-page sweep (decision 0104): each public page of the route table, and the 404 page, opened once per
 * viewport, and in that one visit checked for everything a page owes every visitor:
 *
 * 1. server HTML (decision 0013): its head (title, description, canonical URL, JSON-LD passing Google's rich-result
 *    checks), and, with the shell's code held back, the page's heading and the shell's footer shown;
 * 2. console (decision 0027): once the code has taken the page over and every lazy part has loaded, no error logged,
 *    no request failing, no Content-Security-Policy violation, and no session read by an anonymous visitor;
 * 3. accessibility: no serious or critical WCAG 2.1 A/AA violation by axe, read once animations have settled;
 * 4. at 375 px: nothing wider than the screen, with every toggle on the page closed or open.
 *
 * The table is the route table's public routes: a new route is swept without a line here. Each is opened on the origin
 * of the site that serves it (decision 0077): the sign-in pages are the portal's, every other page the public site's.
 */
interface SweptPage {
  path: string;
  route?: RouteDef;
  site: Site;
  status: number;
  /** Its content is in the server's HTML; the 404 page is the shell's alone, rendered in the browser. */
  rendered: boolean;
}
const SWEPT: SweptPage[] = [
  ...(routes as readonly RouteDef[])
    .filter((r) => !r.roles)
    .map((route) => ({ path: samplePath(route), route, site: siteOfRemote(route.owner), status: 200, rendered: true })),
  { path: '/no-such-page', site: 'public', status: 404, rendered: false },
];

/** The head a swept page's server HTML must carry, from the contracts' head builder (what the gateway writes). */
function expectedHead({ path, route }: SweptPage, origin: string) {
  if (!route) return { title: notFoundRoute.title, description: notFoundRoute.description, canonical: null };
  const tags = pageHead(path, origin);
  const described = tags.find((t) => t.tag === 'meta' && t.key === 'description');
  const canonical = tags.find((t) => t.tag === 'link');
  return {
    title: sampleTitle(route),
    // A content route's description is its item's (the sample post's excerpt): only that there is one is known here.
    description: route.content || described?.tag !== 'meta' ? expect.stringMatching(/\S/) : described.content,
    canonical: canonical?.tag === 'link' ? canonical.href : null,
  };
}

/** Title, description, canonical URL and JSON-LD blocks of the head of `html` (a page as the server sent it). */
const headOf = (page: Page, html: string) =>
  page.evaluate((served) => {
    const doc = new DOMParser().parseFromString(served, 'text/html');
    return {
      title: doc.title,
      description: doc.querySelector('meta[name="description"]')?.getAttribute('content') ?? null,
      canonical: doc.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
      jsonLd: [...doc.querySelectorAll('script[type="application/ld+json"]')].map((s) =>
        JSON.parse(s.textContent ?? 'null'),
      ) as unknown[],
    };
  }, html);

test('the sweep covers every public route and every kind of structured data', () => {
  const swept = new Set(SWEPT.map((p) => p.path));
  for (const route of routes as readonly RouteDef[]) if (!route.roles) expect(swept).toContain(samplePath(route));
  expect(SWEPT.filter((p) => findPage(p.path)?.structuredData).map((p) => p.path)).toContain('/blog/seo-strategies');
});

for (const [label, viewport] of VIEWPORTS) {
  test.describe(`every public page at ${label} width, one visit each`, () => {
    // Every test opens its own page: they may run side by side on both workers.
    test.describe.configure({ mode: 'parallel' });
    test.use({ viewport });
    test.beforeEach(({ page }) => standInMap(page));

    for (const swept of SWEPT) {
      test(`${swept.path}: server HTML and head, clean console, no serious axe violation${
        label === 'phone' ? ', nothing wider than the screen' : ''
      }`, async ({ page, consoleErrors, baseURL, suite }) => {
        test.setTimeout(120_000); // a hang guard: a busy two-core machine takes seconds per axe scan and toggle
        const { path, status, rendered } = swept;
        const origin = swept.site === 'portal' ? suite.portalUrl : baseURL!;
        const failed: string[] = [];
        const sessionReads: string[] = [];
        page.on('requestfailed', (req) => failed.push(`${req.url()} ${req.failure()?.errorText}`));
        page.on('response', (res) => {
          // The 404 page's own document is the one answer of 400 or more it is meant to have.
          if (res.status() >= 400 && !(res.request().isNavigationRequest() && res.status() === status))
            failed.push(`${res.status()} ${res.url()}`);
        });
        page.on('request', (req) => {
          if (new URL(req.url()).pathname === '/api/auth/user') sessionReads.push(req.url());
        });
        // A Content-Security-Policy violation is reported to the browser's Issues panel, not always to the console.
        await page.addInitScript(() => {
          const seen: string[] = [];
          (window as { cspViolations?: string[] }).cspViolations = seen;
          document.addEventListener('securitypolicyviolation', (e) =>
            seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
          );
        });

        // 1. The server's page: its head, and what it shows before any of the page's code runs.
        const release = rendered ? await holdShellCode(page) : () => undefined;
        const response = await page.goto(`${origin}${path}`, rendered ? HELD : undefined);
        expect(response?.status(), path).toBe(status);
        if (rendered) {
          await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
          await expect(page.getByRole('contentinfo'), path).toBeVisible(); // the shell's footer, from the same render
        }
        const head = await headOf(page, await response!.text());
        expect({ title: head.title, description: head.description, canonical: head.canonical }).toEqual(
          expectedHead(swept, origin),
        );
        const structured = findPage(path)?.structuredData;
        expect(head.jsonLd.length > 0, `${path} has JSON-LD${structured ? ` (${structured})` : ''}`).toBe(
          Boolean(structured),
        );
        expect(problemsOf(head.jsonLd), path).toEqual([]);

        // 2. Taken over by the code, every lazy part loaded: a clean console for an anonymous visitor.
        release();
        await untilHydrated(page);
        // The header settled on its signed-out state (on a phone its link is inside the closed menu).
        await expect(
          page.getByRole('banner').getByRole('link', { name: 'Client Login', includeHidden: true }),
        ).toBeAttached();
        await revealLeadForms(page); // the quoting forms embedded in marketing pages load, and are checked too
        await page.mouse.wheel(0, 20_000);
        await page.waitForLoadState('networkidle');
        expect(sessionReads).toEqual([]);
        expect(failed).toEqual([]);
        expect(await page.evaluate(() => (window as { cspViolations?: string[] }).cspViolations)).toEqual([]);
        // The browser logs the 404 page's own status as a failed load; any other failed request is in `failed`.
        const own404 = 'Failed to load resource: the server responded with a status of 404 (Not Found)';
        expect(consoleErrors.filter((e) => !(status === 404 && e === own404))).toEqual([]);
        expect(await page.evaluate(() => document.cookie)).not.toContain('signed-in');

        // 3. Accessibility, on the colours a reader sees once nothing is moving.
        await page.evaluate(() => window.scrollTo(0, 0));
        await animationsSettled(page);
        expect(await seriousViolations(page)).toEqual([]);

        // 4. On a phone, nothing sticks out sideways, closed or open.
        if (label === 'phone') {
          expect(await overflow(page), path).toEqual([]);
          await everyOpenState(page, path);
        }
      });
    }
  });
}
