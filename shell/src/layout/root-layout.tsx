import { Outlet } from '@agency/contracts/router';
import { ConsentSlot } from '../features/consent/consent-slot';
import { RouteHead } from '../features/head/route-head';
import { SignedOutNotice } from '../features/session/signed-out-notice';
import { Toaster } from '../features/toasts/toaster';
import { PageTracking } from '../features/tracking/page-tracking';
import { ChatbotWidget } from '../features/widgets/chatbot-widget';
import { Footer } from './footer';
import { Header } from './header';
import { NavigationReset } from './navigation-reset';

export function RootLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-900">
      <a
        href="#main"
        className="sr-only rounded-lg bg-white px-4 py-2 font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60]"
      >
        Skip to main content
      </a>
      <NavigationReset />
      <RouteHead />
      <PageTracking />
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <Footer />
      <ChatbotWidget />
      <ConsentSlot />
      <Toaster />
      <SignedOutNotice />
    </div>
  );
}
