import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const host = vi.hoisted(() => ({ config: { chatbotEmbedUrl: 'https://chat.example/embed' as string | undefined } }));
vi.mock('../../host-api', () => ({ hostApi: host }));
const { ChatbotWidget } = await import('./chatbot-widget');

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
