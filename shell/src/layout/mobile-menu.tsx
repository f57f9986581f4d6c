import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import { Link } from '@agency/contracts/router';
import { AGENCY_NAME } from '@agency/contracts';
import { AuthControls } from '../features/session/auth-controls';
import { earlyClick } from './early-click';
import { mainLinks, MOBILE_BREAKPOINT_PX, serviceLinks } from './nav-links';

const itemClass = 'block rounded-lg px-3 py-3 text-lg font-medium text-slate-800 hover:bg-brand-50';

/** Below 768 px: a full-screen menu (Radix Dialog: focus trap, Escape, restores focus). */
/** The menu's two 24 px line icons (open and close), drawn in the text colour. */
function LineIcon({ d }: { d: string }) {
  return (
    <svg
      aria-hidden="true"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d={d} />
    </svg>
  );
}

export function MobileMenu() {
  const [open, setOpen] = useState(false);

  // Widening the screen past the breakpoint closes the menu: the desktop navigation takes over.
  useEffect(() => {
    if (!open) return;
    const wide = window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`);
    const onChange = () => wide.matches && setOpen(false);
    onChange();
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, [open]);

  const close = () => setOpen(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        {...earlyClick}
        className="rounded-lg p-2 text-slate-800 hover:bg-slate-100 md:hidden"
        aria-label="Open menu"
      >
        <LineIcon d="M4 6h16M4 12h16M4 18h16" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Content className="fixed inset-0 z-[60] overflow-y-auto bg-white p-4" aria-describedby={undefined}>
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-xl font-extrabold text-brand-700">{AGENCY_NAME}</Dialog.Title>
            <Dialog.Close className="rounded-lg p-2 text-slate-800 hover:bg-slate-100" aria-label="Close menu">
              <LineIcon d="M6 6l12 12M18 6L6 18" />
            </Dialog.Close>
          </div>
          <nav aria-label="Mobile" className="mt-6">
            <ul className="space-y-1">
              <li>
                <Link to="/" onClick={close} className={itemClass}>
                  Home
                </Link>
              </li>
              <li>
                <p className="px-3 pt-4 pb-1 text-sm font-semibold uppercase tracking-wide text-slate-500">Services</p>
                <ul>
                  {serviceLinks.map((s) => (
                    <li key={s.to}>
                      <Link to={s.to} onClick={close} className={`${itemClass} text-base`}>
                        {s.label}
                      </Link>
                    </li>
                  ))}
                  <li>
                    <Link to="/services" onClick={close} className={`${itemClass} text-base text-brand-700`}>
                      View All Services
                    </Link>
                  </li>
                </ul>
              </li>
              {mainLinks.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} onClick={close} className={itemClass}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
            <AuthControls onNavigate={close} className="mt-6 px-3" />
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
