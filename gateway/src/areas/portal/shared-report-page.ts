import { Hono } from 'hono';
import { html } from 'hono/html';
import { BUSINESS, changeOf, formatFigure, REPORT_FIGURES, reportMonth } from '@agency/contracts';
import type { Db } from '../../platform/db';
import type { Env } from '../../platform/env';
import { contentDisposition } from '../../platform/http/content-disposition';
import { plainPage } from '../../platform/http/plain-page';
import { sites } from '../../platform/http/sites';
import { pdfName, type ReportPdfs } from './report-pdfs';
import { openShareLink, SHARED_REPORT_PATH } from './report-sharing';
import { reportView, type ReportView } from './report-view';
import type { RankedLine } from './report-pdf';

// No cache anywhere: a revoked link must stop showing the report at once; no search engine indexes it.
const HEADERS = {
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex, nofollow',
  'Referrer-Policy': 'no-referrer',
};

const STYLE = `body{font:16px/1.5 Inter,system-ui,sans-serif;color:#0f172a;background:#f8fafc;margin:0}
header{background:#e03306;color:#fff;padding:1.25rem 1.5rem}header p{margin:0;opacity:.9}
main{max-width:56rem;margin:0 auto;padding:1.5rem}h1{font-size:1.75rem;margin:.5rem 0 0}h2{font-size:1.15rem;margin:2rem 0 .75rem}
.lede{color:#475569;margin:0}.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr));gap:.75rem;padding:0;margin:0}
.grid div{background:#fff4ed;border-radius:.6rem;padding:.75rem 1rem}dt{font-size:.85rem;color:#475569}
dd{margin:0;font-size:1.5rem;font-weight:600}.better{color:#15803d}.worse{color:#b91c1c}.same{color:#475569}
.change{display:block;font-size:.8rem;font-weight:400}table{width:100%;border-collapse:collapse;font-size:.9rem;background:#fff}
th,td{text-align:left;padding:.4rem .5rem;border-bottom:1px solid #e2e8f0}td.n,th.n{text-align:right}
td{overflow-wrap:anywhere}.pdf{display:inline-block;margin-top:1rem;font-weight:600;color:#fff;background:#0f172a;
border-radius:.5rem;padding:.6rem 1.2rem;text-decoration:none}footer{color:#475569;font-size:.85rem;padding:2rem 1.5rem}`;

/** A shared report's page: the plain page in the report's colours under the agency's banner. */
const page = (title: string, body: ReturnType<typeof html>) =>
  plainPage(title, body, {
    style: STYLE,
    heading: false,
    banner: html`<header>
      <strong>${BUSINESS.name}</strong>
      <p>Monthly marketing report</p>
    </header>`,
  });

const gone = () =>
  page(
    'This link does not work',
    html`<h1>This link does not work</h1>
      <p>It has expired or was revoked, or it was cut short. Ask ${BUSINESS.name} for a new link to the report.</p>`,
  );

function ranked(title: string, what: string, rows: RankedLine[] | undefined) {
  if (!rows?.length) return '';
  return html`<h2>${title}</h2>
    <table>
      <thead>
        <tr>
          <th>${what}</th>
          <th class="n">Clicks</th>
          <th class="n">Impressions</th>
          <th class="n">CTR</th>
          <th class="n">Position</th>
        </tr>
      </thead>
      <tbody>
        ${rows.slice(0, 10).map(
          (r) =>
            html`<tr>
              <td>${r.key}</td>
              <td class="n">${r.clicks.toLocaleString('en-NZ')}</td>
              <td class="n">${r.impressions.toLocaleString('en-NZ')}</td>
              <td class="n">${formatFigure(Math.round(r.ctr * 1000) / 10, { suffix: '%' })}</td>
              <td class="n">${formatFigure(Math.round(r.position * 10) / 10)}</td>
            </tr>`,
        )}
      </tbody>
    </table>`;
}

/** The report as the PDF shows it (the same figures, formats and changes), as a page without script. */
function reportPage(view: ReportView, pdfHref: string) {
  const { report, previous, clientName, narrative = [] } = view.input;
  const month = reportMonth(report.reportDate);
  const shown = REPORT_FIGURES.filter((f) => report[f.key] !== null && report[f.key] !== undefined);
  const words = narrative;
  return page(
    `${clientName}: ${month}`,
    html`<h1>${clientName}</h1>
      <p class="lede">Report for ${month}</p>
      <a class="pdf" href="${pdfHref}">Download the PDF</a>
      <h2>This month in figures</h2>
      ${
        shown.length === 0
          ? html`<p>No figures were recorded for this month.</p>`
          : html`<dl class="grid">
              ${shown.map((f) => {
                const change = previous
                  ? changeOf(report[f.key], previous[f.key], reportMonth(previous.reportDate), f)
                  : null;
                return html`<div>
                  <dt>${f.label}</dt>
                  <dd>
                    ${formatFigure(report[f.key], f)}
                    ${change ? html`<span class="change ${change.tone}">${change.said}</span>` : ''}
                  </dd>
                </div>`;
              })}
            </dl>`
      }
      ${ranked('Top search queries', 'Query', view.input.topQueries)}
      ${ranked('Top pages in search', 'Page', view.input.topPages)}
      ${words
        .filter((w) => w.text.trim())
        .map(
          (w) =>
            html`<h2>${w.heading}</h2>
              <p style="white-space:pre-line">${w.text.trim()}</p>`,
        )}`,
  );
}

/**
 * `/shared/reports/<token>` and its `/pdf` (decision 0113): a published report for whoever holds a live link, on the
 * portal's origin (no team code runs beside it), written whole by the gateway. One link holder can make it cost a
 * page of a few selects, and one PDF build per edit of the report (reportPdfs keeps the built one).
 */
export function sharedReportPages(db: Db, env: Env, pdfs: ReportPdfs) {
  const site = sites(env);
  const portal = env.publicConfig.portalOrigin;
  const open = async (token: string) => {
    const link = await openShareLink(db, token);
    const view = link ? await reportView(db, env.publicConfig, link.reportId) : null;
    return view?.published ? view : null;
  };
  return new Hono()
    .use(`${SHARED_REPORT_PATH}/*`, async (c, next) => {
      if (site.of(c) !== 'portal') return c.redirect(`${portal}${c.req.path}`, 308);
      return next();
    })
    .get(`${SHARED_REPORT_PATH}/:token`, async (c) => {
      const view = await open(c.req.param('token'));
      if (!view) return c.html(gone(), 404, HEADERS);
      return c.html(reportPage(view, `${SHARED_REPORT_PATH}/${c.req.param('token')}/pdf`), 200, HEADERS);
    })
    .get(`${SHARED_REPORT_PATH}/:token/pdf`, async (c) => {
      const view = await open(c.req.param('token'));
      if (!view) return c.html(gone(), 404, HEADERS);
      const pdf = await pdfs.pdfOf(view);
      return c.body(new Uint8Array(pdf), 200, {
        ...HEADERS,
        'Content-Type': 'application/pdf',
        'Content-Disposition': contentDisposition(pdfName(view)),
      });
    });
}
