import path from 'node:path';

/** Everything the server reads from the environment, in one place (README lists them). */
export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  clientDir: string;
  logLevel: string;
  superAdminEmails: string[];
  production: boolean;
  /** Trust X-Forwarded-* (set only behind a reverse proxy that overwrites them). */
  trustProxy: boolean;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    clientDir: path.resolve(env.CLIENT_DIR ?? 'dist/client'),
    logLevel: env.LOG_LEVEL ?? 'info',
    superAdminEmails: (env.SUPER_ADMIN_EMAILS ?? '')
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean),
    production: env.NODE_ENV === 'production',
    trustProxy: env.TRUST_PROXY === 'true',
  };
}
