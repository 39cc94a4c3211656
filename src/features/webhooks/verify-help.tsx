const PRE = 'overflow-auto rounded-md bg-neutral-50 p-2 font-mono text-xs whitespace-pre dark:bg-neutral-900';

/** A receiver's check, in Node: the raw bytes as received, never a re-serialised object. */
const NODE_EXAMPLE = `import { createHmac, timingSafeEqual } from 'node:crypto';

// body: the request body as the exact bytes received (a Buffer), before any JSON.parse.
function isFromAps(body, signatureHeader, secret) {
  const expected = 'sha1hash=' + createHmac('sha1', secret).update(body).digest('hex');
  const given = Buffer.from(signatureHeader ?? '');
  return given.length === expected.length && timingSafeEqual(given, Buffer.from(expected));
}

// isFromAps(rawBody, req.headers['x-adsk-signature'], process.env.APS_WEBHOOK_SECRET)`;

/** How a receiver checks that a callback came from the service and was not changed on the way. */
export function VerifyHelp() {
  return (
    <details className="mt-3 text-xs">
      <summary className="cursor-pointer font-medium text-neutral-700 dark:text-neutral-200">
        How a receiver verifies the signature
      </summary>
      <div className="mt-2 space-y-2 text-neutral-700 dark:text-neutral-300">
        <p>
          When a secret applies (the hook’s own, else yours for the region), each callback carries{' '}
          <code className="font-mono">x-adsk-signature: sha1hash=&lt;hex&gt;</code>: the HMAC-SHA1 of the exact body
          bytes, keyed with the secret, in lowercase hex. Compute it over the bytes as they arrived and compare. Parsing
          and re-serialising the JSON, or a proxy that changes line endings, breaks the match.
        </p>
        <pre className={PRE} tabIndex={0} aria-label="Verifying a callback in Node">
          {NODE_EXAMPLE}
        </pre>
      </div>
    </details>
  );
}
