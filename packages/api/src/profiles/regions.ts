import type { UkRegion } from '@ukd/contracts/api';

// The region of well-known UK towns and cities, to fill in `region` when a member (or the demo
// seed) gives only a city. Anything not listed stays for the member to choose.
const CITY_REGIONS: Record<string, UkRegion> = {
  london: 'london',
  brighton: 'south-east',
  southampton: 'south-east',
  portsmouth: 'south-east',
  oxford: 'south-east',
  reading: 'south-east',
  canterbury: 'south-east',
  milton_keynes: 'south-east',
  bristol: 'south-west',
  plymouth: 'south-west',
  exeter: 'south-west',
  bath: 'south-west',
  bournemouth: 'south-west',
  cambridge: 'east-of-england',
  norwich: 'east-of-england',
  ipswich: 'east-of-england',
  nottingham: 'east-midlands',
  leicester: 'east-midlands',
  derby: 'east-midlands',
  lincoln: 'east-midlands',
  birmingham: 'west-midlands',
  coventry: 'west-midlands',
  wolverhampton: 'west-midlands',
  stoke_on_trent: 'west-midlands',
  leeds: 'yorkshire-and-the-humber',
  sheffield: 'yorkshire-and-the-humber',
  york: 'yorkshire-and-the-humber',
  bradford: 'yorkshire-and-the-humber',
  hull: 'yorkshire-and-the-humber',
  manchester: 'north-west',
  liverpool: 'north-west',
  preston: 'north-west',
  blackpool: 'north-west',
  newcastle: 'north-east',
  newcastle_upon_tyne: 'north-east',
  sunderland: 'north-east',
  durham: 'north-east',
  middlesbrough: 'north-east',
  cardiff: 'wales',
  swansea: 'wales',
  newport: 'wales',
  glasgow: 'scotland',
  edinburgh: 'scotland',
  aberdeen: 'scotland',
  dundee: 'scotland',
  inverness: 'scotland',
  belfast: 'northern-ireland',
  derry: 'northern-ireland',
};

export function regionForCity(city: string): UkRegion | null {
  const key = city
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return CITY_REGIONS[key] ?? null;
}
