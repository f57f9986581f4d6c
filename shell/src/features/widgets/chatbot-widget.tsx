import { useEffect, useState } from 'react';
import { useLocation } from '@agency/contracts/router';
import { CHATBOT_HIDDEN_PATHS, THIRD_PARTY_DELAYS_MS } from '@agency/contracts';
import { hostApi } from '../../host-api';
import { DelayedRender } from './delayed-render';

/**
 * The popup opens by itself 5 s after the page loads, once per visit (browser session): a visitor who has seen
 * it, or opened or closed it, is not interrupted again on every page they load (docs/decisions/0026).
 */
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

/** Whether the chat product's script is in this document; once it is, nothing can take it out again. */
let scriptAdded = false;

/** Kept apart so tests can watch it (jsdom cannot navigate). */
export const chatbotDocument = {
  reload: () => window.location.reload(),
  /** For tests: start again as a freshly loaded page. */
  reset: () => {
    scriptAdded = false;
  },
};

/**
 * A chat product's own embed script (CHATBOT_SCRIPT_URL), added after the launcher's delay on a page where the
 * chatbot belongs; the product draws its own launcher and decides when its window opens. A script cannot be
 * unloaded, so when the visitor follows a link to one of the offer pages after it was added, that page is loaded
 * again from the server, without it.
 */
function ChatbotScript({ src, hidden }: { src: string; hidden: boolean }) {
  useEffect(() => {
    if (hidden) {
      if (scriptAdded) chatbotDocument.reload();
      return;
    }
    if (scriptAdded) return;
    const timer = setTimeout(() => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      document.body.append(script);
      scriptAdded = true;
    }, THIRD_PARTY_DELAYS_MS.chatbotLauncher);
    return () => clearTimeout(timer);
  }, [src, hidden]);
  return null;
}

/**
 * The chatbot of runtime config: the shell's own launcher and panel around CHATBOT_EMBED_URL, or a chat product's
 * script (CHATBOT_SCRIPT_URL; the gateway refuses both at once). Absent when unset, and never on the three
 * single-offer pages.
 */
export function ChatbotWidget() {
  const { pathname } = useLocation();
  const { chatbotEmbedUrl: url, chatbotScriptUrl: script } = hostApi.config;
  const hidden = (CHATBOT_HIDDEN_PATHS as readonly string[]).includes(pathname);
  if (script) return <ChatbotScript src={script} hidden={hidden} />;
  if (!url || hidden) return null;
  return (
    <DelayedRender delayMs={THIRD_PARTY_DELAYS_MS.chatbotLauncher}>
      <ChatPanel url={url} />
    </DelayedRender>
  );
}
