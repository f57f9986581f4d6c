import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_TEXT, defaultPublicConfig, type PublicRuntimeConfig } from '@agency/contracts';
import { createSessionStore, HostProvider, type HostApi } from '@agency/contracts/client';

const host = vi.hoisted(() => ({
  session: null as unknown as ReturnType<typeof createSessionStore>,
  config: null as unknown as PublicRuntimeConfig,
}));
host.config = { ...defaultPublicConfig, site: 'public' };
vi.mock('../../host-api', () => ({ hostApi: host }));
const call = vi.hoisted(() => vi.fn(async () => null));
vi.mock('@agency/contracts/client', async (real) => ({ ...(await real<object>()), http: { call } }));

const { ConsentSlot } = await import('./consent-slot');
const { consentStore } = await import('./consent-store');
const { Footer } = await import('../../layout/footer');

const LAZY = { timeout: 10_000 };
const cookie = () => /agency_consent=([^;]*)/.exec(document.cookie)?.[1];

function renderPage() {
  host.session = createSessionStore(vi.fn(async () => new Response('{}', { status: 401 })) as unknown as typeof fetch);
  return render(
    <HostProvider host={host as unknown as HostApi}>
      <MemoryRouter>
        <Footer />
        <ConsentSlot />
      </MemoryRouter>
    </HostProvider>,
  );
}
const banner = () => screen.findByRole('region', { name: CONSENT_TEXT.title }, LAZY);

describe('consent banner', () => {
  beforeEach(() => {
    document.cookie = 'agency_consent=; max-age=0; path=/';
    consentStore.reset();
    call.mockClear();
    host.config = { ...defaultPublicConfig, site: 'public' };
  });

  it('asks on a first visit; Accept all sets the cookie, records the choice once and closes', async () => {
    renderPage();
    await userEvent.click(within(await banner()).getByRole('button', { name: CONSENT_TEXT.accept }));
    expect(cookie()).toBe('v1.a1.m1');
    expect(call).toHaveBeenCalledTimes(1);
    expect(call).toHaveBeenCalledWith(
      { method: 'POST', path: '/api/consent' },
      { body: { analytics: true, ads: true, how: 'accept' } },
    );
    expect(screen.queryByRole('region', { name: CONSENT_TEXT.title })).toBeNull();
  });

  it('Reject all denies both purposes', async () => {
    renderPage();
    await userEvent.click(within(await banner()).getByRole('button', { name: CONSENT_TEXT.reject }));
    expect(cookie()).toBe('v1.a0.m0');
    expect(call).toHaveBeenCalledWith(expect.anything(), { body: { analytics: false, ads: false, how: 'reject' } });
  });

  it('Choose offers the two purposes; Save choices keeps what is ticked', async () => {
    renderPage();
    await userEvent.click(within(await banner()).getByRole('button', { name: CONSENT_TEXT.choose }));
    const analytics = screen.getByRole('checkbox', { name: CONSENT_TEXT.analyticsLabel });
    expect(analytics).toHaveFocus();
    expect(screen.getByRole('checkbox', { name: CONSENT_TEXT.adsLabel })).not.toBeChecked();
    await userEvent.click(analytics);
    await userEvent.click(screen.getByRole('button', { name: CONSENT_TEXT.save }));
    expect(cookie()).toBe('v1.a1.m0');
    expect(call).toHaveBeenCalledWith(expect.anything(), { body: { analytics: true, ads: false, how: 'choose' } });
  });

  it('is not shown once chosen; the footer Cookie settings opens it again with the focus, to change the choice', async () => {
    document.cookie = 'agency_consent=v1.a0.m0; path=/';
    consentStore.reset();
    renderPage();
    await act(async () => {});
    expect(screen.queryByRole('region', { name: CONSENT_TEXT.title })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: CONSENT_TEXT.footerLink }));
    expect(await banner()).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: CONSENT_TEXT.accept }));
    expect(cookie()).toBe('v1.a1.m1');
  });

  it('is neither asked nor offered on the portal, which loads no third party', async () => {
    host.config = { ...defaultPublicConfig, site: 'portal' };
    renderPage();
    await act(async () => {});
    expect(screen.queryByRole('region', { name: CONSENT_TEXT.title })).toBeNull();
    expect(screen.queryByRole('button', { name: CONSENT_TEXT.footerLink })).toBeNull();
  });
});
