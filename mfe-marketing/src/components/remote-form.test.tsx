import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HostApi, RemotePageProps } from '@agency/contracts/client';
import { renderWithHost } from '../test-utils';
import { RemoteForm } from './remote-form';

function FakeForm({ host, service }: RemotePageProps & { service?: string }) {
  return (
    <form aria-label="Remote form">
      {service} {host.config.supportPhone}
    </form>
  );
}

/** A controllable IntersectionObserver: `enter()` reports every observed element as intersecting. */
function fakeIntersectionObserver() {
  const callbacks: IntersectionObserverCallback[] = [];
  const margins: (string | undefined)[] = [];
  class FakeObserver {
    constructor(cb: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      callbacks.push(cb);
      margins.push(options?.rootMargin);
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    margins,
    enter: () =>
      callbacks.forEach((cb) =>
        cb([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver),
      ),
  };
}

describe('RemoteForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('loads the quoting code only once the form nears the viewport', async () => {
    const io = fakeIntersectionObserver();
    const loadRemote = vi.fn(async () => ({ default: FakeForm })) as unknown as HostApi['loadRemote'];
    renderWithHost(<RemoteForm module="enquiry-form" />, { loadRemote });
    expect(screen.getByRole('status')).toHaveTextContent('Loading form...');
    expect(loadRemote).not.toHaveBeenCalled();
    expect(io.margins).toEqual(['600px']);

    act(() => io.enter());
    expect(await screen.findByRole('form', { name: 'Remote form' })).toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledTimes(1);
  });

  it('renders the quoting form it loads, passing the host and its props', async () => {
    const loadRemote = vi.fn(async () => ({ default: FakeForm })) as unknown as HostApi['loadRemote'];
    renderWithHost(<RemoteForm module="consultation-form" props={{ service: 'google-ads' }} />, { loadRemote });
    expect(await screen.findByRole('form', { name: 'Remote form' })).toHaveTextContent('google-ads 07 123 4567');
    expect(loadRemote).toHaveBeenCalledWith('quoting/consultation-form');
  });

  it('shows the phone number and email when quoting is unreachable, and recovers on retry', async () => {
    let up = false;
    const loadRemote = vi.fn(async () => {
      if (!up) throw new Error('remote offline');
      return { default: FakeForm };
    }) as unknown as HostApi['loadRemote'];
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderWithHost(<RemoteForm module="enquiry-form" />, { loadRemote });

    const fallback = await screen.findByTestId('form-fallback');
    expect(fallback).toHaveTextContent("Our online form isn't available right now.");
    expect(screen.getByRole('link', { name: '07 123 4567' })).toHaveAttribute('href', 'tel:071234567');
    expect(screen.getByRole('link', { name: 'support@beloud.co.nz' })).toHaveAttribute(
      'href',
      'mailto:support@beloud.co.nz',
    );

    up = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try loading the form again' }));
    expect(await screen.findByRole('form', { name: 'Remote form' })).toBeInTheDocument();
  });

  it('falls back when the loaded form throws while rendering', async () => {
    const Broken = () => {
      throw new Error('boom');
    };
    const loadRemote = vi.fn(async () => ({ default: Broken })) as unknown as HostApi['loadRemote'];
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderWithHost(<RemoteForm module="enquiry-form" />, { loadRemote });
    expect(await screen.findByTestId('form-fallback')).toBeInTheDocument();
  });
});
