import type { ProfileCompletionRequirement } from '@ukd/contracts/api';
import { PROFILE_COMPLETION_REQUIREMENTS } from '@ukd/contracts/api/options';

/** What each completion requirement asks of the member, in words. */
export const REQUIREMENT_TEXT: Record<ProfileCompletionRequirement, string> = {
  photo: 'Add a photo of yourself',
  headline: 'Write a headline',
  about: 'Tell members about yourself (at least 20 characters)',
  looking_for: 'Say what you are looking for',
  region: 'Choose your region',
};

/** Share of the requirements met, 0–100. */
export function completionPercent(missing: readonly ProfileCompletionRequirement[]): number {
  const total = PROFILE_COMPLETION_REQUIREMENTS.length;
  return Math.round(((total - missing.length) / total) * 100);
}
