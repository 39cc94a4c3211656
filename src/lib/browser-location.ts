/** Leaves the app for another page (the platform's sign-in). Its own module so tests can replace it. */
export function leaveTo(url: string): void {
  window.location.assign(url);
}
