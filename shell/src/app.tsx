import { createBrowserRouter, RouterProvider } from '@agency/contracts/router';
import { routeTree } from './routes';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The browser's router over the whole route tree. Called by the bootstrap in a task of its own, not when this module
 * is evaluated: building the router's route data and matching the first URL was a third of the task that evaluates
 * the shell's modules (decision 0070).
 */
export const createAppRouter = (): AppRouter => createBrowserRouter(routeTree);

export function App({ router }: { router: AppRouter }) {
  return <RouterProvider router={router} />;
}
