import type { OptionList } from '@ukd/contracts/api';
import {
  BODY_TYPE_OPTIONS,
  EYE_COLOUR_OPTIONS,
  HAIR_COLOUR_OPTIONS,
  INTEREST_OPTIONS,
  OPTION_UNKNOWN,
  optionLabel,
  TATTOOS_PIERCINGS_OPTIONS,
  UK_REGION_OPTIONS,
} from '@ukd/contracts/api/options';

export function regionLabel(region: string | null | undefined): string | null {
  return UK_REGION_OPTIONS.find((r) => r.key === region)?.label ?? null;
}

export function interestLabel(interest: string): string {
  return INTEREST_OPTIONS.find((i) => i.key === interest)?.label ?? interest;
}

/** "Leeds, Yorkshire and the Humber", or whichever part is known. */
export function placeLabel(city: string, region: string | null | undefined): string {
  return [city, regionLabel(region)].filter(Boolean).join(', ');
}

/** The SPEC §3 option fields of a profile, with the label of each list. */
export const OPTION_FIELDS: ReadonlyArray<{
  field: 'body_type' | 'eye_colour' | 'hair_colour' | 'tattoos_piercings';
  label: string;
  options: OptionList;
}> = [
  { field: 'body_type', label: 'Body type', options: BODY_TYPE_OPTIONS },
  { field: 'eye_colour', label: 'Eye colour', options: EYE_COLOUR_OPTIONS },
  { field: 'hair_colour', label: 'Hair colour', options: HAIR_COLOUR_OPTIONS },
  { field: 'tattoos_piercings', label: 'Tattoos and piercings', options: TATTOOS_PIERCINGS_OPTIONS },
];

/** Detail rows worth showing: an option still at Unknown (key 1) says nothing, so it is left out. */
export function detailRows(profile: {
  height_cm: number | null;
  body_type: number;
  eye_colour: number;
  hair_colour: number;
  tattoos_piercings: number;
}): Array<{ label: string; value: string }> {
  const rows: Array<{ label: string; value: string }> = [];
  if (profile.height_cm) rows.push({ label: 'Height', value: `${profile.height_cm} cm` });
  for (const { field, label, options } of OPTION_FIELDS) {
    if (profile[field] !== OPTION_UNKNOWN) rows.push({ label, value: optionLabel(options, profile[field]) });
  }
  return rows;
}
