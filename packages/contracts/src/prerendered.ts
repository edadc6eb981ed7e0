import type { LayoutName } from './routes';

/**
 * One public page rendered to HTML when its owner deployed (`prerendered.json` beside the unit's
 * `mf-manifest.json`, or the shell's `index.html`). The site server puts it inside the shell's
 * page, so the headline and copy paint before any script runs.
 */
export interface PrerenderedPage {
  /** The address it answers, exactly (no pattern): `/lander32`, `/blog/first-messages`. */
  path: string;
  /** The page's own title, without the site's name. */
  title: string;
  description?: string;
  /** The path search engines should index instead (an alias names its lander's main path). */
  canonical?: string;
  /** The shell layout the page sits in, whose chrome frames it. */
  layout: LayoutName;
  /** The page's markup, as its remote renders it inside the layout's `<main>`. */
  html: string;
  /** The page's own chrome (the shell's pages); otherwise the shell's frame for `layout`. */
  frame?: PrerenderedFrame;
}

/**
 * The chrome of a shell layout as a visitor sees it, split where the page goes: the site server
 * joins `before + page.html + after` (the shell's `prerendered.json`).
 */
export interface PrerenderedFrame {
  before: string;
  after: string;
}

/** What a unit's prerender step writes as `prerendered.json`. */
export interface PrerenderedUnit {
  /** Stylesheets the markup needs, relative to the unit's folder (`css/prerender.1a2b.css`). */
  styles: string[];
  pages: PrerenderedPage[];
  /** Only the shell's: each layout's chrome around a page. */
  frames?: Partial<Record<LayoutName, PrerenderedFrame>>;
  /**
   * Only the shell's: the cookie banner a first visitor sees, put into a prerendered page unless
   * the request carries `cookie` (`name=value`: the visitor has chosen).
   */
  consentBanner?: { cookie: string; html: string };
}

/** The file a unit's prerender step writes into its build folder. */
export const prerenderedFileName = 'prerendered.json';

/**
 * On the shell's entry `<script>`: the address of the starter that loads the entry once the page
 * has painted. The shell's build writes it; the site server uses it on prerendered pages.
 */
export const AFTER_PAINT_ATTRIBUTE = 'data-after-paint';
