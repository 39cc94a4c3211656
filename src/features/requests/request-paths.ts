/** Where the request inspector lives, so the route and the navigation agree. */
export const REQUESTS_PATH = '/platform/requests';
