import type { Content } from '../content/content-article';

export type HelpTopic = 'account' | 'payments' | 'safety' | 'privacy';

/** The helpdesk's topics, in the order the index shows them. */
export const helpTopics: { key: HelpTopic; title: string }[] = [
  { key: 'account', title: 'Your account' },
  { key: 'payments', title: 'Payments and credits' },
  { key: 'safety', title: 'Safety' },
  { key: 'privacy', title: 'Privacy and photos' },
];

/** One help article: its address (`/helpdesk/{slug}`), what the index shows, and its MDX text. */
export interface HelpArticle {
  slug: string;
  title: string;
  topic: HelpTopic;
  summary: string;
  /** Words people search with that the title and summary may not contain. */
  keywords: string;
  content: () => Promise<{ default: Content }>;
}

/** Every article; each loads on its own when opened or searched. */
export const helpArticles: HelpArticle[] = [
  {
    slug: 'getting-started',
    title: 'Getting started',
    topic: 'account',
    summary: 'Create your account, complete your profile and start your first conversations.',
    keywords: 'join register sign up new profile first steps',
    content: () => import('../content/helpdesk/getting-started.mdx'),
  },
  {
    slug: 'cannot-sign-in',
    title: 'I can’t sign in',
    topic: 'account',
    summary: 'Wrong password, too many attempts, a deactivated account or a browser blocking sign-in.',
    keywords: 'login log in forgot password reset locked credentials',
    content: () => import('../content/helpdesk/cannot-sign-in.mdx'),
  },
  {
    slug: 'email-and-password',
    title: 'Email address and password',
    topic: 'account',
    summary: 'Confirm your email, change it, or change your password.',
    keywords: 'confirmation link change email password sessions devices',
    content: () => import('../content/helpdesk/email-and-password.mdx'),
  },
  {
    slug: 'close-account',
    title: 'Taking a break or deleting your account',
    topic: 'account',
    summary: 'Hide your profile for a while, or delete your account and data for good.',
    keywords: 'delete deactivate close remove account cancel membership',
    content: () => import('../content/helpdesk/close-account.mdx'),
  },
  {
    slug: 'credits',
    title: 'How credits work',
    topic: 'payments',
    summary: 'What credits pay for, welcome credits, expiry and buying more.',
    keywords: 'price cost balance messages buy package welcome',
    content: () => import('../content/helpdesk/credits.mdx'),
  },
  {
    slug: 'payment-problems',
    title: 'Payment problems',
    topic: 'payments',
    summary: 'Credits that have not arrived, failed payments and charges you don’t recognise.',
    keywords: 'card declined failed charge bank missing credits',
    content: () => import('../content/helpdesk/payment-problems.mdx'),
  },
  {
    slug: 'refunds',
    title: 'Cancelling and refunds',
    topic: 'payments',
    summary: 'Your 14-day right to cancel and how to ask for a refund.',
    keywords: 'refund money back cancel purchase double charge',
    content: () => import('../content/helpdesk/refunds.mdx'),
  },
  {
    slug: 'pass-and-vip',
    title: 'The 24-hour pass and VIP',
    topic: 'payments',
    summary: 'Unlimited messaging for a day, and the optional VIP membership.',
    keywords: 'unlimited 24h pass vip membership renew subscription',
    content: () => import('../content/helpdesk/pass-and-vip.mdx'),
  },
  {
    slug: 'staying-safe',
    title: 'Staying safe',
    topic: 'safety',
    summary: 'Habits that keep chatting and meeting up safe.',
    keywords: 'safety meet date first date police danger',
    content: () => import('../content/helpdesk/staying-safe.mdx'),
  },
  {
    slug: 'report-and-block',
    title: 'Reporting and blocking',
    topic: 'safety',
    summary: 'Stop someone reaching you, and ask our moderators to act.',
    keywords: 'report abuse block harassment moderators underage',
    content: () => import('../content/helpdesk/report-and-block.mdx'),
  },
  {
    slug: 'scams',
    title: 'Spotting scams',
    topic: 'safety',
    summary: 'The warning signs of a romance scam and what to do about one.',
    keywords: 'scam fraud fake money catfish romance',
    content: () => import('../content/helpdesk/scams.mdx'),
  },
  {
    slug: 'your-data',
    title: 'Your data',
    topic: 'privacy',
    summary: 'Take a copy of your data, correct it or have it deleted.',
    keywords: 'gdpr privacy export download erase subject access',
    content: () => import('../content/helpdesk/your-data.mdx'),
  },
  {
    slug: 'photos',
    title: 'Photos and moderation',
    topic: 'privacy',
    summary: 'What you can upload, how moderation works and how we protect your privacy.',
    keywords: 'upload picture pending rejected approved location',
    content: () => import('../content/helpdesk/photos.mdx'),
  },
];

export const articleBySlug = (slug: string | undefined) => helpArticles.find((a) => a.slug === slug);
