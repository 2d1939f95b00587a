/**
 * assignLocation leaves the single-page app for url with a full document navigation, so the
 * server renders (and may stream) the page itself. It is a module of its own so that tests
 * can watch it: jsdom cannot navigate.
 */
export function assignLocation(url: string): void {
  window.location.assign(url);
}
