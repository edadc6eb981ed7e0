/**
 * Development only: every hot unit's bundle carries this client, told its unit by its query
 * (`?unit=mfe-messaging`). The dev site announces each rebuild with the unit's new compilation
 * hash; the unit's own client passes it to rspack's HMR driver, which fetches the update from
 * the unit's publicPath and applies it, or reloads the page when no module accepts it.
 */
import { emitter } from '@rspack/core/hot/emitter.js';
import '@rspack/core/hot/dev-server.js';

interface UnitBuilt {
  unit: string;
  hash: string;
}

interface UnitFailed {
  unit: string;
  errors: string;
}

declare global {
  interface Window {
    __ukdDevEvents?: EventSource;
  }
}

const unit = new URLSearchParams(__resourceQuery).get('unit');

// Every unit on the page shares one stream: an open stream holds one of the six HTTP/1.1
// connections a browser allows per origin, and six units would leave none for the page.
window.__ukdDevEvents ??= new EventSource('/__dev/events');
window.__ukdDevEvents.addEventListener('built', (event) => {
  const built = JSON.parse(event.data) as UnitBuilt;
  if (built.unit === unit) emitter.emit('webpackHotUpdate', built.hash);
});
window.__ukdDevEvents.addEventListener('failed', (event) => {
  const failed = JSON.parse(event.data) as UnitFailed;
  if (failed.unit === unit)
    console.error(`[HMR] ${unit} failed to build; the page keeps the last build.\n${failed.errors}`);
});
