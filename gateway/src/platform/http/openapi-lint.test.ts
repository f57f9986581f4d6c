import { describe, expect, it } from 'vitest';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { endpoints, type Endpoint } from '@agency/contracts';
import { openApiDocument, openApiPath } from './openapi';

/**
 * The document `GET /api/openapi.json` serves, read as an integrator's tools read it: Redocly's linter with its
 * recommended rules (the engine of `redocly lint`), and the credentials a generated client would send.
 */
const document = openApiDocument({
  origin: 'https://beloud.co.nz',
  portalOrigin: 'https://portal.beloud.co.nz',
  sessionCookie: '__Host-session',
});
type Operation = { operationId: string; security?: Record<string, string[]>[] };
const operations = Object.values(document.paths).flatMap((path) => Object.values(path) as Operation[]);

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended lint with no error", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: '/api/openapi.json',
      config,
    });
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`);
    expect(errors).toEqual([]);
  });

  it('declares the bearer deploy token on the release API, never the session cookie', () => {
    const schemes = document.components.securitySchemes as Record<string, { type: string; scheme?: string }>;
    expect(schemes.deployToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    const pipeline = (Object.entries(endpoints) as [string, Endpoint][]).filter(([, e]) => e.access === 'deploy-token');
    expect(pipeline.length).toBeGreaterThan(5);
    for (const [id, e] of pipeline) {
      const op = (document.paths[openApiPath(e.path)] as Record<string, Operation>)[e.method.toLowerCase()]!;
      expect(op.security, id).toEqual([{ deployToken: [] }]);
    }
  });

  it('says which calls need no credential at all, so a client sends none', () => {
    const open = new Set(
      (Object.entries(endpoints) as [string, Endpoint][]).filter(([, e]) => e.access === 'anyone').map(([id]) => id),
    );
    for (const op of operations)
      expect(op.security, op.operationId).toEqual(open.has(op.operationId) ? [] : expect.any(Array));
    expect(operations.filter((op) => op.security?.length === 0).length).toBe(open.size);
  });
});
