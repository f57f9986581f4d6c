import { describe, expect, it } from 'vitest';
import * as router from './router';

describe('the router facade', () => {
  it('carries the router and links the shell and the remotes use', () => {
    const used = [
      'createBrowserRouter',
      'RouterProvider',
      'Outlet',
      'Link',
      'NavLink',
      'Navigate',
      'useLocation',
      'useNavigate',
      'useSearchParams',
      'useBlocker',
    ];
    for (const name of used) expect(router[name as keyof typeof router], name).toBeTruthy();
  });
});
