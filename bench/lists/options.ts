import { type Driver, defaultPgUrl } from './bench-database';

export interface ListsBenchOptions {
  drivers: Driver[];
  /** Seconds per measured run (each API and each SQL measurement). */
  seconds: number;
  /** Seconds of unrecorded load before each measured run. */
  warmupSeconds: number;
  reseed: boolean;
  pgUrl: string;
  /** Pages followed (50 rows each) before the deep-page scenario's cursor. */
  deepPages: number;
  concurrencies: number[];
  /**
   * At concurrency 1, the measured seconds are split into this many API/SQL round pairs, taken
   * in turn, so drift in the machine's speed (other tenants of the host, CPU frequency) falls on
   * both sides alike. Concurrent runs stay whole: their queues need the time to settle.
   */
  rounds: number;
  /** Only the scenarios whose id starts with one of these (all when empty), e.g. `leads-search`. */
  only: string[];
}

const usageOf = (script: string) =>
  `usage: npm run ${script} -- [--driver=pglite|pg|both] [--duration=seconds] [--rounds=n] [--reseed] [--deep-pages=n] [--only=id-prefix,…]`;

/** `defaults`: another benchmark's own database and concurrencies (bench/objects). */
export function parseOptions(
  argv: string[],
  env: NodeJS.ProcessEnv,
  { script = 'bench:lists', ...defaults }: Partial<ListsBenchOptions> & { script?: string } = {},
): ListsBenchOptions {
  const options: ListsBenchOptions = {
    drivers: ['pglite', 'pg'],
    seconds: 5,
    warmupSeconds: 1,
    reseed: false,
    deepPages: 200,
    concurrencies: [1, 50],
    rounds: 4,
    only: [],
    ...defaults,
    pgUrl: env.DATABASE_URL || defaults.pgUrl || defaultPgUrl,
  };
  for (const arg of argv) {
    const [name, value = ''] = arg.split('=', 2);
    if (name === '--driver' && ['pglite', 'pg', 'both'].includes(value)) {
      options.drivers = value === 'both' ? ['pglite', 'pg'] : [value as Driver];
    } else if (name === '--duration' && Number(value) > 0) options.seconds = Number(value);
    else if (name === '--reseed') options.reseed = true;
    else if (name === '--rounds' && Number.isInteger(Number(value)) && Number(value) > 0) {
      options.rounds = Number(value);
    } else if (name === '--deep-pages' && Number.isInteger(Number(value)) && Number(value) > 0) {
      options.deepPages = Number(value);
    } else if (name === '--only' && value) options.only = value.split(',');
    else throw new Error(`unknown or invalid option ${arg}\n${usageOf(script)}`);
  }
  return options;
}
