import { useEffect, useState } from 'react';
import { useLocation } from '@agency/contracts/router';
import { CHATBOT_HIDDEN_PATHS, THIRD_PARTY_DELAYS_MS } from '@agency/contracts';
import { hostApi } from '../../host-api';
import { DelayedRender } from './delayed-render';

/** Once per browser session, so the popup does not reopen on every page. */
const POPUP_SHOWN_KEY = 'chatbotPopupShown';

function ChatPanel({ url }: { url: string }) {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (sessionStorage.getItem(POPUP_SHOWN_KEY)) return;
    // The launcher itself appears 2 s after load; the popup opens at 5 s after load.
    const timer = setTimeout(() => {
      sessionStorage.setItem(POPUP_SHOWN_KEY, '1');
      setOpen(true);
    }, THIRD_PARTY_DELAYS_MS.chatbotPopup - THIRD_PARTY_DELAYS_MS.chatbotLauncher);
    return () => clearTimeout(timer);
  }, []);

  return (
    <div className="fixed right-4 bottom-4 z-40 flex flex-col items-end gap-3" data-testid="chatbot-widget">
      {open && (
        <section
          aria-label="Chat with us"
          className="h-[28rem] w-[calc(100vw-2rem)] max-w-sm overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl"
        >
          {/* The third-party chatbot runs in its own frame: it cannot read or change this page. */}
          <iframe title="Chat with us" src={url} className="h-full w-full" />
        </section>
      )}
      <button
        type="button"
        aria-expanded={open}
        onClick={() => {
          sessionStorage.setItem(POPUP_SHOWN_KEY, '1');
          setOpen((o) => !o);
        }}
        className="rounded-full bg-brand-600 px-5 py-3 font-semibold text-white shadow-lg hover:bg-brand-700"
      >
        {open ? 'Close chat' : 'Chat with us'}
      </button>
    </div>
  );
}

/** The chatbot embed of runtime config; absent when unset, and hidden on the three single-offer pages. */
export function ChatbotWidget() {
  const { pathname } = useLocation();
  const url = hostApi.config.chatbotEmbedUrl;
  if (!url || (CHATBOT_HIDDEN_PATHS as readonly string[]).includes(pathname)) return null;
  return (
    <DelayedRender delayMs={THIRD_PARTY_DELAYS_MS.chatbotLauncher}>
      <ChatPanel url={url} />
    </DelayedRender>
  );
}
