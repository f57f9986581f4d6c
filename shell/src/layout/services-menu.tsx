import * as NavigationMenu from '@radix-ui/react-navigation-menu';
import { Link, useLocation } from '@agency/contracts/router';
import { earlyClick } from './early-click';
import { mainLinks, serviceLinks } from './nav-links';

/**
 * A main link, marked when its page (or one below it) is shown. Not react-router's NavLink: under Radix's `asChild`
 * the Slot joins class names as strings, and NavLink's class function was written into the markup as its source.
 * Radix's `active` sets `aria-current="page"` and `data-active`.
 */
function MainLink({ to, label }: { to: string; label: string }) {
  const { pathname } = useLocation();
  const path = pathname.toLowerCase();
  const active = path === to || path.startsWith(`${to}/`);
  return (
    <NavigationMenu.Link asChild active={active}>
      <Link to={to} className={`font-medium hover:text-brand-700 ${active ? 'text-brand-700' : 'text-slate-700'}`}>
        {label}
      </Link>
    </NavigationMenu.Link>
  );
}

/** Wide-screen navigation: a Services dropdown (Radix: arrow keys, Escape, focus management) and the main links. */
export function DesktopNav() {
  return (
    <NavigationMenu.Root aria-label="Main" className="relative hidden md:block" delayDuration={100}>
      <NavigationMenu.List className="flex items-center gap-5">
        <NavigationMenu.Item>
          <NavigationMenu.Trigger
            {...earlyClick}
            className="group flex items-center gap-1 font-medium text-slate-700 hover:text-brand-700 data-[state=open]:text-brand-700"
          >
            Services
            <span aria-hidden="true" className="text-xs transition-transform group-data-[state=open]:rotate-180">
              ▾
            </span>
          </NavigationMenu.Trigger>
          <NavigationMenu.Content className="absolute left-0 top-full mt-3 w-[36rem] rounded-xl border border-slate-200 bg-white p-4 shadow-xl">
            <ul className="grid grid-cols-2 gap-1">
              {serviceLinks.map((s) => (
                <li key={s.to}>
                  <NavigationMenu.Link asChild>
                    <Link
                      to={s.to}
                      className="block rounded-lg p-3 hover:bg-brand-50 focus:bg-brand-50 focus:outline-none"
                    >
                      <span className="block font-semibold text-slate-900">{s.label}</span>
                      <span className="mt-0.5 block text-sm text-slate-600">{s.tagline}</span>
                    </Link>
                  </NavigationMenu.Link>
                </li>
              ))}
            </ul>
            <NavigationMenu.Link asChild>
              <Link
                to="/services"
                className="mt-2 block rounded-lg p-3 text-center font-semibold text-brand-700 hover:bg-brand-50"
              >
                View All Services →
              </Link>
            </NavigationMenu.Link>
          </NavigationMenu.Content>
        </NavigationMenu.Item>
        {mainLinks.map((link) => (
          <NavigationMenu.Item key={link.to}>
            <MainLink to={link.to} label={link.label} />
          </NavigationMenu.Item>
        ))}
      </NavigationMenu.List>
    </NavigationMenu.Root>
  );
}
