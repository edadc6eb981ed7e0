import '@ukd/ui/tokens.css';
import './shell.css';
import { boot } from './boot';

const root = document.getElementById('root');
if (root) void boot(root);
