import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportRateLimitWait } from '../../api/rate-limit-status';
import { RateLimitBanner } from './rate-limit-banner';

describe('RateLimitBanner', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts down to when refused requests resume, announces it once, and goes when they do', () => {
    render(<RateLimitBanner />);
    const region = screen.getByRole('status');
    expect(region).toBeEmptyDOMElement();

    let ended = () => {};
    act(
      () =>
        void (ended = reportRateLimitWait({ service: 'Data Management', until: Date.now() + 42_000, refused: true })),
    );
    expect(region).toHaveTextContent(
      "Data Management's rate limit is reached: requests resume in 42 seconds. What is on screen stays, and loading continues by itself.",
    );
    expect(region).toHaveTextContent('resume in 42 s.');

    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(region).toHaveTextContent('resume in 32 s.');
    // What a screen reader heard does not change every second.
    expect(region.querySelector('.sr-only')).toHaveTextContent('resume in 42 seconds');

    act(ended);
    expect(region).toBeEmptyDOMElement();
  });

  it('says when the app holds back to stay within its allowance', () => {
    render(<RateLimitBanner />);
    let ended = () => {};
    act(
      () =>
        void (ended = reportRateLimitWait({ service: 'Data Management', until: Date.now() + 5_000, refused: false })),
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      "Keeping within Data Management's rate limit: requests resume in 5 s.",
    );
    act(ended);
  });
});
