import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  attachmentName,
  createHttpClient,
  errorText,
  HttpError,
  isHttpError,
  serverErrorText,
  UNREACHABLE,
} from './http';
import { pageTraceId } from './trace';

/** A fetch answering with one status and body, recording what it was asked. */
function answer(status: number, body: string, statusText = '') {
  const impl = vi.fn(
    async (_path: RequestInfo | URL, _init?: RequestInit) => new Response(body, { status, statusText }),
  );
  return { http: createHttpClient(impl as unknown as typeof fetch), impl };
}

describe('http client', () => {
  it('sends cookies and JSON, and returns the parsed answer', async () => {
    const { http, impl } = answer(201, '{"id":7}');
    expect(await http.post('/api/things', { name: 'Kōwhai' })).toEqual({ id: 7 });
    const [path, init] = impl.mock.calls[0]!;
    expect(path).toBe('/api/things');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"name":"Kōwhai"}' });
    expect(init?.headers).toEqual({ 'Content-Type': 'application/json', traceparent: expect.any(String) });
  });

  it("sends the page load's trace with every call: one trace id, a new span id each (W3C traceparent)", async () => {
    const { http, impl } = answer(200, '{}');
    await http.get('/api/a');
    await http.get('/api/b');
    const sent = impl.mock.calls.map(([, init]) => (init?.headers as Record<string, string>).traceparent!);
    for (const value of sent) expect(value).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(sent.map((v) => v.split('-')[1])).toEqual([pageTraceId(), pageTraceId()]);
    expect(sent[0]!.split('-')[2]).not.toBe(sent[1]!.split('-')[2]);
  });

  it('reads an empty answer as null and sends no body or content type without one', async () => {
    const { http, impl } = answer(200, '');
    expect(await http.delete('/api/things/7')).toBeNull();
    expect(impl.mock.calls[0]![1]).toMatchObject({ method: 'DELETE', body: undefined });
    expect(impl.mock.calls[0]![1]?.headers).toEqual({ traceparent: expect.any(String) });
  });

  it('sends a file as it is, as octet-stream', async () => {
    const { http, impl } = answer(201, '{}');
    const file = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    await http.post('/api/files', file);
    expect(impl.mock.calls[0]![1]).toMatchObject({
      body: file,
      headers: { 'Content-Type': 'application/octet-stream' },
    });
  });

  it.each([
    ['a JSON error', 409, '{"message":"Taken","errors":{"username":"Taken"}}', '', 'Taken', { username: 'Taken' }],
    ['a text error', 502, '<html>Bad gateway</html>', '', undefined, {}],
    ['an empty error', 503, '', 'Service Unavailable', undefined, {}],
  ])('raises a sentence for %s, with the status, body, server message and field errors kept', async (...row) => {
    const [, status, body, statusText, serverMessage, fieldErrors] = row;
    const { http } = answer(status, body, statusText);
    const error = await http.get('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status, body: body || statusText, serverMessage, fieldErrors });
    const { message } = error as HttpError;
    expect(message).toBe(serverMessage ?? 'Something went wrong on our side. Please try again in a moment.');
    expect(message).not.toMatch(/^\d{3}|[{}<]/);
  });

  it('says a wrong current password in the server\'s words, never "400: {...}"', async () => {
    const { http } = answer(400, '{"message":"Current password is incorrect"}');
    const error = await http.post('/api/change-password', {}).catch((e: unknown) => e);
    expect(errorText(error, 'Please try again')).toBe('Current password is incorrect');
  });

  it.each([
    [401, 'Your session has ended. Please sign in again.'],
    [403, 'You do not have permission to do that.'],
    [413, 'That was too large for the server to accept.'],
    [429, 'Too many attempts in a short time. Please wait a few minutes and try again.'],
    [422, 'The server could not accept that. Please check what you entered and try again.'],
  ])('words a bodiless %i', async (status, sentence) => {
    const error = await answer(status, '')
      .http.get('/x')
      .catch((e: unknown) => e);
    expect((error as Error).message).toBe(sentence);
  });

  it('downloads a file with the name the server gave it, and raises a refusal like any call', async () => {
    const csv = 'id,name\r\n1,Kōwhai\r\n';
    const impl = vi.fn(
      async () =>
        new Response(csv, {
          headers: { 'content-disposition': 'attachment; filename="enquiry-leads-2026-11-26.csv"' },
        }),
    );
    const file = await createHttpClient(impl as unknown as typeof fetch).download('/api/admin/leads/export.csv');
    expect(await file.blob.text()).toBe(csv);
    expect(file.name).toBe('enquiry-leads-2026-11-26.csv');
    expect(impl.mock.calls[0]).toEqual(['/api/admin/leads/export.csv', { method: 'GET', credentials: 'include' }]);

    const refused = await answer(429, '{"message":"Only 2 exports can run at once for each person."}')
      .http.download('/api/admin/leads/export.csv')
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 429, serverMessage: 'Only 2 exports can run at once for each person.' });
  });

  it.each([
    ['attachment; filename="a.csv"', 'a.csv'],
    [`attachment; filename="Growth plan.pdf"; filename*=UTF-8''Growth%20plan%20%C4%81.pdf`, 'Growth plan ā.pdf'],
    [`attachment; filename="x.pdf"; filename*=UTF-8''%E0%A4%A`, 'x.pdf'],
    ['inline', undefined],
    [null, undefined],
  ])('reads the file name of %s', (header, name) => {
    expect(attachmentName(header)).toBe(name);
  });

  it('checks an answer against a schema: a malformed one is an HttpError with its status, not a crash', async () => {
    const Schema = z.object({ percentage: z.number() });
    expect(await answer(200, '{"percentage":15,"extra":1}').http.get('/x', { schema: Schema })).toEqual({
      percentage: 15,
    });
    const malformed = await answer(200, '{"percentage":"lots"}')
      .http.get('/x', { schema: Schema })
      .catch((e: unknown) => e);
    expect(malformed).toMatchObject({
      name: 'HttpError',
      status: 200,
      body: '{"percentage":"lots"}',
      message: 'Something went wrong on our side. Please try again in a moment.',
    });
    const notJson = await answer(200, '<html>')
      .http.get('/x')
      .catch((e: unknown) => e);
    expect(notJson).toMatchObject({ name: 'HttpError', status: 200 });
  });

  it("says a network failure in words, still a TypeError with the browser's error as its cause", async () => {
    const cause = new TypeError('Failed to fetch');
    const http = createHttpClient((() => Promise.reject(cause)) as typeof fetch);
    const error = await http.get('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(error).toMatchObject({ message: UNREACHABLE, cause });
    const aborted = new DOMException('The operation was aborted.', 'AbortError');
    const abort = createHttpClient((() => Promise.reject(aborted)) as typeof fetch);
    await expect(abort.get('/x')).rejects.toBe(aborted);
  });
});

describe('isHttpError', () => {
  it('recognises an HttpError thrown by another bundle copy of contracts, by shape', () => {
    class OtherCopy extends Error {
      status = 401;
      override name = 'HttpError';
    }
    expect(isHttpError(new OtherCopy('401: {}'))).toBe(true);
    expect(isHttpError(new HttpError(500, 'x', undefined))).toBe(true);
    expect(isHttpError(new Error('401: {}'))).toBe(false);
  });
});

describe('error texts', () => {
  it.each([
    [new HttpError(409, '{"message":"Taken"}', 'Taken'), 'Taken', 'Taken'],
    [
      new HttpError(500, 'oops', undefined),
      'Something went wrong on our side. Please try again in a moment.',
      'Something went wrong on our side. Please try again in a moment.',
    ],
    [new TypeError('Failed to fetch'), 'Failed to fetch', 'Failed to fetch'],
    ['thrown text', 'Fallback', 'Fallback'],
  ])('%s reads %j, or %j where the server speaks', (error, text, server) => {
    expect(errorText(error, 'Fallback')).toBe(text);
    expect(serverErrorText(error, 'Fallback')).toBe(server);
  });
});
