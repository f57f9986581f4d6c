import type { ReactNode } from 'react';
import { BookingLink } from './booking-link';

/** The calculator landing pages' bar under the header: a page link on the left, the call booking on the right. */
export function LandingBar({ children, booking }: { children: ReactNode; booking: string }) {
  return (
    <div className="sticky top-16 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center justify-between px-4 py-2">
        {children}
        <BookingLink className="rounded-lg bg-slate-900 px-4 py-2 text-sm font-semibold text-white">
          {booking}
        </BookingLink>
      </div>
    </div>
  );
}
