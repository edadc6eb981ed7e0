import '@ukd/ui/tokens.css';
import './shell.css';
import { boot } from './boot';
import { takeOverPrerendered } from './prerender/take-over';

const root = document.getElementById('root');
if (root) {
  takeOverPrerendered(root);
  void boot(root);
}
