import { afterEach, describe, expect, it, vi } from 'vitest';
import { announce, listen } from './session-channel';

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

/** A listener as another tab of the app would have it. */
function otherTab() {
  const heard = vi.fn();
  stops.push(listen(heard));
  return heard;
}

describe('session channel', () => {
  it('tells every other listener that the person signed out', async () => {
    const [first, second] = [otherTab(), otherTab()];
    announce({ type: 'signed-out' });
    await vi.waitFor(() => expect(first).toHaveBeenCalledWith({ type: 'signed-out' }));
    await vi.waitFor(() => expect(second).toHaveBeenCalledWith({ type: 'signed-out' }));
  });

  it('ignores what is not one of its messages, and stops when told', async () => {
    const heard = otherTab();
    const stopped = vi.fn();
    listen(stopped)();
    const stranger = new BroadcastChannel('ddm.session');
    stranger.postMessage({ type: 'tokens', refreshToken: 'r1' });
    stranger.postMessage('signed-out');
    stranger.postMessage(null);
    stranger.postMessage({ type: 'signed-out' });
    stranger.close();
    await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(1));
    expect(heard).toHaveBeenCalledWith({ type: 'signed-out' });
    expect(stopped).not.toHaveBeenCalled();
  });
});
