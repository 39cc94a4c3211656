/**
 * The bytes of a `data:` URL (RFC 2397), base64 or percent-encoded. Design Automation stores the
 * payload as sent without validating it (clients send `data:application/json, {'a':1}`), so a
 * payload that is not valid percent-encoding is kept as its raw text.
 */
export function decodeDataUrl(url: string): Uint8Array | undefined {
  const comma = url.indexOf(',');
  if (!/^data:/i.test(url) || comma < 0) return undefined;
  const meta = url.slice(5, comma);
  const payload = url.slice(comma + 1);
  if (/;base64$/i.test(meta)) {
    const clean = payload.replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(clean)) return undefined;
    return new Uint8Array(Buffer.from(clean, 'base64'));
  }
  try {
    return new TextEncoder().encode(decodeURIComponent(payload));
  } catch {
    return new TextEncoder().encode(payload);
  }
}
