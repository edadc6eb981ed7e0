import { randomInt } from 'node:crypto';

/** The sandbox's test cards (any future expiry, any CVC) and the TrustPay result each gives. */
export const SANDBOX_CARDS: Record<string, { res: string; label: string }> = {
  '4111111111111111': { res: '0', label: 'succeeds' },
  '4000000000000002': { res: '1014', label: 'is declined' },
  '4000000000009995': { res: '1007', label: 'fails: insufficient funds' },
};

export interface CardInput {
  card_number?: string;
  expiry?: string;
  cvc?: string;
}

/** The TrustPay result for a submitted card, or the problem to show on the page. */
export function chargeSandboxCard(input: CardInput, now = new Date()): { res: string } | { error: string } {
  const number = (input.card_number ?? '').replace(/[\s-]/g, '');
  const card = SANDBOX_CARDS[number];
  if (!card) return { error: 'Unknown card. Use one of the sandbox test cards listed below.' };
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(input.expiry ?? '');
  const month = Number(expiry?.[1]);
  const year = 2000 + Number(expiry?.[2]);
  if (!expiry || month < 1 || month > 12) return { error: 'Enter the expiry date as MM/YY.' };
  // A card is valid through the last day of its expiry month.
  if (new Date(Date.UTC(year, month, 1)).getTime() <= now.getTime())
    return { error: 'This card has expired.' };
  if (!/^\d{3,4}$/.test(input.cvc ?? '')) return { error: 'Enter the 3 or 4 digit security code.' };
  return { res: card.res };
}

/** A TrustPay-like transaction id. */
export function sandboxTransactionId(): string {
  return `${Date.now()}${randomInt(100_000, 999_999)}`;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The hosted card page: no script, posts back to itself with the signed request fields. */
export function sandboxCardPage(p: {
  /** The signed request fields (and `custom1`), carried through the form as hidden inputs. */
  fields: Record<'AID' | 'AMT' | 'CUR' | 'REF' | 'SIG', string> & { custom1?: string };
  packageName: string;
  error?: string;
}): string {
  const hidden = Object.entries(p.fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('');
  const cards = Object.entries(SANDBOX_CARDS)
    .map(([n, c]) => `<li><code>${n.replace(/(\d{4})(?=\d)/g, '$1 ')}</code> ${escapeHtml(c.label)}</li>`)
    .join('');
  const error = p.error ? `<p role="alert" class="error">${escapeHtml(p.error)}</p>` : '';
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Sandbox card payment</title>
<style>body{font-family:sans-serif;max-width:420px;margin:2rem auto;padding:0 1rem}label{display:block;margin:.8rem 0 .2rem}input{width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}button{margin-top:1rem;padding:.7rem 1.2rem;font-size:1rem}.error{color:#b00020}.note{color:#555;font-size:.9rem}</style>
</head><body>
<h1>Pay £${escapeHtml(p.fields.AMT)}</h1>
<p>${escapeHtml(p.packageName)} · reference ${escapeHtml(p.fields.REF)}</p>
<p class="note">Payment sandbox: no real card is charged.</p>
${error}
<form method="post" action="card">${hidden}
<label for="card_number">Card number</label><input id="card_number" name="card_number" inputmode="numeric" autocomplete="off" required>
<label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" placeholder="12/30" required>
<label for="cvc">Security code</label><input id="cvc" name="cvc" inputmode="numeric" required>
<button type="submit">Pay £${escapeHtml(p.fields.AMT)}</button>
</form>
<p class="note">Test cards (any future expiry, any CVC):</p><ul class="note">${cards}</ul>
</body></html>`;
}
