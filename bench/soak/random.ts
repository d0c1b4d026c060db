/** A seeded generator (mulberry32), so every run sends the same day of requests. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[int(items.length)];
  };
  return { next, int, pick };
}

export type Random = ReturnType<typeof createRandom>;

export const firstNames = [
  'Maria',
  'James',
  'Linda',
  'Robert',
  'Patricia',
  'Michael',
  'Barbara',
  'William',
  'Elizabeth',
  'David',
  'Jennifer',
  'Richard',
  'Susan',
  'Joseph',
  'Margaret',
  'Thomas',
  'Dorothy',
  'Charles',
  'Lisa',
  'Marcus',
];
export const lastNames = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Marsh',
];
export const cities = [
  'Tampa, FL',
  'Orlando, FL',
  'Atlanta, GA',
  'Dallas, TX',
  'Phoenix, AZ',
  'Columbus, OH',
];
