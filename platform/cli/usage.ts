export const USAGE = `Design Data Platform: a local implementation of the APS HTTP APIs.

Usage: npm run --silent platform -- <command> [flags]

Commands:
  serve [--port 8080] [--host 127.0.0.1] [--data-dir .data] [--app-origin URL]...
        [--public-url URL] [--token-ttl SECONDS]
      Run the platform in the foreground until SIGINT or SIGTERM.

  admin app create --name NAME --type spa|web|server [--callback URL]... [--scopes "a b c"]
  admin user create --email EMAIL --name NAME --password PASSWORD
  admin hub create --name NAME [--member EMAIL]... [--app CLIENT_ID]...
  admin project create --hub HUB_ID --name NAME
  admin demo [--app-origin URL]...
      Each admin command prints JSON and takes --data-dir.

The metadata database is embedded in the data directory unless DATABASE_URL names a PostgreSQL server.
`;
