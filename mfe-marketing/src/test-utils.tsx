import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { defaultPublicConfig } from '@agency/contracts';
import { HostProvider, createSessionStore, type HostApi } from '@agency/contracts/client';

/** Renders `ui` inside a router with a recording stand-in for the shell. */
export function renderWithHost(
  ui: ReactElement,
  { path = '/', loadRemote }: { path?: string; loadRemote?: HostApi['loadRemote'] } = {},
) {
  const host = {
    config: { ...defaultPublicConfig, bookingUrl: 'https://booking.example/agency', supportPhone: '07 123 4567' },
    toast: vi.fn<HostApi['toast']>(),
    track: vi.fn<HostApi['track']>(),
    loadRemote:
      loadRemote ??
      (vi.fn((id: string) =>
        Promise.reject(new Error(`${id} is not available in component tests`)),
      ) as HostApi['loadRemote']),
    session: createSessionStore(),
  };
  const view = render(
    <HostProvider host={host satisfies HostApi}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </HostProvider>,
  );
  return { ...view, host };
}
