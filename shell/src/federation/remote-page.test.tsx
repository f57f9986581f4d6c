import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RemotePageProps } from '@agency/contracts/client';

const loadRemoteModule = vi.fn();
const refreshRemote = vi.fn(async () => undefined);
const markPageLoad = vi.fn();
const loadFailures = new WeakSet<object>();
vi.mock('./remotes', () => ({ loadRemoteModule, refreshRemote, markPageLoad, loadFailures, versionOf: () => 'v7' }));
const recordRum = vi.fn();
vi.mock('../features/rum/rum-queue', () => ({ recordRum }));

const { RemotePage } = await import('./remote-page');

function Page({ host }: RemotePageProps) {
  return <h1>Loaded page for {host.config.supportEmail}</h1>;
}

describe('RemotePage', () => {
  beforeEach(() => {
    loadRemoteModule.mockReset();
    refreshRemote.mockClear();
    markPageLoad.mockClear();
    recordRum.mockClear();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('renders the remote page with the host services', async () => {
    loadRemoteModule.mockResolvedValue({ default: Page });
    render(<RemotePage remote="marketing" module="home-page" />);
    expect(await screen.findByRole('heading', { name: /Loaded page for/ })).toBeInTheDocument();
    expect(loadRemoteModule).toHaveBeenCalledWith('marketing', 'home-page');
    // Its load time and page load are measured, in an effect after the page is shown (not within the same commit).
    await waitFor(() => expect(markPageLoad).toHaveBeenCalledWith('marketing', true));
  });

  it("counts an error the remote's page throws for its version, and a failed load only once", async () => {
    const Broken = () => {
      throw new Error('bug in the remote');
    };
    loadRemoteModule.mockResolvedValue({ default: Broken });
    render(<RemotePage remote="quoting" module="price-calculator-page" />);
    await screen.findByTestId('remote-fallback');
    expect(recordRum).toHaveBeenCalledWith({ remote: 'quoting', version: 'v7', kind: 'error' });
    // A page load that never rendered still counts, without a load time.
    expect(markPageLoad).toHaveBeenCalledWith('quoting', false);
    expect(markPageLoad).not.toHaveBeenCalledWith('quoting', true);

    recordRum.mockClear();
    const failed = new Error('offline');
    loadFailures.add(failed); // remotes.ts counted it as a failed load
    loadRemoteModule.mockRejectedValue(failed);
    render(<RemotePage remote="account" module="dashboard-page" />);
    await screen.findAllByTestId('remote-fallback');
    expect(recordRum).not.toHaveBeenCalled();
  });

  it('shows the loading text while the remote loads', () => {
    loadRemoteModule.mockReturnValue(new Promise(() => undefined));
    render(<RemotePage remote="account" module="dashboard-page" loadingText="Loading Dashboard..." />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading Dashboard...');
  });

  it('contains a failed remote in a fallback naming the section, and recovers on retry', async () => {
    loadRemoteModule.mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: Page });
    render(<RemotePage remote="quoting" module="custom-quote-page" />);
    const fallback = await screen.findByTestId('remote-fallback');
    expect(fallback).toHaveTextContent('quotes and calculators');

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: /Loaded page for/ })).toBeInTheDocument();
    expect(refreshRemote).toHaveBeenCalledWith('quoting');
  });
});
