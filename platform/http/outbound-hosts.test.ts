import { describe, expect, it } from 'vitest';
import { callbackHostAllowed, callbackHostMessage, hostAllowed, isLoopbackHost } from './outbound-hosts';

describe('the hosts outbound requests may reach', () => {
  it('always allows loopback', () => {
    for (const host of ['localhost', '127.0.0.1', '127.1.2.3', '[::1]']) expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['10.0.0.1', 'localhost.example.com', '128.0.0.1']) expect(isLoopbackHost(host)).toBe(false);
  });

  it('allows a listed host, a listed host:port only on that port, and anything with *', () => {
    const url = (text: string) => new URL(text);
    expect(hostAllowed(url('https://hooks.example.com/cb'), ['hooks.example.com'])).toBe(true);
    expect(hostAllowed(url('https://HOOKS.example.com/cb'), ['hooks.example.com'])).toBe(true);
    expect(hostAllowed(url('http://hooks.example.com:8080/cb'), ['hooks.example.com:8080'])).toBe(true);
    expect(hostAllowed(url('http://hooks.example.com:9090/cb'), ['hooks.example.com:8080'])).toBe(false);
    expect(hostAllowed(url('http://other.example.com/cb'), ['hooks.example.com'])).toBe(false);
    expect(hostAllowed(url('http://other.example.com/cb'), ['*'])).toBe(true);
  });

  it('takes webhook callbacks over http and https only, and says which flag allows a refused host', () => {
    expect(callbackHostAllowed('http://127.0.0.1:4000/aps/callback', [])).toBe(true);
    expect(callbackHostAllowed('https://hooks.example.com/cb', [])).toBe(false);
    expect(callbackHostAllowed('ftp://127.0.0.1/cb', ['*'])).toBe(false);
    expect(callbackHostAllowed('not a url', ['*'])).toBe(false);
    expect(callbackHostMessage('https://hooks.example.com:8443/cb')).toBe(
      'The host hooks.example.com:8443 is not one a webhook callback may reach on this platform (serve --automation-allow-host hooks.example.com allows it).',
    );
    expect(callbackHostMessage('ftp://127.0.0.1/cb')).toMatch(/http or https/);
  });
});
