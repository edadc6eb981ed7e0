import * as contract from '@ukd/contracts/api';
import { describe, expect, it } from 'vitest';
import * as local from './contract-values';

describe('contract values kept without zod', () => {
  it('match @ukd/contracts/api exactly', () => {
    const pairs: Array<[string, unknown, unknown]> = [
      ['BODY_TYPE_OPTIONS', local.BODY_TYPE_OPTIONS, contract.BODY_TYPE_OPTIONS],
      ['EYE_COLOUR_OPTIONS', local.EYE_COLOUR_OPTIONS, contract.EYE_COLOUR_OPTIONS],
      ['HAIR_COLOUR_OPTIONS', local.HAIR_COLOUR_OPTIONS, contract.HAIR_COLOUR_OPTIONS],
      ['TATTOOS_PIERCINGS_OPTIONS', local.TATTOOS_PIERCINGS_OPTIONS, contract.TATTOOS_PIERCINGS_OPTIONS],
      ['OPTION_UNKNOWN', local.OPTION_UNKNOWN, contract.OPTION_UNKNOWN],
      ['UK_REGION_OPTIONS', local.UK_REGION_OPTIONS, contract.UK_REGION_OPTIONS],
      ['UK_REGIONS', local.UK_REGIONS, contract.UK_REGIONS],
      ['INTEREST_OPTIONS', local.INTEREST_OPTIONS, contract.INTEREST_OPTIONS],
      ['PROFILE_LIMITS', local.PROFILE_LIMITS, contract.PROFILE_LIMITS],
      [
        'PROFILE_COMPLETION_REQUIREMENTS',
        local.PROFILE_COMPLETION_REQUIREMENTS,
        contract.PROFILE_COMPLETION_REQUIREMENTS,
      ],
      ['PHOTO_LIMITS', local.PHOTO_LIMITS, contract.PHOTO_LIMITS],
      ['PHOTO_MESSAGES', local.PHOTO_MESSAGES, contract.PHOTO_MESSAGES],
      ['REPORT_REASON_OPTIONS', local.REPORT_REASON_OPTIONS, contract.REPORT_REASON_OPTIONS],
      ['ACCOUNT_MESSAGES', local.ACCOUNT_MESSAGES, contract.ACCOUNT_MESSAGES],
    ];
    for (const [name, mine, theirs] of pairs) expect(mine, name).toEqual(theirs);
    expect(local.optionLabel(local.BODY_TYPE_OPTIONS, 6)).toBe(
      contract.optionLabel(contract.BODY_TYPE_OPTIONS, 6),
    );
  });
});
