import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithHost, routeFetch } from '../../../test-utils';
import { ContentPanel } from './content-panel';

const empty = { items: [], total: 0, page: 1, pageSize: 20 };
const pkg = {
  id: 7,
  type: 'website',
  name: 'Storefront',
  price: '$1,198',
  features: ['3-5 pages'],
  description: null,
  isPopular: false,
  imagePath: null,
  buttonText: 'Get Started',
  sortOrder: 1,
  isActive: true,
};

describe('content panel', () => {
  it('adds a service package with its features, order and flags', async () => {
    const calls = routeFetch({
      'GET /api/admin/service-packages?page=1': [200, empty],
      'GET /api/admin/case-studies?page=1': [200, empty],
      'POST /api/admin/service-packages': [201, { ...pkg, id: 8 }],
    });
    const { host } = renderWithHost(<ContentPanel />);
    const form = await screen.findByRole('form', { name: 'New service package' });
    const f = within(form);
    await userEvent.type(f.getByLabelText('Name *'), 'Booking Website');
    await userEvent.type(f.getByLabelText(/^Type/), 'website');
    await userEvent.type(f.getByLabelText(/^Price/), '$1,998');
    await userEvent.type(f.getByLabelText('Features'), 'Online booking{enter}Calendar sync');
    await userEvent.clear(f.getByLabelText('Sort order'));
    await userEvent.type(f.getByLabelText('Sort order'), '2');
    await userEvent.click(f.getByLabelText('Mark as popular'));
    await userEvent.click(f.getByRole('button', { name: 'Add service package' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/admin/service-packages')).toBe(true));
    expect(calls.find((c) => c.key === 'POST /api/admin/service-packages')!.body).toMatchObject({
      name: 'Booking Website',
      type: 'website',
      price: '$1,998',
      features: ['Online booking', 'Calendar sync'],
      sortOrder: 2,
      isPopular: true,
      isActive: true,
      buttonText: 'Get Started',
    });
    expect(host.toast).toHaveBeenCalledWith({ title: 'Service package added' });
  });

  it('names the missing field and sends nothing', async () => {
    const calls = routeFetch({
      'GET /api/admin/service-packages?page=1': [200, empty],
      'GET /api/admin/case-studies?page=1': [200, empty],
    });
    renderWithHost(<ContentPanel />);
    const form = await screen.findByRole('form', { name: 'New case study' });
    await userEvent.click(within(form).getByRole('button', { name: 'Add case study' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('title: Title is required');
    expect(calls.filter((c) => c.key.startsWith('POST'))).toEqual([]);
  });

  it('edits with the stored values and deletes after a confirming second click', async () => {
    const calls = routeFetch({
      'GET /api/admin/service-packages?page=1': [200, { ...empty, items: [pkg], total: 1 }],
      'GET /api/admin/case-studies?page=1': [200, empty],
      'PUT /api/admin/service-packages/7': [200, pkg],
      'DELETE /api/admin/service-packages/7': [200, { message: 'Service package deleted' }],
    });
    renderWithHost(<ContentPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Storefront' }));
    const form = screen.getByRole('form', { name: 'Edit service package' });
    expect(within(form).getByLabelText('Features')).toHaveValue('3-5 pages');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'PUT /api/admin/service-packages/7')).toBe(true));

    const del = screen.getByRole('button', { name: 'Delete Storefront' });
    await userEvent.click(del);
    expect(calls.some((c) => c.key.startsWith('DELETE'))).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm delete Storefront' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'DELETE /api/admin/service-packages/7')).toBe(true));
  });
});
