/**
 * The values this remote needs from `@ukd/contracts/api`, without its zod schemas. Importing any
 * value from that module bundles zod (24 KB gzipped, not a shared library) into every page of
 * the remote; types still come from the contract (`import type`, erased at build time).
 * `contract-values.test.ts` fails as soon as one of these drifts from the contract.
 */

export const BODY_TYPE_OPTIONS = [
  { key: 1, label: 'Unknown' },
  { key: 2, label: 'Prefer Not To Say' },
  { key: 3, label: 'Thin' },
  { key: 4, label: 'Athletic' },
  { key: 5, label: 'Average' },
  { key: 6, label: 'A few extra Kilos' },
  { key: 7, label: 'Big' },
] as const;

export const EYE_COLOUR_OPTIONS = [
  { key: 1, label: 'Unknown' },
  { key: 2, label: 'Blue' },
  { key: 3, label: 'Brown' },
  { key: 4, label: 'Gray' },
  { key: 5, label: 'Green' },
  { key: 6, label: 'Other' },
] as const;

export const HAIR_COLOUR_OPTIONS = [
  { key: 1, label: 'Unknown' },
  { key: 2, label: 'Black' },
  { key: 3, label: 'Brown' },
  { key: 4, label: 'Blonde' },
  { key: 5, label: 'White' },
  { key: 6, label: 'Red' },
  { key: 7, label: 'Other' },
] as const;

export const TATTOOS_PIERCINGS_OPTIONS = [
  { key: 1, label: 'Unknown' },
  { key: 2, label: 'Yes' },
  { key: 3, label: 'No' },
] as const;

export const OPTION_UNKNOWN = 1;

export type OptionList = readonly { readonly key: number; readonly label: string }[];

export function optionLabel(options: OptionList, key: number | null | undefined): string {
  return options.find((o) => o.key === key)?.label ?? 'Unknown';
}

export const UK_REGION_OPTIONS = [
  { key: 'london', label: 'London' },
  { key: 'south-east', label: 'South East' },
  { key: 'south-west', label: 'South West' },
  { key: 'east-of-england', label: 'East of England' },
  { key: 'east-midlands', label: 'East Midlands' },
  { key: 'west-midlands', label: 'West Midlands' },
  { key: 'yorkshire-and-the-humber', label: 'Yorkshire and the Humber' },
  { key: 'north-west', label: 'North West' },
  { key: 'north-east', label: 'North East' },
  { key: 'wales', label: 'Wales' },
  { key: 'scotland', label: 'Scotland' },
  { key: 'northern-ireland', label: 'Northern Ireland' },
] as const;
export const UK_REGIONS: readonly string[] = UK_REGION_OPTIONS.map((r) => r.key);

export const INTEREST_OPTIONS = [
  { key: 'travel', label: 'Travel' },
  { key: 'music', label: 'Music' },
  { key: 'live-gigs', label: 'Live gigs' },
  { key: 'films', label: 'Films' },
  { key: 'reading', label: 'Reading' },
  { key: 'cooking', label: 'Cooking' },
  { key: 'eating-out', label: 'Eating out' },
  { key: 'wine', label: 'Wine' },
  { key: 'craft-beer', label: 'Craft beer' },
  { key: 'coffee', label: 'Coffee' },
  { key: 'fitness', label: 'Fitness' },
  { key: 'running', label: 'Running' },
  { key: 'yoga', label: 'Yoga' },
  { key: 'hiking', label: 'Hiking' },
  { key: 'cycling', label: 'Cycling' },
  { key: 'swimming', label: 'Swimming' },
  { key: 'football', label: 'Football' },
  { key: 'rugby', label: 'Rugby' },
  { key: 'dancing', label: 'Dancing' },
  { key: 'gaming', label: 'Gaming' },
  { key: 'art', label: 'Art' },
  { key: 'photography', label: 'Photography' },
  { key: 'theatre', label: 'Theatre' },
  { key: 'comedy', label: 'Comedy' },
  { key: 'fashion', label: 'Fashion' },
  { key: 'gardening', label: 'Gardening' },
  { key: 'pets', label: 'Pets' },
  { key: 'nightlife', label: 'Nightlife' },
  { key: 'beach', label: 'Beach' },
  { key: 'festivals', label: 'Festivals' },
] as const;

export const PROFILE_LIMITS = {
  headline: { max: 80 },
  about: { min: 20, max: 2000 },
  looking_for: { max: 500 },
  city: { max: 100 },
  height_cm: { min: 120, max: 230 },
  interests: { max: 10 },
  age: { min: 18, max: 99 },
  preferences_bytes: 4096,
} as const;

export const PROFILE_COMPLETION_REQUIREMENTS = [
  'photo',
  'headline',
  'about',
  'looking_for',
  'region',
] as const;

export const PHOTO_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  maxPixels: 40_000_000,
  minEdge: 200,
  maxPerMember: 12,
  formats: ['jpeg', 'png', 'webp', 'heif', 'avif'],
} as const;

export const PHOTO_MESSAGES = {
  required: 'The photo field is required.',
  notImage: 'The photo must be an image (JPEG, PNG, WebP or HEIC).',
  tooLarge: 'The photo may not be greater than 10240 kilobytes.',
  tooManyPixels: 'The photo has too many pixels (at most 40 megapixels).',
  tooSmall: 'The photo must be at least 200 × 200 pixels.',
  tooMany: 'You can keep at most 12 photos. Delete one first.',
} as const;

export const REPORT_REASON_OPTIONS = [
  { key: 'fake_profile', label: 'Fake profile or impersonation' },
  { key: 'scam', label: 'Scam, spam or asking for money' },
  { key: 'harassment', label: 'Harassment or threats' },
  { key: 'inappropriate_photo', label: 'Inappropriate or explicit photo' },
  { key: 'underage', label: 'May be under 18' },
  { key: 'offensive', label: 'Hate speech or offensive content' },
  { key: 'other', label: 'Something else' },
] as const;

export const ACCOUNT_MESSAGES = {
  emailChangeSent: 'We have sent a confirmation link to your new email address.',
  passwordChanged: 'Your password has been changed. Other devices have been logged out.',
  passwordIncorrect: 'The password is incorrect.',
} as const;
