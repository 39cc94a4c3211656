/** Data Management answers in JSON:API's own media type. */
export function jsonApiResponse(document: object, status = 200): Response {
  return new Response(JSON.stringify(document), {
    status,
    headers: { 'Content-Type': 'application/vnd.api+json; charset=utf-8' },
  });
}
