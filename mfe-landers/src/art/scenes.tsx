/** Drawn scenes for the landers: coffee for two, a city at night, a map, stars and a toast. */

const white = '#fff';

export function Coffee() {
  return (
    <>
      <ellipse cx="160" cy="196" rx="130" ry="18" fill={white} opacity="0.2" />
      <path d="M62 110h80v50a30 30 0 0 1-30 30h-20a30 30 0 0 1-30-30z" fill={white} />
      <path d="M142 124h10a14 14 0 0 1 0 28h-10" fill="none" stroke={white} strokeWidth="8" />
      <path d="M176 118h80v44a28 28 0 0 1-28 28h-24a28 28 0 0 1-28-28z" fill="#ffe3d3" />
      <path d="M256 130h10a13 13 0 0 1 0 26h-10" fill="none" stroke="#ffe3d3" strokeWidth="8" />
      <path
        d="M160 92s-22-13-22-29a12 12 0 0 1 22-7 12 12 0 0 1 22 7c0 16-22 29-22 29z"
        fill={white}
        opacity="0.9"
      />
      <path
        d="M94 96c-8-12 8-18 0-30M116 96c-8-12 8-18 0-30"
        stroke={white}
        strokeWidth="4"
        fill="none"
        opacity="0.6"
      />
    </>
  );
}

export function City() {
  return (
    <>
      <circle cx="250" cy="56" r="26" fill="#ffe8a3" />
      <circle cx="262" cy="48" r="24" fill="#1f1a24" opacity="0.35" />
      <path
        d="M20 210V130h40v-30h30v110zM96 210V90h44v120zM146 210v-70h30v-40h36v110zM218 210v-90h40v90zM264 210v-60h36v60z"
        fill="#1f1a24"
        opacity="0.55"
      />
      <g fill="#ffe8a3">
        <rect x="32" y="142" width="8" height="10" />
        <rect x="108" y="104" width="8" height="10" />
        <rect x="124" y="128" width="8" height="10" />
        <rect x="188" y="118" width="8" height="10" />
        <rect x="232" y="136" width="8" height="10" />
        <rect x="276" y="168" width="8" height="10" />
      </g>
      <rect x="10" y="210" width="300" height="6" rx="3" fill={white} opacity="0.4" />
    </>
  );
}

export function UkMap() {
  return (
    <>
      <rect x="30" y="20" width="260" height="200" rx="18" fill={white} opacity="0.16" />
      <path d="M30 90h260M30 160h260M110 20v200M210 20v200" stroke={white} strokeWidth="2" opacity="0.3" />
      <path
        d="M48 196c40-10 60-60 104-70s70-50 120-64"
        fill="none"
        stroke={white}
        strokeWidth="6"
        strokeDasharray="4 12"
        strokeLinecap="round"
      />
      <path d="M76 186c0-18 28-32 28-50a28 28 0 0 0-56 0c0 18 28 32 28 50z" fill="#ffd8e4" />
      <circle cx="76" cy="136" r="10" fill="#2b8a3e" />
      <path d="M250 98c0-18 28-32 28-50a28 28 0 0 0-56 0c0 18 28 32 28 50z" fill={white} />
      <circle cx="250" cy="48" r="10" fill="#2b8a3e" />
      <circle cx="160" cy="122" r="8" fill={white} />
    </>
  );
}

export function Stars() {
  return (
    <>
      <path d="M20 210c60-30 220-30 280 0z" fill={white} opacity="0.2" />
      <path
        d="M112 88l48 30 48-30M112 88l48 88 48-88"
        stroke={white}
        strokeWidth="2"
        opacity="0.6"
        fill="none"
      />
      <circle cx="112" cy="88" r="6" fill={white} />
      <circle cx="208" cy="88" r="6" fill={white} />
      <circle cx="160" cy="118" r="5" fill={white} />
      <circle cx="160" cy="176" r="7" fill="#ffe8a3" />
      {[
        [40, 40],
        [74, 130],
        [262, 40],
        [286, 120],
        [160, 30],
        [230, 160],
      ].map(([x, y]) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r="2.5" fill={white} opacity="0.85" />
      ))}
    </>
  );
}

export function Wine() {
  return (
    <>
      <circle cx="160" cy="100" r="84" fill={white} opacity="0.12" />
      <path d="M96 50h56c0 44-10 66-28 66s-28-22-28-66z" fill={white} transform="rotate(-12 124 120)" />
      <path d="M168 50h56c0 44-10 66-28 66s-28-22-28-66z" fill="#f3d9fa" transform="rotate(12 196 120)" />
      <path d="M124 116v70M196 116v70" stroke={white} strokeWidth="6" transform="translate(0 0)" />
      <path d="M104 190h40M176 190h40" stroke={white} strokeWidth="6" strokeLinecap="round" />
      <path d="M160 38l4 10 10 4-10 4-4 10-4-10-10-4 10-4z" fill="#ffe066" />
    </>
  );
}
