/** How a lander's page is arranged; each is a few shared sections (`./sections`) in another order. */
export const landerLayouts = ['spotlight', 'quick-start', 'story', 'openers', 'app'] as const;
export type LanderLayout = (typeof landerLayouts)[number];

/** The in-repo illustrations (`src/art`): drawn shapes, never photos of people. */
export const artNames = [
  'hearts',
  'phone',
  'chat',
  'coffee',
  'spark',
  'city',
  'map',
  'stars',
  'wine',
  'frames',
] as const;
export type ArtName = (typeof artNames)[number];

export const themes = ['rose', 'night', 'sunset', 'ocean', 'forest', 'plum'] as const;
export type Theme = (typeof themes)[number];

/** A short heading and a sentence: a benefit, a quick-start step or a step of the story. */
export type Point = readonly [title: string, text: string];

/**
 * One of marketing's landing pages. Copy is non-explicit (Online Safety Act Part 5) and makes no
 * promise the product does not keep.
 */
export interface Lander {
  slug: string;
  /** The canonical path first, then any short aliases used in campaigns. */
  paths: string[];
  /** SPEC route name, where one exists (`lander32`, `milf`); it names the canonical path. */
  name?: string;
  /** Page title, shown as `title - product`. */
  title: string;
  /** The meta description search results and link previews show. */
  description: string;
  headline: string;
  intro: string;
  callToAction: string;
  layout: LanderLayout;
  art: ArtName;
  theme: Theme;
  points: readonly [Point, Point, Point];
  /** Example opening lines for the `openers` layout, written by our team and shown as such. */
  openers?: readonly string[];
}
