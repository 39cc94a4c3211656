/** What stands where a secret was. URL-safe, so a redacted URL stays one. */
export const REDACTED = 'REDACTED';

/** One part of a recorded request, as it is redacted. */
export type Redactable =
  | { kind: 'header'; name: string; value: string }
  | { kind: 'url'; url: string }
  | { kind: 'body'; contentType: string | null; text: string };

// Compared without case, `_` or `-`: `client_secret`, `clientSecret` and `Client-Secret` are one name.
const SECRET_NAMES = new Set([
  'authorization',
  'proxyauthorization',
  'cookie',
  'setcookie',
  'clientsecret',
  'password',
  'code',
  'codeverifier',
  'refreshtoken',
  'accesstoken',
  'idtoken',
  'token',
  'signature',
  'xamzsignature',
  'xamzcredential',
  'xamzsecuritytoken',
  'clientassertion',
  'assertion',
  'subjecttoken',
  'apikey',
  'xapikey',
  'csrf',
]);
const SECRET_ENDINGS = ['secret', 'password', 'token', 'signature'];

const normalized = (name: string) => name.toLowerCase().replace(/[-_]/g, '');

export function isSecretName(name: string): boolean {
  const key = normalized(name);
  return SECRET_NAMES.has(key) || SECRET_ENDINGS.some((ending) => key.endsWith(ending));
}

// In JSON, `code` is mostly a service's error code (`AUTH-006`, `BAD_INPUT`), which a developer needs to
// see; an OAuth code is 43 random characters. A short code is kept, a long one taken for a secret.
const isErrorCode = (name: string, value: unknown) =>
  normalized(name) === 'code' && (typeof value === 'number' || (typeof value === 'string' && value.length <= 32));

/** A query or form pair after its separator (a fragment too, for implicit-flow redirects). */
const SECRET_PAIR = /(^|[?&;#])([^=&;?#\s"'<>]+)=([^&;#\s"'<>]*)/g;
/** JSON pairs, also in a body cut short where a string never closes. */
const JSON_SECRET_PAIR = /("([^"\\]{1,64})"\s*:\s*)"(?:[^"\\]|\\.)*(?:"|$)/g;
/** A form field in an HTML page: `name="csrf" value="…"`, as the sign-in and consent pages carry it. */
const HTML_FIELD = /(\bname="([^"]{1,64})"\s+value=")[^"]*/g;
/** A JWT, or the start of one cut short: base64url JSON begins `eyJ`. */
const JWT = /\beyJ[A-Za-z0-9_-]{8,}(?:\.[A-Za-z0-9_-]*){0,2}/g;
const CREDENTIAL_SCHEME = /\b(Bearer|Basic)\s+[A-Za-z0-9\-._~+/]+=*/gi;
/** A signed resource's hash is `{id}.{expires}.{signature}`: the signature alone is the secret. */
const SIGNED_RESOURCE = /(signedresources\/[0-9a-z]{24}\.\d{1,12}\.)[A-Za-z0-9_-]{1,43}/g;

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/** Secrets found by their shape, wherever they are: in any text, URL, header or JSON string. */
function redactText(text: string): string {
  return text
    .replace(SECRET_PAIR, (pair, start: string, name: string) =>
      isSecretName(decodedName(name)) ? `${start}${name}=${REDACTED}` : pair,
    )
    .replace(JSON_SECRET_PAIR, (pair, head: string, name: string) =>
      isSecretName(name) && !isErrorCode(name, pair.slice(head.length + 1, -1)) ? `${head}"${REDACTED}"` : pair,
    )
    .replace(HTML_FIELD, (field, head: string, name: string) => (isSecretName(name) ? `${head}${REDACTED}` : field))
    .replace(CREDENTIAL_SCHEME, (_, scheme: string) => `${scheme} ${REDACTED}`)
    .replace(SIGNED_RESOURCE, `$1${REDACTED}`)
    .replace(JWT, REDACTED);
}

function redactJson(value: unknown): unknown {
  if (typeof value === 'string') return redactText(value);
  if (Array.isArray(value)) return value.map(redactJson);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, inner]) => [
      name,
      isSecretName(name) && !isErrorCode(name, inner) && inner !== null ? REDACTED : redactJson(inner),
    ]),
  );
}

const isJson = (contentType: string | null) => /^application\/(?:[\w.-]+\+)?json\b/i.test(contentType ?? '');

function redactBody(contentType: string | null, text: string): string {
  if (isJson(contentType)) {
    try {
      return JSON.stringify(redactJson(JSON.parse(text)), null, 2);
    } catch {
      // Cut short at the capture limit, or not JSON after all: the shapes are still found.
    }
  }
  // Form bodies are query strings, which the text rules cover whole.
  return redactText(text);
}

/**
 * Every secret out of one part of a request before it is kept: credentials in headers, secret
 * names in queries, forms and JSON (nested), signed-URL signatures, and JWTs wherever they appear.
 */
export function redact(part: Redactable): string {
  switch (part.kind) {
    case 'header':
      if (!isSecretName(part.name)) return redactText(part.value);
      // The scheme says how the client authenticated, which is worth seeing; the credential is not.
      return /^(Bearer|Basic)\s/i.test(part.value) ? `${part.value.split(/\s/)[0]} ${REDACTED}` : REDACTED;
    case 'url':
      return redactText(part.url);
    case 'body':
      return redactBody(part.contentType, part.text);
  }
}
