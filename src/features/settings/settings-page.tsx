import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ServerIcon } from '../../components/ui/icons';
import { useRuntimeConfig } from '../../lib/runtime-config-context';
import {
  clearConfigOverride,
  readStoredOverride,
  saveConfigOverride,
  type ConfigOverride,
} from '../../lib/runtime-config';
import { GATEWAY_PLATFORM_NAME, PlatformKindPicker, type PlatformKind } from './platform-kind';
import { SettingsField } from './settings-field';

interface SettingsPageProps {
  /** The platform changed: the app ends the session (its tokens belong to the old one) and restarts. */
  onPlatformChanged: () => void;
}

/** `/settings`: which platform the app talks to, saved in this browser. */
export function SettingsPage({ onPlatformChanged }: SettingsPageProps) {
  const config = useRuntimeConfig();
  const [customised] = useState(() => readStoredOverride() !== null);
  const [problem, setProblem] = useState<string | null>(null);
  const [kind, setKind] = useState<PlatformKind>(
    config.platformName === GATEWAY_PLATFORM_NAME ? 'aps-gateway' : 'platform',
  );
  const gateway = kind === 'aps-gateway';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: keyof ConfigOverride) => {
      const raw = form.get(name);
      return typeof raw === 'string' ? raw.trim() : '';
    };
    const platformUrl = value('platformUrl');
    if (!/^https?:\/\/[^/]+/.test(platformUrl)) {
      setProblem(
        gateway
          ? 'The gateway URL must start with http:// or https://, as in http://127.0.0.1:8090.'
          : 'The base URL must start with http:// or https://, as in http://127.0.0.1:8080.',
      );
      return;
    }
    if (gateway && !value('clientId')) {
      setProblem('The client ID is required: the gateway signs in for that APS app only.');
      return;
    }
    if (!value('callbackPath').startsWith('/')) {
      setProblem('The callback path must start with /, as in /auth/callback.');
      return;
    }
    saveConfigOverride({
      platformUrl,
      // Through a gateway the app speaks the same paths; only the base URL and the name differ.
      platformName: gateway ? GATEWAY_PLATFORM_NAME : value('platformName') || platformUrl,
      clientId: value('clientId'),
      callbackPath: value('callbackPath'),
      scopes: value('scopes'),
    });
    onPlatformChanged();
  };

  return (
    <section aria-labelledby="settings-heading" className="mx-auto w-full max-w-xl space-y-6 px-4 py-10">
      <div className="space-y-1">
        <h1 id="settings-heading" className="text-lg font-semibold">
          Settings
        </h1>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          Point the app at another platform, such as your own APS app. The choice is saved in this browser only.
        </p>
      </div>
      <section
        aria-labelledby="current-platform"
        className="flex items-center gap-3 rounded-lg border border-neutral-200 p-3 dark:border-neutral-800"
      >
        <ServerIcon className="size-4 text-neutral-400" />
        <div className="min-w-0 text-sm">
          <h2 id="current-platform" className="font-medium">
            In use: {config.platformName}
          </h2>
          <p className="truncate font-mono text-xs text-neutral-500 dark:text-neutral-400">{config.platformUrl}</p>
        </div>
        <span className="ml-auto shrink-0 rounded bg-neutral-100 px-1.5 py-0.5 text-xs text-neutral-600 dark:bg-neutral-800 dark:text-neutral-300">
          {customised ? 'Saved in this browser' : 'Default'}
        </span>
      </section>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <PlatformKindPicker
          value={kind}
          onChange={(next) => {
            setKind(next);
            setProblem(null);
          }}
        />
        {gateway ? (
          <div key="aps-gateway" className="space-y-4">
            <SettingsField
              name="platformUrl"
              label="Gateway URL"
              defaultValue={
                config.platformName === GATEWAY_PLATFORM_NAME ? config.platformUrl : 'http://127.0.0.1:8090'
              }
              required
              mono
              hint="What the gateway printed when it started: gateway listening on …"
            />
            <SettingsField
              name="clientId"
              label="Client ID"
              defaultValue={config.platformName === GATEWAY_PLATFORM_NAME ? config.clientId : ''}
              required
              mono
              hint="The client ID of your APS Traditional Web App, the one the gateway was started with. Its secret stays with the gateway."
            />
          </div>
        ) : (
          <div key="platform" className="space-y-4">
            <SettingsField
              name="platformName"
              label="Name"
              defaultValue={config.platformName}
              hint="Shown in the top bar."
            />
            <SettingsField
              name="platformUrl"
              label="Base URL"
              defaultValue={config.platformUrl}
              required
              mono
              hint="For Autodesk: https://developer.api.autodesk.com"
            />
            <SettingsField
              name="clientId"
              label="Client ID"
              defaultValue={config.clientId}
              required
              mono
              hint="A single-page (PKCE) app registered on that platform."
            />
          </div>
        )}
        <SettingsField
          name="callbackPath"
          label="Callback path"
          defaultValue={config.callbackPath}
          required
          mono
          hint={`Register ${window.location.origin}${config.callbackPath} as the app's callback URL.`}
        />
        <SettingsField
          name="scopes"
          label="Scopes"
          defaultValue={config.scopes}
          mono
          hint="Space-separated, asked for at sign-in."
        />
        {problem && (
          <Alert tone="danger" title="Not saved">
            {problem}
          </Alert>
        )}
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" variant="primary">
            Save and sign in again
          </Button>
          {customised && (
            <Button
              variant="ghost"
              onClick={() => {
                clearConfigOverride();
                onPlatformChanged();
              }}
            >
              Use the default platform
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}
