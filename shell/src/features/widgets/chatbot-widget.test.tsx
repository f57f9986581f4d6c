import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const host = vi.hoisted(() => ({
  config: {
    chatbotEmbedUrl: 'https://chat.example/embed' as string | undefined,
    chatbotScriptUrl: undefined as string | undefined,
  },
}));
vi.mock('../../host-api', () => ({ hostApi: host }));
const { ChatbotWidget, chatbotDocument } = await import('./chatbot-widget');

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <ChatbotWidget />
    </MemoryRouter>,
  );

describe('ChatbotWidget', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sessionStorage.clear();
    host.config.chatbotEmbedUrl = 'https://chat.example/embed';
    host.config.chatbotScriptUrl = undefined;
  });
  afterEach(() => vi.useRealTimers());

  it('shows the launcher after 2 s and opens the chat by itself at 5 s, once per session', () => {
    renderAt('/');
    expect(screen.queryByTestId('chatbot-widget')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.getByRole('button', { name: 'Chat with us' })).toHaveAttribute('aria-expanded', 'false');
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.getByTitle('Chat with us')).toHaveAttribute('src', 'https://chat.example/embed');
    expect(sessionStorage.getItem('chatbotPopupShown')).toBe('1');
  });

  it.each(['/real-talk-opt-in', '/real-talk-thank-you', '/local-lead-engine-offer'])('stays off %s', (path) => {
    renderAt(path);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.queryByTestId('chatbot-widget')).toBeNull();
  });

  it('is absent when no chatbot is configured', () => {
    host.config.chatbotEmbedUrl = undefined;
    renderAt('/');
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.queryByTestId('chatbot-widget')).toBeNull();
  });
});

describe('ChatbotWidget with a chat product script', () => {
  const SRC = 'https://widget.chat.example/loader.js';
  const added = () => [...document.querySelectorAll('script')].filter((s) => s.src === SRC);

  function Navigator({ to }: { to: string }) {
    const navigate = useNavigate();
    useEffect(() => void navigate(to), [navigate, to]);
    return null;
  }
  const renderFrom = (path: string, next?: string) =>
    render(
      <MemoryRouter initialEntries={[path]}>
        <ChatbotWidget />
        {next && <Navigator to={next} />}
      </MemoryRouter>,
    );

  beforeEach(() => {
    vi.useFakeTimers();
    document.querySelectorAll('script').forEach((s) => s.remove());
    chatbotDocument.reset();
    host.config.chatbotEmbedUrl = undefined;
    host.config.chatbotScriptUrl = SRC;
  });
  afterEach(() => vi.useRealTimers());

  it('adds the script once, after the launcher delay, and draws no launcher of its own', () => {
    const { unmount } = renderFrom('/');
    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(added()).toHaveLength(0);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(added()).toHaveLength(1);
    expect(screen.queryByTestId('chatbot-widget')).toBeNull();
    unmount();
    renderFrom('/faq');
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(added()).toHaveLength(1);
  });

  it.each(['/real-talk-opt-in', '/real-talk-thank-you', '/local-lead-engine-offer'])('never adds it on %s', (path) => {
    renderFrom(path);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(added()).toHaveLength(0);
  });

  it('reloads an offer page reached by a link after the script was added, so it shows without it', () => {
    const reload = vi.spyOn(chatbotDocument, 'reload').mockImplementation(() => undefined);
    const { unmount } = renderFrom('/');
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    unmount();
    renderFrom('/', '/local-lead-engine-offer');
    expect(reload).toHaveBeenCalledTimes(1);
    reload.mockRestore();
  });

  it('leaves an offer page alone when the script was never added', () => {
    const reload = vi.spyOn(chatbotDocument, 'reload').mockImplementation(() => undefined);
    renderFrom('/', '/local-lead-engine-offer');
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(reload).not.toHaveBeenCalled();
    expect(added()).toHaveLength(0);
    reload.mockRestore();
  });
});
