/** Drawn objects for the landers: hearts, a phone, chat bubbles, a spark and photo frames. */

const white = '#fff';

export function Hearts() {
  return (
    <>
      <circle cx="160" cy="120" r="96" fill={white} opacity="0.12" />
      <path
        d="M128 178s-52-32-52-70a28 28 0 0 1 52-14 28 28 0 0 1 52 14c0 38-52 70-52 70z"
        fill="#ffd8e4"
        opacity="0.95"
      />
      <path
        d="M196 190s-44-27-44-59a24 24 0 0 1 44-12 24 24 0 0 1 44 12c0 32-44 59-44 59z"
        fill={white}
        opacity="0.9"
      />
      <path d="M252 60l5 12 12 5-12 5-5 12-5-12-12-5 12-5z" fill={white} />
      <path d="M70 52l3 8 8 3-8 3-3 8-3-8-8-3 8-3z" fill={white} opacity="0.8" />
    </>
  );
}

export function Phone() {
  return (
    <>
      <rect x="106" y="14" width="108" height="212" rx="20" fill="#1f1a24" stroke={white} strokeWidth="4" />
      <rect x="116" y="34" width="88" height="172" rx="8" fill={white} opacity="0.95" />
      <rect x="124" y="48" width="56" height="20" rx="10" fill="#e9e3f5" />
      <rect x="140" y="78" width="56" height="20" rx="10" fill="#d6336c" />
      <rect x="124" y="108" width="46" height="20" rx="10" fill="#e9e3f5" />
      <path d="M168 162s-14-9-14-19a8 8 0 0 1 14-4 8 8 0 0 1 14 4c0 10-14 19-14 19z" fill="#d6336c" />
      <circle cx="160" cy="24" r="3" fill={white} opacity="0.6" />
      <circle cx="252" cy="70" r="16" fill={white} opacity="0.2" />
      <circle cx="70" cy="170" r="24" fill={white} opacity="0.15" />
    </>
  );
}

export function Chat() {
  return (
    <>
      <path
        d="M40 40h150a18 18 0 0 1 18 18v54a18 18 0 0 1-18 18H84l-26 22v-22H40a18 18 0 0 1-18-18V58a18 18 0 0 1 18-18z"
        fill={white}
        opacity="0.92"
      />
      <path
        d="M130 112h150a18 18 0 0 1 18 18v46a18 18 0 0 1-18 18h-18v22l-26-22H130a18 18 0 0 1-18-18v-46a18 18 0 0 1 18-18z"
        fill={white}
        opacity="0.55"
      />
      <circle cx="82" cy="86" r="8" fill="#868e96" />
      <circle cx="112" cy="86" r="8" fill="#868e96" />
      <circle cx="142" cy="86" r="8" fill="#868e96" />
      <rect x="140" y="140" width="120" height="10" rx="5" fill={white} />
      <rect x="140" y="160" width="80" height="10" rx="5" fill={white} />
    </>
  );
}

export function Spark() {
  return (
    <>
      <circle cx="160" cy="120" r="70" fill={white} opacity="0.14" />
      <circle cx="160" cy="120" r="44" fill={white} opacity="0.2" />
      <path d="M160 40l14 52 52 14-52 14-14 52-14-52-52-14 52-14z" fill={white} />
      <path d="M248 44l6 16 16 6-16 6-6 16-6-16-16-6 16-6z" fill="#ffe066" />
      <path d="M72 170l5 13 13 5-13 5-5 13-5-13-13-5 13-5z" fill="#ffe066" opacity="0.9" />
    </>
  );
}

export function Frames() {
  return (
    <>
      <rect x="34" y="46" width="110" height="130" rx="10" fill={white} transform="rotate(-8 89 111)" />
      <rect x="44" y="56" width="90" height="84" rx="4" fill="#ffc9d9" transform="rotate(-8 89 111)" />
      <rect x="176" y="40" width="110" height="130" rx="10" fill={white} transform="rotate(7 231 105)" />
      <rect x="186" y="50" width="90" height="84" rx="4" fill="#d0bfff" transform="rotate(7 231 105)" />
      <circle cx="88" cy="96" r="18" fill={white} opacity="0.8" />
      <path d="M186 100l30-28 26 22 20-14 14 20v22h-90z" fill={white} opacity="0.8" />
      <path
        d="M160 222s-26-16-26-34a14 14 0 0 1 26-8 14 14 0 0 1 26 8c0 18-26 34-26 34z"
        fill="#d6336c"
        stroke={white}
        strokeWidth="4"
      />
    </>
  );
}
