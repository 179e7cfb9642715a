// One spelling of a path (issue 31 item 17). Elysia's router answers `/api/statements/` as it
// answers `/api/statements` (strictPath off); everything else that reads the path — the body
// limits of the parse hook, the session gate's public paths, the quick paths, the permission
// table — reads it through here, so a trailing slash never changes the answer.

/** The path without its one trailing slash ("/" stays "/"), as the router matches it. */
export function canonicalPath(path: string): string {
  return path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
}

/** The request's path (no query), canonical. */
export function requestPath(request: Request): string {
  return canonicalPath(new URL(request.url).pathname);
}
