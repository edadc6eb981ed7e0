/**
 * The content codings a client accepts among `offered` (the server's order of preference),
 * best first, from its `Accept-Encoding`: q-values decide and the server's order breaks a tie.
 * `*` stands for any coding not named; `x-gzip` is gzip; `q=0` refuses. No header, or one naming
 * none of them, means the plain body. The API's answers and the site's files both ask this.
 */
export function acceptedEncodings<Coding extends string>(
  header: string | undefined,
  offered: readonly Coding[],
): Coding[] {
  if (!header) return [];
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [token = '', ...params] = part.split(';').map((piece) => piece.trim());
    if (!token) continue;
    let weight = 1;
    for (const param of params) {
      const [name, value] = param.split('=').map((piece) => piece.trim());
      if (name !== 'q') continue;
      // RFC 9110: 0 to 1 with at most three decimals; anything else is treated as a refusal.
      weight = value !== undefined && /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value) ? Number(value) : 0;
    }
    weights.set(token === 'x-gzip' ? 'gzip' : token, weight);
  }
  const wildcard = weights.get('*');
  return offered
    .map((name) => ({ name, weight: weights.get(name) ?? wildcard ?? 0 }))
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight)
    .map((entry) => entry.name);
}
