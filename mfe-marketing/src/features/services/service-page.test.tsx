import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { HostApi, RemotePageProps } from '@agency/contracts/client';
import { renderWithHost } from '../../test-utils';
import { GbpOptimisationPage } from './gbp-optimisation-page';
import { ServicePage } from './service-page';

function FakeConsultation({
  service,
  serviceRequested,
}: RemotePageProps & { service?: string; serviceRequested?: string }) {
  return (
    <form aria-label="Consultation">
      {service}|{serviceRequested}
    </form>
  );
}
const loadRemote = vi.fn(async () => ({ default: FakeConsultation })) as unknown as HostApi['loadRemote'];

describe('service pages', () => {
  it('follow the pattern and hand the service to the consultation form', async () => {
    const { host } = renderWithHost(<ServicePage slug="google-ads" />, { loadRemote });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Google Ads That Bring Calls');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(
      'Home›Services›Google Ads Management',
    );
    for (const tile of ['Targeted Searches', 'Smart Targeting', 'Max ROI', 'Waikato Focus'])
      expect(screen.getByRole('heading', { name: tile })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Prefer to Schedule Online?' })).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Consultation' })).toHaveTextContent(
      'google-ads|Google Ads Management',
    );
    expect(host.track).toHaveBeenCalledWith({
      name: 'view_content',
      params: { content_type: 'service', content_id: 'google-ads', content_name: 'Google Ads Management' },
    });
    screen.getByRole('link', { name: /Book My Strategy Call/ }).click();
    expect(host.track).toHaveBeenCalledWith({
      name: 'lead',
      params: {
        cta_type: 'consultation',
        button: 'Book My Strategy Call',
        page: '/',
        source: 'service-google-ads',
        service: 'google-ads',
      },
    });
    screen.getByRole('link', { name: 'Get Your Quote' }).click();
    expect(host.track).toHaveBeenLastCalledWith({
      name: 'initiate_checkout',
      params: { cta_type: 'quote', button: 'Get Your Quote', page: '/', destination: '/price-calculator' },
    });
  });

  it('claims under-3-second loading on the web development page', () => {
    renderWithHost(<ServicePage slug="web-development" />, { loadRemote });
    expect(screen.getByText(/loads in under 3 seconds/)).toBeInTheDocument();
  });

  it('gives the Google Business Profile page its own sections and comparison', () => {
    renderWithHost(<GbpOptimisationPage />, { loadRemote });
    for (const name of [
      'What a Poor Profile Costs You',
      'Tradies and Professionals Search Differently',
      'Why Us',
      'With and Without Optimisation',
    ]) {
      expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('columnheader', { name: 'Without optimisation' })).toBeInTheDocument();
  });
});
