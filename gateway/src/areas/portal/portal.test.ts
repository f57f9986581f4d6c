import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactInquiries, files } from '../../platform/db';
import { browser, signedIn } from '../../../test/auth-client';
import { setupApp } from '../../../test/helpers';

let t: Awaited<ReturnType<typeof setupApp>>;
let n = 0;

const account = (role: 'client' | 'admin' | 'master_admin') => signedIn(t.app, t.db, role, `${role}${++n}`);

const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const upload = (b: ReturnType<typeof browser>, clientId: number, name: string, body: Buffer) =>
  t.app.request(`/api/admin/clients/${clientId}/files?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { cookie: [...b.jar].map(([k, v]) => `${k}=${v}`).join('; '), 'content-type': 'application/octet-stream' },
    body,
  });

let alice: Awaited<ReturnType<typeof account>>;
let bob: Awaited<ReturnType<typeof account>>;
let admin: Awaited<ReturnType<typeof account>>;
let master: Awaited<ReturnType<typeof account>>;

beforeAll(async () => {
  t = await setupApp({ FILE_MAX_BYTES: '2048' });
  [alice, bob, admin, master] = [
    await account('client'),
    await account('client'),
    await account('admin'),
    await account('master_admin'),
  ];
});
afterAll(() => t.cleanup());

describe('monthly reports', () => {
  it('lets staff save a month (again: an update) and the client read only their own', async () => {
    const report = {
      reportDate: '2026-10-01',
      websiteTraffic: 1200,
      organicTraffic: 900,
      paidTraffic: 300,
      conversions: 24,
      conversionRate: 2,
      notes: 'Good month',
    };
    expect((await admin.b.post(`/api/admin/clients/${alice.id}/reports`, report)).status).toBe(201);
    expect((await admin.b.post(`/api/admin/clients/${alice.id}/reports`, { ...report, conversions: 30 })).status).toBe(
      200,
    );
    const mine = await alice.b.get('/api/reports');
    expect(mine.json).toMatchObject({ total: 1, page: 1, items: [{ clientId: alice.id, conversions: 30 }] });
    expect((await bob.b.get('/api/reports')).json.total).toBe(0);
    // IDOR: naming another client is a 404, not their data.
    expect((await bob.b.get(`/api/reports?clientId=${alice.id}`)).status).toBe(404);
    expect((await admin.b.get(`/api/reports?clientId=${alice.id}`)).json.total).toBe(1);
    expect((await admin.b.get('/api/reports')).status).toBe(400);
    expect((await admin.b.get(`/api/reports?clientId=${admin.id}`)).status).toBe(404);
  });

  it("lists each report with the previous calendar month's figures, even when that month is on the next page", async () => {
    const carol = await account('client');
    const save = (reportDate: string, websiteTraffic: number) =>
      admin.b.post(`/api/admin/clients/${carol.id}/reports`, { reportDate, websiteTraffic, notes: 'private' });
    await save('2025-12-01', 800);
    await save('2026-01-01', 1000);
    await save('2026-03-01', 1500); // February missing: March has nothing to compare with
    // Another client's January is never anyone else's previous month.
    await admin.b.post(`/api/admin/clients/${alice.id}/reports`, { reportDate: '2026-02-01', websiteTraffic: 5 });
    const first = await carol.b.get('/api/reports?pageSize=2');
    expect(first.json.items).toMatchObject([
      { reportDate: '2026-03-01', previous: null },
      { reportDate: '2026-01-01', previous: { reportDate: '2025-12-01', websiteTraffic: 800 } },
    ]);
    expect((first.json.items as { previous: object }[])[1]!.previous).not.toHaveProperty('notes');
    const second = await carol.b.get('/api/reports?pageSize=2&page=2');
    expect(second.json.items).toMatchObject([{ reportDate: '2025-12-01', previous: null }]);
  });

  it('refuses clients writing reports, and invalid figures with a 400 naming the field', async () => {
    expect((await alice.b.post(`/api/admin/clients/${alice.id}/reports`, { reportDate: '2026-09-01' })).status).toBe(
      403,
    );
    const bad = await admin.b.post(`/api/admin/clients/${alice.id}/reports`, {
      reportDate: '2026-9-1',
      conversions: -3,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.errors as object).sort()).toEqual(['conversions', 'reportDate']);
  });

  it('paginates and rejects bad page numbers', async () => {
    expect((await alice.b.get('/api/reports?page=0')).status).toBe(400);
    expect((await alice.b.get('/api/reports?pageSize=1000')).status).toBe(400);
  });

  it('keeps the latest metrics per client', async () => {
    await admin.b.post(`/api/admin/clients/${alice.id}/metrics`, { date: '2026-09-30', seo: { rank: 9 } });
    await admin.b.post(`/api/admin/clients/${alice.id}/metrics`, {
      date: '2026-10-31',
      seo: { rank: 4 },
      sem: { cpc: 1.8 },
    });
    expect((await alice.b.get('/api/metrics/latest')).json.metrics).toMatchObject({
      date: '2026-10-31',
      seo: { rank: 4 },
    });
    expect((await bob.b.get('/api/metrics/latest')).json.metrics).toBeNull();
  });

  it('is 401 for an anonymous caller', async () => {
    expect((await browser(t.app).get('/api/reports')).status).toBe(401);
  });
});

describe('client files', () => {
  it('stores an upload under a server-made name and serves it only to its client and staff', async () => {
    const res = await upload(admin.b, alice.id, '../../etc/Report Oct.pdf'.replace(/\.\.\/|\//g, ''), PDF);
    expect(res.status).toBe(201);
    const file = (await res.json()) as { id: number; type: string; name: string };
    expect(file).toMatchObject({ type: 'application/pdf', name: 'etcReport Oct.pdf' });

    const list = await alice.b.get('/api/files');
    expect(list.json).toMatchObject({ total: 1, items: [{ id: file.id }] });
    const download = await alice.b.get(`/api/files/${file.id}/download`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain("filename*=UTF-8''etcReport%20Oct.pdf");
    expect(download.text).toBe(PDF.toString());
    expect((await bob.b.get(`/api/files/${file.id}/download`)).status).toBe(404);
    expect((await bob.b.get(`/api/files?clientId=${alice.id}`)).status).toBe(404);
    expect((await master.b.get(`/api/files/${file.id}/download`)).status).toBe(200);
  });

  it('checks the type by content, the size limit, the name, and who uploads', async () => {
    const before = (await admin.b.get(`/api/files?clientId=${bob.id}`)).json.total as number;
    expect((await upload(admin.b, bob.id, 'invoice.pdf', Buffer.from('MZ\x90\x00 not a pdf'))).status).toBe(415);
    expect((await upload(admin.b, bob.id, 'big.pdf', Buffer.concat([PDF, Buffer.alloc(4096)]))).status).toBe(413);
    expect((await upload(admin.b, bob.id, 'a/b.pdf', PDF)).status).toBe(400);
    expect((await upload(bob.b, bob.id, 'mine.pdf', PDF)).status).toBe(403);
    expect((await upload(admin.b, bob.id, 'figures.csv', Buffer.from('month,visits\n2026-10,1200\n'))).status).toBe(
      201,
    );
    expect((await admin.b.get(`/api/files?clientId=${bob.id}`)).json.total).toBe(before + 1);
  });
});

describe('file names follow the content', () => {
  const disposition = async (id: number) =>
    (await alice.b.get(`/api/files/${id}/download`)).headers.get('content-disposition') ?? '';

  it('gives a PDF/HTML polyglot uploaded as poly.html the name poly.pdf, stored and downloaded', async () => {
    const polyglot = Buffer.concat([PDF, Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
    const res = await upload(admin.b, alice.id, 'poly.html', polyglot);
    expect(res.status).toBe(201);
    const file = (await res.json()) as { id: number; type: string; name: string };
    expect(file).toMatchObject({ type: 'application/pdf', name: 'poly.pdf' });
    const header = await disposition(file.id);
    expect(header).toContain('filename="poly.pdf"');
    expect(header).toContain("filename*=UTF-8''poly.pdf");
    expect(header).not.toContain('html');
  });

  it.each([
    ['photo.jpeg', 'photo.jpeg', JPEG],
    ['photo.JPG', 'photo.JPG', JPEG],
    ['scan.png', 'scan.jpg', JPEG],
    ['Report Oct', 'Report Oct.pdf', PDF],
    ['invoice\u202efdp.html', 'invoicefdp.pdf', PDF],
    ['\u2066bank\u2069 details\u200f.pdf', 'bank details.pdf', PDF],
  ])('uploaded as %j, it is named %j', async (name, expected, body) => {
    const res = await upload(admin.b, alice.id, name, body);
    expect(res.status).toBe(201);
    const file = (await res.json()) as { id: number; name: string };
    expect(file.name).toBe(expected);
    expect(await disposition(file.id)).toContain(`filename*=UTF-8''${encodeURIComponent(expected)}`);
  });

  it('cleans the names of files stored before, when they are downloaded', async () => {
    const res = await upload(admin.b, alice.id, 'old.pdf', PDF);
    const { id } = (await res.json()) as { id: number };
    await t.db.update(files).set({ name: 'old\u202eexe.html' }).where(eq(files.id, id));
    const header = await disposition(id);
    expect(header).toContain('filename="oldexe.pdf"');
    expect(header).not.toMatch(/%E2%80%AE/i);
  });

  it('refuses a name that is only direction marks', async () => {
    expect((await upload(admin.b, alice.id, '\u202e\u202c', PDF)).status).toBe(400);
  });
});

describe('lead inbox', () => {
  it('lists, filters, searches, moves an enquiry to contacted and exports CSV, for staff only', async () => {
    await t.db.insert(contactInquiries).values([
      {
        businessName: 'Waipa Plumbing',
        contactName: 'Hemi',
        contactEmail: 'hemi@waipa.nz',
        servicesInterested: ['seo'],
      },
      {
        businessName: '=HYPERLINK("x")',
        contactName: 'Eve',
        contactEmail: 'eve@example.nz',
        servicesInterested: ['seo'],
      },
    ]);
    expect((await alice.b.get('/api/admin/leads?type=enquiry')).status).toBe(403);
    const found = await admin.b.get('/api/admin/leads?type=enquiry&q=waipa');
    expect(found.json).toMatchObject({ total: 1, items: [{ businessName: 'Waipa Plumbing', status: 'new' }] });
    const id = (found.json.items as { id: number }[])[0]!.id;

    expect((await admin.b.patch(`/api/admin/enquiries/${id}`, { status: 'nonsense' })).status).toBe(400);
    expect((await admin.b.patch(`/api/admin/enquiries/${id}`, { status: 'contacted' })).json.status).toBe('contacted');
    expect((await admin.b.get('/api/admin/leads?type=enquiry&status=contacted')).json.total).toBe(1);
    expect((await admin.b.get('/api/admin/leads?type=enquiry&status=maybe')).status).toBe(400);
    expect((await admin.b.get('/api/admin/leads?type=spam')).status).toBe(400);
    expect((await admin.b.patch('/api/admin/enquiries/999999', { status: 'won' })).status).toBe(404);

    const csv = await admin.b.get('/api/admin/leads/export.csv?type=enquiry');
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('cache-control')).toBe('private, no-store');
    expect(csv.text.split('\r\n')[0]).toContain('Business');
    expect(csv.text).toContain(`'=HYPERLINK(""x"")`);
    const [row] = await t.db.select().from(contactInquiries).where(eq(contactInquiries.id, id));
    expect(row?.status).toBe('contacted');
  });
});

describe('user management', () => {
  it('lets only a master admin list users and change roles, never demoting the last master admin', async () => {
    expect((await admin.b.get('/api/admin/users')).status).toBe(403);
    expect((await master.b.get('/api/admin/users')).json.total).toBeGreaterThanOrEqual(4);
    const promoted = await master.b.patch(`/api/admin/users/${bob.id}/role`, { role: 'admin' });
    expect(promoted.json).toMatchObject({ id: bob.id, role: 'admin' });
    // The promoted user's old session ended; the new role applies at next sign-in.
    expect((await bob.b.get('/api/auth/user')).status).toBe(401);
    expect((await master.b.patch(`/api/admin/users/${master.id}/role`, { role: 'admin' })).status).toBe(409);
    expect((await master.b.patch(`/api/admin/users/${bob.id}/role`, { role: 'owner' })).status).toBe(400);
    expect((await master.b.patch('/api/admin/users/999999/role', { role: 'admin' })).status).toBe(404);
  });
});
