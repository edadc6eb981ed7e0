/** Development only: reload the page when `npm run dev` rebuilds any unit. */
export function listenForRebuilds() {
  const events = new EventSource('/__dev/reload');
  events.onmessage = () => window.location.reload();
}
