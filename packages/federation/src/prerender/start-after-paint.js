// Runs in the browser as it is (no bundler): the first script of a prerendered page. It starts
// the shell's entry only once the page has painted, so the HTML and its stylesheets have the
// connection to themselves and the shell's work never delays the first paint. The site server
// puts it in place of the entry's own <script> (page-document.ts); the entry's address is in
// data-main, and data-preload lists what the page's remote needs first (`as:href`, by spaces),
// fetched beside the entry rather than found one file after another once it has run.
(() => {
  const script = document.currentScript;
  const main = script?.getAttribute('data-main');
  if (!main) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const items = (script.getAttribute('data-preload') ?? '').split(' ').filter(Boolean);
    const preload = (item) => {
      const split = item.indexOf(':');
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = item.slice(0, split);
      link.href = item.slice(split + 1);
      // The federation runtime fetches the manifest in CORS mode.
      if (link.as === 'fetch') link.crossOrigin = 'anonymous';
      document.head.append(link);
      return link;
    };
    // The remote's code only once its manifest has come: a preload that fails answers the next
    // request for its address with that failure, so code preloaded while the remote is down would
    // fail the loader's first try once it is back (and that try may be the member's "Retry").
    const manifests = items.filter((item) => item.startsWith('fetch:'));
    const code = items.filter((item) => !item.startsWith('fetch:'));
    if (manifests.length === 0) code.forEach(preload);
    else manifests.map(preload)[0].addEventListener('load', () => code.forEach(preload), { once: true });
    const entry = document.createElement('script');
    entry.src = main;
    document.head.append(entry);
  };
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  // A background tab paints nothing until shown, and an old browser reports no paint: start now.
  if (
    document.visibilityState === 'hidden' ||
    painted() ||
    !PerformanceObserver.supportedEntryTypes?.includes('paint')
  ) {
    start();
    return;
  }
  new PerformanceObserver((_list, observer) => {
    if (!painted()) return;
    observer.disconnect();
    // The paint entry arrives in the frame's task; the entry is fetched after it.
    setTimeout(start, 0);
  }).observe({ type: 'paint', buffered: true });
  // However the paint goes, the page is never left without its script for long.
  setTimeout(start, 3000);
})();
