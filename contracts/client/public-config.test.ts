import { describe, expect, it } from 'vitest';
import { PublicRuntimeConfigSchema } from '../src/config';
import { defaultPublicConfig, RUNTIME_CONFIG_ELEMENT_ID } from '../src/public-config';
import { readPublicConfig } from './public-config';

const page = (text: string | null) => ({
  getElementById: (id: string) => (id === RUNTIME_CONFIG_ELEMENT_ID && text !== null ? { textContent: text } : null),
});

const embedded = PublicRuntimeConfigSchema.parse({
  ...defaultPublicConfig,
  publicOrigin: 'https://beloud.co.nz',
  supportPhone: '07 555 1234',
  analyticsId: 'G-TEST123',
  chatbotEmbedUrl: 'https://chat.example/embed',
});

describe('readPublicConfig', () => {
  it('reads the object the gateway embedded', () => {
    expect(readPublicConfig(page(JSON.stringify(embedded)))).toEqual(embedded);
  });

  it('reads every field the schema defines (the zod-free reader lists them by hand)', () => {
    const full = Object.fromEntries(Object.keys(PublicRuntimeConfigSchema.shape).map((key) => [key, `/${key}`]));
    expect(Object.keys(readPublicConfig(page(JSON.stringify(full)))).sort()).toEqual(Object.keys(full).sort());
  });

  it('keeps only the known fields', () => {
    expect(readPublicConfig(page(JSON.stringify({ ...embedded, secret: 'x' })))).toEqual(embedded);
  });

  it("reads the portal's page as the portal's, and any other as the public site's", () => {
    const portal = { ...embedded, site: 'portal', portalOrigin: 'https://portal.beloud.co.nz' };
    expect(readPublicConfig(page(JSON.stringify(portal)))).toMatchObject({ site: 'portal' });
    for (const site of [undefined, 'elsewhere', 1])
      expect(readPublicConfig(page(JSON.stringify({ ...portal, site })))).toMatchObject({ site: 'public' });
  });

  it('takes a page from a gateway that names no portal as having the default one beside its origin', () => {
    const old = { ...embedded, portalOrigin: undefined, site: undefined };
    expect(readPublicConfig(page(JSON.stringify(old)))).toMatchObject({
      portalOrigin: 'https://portal.beloud.co.nz',
      site: 'public',
    });
  });

  it.each([
    ['no element', null],
    ['an empty element', ''],
    ['broken JSON', '{"publicOrigin":'],
    ['a missing required field', JSON.stringify({ ...embedded, supportEmail: undefined })],
    ['an empty required field', JSON.stringify({ ...embedded, supportPhone: '' })],
    ['an optional field of the wrong type', JSON.stringify({ ...embedded, pixelId: 42 })],
    ['an array', '[]'],
  ])('falls back to the defaults on %s', (_label, text) => {
    expect(readPublicConfig(page(text))).toEqual(defaultPublicConfig);
  });
});
