/**
 * The site's Content-Security-Policy allows no `eval`. zod compiles object parsers with `new Function` when it
 * can, and probes for that with a caught `new Function('')` that the browser still reports as a CSP violation
 * (a console issue, Lighthouse best-practices < 100 on every page that parses a form). zod reads its settings from
 * one object on `globalThis`, shared by every copy of zod on the page (each remote bundles its own), and its
 * documented `z.config({ jitless: true })` writes exactly this flag there. The shell sets it before any remote
 * loads, without shipping zod itself; the e2e public-page sweep fails on any CSP violation should that change.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
