import { Popover } from '../../components/ui/popover';
import { ChevronDownIcon, LogOutIcon } from '../../components/ui/icons';
import { formatDateTime, formatRelativeTime, useNow } from '../../lib/time';
import { useSessionExpiresAt, useSessionUser } from './session-store';
import { userLabel, type SessionUser } from './session-user';
import { useSignOut } from './use-sign-out';

/** Who is signed in, when the access token runs out, and the way out. */
export function UserMenu() {
  const user = useSessionUser();
  const expiresAt = useSessionExpiresAt();
  const signOut = useSignOut();
  const now = useNow();
  if (!user) return null;
  const label = userLabel(user);

  return (
    <Popover
      label={`Account menu, signed in as ${label}`}
      triggerClassName="flex h-8 items-center gap-2 rounded-md pr-1.5 pl-1 text-sm text-neutral-700 hover:bg-neutral-100 dark:text-neutral-200 dark:hover:bg-neutral-800"
      trigger={
        <>
          <Avatar user={user} />
          <span className="hidden max-w-40 truncate sm:inline">{label}</span>
          <ChevronDownIcon className="size-3.5 text-neutral-400" />
        </>
      }
    >
      {(close) => (
        <div className="text-sm">
          <div className="px-3 py-2.5">
            <p className="text-xs text-neutral-500 dark:text-neutral-400">Signed in as</p>
            <p className="truncate font-medium text-neutral-900 dark:text-neutral-100">{label}</p>
            {user.email && user.email !== label && (
              <p className="truncate text-xs text-neutral-500 dark:text-neutral-400">{user.email}</p>
            )}
            {expiresAt !== null && (
              <p
                className="mt-2 text-xs text-neutral-500 tabular-nums dark:text-neutral-400"
                title={formatDateTime(expiresAt)}
              >
                {expiresAt > now
                  ? `Access token expires ${formatRelativeTime(expiresAt, now)}`
                  : 'Access token expired; it renews on the next request'}
              </p>
            )}
          </div>
          <div className="my-1 border-t border-neutral-200 dark:border-neutral-800" />
          <button
            type="button"
            onClick={() => {
              close();
              signOut();
            }}
            className="flex w-full items-center gap-2 rounded-md px-3 py-1.5 text-left text-neutral-700 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-accent-500 dark:text-neutral-200 dark:hover:bg-neutral-800"
          >
            <LogOutIcon className="size-4 text-neutral-400" />
            Sign out
          </button>
        </div>
      )}
    </Popover>
  );
}

function Avatar({ user }: { user: SessionUser }) {
  const source = user.name ?? user.email ?? '?';
  const initials = source
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
  return (
    <span
      aria-hidden="true"
      className="flex size-6 items-center justify-center rounded-full bg-accent-100 text-[10px] font-semibold text-accent-800 dark:bg-accent-900 dark:text-accent-100"
    >
      {initials || '?'}
    </span>
  );
}
