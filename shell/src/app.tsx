import { createBrowserRouter, RouterProvider } from '@agency/contracts/router';
import { routeTree } from './routes';

const router = createBrowserRouter(routeTree);

export function App() {
  return <RouterProvider router={router} />;
}
