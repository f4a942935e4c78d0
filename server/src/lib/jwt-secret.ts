import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { settings } from '../db/schema/index.ts';

/**
 * JWT_SECRET when set (required in production); otherwise a random secret generated once and
 * kept in the database, so sessions survive restarts and every process signs alike.
 */
export const resolveJwtSecret = async (
  db: Db,
  configured: string | undefined,
  isProduction: boolean,
): Promise<string> => {
  if (configured) return configured;
  if (isProduction)
    throw new Error('JWT_SECRET must be set in production (at least 32 characters).');
  await db
    .insert(settings)
    .values({ key: 'jwt_secret', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, 'jwt_secret'));
  return String(row!.value);
};
