import { useEffect, useState } from 'react';

/** SPEC §9: the illustrations rotate every 5 s, 1 → 2 → 3 → 1. */
export const rotationMs = 5000;

const illustrations = [
  {
    label: 'A spanner and a heart',
    path: 'M30 70l25-25m0 0a14 14 0 1 1 20-20l-8 8 4 8 8 4 8-8a14 14 0 0 1-20 20zM62 88s-22-13-22-28a11 11 0 0 1 22-3 11 11 0 0 1 22 3c0 15-22 28-22 28z',
  },
  {
    label: 'A paint roller',
    path: 'M22 24h52v16H22zM74 32h8v20H48v12m-4 0h8v30h-8z',
  },
  {
    label: 'Two hearts',
    path: 'M40 62S18 49 18 34a11 11 0 0 1 22-3 11 11 0 0 1 22 3c0 15-22 28-22 28zM66 84S48 73 48 61a9 9 0 0 1 18-2 9 9 0 0 1 18 2c0 12-18 23-18 23z',
  },
];

export default function MaintenancePage() {
  const [shown, setShown] = useState(0);

  useEffect(() => {
    const timer = setInterval(() => setShown((index) => (index + 1) % illustrations.length), rotationMs);
    return () => clearInterval(timer);
  }, []);

  return (
    <section className="shell-notice shell-maintenance">
      {illustrations.map((illustration, index) => (
        <svg
          key={illustration.label}
          viewBox="0 0 100 100"
          role="img"
          aria-label={illustration.label}
          className="shell-maintenance__art"
          data-illustration={index + 1}
          style={index === shown ? undefined : { display: 'none' }}
        >
          <path
            d={illustration.path}
            fill="none"
            stroke="currentColor"
            strokeWidth="4"
            strokeLinejoin="round"
          />
        </svg>
      ))}
      <h1>Sorry! We Are Under Maintenance!</h1>
      <p>
        We're giving our site a little makeover—back soon to help you find your next match, so hang tight!
      </p>
    </section>
  );
}
