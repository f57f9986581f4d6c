/**
 * The one door to react-router for every app (decision 0011). Federation shares this module, not react-router
 * itself: a shared package is bundled whole because its consumers are unknown at build time (react-router whole
 * is ~61 KB gzip on every page), while this module carries only the names below and what they need.
 *
 * Import routing from here, never from 'react-router' (eslint enforces it outside tests). A remote that needs
 * another name adds it here, and the shell, which provides this module, must be deployed with it first.
 */
export {
  BrowserRouter,
  createBrowserRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  Route,
  RouterProvider,
  Routes,
  useLocation,
  useBlocker,
  useNavigate,
  useSearchParams,
} from 'react-router';
export type { Blocker, RouteObject } from 'react-router';
