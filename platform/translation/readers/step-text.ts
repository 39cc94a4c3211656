// STEP (ISO 10303-21) string decoding, beside the STEP parser that meets escaped texts.

/** Short escaped texts already decoded: a file repeats the same few hundred names thousands of times. */
const decoded = new Map<string, string>();
const DECODED_LIMIT = 4096;

/** IFC strings escape non-ASCII as \X2\hhhh\X0\ (UTF-16) and \X\hh (Latin-1); people should see the letters. */
export function decodeIfcText(text: string): string {
  if (!text.includes('\\')) return text;
  if (text.length > 256) return unescapeIfcText(text);
  let letters = decoded.get(text);
  if (letters === undefined) {
    if (decoded.size >= DECODED_LIMIT) decoded.clear();
    decoded.set(text, (letters = unescapeIfcText(text)));
  }
  return letters;
}

function unescapeIfcText(text: string): string {
  return text
    .replace(/\\X2\\((?:[0-9A-F]{4})+)\\X0\\/gi, (_, hex: string) =>
      String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((code) => parseInt(code, 16))),
    )
    .replace(/\\X\\([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
