import { Outlet } from 'react-router';
import { RouteHead } from '../features/head/route-head';
import { Toaster } from '../features/toasts/toaster';
import { PageTracking } from '../features/tracking/page-tracking';
import { ChatbotWidget } from '../features/widgets/chatbot-widget';
import { Footer } from './footer';
import { Header } from './header';
import { ScrollToTop } from './scroll-to-top';

export function RootLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-900">
      <ScrollToTop />
      <RouteHead />
      <PageTracking />
      <Header />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
      <ChatbotWidget />
      <Toaster />
    </div>
  );
}
