import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RemotePageProps } from '@agency/contracts/client';

const loadRemoteModule = vi.fn();
const refreshRemote = vi.fn(async () => undefined);
vi.mock('./remotes', () => ({ loadRemoteModule, refreshRemote }));

const { RemotePage } = await import('./remote-page');

function Page({ host }: RemotePageProps) {
  return <h1>Loaded page for {host.config.supportEmail}</h1>;
}

describe('RemotePage', () => {
  beforeEach(() => {
    loadRemoteModule.mockReset();
    refreshRemote.mockClear();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('renders the remote page with the host services', async () => {
    loadRemoteModule.mockResolvedValue({ default: Page });
    render(<RemotePage remote="marketing" module="home-page" />);
    expect(await screen.findByRole('heading', { name: /Loaded page for/ })).toBeInTheDocument();
    expect(loadRemoteModule).toHaveBeenCalledWith('marketing', 'home-page');
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
