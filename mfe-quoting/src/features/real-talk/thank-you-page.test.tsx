import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithHost } from '../../test-utils';
import { ThankYouPage } from './thank-you-page';

describe('Real Talk thank-you page', () => {
  const answer = (url: string | null) =>
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify({ url })));

  it('plays the uploaded audio and reports play, pause and end', async () => {
    answer('/real-talk-audio/abc.mp3');
    const { host } = renderWithHost(<ThankYouPage />);
    const audio = await screen.findByLabelText('Real Talk audio, 12 minutes');
    expect(audio).toHaveAttribute('src', '/real-talk-audio/abc.mp3');
    fireEvent.play(audio);
    fireEvent.pause(audio);
    fireEvent.ended(audio);
    expect(host.track.mock.calls.map(([e]) => e.name)).toEqual(['audio_play', 'audio_pause', 'audio_end']);
  });

  it('says the audio is on its way by e-mail while there is none, instead of a 0:00 player', async () => {
    answer(null);
    renderWithHost(<ThankYouPage />);
    expect(await screen.findByText(/^The audio is on its way to your inbox/)).toHaveAttribute('role', 'status');
    expect(screen.queryByLabelText('Real Talk audio, 12 minutes')).toBeNull();
  });

  it('explains a failed load and offers the support address', async () => {
    answer('/real-talk-audio/abc.mp3');
    renderWithHost(<ThankYouPage />);
    fireEvent.error(await screen.findByLabelText('Real Talk audio, 12 minutes'));
    expect(screen.getByRole('alert')).toHaveTextContent('The audio will not load right now');
  });

  it("opens the booking calendar in a new tab from 'Book My Call'", () => {
    const { host } = renderWithHost(<ThankYouPage />);
    const book = screen.getByRole('link', { name: 'Book My Call' });
    expect(book).toHaveAttribute('target', '_blank');
    expect(book.getAttribute('rel')).toContain('noopener');
    fireEvent.click(book);
    expect(host.track).toHaveBeenCalledWith(expect.objectContaining({ name: 'call_booking_click' }));
    // A consultation call to action: a lead naming the button and the page.
    expect(host.track).toHaveBeenCalledWith({
      name: 'lead',
      params: { cta_type: 'consultation', button: 'Book My Call', page: '/' },
    });
    expect(host.track).toHaveBeenCalledTimes(2);
  });

  it('offers the 30-minute call the spec promises', () => {
    renderWithHost(<ThankYouPage />);
    expect(screen.getByText(/A free 30-minute call/)).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/20-minute/);
  });
});
