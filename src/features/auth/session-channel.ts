/**
 * What the tabs of this app tell each other about the session. It carries events only, never a
 * token: every tab holds its own tokens (a refresh-token family of its own, from its own sign-in),
 * so nothing secret crosses tabs and no two tabs ever refresh with the same refresh token.
 */
export type SessionMessage = { type: 'signed-out' };

const CHANNEL_NAME = 'ddm.session';

function isSessionMessage(data: unknown): data is SessionMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'signed-out';
}

/** Tells the app's other tabs (not this one) what happened. Browsers without BroadcastChannel have one tab's worth of session anyway. */
export function announce(message: SessionMessage): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL_NAME);
  // The message is queued for every other tab as it is posted, so closing at once loses nothing.
  channel.postMessage(message);
  channel.close();
}

/** Calls `listener` with what the app's other tabs announce; returns the way to stop. */
export function listen(listener: (message: SessionMessage) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent<unknown>) => {
    if (isSessionMessage(event.data)) listener(event.data);
  };
  return () => channel.close();
}
