import '@ukd/ui/tokens.css';
import './shell.css';
import { boot } from './boot';
import { takeOverPrerendered } from './prerender/take-over';

const root = document.getElementById('root');
// A page the server prerendered stays until the shell has drawn it again in a root of its own.
if (root) {
  const prerendered = root.hasAttribute('data-prerendered');
  void boot(prerendered ? takeOverPrerendered(root) : root);
}
