const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

const STYLE = `
:root { color-scheme: light dark; --accent: #2563eb; --on-accent: #fff; --bg: #f5f5f5; --card: #fff; --text: #171717; --muted: #525252; --border: #d4d4d4; --danger: #b91c1c; }
@media (prefers-color-scheme: dark) { :root { --bg: #0a0a0a; --card: #171717; --text: #f5f5f5; --muted: #a3a3a3; --border: #404040; --danger: #f87171; --accent: #60a5fa; --on-accent: #0a0a0a; } }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: var(--bg); color: var(--text);
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { width: min(420px, calc(100vw - 32px)); background: var(--card); border: 1px solid var(--border); border-radius: 12px; padding: 32px; }
h1 { font-size: 1.35rem; margin: 0 0 4px; }
p { margin: 0 0 16px; color: var(--muted); }
label { display: block; font-weight: 600; margin: 16px 0 6px; }
input { width: 100%; padding: 9px 11px; border: 1px solid var(--border); border-radius: 8px; font: inherit; background: transparent; color: inherit; }
input:focus-visible, button:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
button { font: inherit; font-weight: 600; padding: 9px 16px; border-radius: 8px; border: 1px solid var(--border); background: transparent; color: inherit; cursor: pointer; }
button.primary { background: var(--accent); border-color: var(--accent); color: var(--on-accent); }
.actions { display: flex; gap: 12px; justify-content: flex-end; margin-top: 24px; }
.error { color: var(--danger); border: 1px solid var(--danger); border-radius: 8px; padding: 10px 12px; margin: 16px 0 0; }
ul { padding-left: 20px; margin: 8px 0 0; } li { margin: 4px 0; }
.brand { font-size: .8rem; letter-spacing: .04em; text-transform: uppercase; color: var(--muted); margin-bottom: 16px; }
code { font-family: ui-monospace, monospace; font-size: .85em; }
a { color: var(--accent); }
.note { font-size: .85rem; margin-top: 16px; }
h2 { font-size: 1.05rem; margin: 0 0 4px; }
.apps { list-style: none; padding: 0; } .app { border-top: 1px solid var(--border); padding-top: 12px; margin-top: 12px; }
`;

export interface Page {
  html: string;
  nonce: string;
}

/** A self-contained page: no scripts, one inline style allowed by its nonce. */
export function renderPage(title: string, body: string): Page {
  const nonce = crypto.randomUUID().replaceAll('-', '');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Design Data Platform</title><style nonce="${nonce}">${STYLE}</style></head>
<body><main><div class="brand">Design Data Platform</div>${body}</main></body></html>`;
  return { html, nonce };
}
