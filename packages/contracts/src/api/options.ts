// Values the UI needs (option lists, limits, messages) without zod, so a remote that renders
// them does not download the schema library. The schema files re-export them.

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

/** The key every option list starts with; a profile that never set the field holds it. */
export const OPTION_UNKNOWN = 1;

export type OptionList = readonly { readonly key: number; readonly label: string }[];

export type BodyTypeKey = (typeof BODY_TYPE_OPTIONS)[number]['key'];

export type EyeColourKey = (typeof EYE_COLOUR_OPTIONS)[number]['key'];

export type HairColourKey = (typeof HAIR_COLOUR_OPTIONS)[number]['key'];

export type TattoosPiercingsKey = (typeof TATTOOS_PIERCINGS_OPTIONS)[number]['key'];

/** The label of a key in an option list ('Unknown' for a key the list does not have). */
export function optionLabel(options: OptionList, key: number | null | undefined): string {
  return options.find((o) => o.key === key)?.label ?? 'Unknown';
}

/** The twelve UK regions (ITL 1 / former government office regions), by slug. */
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

export type UkRegion = (typeof UK_REGION_OPTIONS)[number]['key'];

export const UK_REGIONS = UK_REGION_OPTIONS.map((r) => r.key) as [UkRegion, ...UkRegion[]];

/** Interests a member can pick (at most `PROFILE_LIMITS.interests`), by slug. */
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

export type Interest = (typeof INTEREST_OPTIONS)[number]['key'];

export const INTERESTS = INTEREST_OPTIONS.map((i) => i.key) as [Interest, ...Interest[]];

/** Limits the API enforces on `PUT /api/my-profile` (the UI mirrors them). */
export const PROFILE_LIMITS = {
  headline: { max: 80 },
  about: { min: 20, max: 2000 },
  looking_for: { max: 500 },
  city: { max: 100 },
  height_cm: { min: 120, max: 230 },
  interests: { max: 10 },
  /** Members are adults; `filter[age_min]` / `filter[age_max]` accept this range. */
  age: { min: 18, max: 99 },
  /** Bytes of JSON that `preferences` may hold after merging. */
  preferences_bytes: 4096,
} as const;

/**
 * What `profile_complete` needs (also answered as `completion.missing` on the member's own
 * profile, in this order): at least one photo that is not rejected, a headline, an about-me
 * text of at least 20 characters, what they are looking for, and a region.
 */
export const PROFILE_COMPLETION_REQUIREMENTS = [
  'photo',
  'headline',
  'about',
  'looking_for',
  'region',
] as const;

export type ProfileCompletionRequirement = (typeof PROFILE_COMPLETION_REQUIREMENTS)[number];

/** Moderation state of a photo: others only ever see approved photos. */
export const PHOTO_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** Upload limits (`POST /api/my-photos`, multipart field `photo`). */
export const PHOTO_LIMITS = {
  /** Bytes of the uploaded file. */
  maxBytes: 10 * 1024 * 1024,
  /** Width × height of the decoded image; larger is refused as a possible decompression bomb. */
  maxPixels: 40_000_000,
  /** Smallest accepted width and height. */
  minEdge: 200,
  /** Photos a member may keep. */
  maxPerMember: 12,
  /** Accepted formats, checked by content, not by file name. */
  formats: ['jpeg', 'png', 'webp', 'heif', 'avif'],
} as const;

/** 422 texts of a refused upload (field `photo`). */
export const PHOTO_MESSAGES = {
  required: 'The photo field is required.',
  notImage: 'The photo must be an image (JPEG, PNG, WebP or HEIC).',
  tooLarge: 'The photo may not be greater than 10240 kilobytes.',
  tooManyPixels: 'The photo has too many pixels (at most 40 megapixels).',
  tooSmall: 'The photo must be at least 200 × 200 pixels.',
  tooMany: 'You can keep at most 12 photos. Delete one first.',
} as const;

/** Reasons a member can give when reporting a profile or one of its photos. */
export const REPORT_REASON_OPTIONS = [
  { key: 'fake_profile', label: 'Fake profile or impersonation' },
  { key: 'scam', label: 'Scam, spam or asking for money' },
  { key: 'harassment', label: 'Harassment or threats' },
  { key: 'inappropriate_photo', label: 'Inappropriate or explicit photo' },
  { key: 'underage', label: 'May be under 18' },
  { key: 'offensive', label: 'Hate speech or offensive content' },
  { key: 'other', label: 'Something else' },
] as const;

export type ReportReason = (typeof REPORT_REASON_OPTIONS)[number]['key'];

export const REPORT_REASONS = REPORT_REASON_OPTIONS.map((r) => r.key) as [ReportReason, ...ReportReason[]];

export const ACCOUNT_MESSAGES = {
  emailChangeSent: 'We have sent a confirmation link to your new email address.',
  passwordChanged: 'Your password has been changed. Other devices have been logged out.',
  passwordIncorrect: 'The password is incorrect.',
} as const;

/** What a help request or contact message is about. */
export const SUPPORT_TOPIC_OPTIONS = [
  { key: 'account', label: 'My account and signing in' },
  { key: 'payments', label: 'Payments, credits and refunds' },
  { key: 'safety', label: 'Safety or a member’s behaviour' },
  { key: 'privacy', label: 'My data and privacy' },
  { key: 'technical', label: 'Something is not working' },
  { key: 'feedback', label: 'Feedback and ideas' },
  { key: 'other', label: 'Something else' },
] as const;
export type SupportTopic = (typeof SUPPORT_TOPIC_OPTIONS)[number]['key'];
export const SUPPORT_TOPICS = SUPPORT_TOPIC_OPTIONS.map((t) => t.key) as [SupportTopic, ...SupportTopic[]];

export const TICKET_STATUS_LABELS = { open: 'Open', answered: 'Answered', closed: 'Closed' } as const;
export type TicketStatus = keyof typeof TICKET_STATUS_LABELS;

/** Limits of a help request. */
export const SUPPORT_LIMITS = {
  messageMin: 10,
  messageMax: 5000,
  /** The optional screenshot: smaller than a profile photo, otherwise the photo pipeline's rules. */
  attachmentMaxBytes: 5 * 1024 * 1024,
  attachmentField: 'attachment',
} as const;

export const SUPPORT_MESSAGES = {
  attachmentTooLarge: 'The attachment may not be greater than 5120 kilobytes.',
} as const;

/** What a report to the moderators is about: a profile, one of its photos, or a message (text or image). */
export const REPORT_TARGETS = ['profile', 'photo', 'message'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
