export const USAGE = `Design Data Platform: a local implementation of the APS HTTP APIs.

Usage: design-data-platform <command> [flags]
   (in the repository: npm run --silent platform -- <command> [flags])

Commands:
  serve [--port 8080] [--host 127.0.0.1] [--data-dir .data] [--app-origin URL]...
        [--public-url URL] [--token-ttl SECONDS]
        [--rate-limits spec|off] [--rate-limit NAME=N|off]... [--rate-limit-window 60]
        [--translation-workers 2] [--job-timeout 600] [--job-memory 2048]
        [--automation-workers 2] [--automation-allow-host HOST]...
        [--webhook-retry-delays SECONDS,SECONDS,...]
        [--jobs in-process|queue] [--job-lease 30] [--log text|json] [--drain-timeout 30]
        [--direct-io auto|off | --s3-bucket NAME [--s3-endpoint URL] [--s3-region us-east-1]
         [--s3-path-style] [--s3-prefix PREFIX]]
        [--seed FILE] [--fault RULE]... [--admin-api auto|on|off]
        [--workers-start ahead|on-demand] [--db-buffers 128]
      Run the platform in the foreground until SIGINT or SIGTERM.
      --token-ttl      lifetime of access tokens (default 3600, as APS); a short one lets
                       tests watch a token expire.
      --rate-limits    spec (default): the published per-minute limits; off: no limits.
      --rate-limit     override one limit, in requests per minute per app (off or 0: none).
                       NAME and its spec value: authorize 100, token 500, revoke 100,
                       introspect 500, logout 500, data-management 100, oss 500,
                       design-automation 100, design-automation-status 150 (GET workitem),
                       webhooks 300 (reads, PATCH, DELETE), webhooks-create 50 (creates,
                       secret tokens); each webhooks endpoint counts apart.
                       Example: --rate-limit token=5 --rate-limit authorize=off
                       A request over a limit gets 429 with Retry-After and changes nothing.
      --rate-limit-window
                       seconds every limit counts in (default 60: per minute, as
                       published); tests shorten it to see a 429 end without waiting
                       a minute. The limits are then per that many seconds.
      --translation-workers
                       Model Derivative jobs run at once, one worker process each.
      --job-timeout    seconds a translation job may run before it ends as timeout.
      --job-memory     megabytes a translation worker may use before it is killed.
      --automation-workers
                       Design Automation workitems run at once; more wait, pending.
      --automation-allow-host
                       a host (or HOST:PORT; * for any) besides loopback and the platform
                       itself that workitems may download from, upload to and call back,
                       and that webhook callbacks may reach. Repeatable.
      --webhook-retry-delays
                       seconds between a failed webhook callback and the next try, e.g.
                       1,5,30 (none: one try). Default 60,300,900,3600,14400,43200,108000:
                       8 tries over 47.5 hours, as the cloud's "about 8 over 48 h".
      --jobs           in-process (default): this process runs translation jobs; queue:
                       it only records them for \`worker\` processes (needs DATABASE_URL).
      --job-lease      seconds a claimed job stays its runner's without a renewal.
      --log            text (default) or json: one JSON object a line, one per request
                       with its x-request-id.
      --drain-timeout  on SIGTERM, seconds to wait for requests under way.
      --direct-io      auto (default): blobs over 1 MiB are written around the page cache
                       where the file system takes it; off: every blob through the cache.
      --s3-bucket      keep object bytes in this S3-compatible bucket (also S3_BUCKET);
                       credentials from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY.
      --s3-endpoint    the store's URL (MinIO, Ceph RGW, R2); AWS S3 when absent.
      --s3-region      the bucket's region.  --s3-path-style  bucket in the path.
      --s3-prefix      a prefix for every key.
      --seed           a seed file (YAML or JSON; seed.schema.json) applied at start: users,
                       apps, hubs, projects, folders, files, buckets, translations. Applying
                       it again adds only what is missing; a bad seed stops the start.
      --fault          a fault rule in force from the start, repeatable, e.g.
                       --fault "oss PUT /oss/v2/buckets/*/objects/* status=503 times=2".
                       Words: [service] [METHOD] [/path/glob] [app=CLIENT_ID] and one or
                       more of status=4xx|5xx [retryAfter=S], latencyMs=MS, cutAfterBytes=N,
                       then times=N or share=0..1. Off unless given.
      --admin-api      the local admin API under /_platform (faults, requests, snapshots,
                       reset); auto (default): on when bound to loopback and not published
                       under another --public-url; it answers only this machine's sockets.
      --workers-start  ahead (default): translation workers start warm with the platform;
                       on-demand: at the first job (less memory at rest, a slower first job).
      --db-buffers     the embedded database's shared buffers in MB (default 128).
      GET /health says the process is alive; GET /ready whether it takes requests.

  worker --public-url URL [--data-dir .data/worker] [--translation-workers 2]
         [--job-timeout 600] [--job-memory 2048] [--automation-workers 2]
         [--automation-allow-host HOST]... [--job-lease 30] --s3-bucket NAME [--s3-* ...]
      Run translation jobs and Design Automation workitems for serve instances on
      the PostgreSQL server of DATABASE_URL (required) and the S3-compatible store,
      until SIGINT or SIGTERM, which hands the running work back. --public-url is
      the instances' address (their load balancer): workitems reach the platform there.

  gateway --client-id ID [--upstream https://developer.api.autodesk.com]
          [--port 8090] [--host 127.0.0.1] [--app-origin URL]... [--public-url URL]
      Run a gateway that lets the app reach Autodesk Platform Services, in the
      foreground until SIGINT or SIGTERM. The client secret of the APS app is read
      from the APS_CLIENT_SECRET environment variable, never from the command line.
      --client-id      the client ID of your APS "Traditional Web App" (required).
      --upstream       where requests go; tests point it at a second local platform.
      --app-origin     a browser origin allowed to call the gateway (CORS); repeatable.
      --public-url     the gateway's URL as browsers reach it: it names the signed URLs
                       handed out and is the only Host answered. Required with
                       --host 0.0.0.0 or ::, and behind a reverse proxy.

  admin app create --name NAME --type spa|web|server [--callback URL]... [--scopes "a b c"]
  admin user create --email EMAIL --name NAME --password PASSWORD
  admin hub create --name NAME [--member EMAIL]... [--app CLIENT_ID]...
  admin project create --hub HUB_ID --name NAME
  admin demo [--app-origin URL]... [--direct-io auto|off | --s3-bucket NAME [--s3-* ...]]
  admin seed FILE [--direct-io auto|off | --s3-bucket NAME [--s3-* ...]]
  admin export --out FILE [--direct-io auto|off | --s3-bucket NAME [--s3-* ...]]
  admin import FILE [--direct-io auto|off | --s3-bucket NAME [--s3-* ...]]
      export: the whole state, metadata and bytes, as one tar archive; import: an
      archive's state in place of this one's, all or nothing. While serve runs, use
      GET and PUT /_platform/snapshot instead (or DATABASE_URL).
      Each admin command prints JSON and takes --data-dir.

The metadata database is embedded in the data directory unless DATABASE_URL names a PostgreSQL server.
`;
