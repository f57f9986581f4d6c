import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './test-utils';
import {
  ClientPageQuerySchema,
  FileUploadQuerySchema,
  LeadFilterQuerySchema,
  LeadZipQuerySchema,
  LeadListQuerySchema,
  LeadParamSchema,
  MAX_PAGE,
  PageQuerySchema,
  SlugParamSchema,
} from './queries';
import { PreviewQuerySchema } from './content';

describe('page queries', () => {
  it('defaults to the first page of 20 and ignores unknown parameters', () => {
    expect(PageQuerySchema.parse({ r: '3' })).toEqual({ page: 1, pageSize: 20 });
    expect(PageQuerySchema.parse({ page: '7', pageSize: '100' })).toEqual({ page: 7, pageSize: 100 });
    expect(PageQuerySchema.parse({ page: String(MAX_PAGE) }).page).toBe(MAX_PAGE);
  });

  it.each([
    [{ page: '1e20' }, 'page'],
    [{ page: '100001' }, 'page'],
    [{ page: '99999999999999999999' }, 'page'],
    [{ page: '0' }, 'page'],
    [{ page: '-1' }, 'page'],
    [{ page: '1.5' }, 'page'],
    [{ page: '0x10' }, 'page'],
    [{ page: ' 5' }, 'page'],
    [{ page: '' }, 'page'],
    [{ page: ['1', '2'] }, 'page'],
    [{ pageSize: '101' }, 'pageSize'],
    [{ pageSize: 'NaN' }, 'pageSize'],
    [{ pageSize: 'Infinity' }, 'pageSize'],
  ])('%j is refused, naming %s', (query, field) => {
    const errors = fieldErrorsOf(PageQuerySchema, query);
    expect(Object.keys(errors)).toEqual([field]);
    expect(errors[field]).toMatch(new RegExp(`^${field} must be a whole number`));
  });

  it('takes an optional client id of staff', () => {
    expect(ClientPageQuerySchema.parse({ clientId: '12' })).toEqual({ page: 1, pageSize: 20, clientId: 12 });
    expect(Object.keys(fieldErrorsOf(ClientPageQuerySchema, { clientId: 'abc' }))).toEqual(['clientId']);
    expect(Object.keys(fieldErrorsOf(ClientPageQuerySchema, { clientId: '9007199254740993' }))).toEqual(['clientId']);
  });
});

describe('lead queries', () => {
  it('accepts each lead type with a status of its own, and treats empty filters as none', () => {
    expect(LeadListQuerySchema.parse({ type: 'quote', status: 'accepted', q: ' 50% ', page: '2' })).toEqual({
      type: 'quote',
      status: 'accepted',
      q: '50%',
      page: 2,
      pageSize: 20,
      sort: 'newest',
    });
    expect(LeadFilterQuerySchema.parse({ type: 'optin', status: '', q: '  ' })).toEqual({ type: 'optin' });
    expect(LeadListQuerySchema.parse({ type: 'all', due: 'overdue', mine: '1', sort: 'follow-up' })).toMatchObject({
      type: 'all',
      due: 'overdue',
      mine: '1',
      sort: 'follow-up',
    });
    expect(LeadListQuerySchema.safeParse({ type: 'all', status: 'new' }).error?.issues[0]?.message).toBe(
      'status applies to one kind of lead, not to all',
    );
    // The All view's export is a zip of one CSV per kind (decision 0106): a search, no kind and no status.
    expect(LeadFilterQuerySchema.safeParse({ type: 'all', q: 'ana' }).error?.issues[0]).toMatchObject({
      path: ['type'],
      message: 'type all is exported as one CSV per kind of lead, in a zip: GET /api/admin/leads/export.zip',
    });
    expect(LeadZipQuerySchema.parse({ q: ' ana ', due: 'open', mine: '1', status: 'new' })).toEqual({
      q: 'ana',
      due: 'open',
      mine: '1',
    });
    expect(LeadZipQuerySchema.safeParse({ due: 'later' }).error?.issues[0]?.path).toEqual(['due']);
  });

  it.each([
    [{ type: 'toString' }, 'type'],
    [{ type: '__proto__' }, 'type'],
    [{ type: 'constructor' }, 'type'],
    [{ type: 'valueOf' }, 'type'],
    [{}, 'type'],
    [{ type: 'enquiry', status: 'accepted' }, 'status'],
    [{ type: 'quote', status: 'won' }, 'status'],
    [{ type: 'optin', status: 'new' }, 'status'],
    [{ type: 'enquiry', status: 'toString' }, 'status'],
    [{ type: 'enquiry', q: 'x'.repeat(101) }, 'q'],
    [{ type: 'enquiry', q: ['a', 'b'] }, 'q'],
    [{ type: 'enquiry', page: '1e20' }, 'page'],
  ])('%j is refused, naming %s', (query, field) => {
    expect(Object.keys(fieldErrorsOf(LeadListQuerySchema, query))).toEqual([field]);
  });

  it('checks the type and id of a lead path', () => {
    expect(LeadParamSchema.parse({ type: 'optin', id: '4' })).toEqual({ type: 'optin', id: 4 });
    expect(Object.keys(fieldErrorsOf(LeadParamSchema, { type: 'hasOwnProperty', id: '1' }))).toEqual(['type']);
  });
});

describe('upload name', () => {
  it.each([
    ['report.pdf', 'report.pdf'],
    ['  Māori report.pdf ', 'Māori report.pdf'],
    ['poly\u202elmth.pdf', 'polylmth.pdf'],
  ])('%j is stored as %j', (name, stored) => {
    expect(FileUploadQuerySchema.parse({ name }).name).toBe(stored);
  });

  it.each(['', '   ', '\u202e', 'a/b.pdf', 'a\\b.pdf', 'a\nb.pdf', 'x'.repeat(201)])('%j is refused', (name) => {
    expect(Object.keys(fieldErrorsOf(FileUploadQuerySchema, { name }))).toEqual(['name']);
  });
});

describe("a public read's slug", () => {
  it('is read by the slug rule in the entry, and text no slug could be is null (the read answers it 404)', () => {
    expect(SlugParamSchema.parse({ slug: ' My-Post ' })).toEqual({ slug: 'my-post' });
    for (const slug of ['', 'not_a_slug', 'two--hyphens', 'x'.repeat(300)])
      expect(SlugParamSchema.parse({ slug })).toEqual({ slug: null });
    expect(PreviewQuerySchema.parse({ slug: 'Bad Slug!', token: 't' })).toEqual({ slug: null, token: 't' });
  });
});
