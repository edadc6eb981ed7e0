import '@ukd/ui/tokens.css';
import './shell.css';
import { boot } from './boot';

const root = document.getElementById('root');
if (root) void boot(root);
if (process.env.UKD_LIVE_RELOAD === '1') void import('./dev/live-reload').then((m) => m.listenForRebuilds());
