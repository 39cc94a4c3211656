import { startStack } from './stack';

/**
 * One real stack for the suite: the built app (`dist/`) and a platform on a fresh data directory,
 * both on free loopback ports, seeded with the demo account. Stopped when the suite ends.
 * Every spec signs in as the same demo app, so the suite as a whole would spend Data Management's
 * 100-a-minute budget within seconds; the shared stack allows more, and the app's own handling of
 * 429 is tested where it lives (src/api/http.test.ts) and, as a person meets it, on a stack of its
 * own with a lowered limit (browse-limits.spec.ts).
 */
export default async function globalSetup() {
  const stack = await startStack(['--rate-limit', 'data-management=2000']);
  process.env['E2E_APP_URL'] = stack.appUrl;
  process.env['E2E_PLATFORM_URL'] = stack.platformUrl;
  process.env['E2E_DEMO_EMAIL'] = stack.email;
  process.env['E2E_DEMO_PASSWORD'] = stack.password;
  return () => stack.stop();
}
