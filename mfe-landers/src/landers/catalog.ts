/**
 * Marketing's landing pages. Adding one is adding an entry here and deploying mfe-landers:
 * the site manifest picks up its paths, no other team deploys anything.
 */
export interface Lander {
  slug: string;
  /** The canonical path first, then any short aliases used in campaigns. */
  paths: string[];
  /** Page title, shown as `title - product`. */
  title: string;
  /** SPEC route name, where one exists (e.g. `lander32`). */
  name?: string;
  headline: string;
  intro: string;
  benefits: string[];
  callToAction: string;
  theme: 'rose' | 'night' | 'sunset';
}

export const landers: Lander[] = [
  {
    slug: 'casual-dating',
    paths: ['/landers/casual-dating'],
    title: 'Casual dating in the UK',
    headline: 'Casual dating, on your terms',
    intro:
      'No pressure and no long forms. Create a free profile in a minute, say hello to people nearby and keep things as light as you like.',
    benefits: [
      'Free to join, with a profile ready in about a minute',
      'Browse members across the UK by town, age and who is online now',
      'Private chat with photos and winks when you want to break the ice',
      'Block and report in one tap; real people check every report',
    ],
    callToAction: 'Start chatting free',
    theme: 'rose',
  },
];

export function landerForPath(pathname: string): Lander | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return landers.find((lander) => lander.paths.includes(path));
}
