import { browserStorage } from '@ukd/api-client';
import type { CreditPackage } from '@ukd/contracts/api';
import { BILLING_PATHS } from '@ukd/contracts/api/constants';
import { selectUser } from '@ukd/store';
import { Button, Modal, useShell } from '@ukd/ui';
import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useCreditPackagesQuery } from '../billing-api';
import { packageSelected } from '../billing-slice';

const EVENT_LABELS: Record<string, string> = {
  solstice: 'Solstice',
  summer: 'Summer',
  valentines: 'Valentine’s',
  xmas: 'Christmas',
  patricks: 'St Patrick’s',
  easter: 'Easter',
  halloween: 'Halloween',
  'black-friday': 'Black Friday',
  'cyber-monday': 'Cyber Monday',
};

/** Once dismissed or taken, the offer stays away for the rest of this tab's life. */
export const SEASONAL_SEEN_KEY = (event: string) => `ukd.billing.seasonal.${event}`;
const DECLINE = 'No thanks, proceed with the standard prices';

type Step = 'first' | 'second' | 'done';

function seen(event: string): boolean {
  try {
    return browserStorage('session').getItem(SEASONAL_SEEN_KEY(event)) === 'done';
  } catch {
    return false;
  }
}

/**
 * SPEC's seasonal popups for the `seasonal-popup` slot: during the site's event a member sees
 * the 1,000 credit gift box; declining shows the second popup, 1,000 credits more in the
 * 2,500 box. Both are real packages sold through the normal checkout. Impressions and clicks
 * go to `POST /api/site-popups` with the event as `notification_type`.
 */
export function SeasonalOffer() {
  const shell = useShell();
  const user = useSelector(selectUser);
  const dispatch = useDispatch();
  const event = user?.eventName ?? null;
  const { data } = useCreditPackagesQuery(undefined, { skip: !event });
  const offers = (data?.packages ?? []).filter((p) => p.offer_event === event);
  const [step, setStep] = useState<Step>(() => (event && seen(event) ? 'done' : 'first'));
  const offer: CreditPackage | undefined =
    step === 'first' ? offers[0] : step === 'second' ? offers[1] : undefined;

  const track = (action: 'IMPRESSION' | 'CLICKED') => {
    if (!shell || !event) return;
    void shell
      .api('/site-popups', {
        method: 'POST',
        body: { notification_type: event, action_type: action },
        background: true,
      })
      .catch(() => {});
  };

  // One impression per popup shown (track is recreated every render; the offer id is what matters).
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the popup, not on track
  useEffect(() => {
    if (offer) track('IMPRESSION');
  }, [offer?.id]);

  if (!event || !offer || !shell) return null;
  const finish = () => {
    setStep('done');
    try {
      browserStorage('session').setItem(SEASONAL_SEEN_KEY(event), 'done');
    } catch {
      // Without storage the offer may show again after a reload; nothing else depends on it.
    }
  };
  const take = () => {
    track('CLICKED');
    finish();
    dispatch(packageSelected(offer.id));
    shell.navigate(BILLING_PATHS.checkout);
  };
  const decline = () => (step === 'first' && offers[1] ? setStep('second') : finish());
  const label = EVENT_LABELS[event] ?? 'Seasonal';
  const first = step === 'first';
  return (
    <Modal open title={first ? `${label} deals` : 'Wait: 1,000 credits free'} onClose={decline}>
      <p>
        {offer.credits.toLocaleString('en-GB')} credits for £{offer.amount}. {offer.description}
      </p>
      <Button onClick={take}>{first ? 'Explore the deals' : `Get it for £${offer.amount}`}</Button>
      <Button variant="ghost" onClick={decline}>
        {DECLINE}
      </Button>
    </Modal>
  );
}
